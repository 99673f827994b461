// The in-memory layout of the two-phase tables: one blob of sections, built or mapped from a file.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "tablefile/table_file.hpp"
#include "twophase/coord.hpp"
#include "twophase/near_graph.hpp"
#include "twophase/twophase.hpp"

namespace lc::twophase {

constexpr int kFlipSliceClasses = 64430;  // flip x slice under the 16 UD symmetries
constexpr int kCornerClasses = 2768;      // corner permutations under the 16 UD symmetries
constexpr uint64_t kPrune1Entries = uint64_t{kFlipSliceClasses} * kTwist;
constexpr uint64_t kPrune2Entries = uint64_t{kCornerClasses} * kUdEdges;
constexpr int kPrune2Cap = 15;  // phase-2 distances above 15 are stored as 15 (still a lower bound)
// Changes whenever the content or layout of the file changes: old files are then rebuilt. It names
// the file ("twophase3x3-v2.tbl") and is stored in its header, so two libcube versions whose tables
// differ keep two files side by side instead of rebuilding one alternately.
constexpr uint32_t kTableVersion = 2;
constexpr uint64_t kTableKind = 0x3378337470000000ULL | kTableVersion;  // "3x3 tp", then the version

enum SectionId {
    kSecTwistMove, kSecFlipMove, kSecSliceMove, kSecUEdgesMove, kSecDEdgesMove, kSecCornersMove,
    kSecUdEdgesMove, kSecTwistConj, kSecUdEdgesConj, kSecFsClassSym, kSecFsRep, kSecFsSelfSym,
    kSecCoClass, kSecCoSym, kSecCoRep, kSecCoSelfSym, kSecUdFromUD, kSecCornSlice, kSecCornerDist, kSecPrune1, kSecPrune2,
    kSecNearSucc, kSecNearMoves, kSecNearSlots,
    kSectionCount
};

std::vector<uint64_t> section_sizes();

// The corner_dist index of (corners, twist) from these three tables, wherever they are kept (Tables, or a
// copy of them: optimal/hot_tables.hpp).
inline uint32_t corner_index_in(const uint16_t *co_class, const uint8_t *co_sym, const uint16_t *twist_conj,
                                int corners, int twist) {
    return uint32_t{co_class[corners]} * kTwist + twist_conj[twist * 16 + co_sym[corners]];
}

struct Tables {
    // Move tables: table[coordinate * 18 + move].
    uint16_t *twist_move, *flip_move, *slice_move, *u_edges_move, *d_edges_move, *corners_move;
    uint16_t *ud_edges_move;  // phase-2 moves only
    // Conjugation by symmetry s: table[coordinate * 16 + s].
    uint16_t *twist_conj, *ud_edges_conj;
    // Symmetry classes: flipslice = slice * 2048 + flip; sym maps a state to its class representative.
    uint32_t *fs_classsym;  // class << 4 | sym, one load for both
    uint32_t *fs_rep;
    uint16_t *fs_selfsym;  // bit s set: symmetry s keeps the representative's flipslice
    uint16_t *co_class;
    uint8_t *co_sym;
    uint16_t *co_rep;
    uint16_t *co_selfsym;
    uint16_t *ud_from_u_d;      // [u_edges * 24 + d_edges % 24] -> ud_edges, when both are in U/D
    uint8_t *cornslice_depth;   // [corners * 24 + slice_sorted]: exact phase-2 distance of that pair
    uint8_t *corner_dist;       // nibbles: [co_class * 2187 + twist conj] -> moves to solve the corners
    // [fs_class * 2187 + twist conj] -> phase-1 distance mod 3 (bits 0-1) and, in bit 2 + f, whether
    // some turn of face f brings the representative closer.
    uint8_t *prune1;
    uint8_t *prune2;            // nibbles: [co_class * 40320 + ud_edges conj] -> min(distance, 15)
    // The near graph (near_graph.hpp): near_succ[node * 18 + m] = successor << 3 | its distance, or
    // kNoNear; near_moves[node]: the moves (bit m) to a closer successor in bits 0-17, to one as
    // close in bits 18-35, to a further one in the graph in bits 36-53, and the node's own distance
    // from bit 54; near_slots: (key, node) pairs, open addressing.
    uint32_t *near_succ;
    uint64_t *near_moves;
    uint32_t *near_slots;
    std::unique_ptr<tablefile::Blob> blob;
    // closer_moves(entry, s): the turns (bit m) of the faces that the entry flags, as seen from a
    // state that symmetry s maps onto its representative: a superset of the moves that get closer.
    // Computed when bound, not stored.
    uint32_t face_moves[16][64];
    uint32_t closer_moves(uint8_t entry, int s) const { return face_moves[s][entry >> 2]; }

    static int nibble(const uint8_t *t, uint64_t i) { return (t[i >> 1] >> ((i & 1) << 2)) & 15; }

    // Index of (flip, slice_sorted, twist) in prune1.
    uint32_t phase1_index(int flip, int slice_sorted, int twist) const {
        int fs = slice_sorted / 24 * kFlip + flip;
        uint32_t cs = fs_classsym[fs];
        return (cs >> 4) * kTwist + twist_conj[twist * 16 + (cs & 15)];
    }
    uint8_t phase1_sym(int flip, int slice_sorted) const { return fs_classsym[slice_sorted / 24 * kFlip + flip] & 15; }
    // Exact phase-1 distance of (flip, slice_sorted, twist), found by walking down to the goal.
    int phase1_distance(int flip, int slice_sorted, int twist) const;
    // Lower bound for the whole solution: moves needed for the corners alone (at most 11).
    uint32_t corner_index(int corners, int twist) const {
        return corner_index_in(co_class, co_sym, twist_conj, corners, twist);
    }
    int corner_distance(int corners, int twist) const { return nibble(corner_dist, corner_index(corners, twist)); }
    // Lower bound for the phase-2 distance of (corners, ud_edges), and where it is in prune2.
    uint64_t phase2_index(int corners, int ud_edges) const {
        return uint64_t{co_class[corners]} * kUdEdges + ud_edges_conj[ud_edges * 16 + co_sym[corners]];
    }
    int phase2_distance(int corners, int ud_edges) const { return nibble(prune2, phase2_index(corners, ud_edges)); }
    // The near-graph node of phase-1 coordinates (slice position 0..494), or kNoNear; by near_key().
    uint32_t near_index(int twist, int flip, int slice_pos) const { return near_node(near_key(twist, flip, slice_pos)); }
    uint32_t near_node(uint32_t key) const {
        for (uint32_t i = near_hash(key);; i = (i + 1) & (kNearSlots - 1)) {
            if (near_slots[2 * i] == key) return near_slots[2 * i + 1];
            if (near_slots[2 * i] == 0) return kNoNear;
        }
    }
};

// Points the table pointers into the blob's sections.
void bind(Tables &t, std::unique_ptr<tablefile::Blob> blob);

class Reporter;

// Generation steps, in order (each reads what the earlier ones wrote). Each reports its stage to `r`
// and polls it: a stopped job ends with lc::Error(CUBE_ERROR_CANCELLED) within milliseconds.
void fill_move_tables(Tables &t, Reporter &r);
void fill_conjugation_tables(Tables &t, Reporter &r);
void fill_class_tables(Tables &t, Reporter &r);
void fill_cornslice_depth(Tables &t, Reporter &r);
void fill_near_graph(Tables &t, Reporter &r);
// Pruning tables with `threads` workers.
void fill_corner_dist(Tables &t, int threads, Reporter &r);
void fill_prune1(Tables &t, int threads, Reporter &r);
void fill_prune2(Tables &t, int threads, Reporter &r);

// Every step above into a new sealed blob in memory (no file); throws lc::Error.
std::shared_ptr<const Tables> build_tables(Reporter &r);

// Tests only: from now on build_tables() copies `tables` into its new blob instead of computing it (every
// stage reported as it starts and the last as it ends; a stop is honoured at each report), so a test of
// what happens around a build (a file that cannot be saved, a full disk, a file of the other byte order)
// needs no second build.
// Null: builds compute again. Not for concurrent use with a build.
void stand_in_for_builds(std::shared_ptr<const Tables> tables);

// The phase-2 moves U1 U2 U3 R2 F2 D1 D2 D3 L2 B2.
constexpr int kPhase2Moves[10] = {0, 1, 2, 4, 7, 9, 10, 11, 13, 16};
inline bool is_phase2_move(int m) { return m / 3 == 0 || m / 3 == 3 || m % 3 == 1; }

// Whether move m may follow move prev (-1: none): never the same face twice, and of two opposite
// faces only one order (U before D, R before L, F before B).
inline bool may_follow(int prev, int m) {
    return prev < 0 || (m / 3 != prev / 3 && m / 3 != prev / 3 - 3);
}

}  // namespace lc::twophase
