// Layout of lc::compact3::Tables, shared by the files of the compact solver (not by callers).
//
// Phase 1 follows the raw coordinates twist, flip and UD-slice position (495) with move tables and
// bounds its distance by the largest of three pruning tables: UD slice x twist class, UD slice x flip
// class and twist class x flip. Phase 2 follows corner and U/D-edge permutations as symmetry
// coordinates and the UD-slice permutation (24) raw; its bound is the larger of corners x slice
// permutation and edges x slice permutation.
//
// A symmetry coordinate is class << 4 | s (phase 2), or class << 3 | k with s = eo_sym[k] (phase 1):
// conjugating the raw state by symmetry s (sym[inv s] * X * sym[s], as twophase::conjugate) gives
// the class representative.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "compact3/compact3.hpp"
#include "twophase/coord.hpp"
#include "twophase/symmetry.hpp"

namespace lc::compact3 {

using twophase::kFlip;
using twophase::kMoves;
using twophase::kSlice;  // UD-slice edge positions, C(12,4)
using twophase::kSyms;
using twophase::kTwist;
constexpr int kPerm8 = 40320;       // permutations of the 8 corners, or of the 8 U and D edges
constexpr int kSlicePerm = 24;      // order of the 4 UD-slice edges in the slice
constexpr int kMoves2 = 10;         // phase-2 moves, numbered as in twophase::kPhase2Moves
constexpr int kEoSyms = 8;          // UD symmetries that keep edge orientation (U2, not U)
constexpr int kTwistClasses = 324;  // twist under those 8
constexpr int kFlipClasses = 336;   // flip under those 8
constexpr int kPermClasses = 2768;  // corner or U/D-edge permutations under the 16 UD symmetries

struct Tables {
    // Symmetries. eo_sym[k] is the k-th of the 16 that keep edge orientation (eo_sym[0] = identity).
    uint8_t eo_sym[kEoSyms];
    uint8_t sym_mult[kSyms][kSyms];     // sym[sym_mult[a][b]] = sym[a] * sym[b]
    uint8_t move2_conj[kSyms][kMoves2]; // phase-2 move p as seen by a state that symmetry s reduces

    // Phase 1: move tables [coordinate * 18 + m].
    std::vector<uint16_t> twist_move, flip_move, slice_move;
    // Symmetry coordinates (class << 3 | k, k indexing eo_sym), representatives, self-symmetries
    // (bit k: eo_sym[k] keeps the representative).
    std::vector<uint16_t> twist_sym, flip_sym, twist_rep, flip_rep, twist_self, flip_self;
    std::vector<uint16_t> flip_conj, slice_conj;  // [coordinate * 8 + k]
    // Nibbles: [twist class * 495 + slice], [flip class * 495 + slice], [twist class * 2048 + flip].
    std::vector<uint8_t> slice_twist_prune, slice_flip_prune, twist_flip_prune;

    // Phase 2: symmetry coordinates (class << 4 | s) of the corner and U/D-edge permutations.
    std::vector<uint16_t> corner_sym, edge_sym, corner_rep, edge_rep, corner_self, edge_self;
    std::vector<uint16_t> corner_move, edge_move;  // [class * 10 + p]: symmetry coordinate after move p
    std::vector<uint16_t> mperm_move;              // UD-slice permutation [y * 10 + p]
    std::vector<uint16_t> mperm_conj;              // [y * 16 + s]
    // Nibbles: [permutation class * 24 + slice permutation], for the corners and for the edges.
    std::vector<uint8_t> corner_mperm_prune, edge_mperm_prune;

    static int nibble(const std::vector<uint8_t> &t, uint32_t i) { return (t[i >> 1] >> ((i & 1) << 2)) & 15; }

    // Lower bounds of the phase-1 distance of raw (twist, flip, slice); each is exact for its pair.
    int slice_twist(int twist_sym_coord, int slice) const {
        return nibble(slice_twist_prune, (twist_sym_coord >> 3) * kSlice + slice_conj[slice * kEoSyms + (twist_sym_coord & 7)]);
    }
    int slice_flip(int flip_sym_coord, int slice) const {
        return nibble(slice_flip_prune, (flip_sym_coord >> 3) * kSlice + slice_conj[slice * kEoSyms + (flip_sym_coord & 7)]);
    }
    int twist_flip(int twist_sym_coord, int flip) const {
        return nibble(twist_flip_prune, (twist_sym_coord >> 3) * kFlip + flip_conj[flip * kEoSyms + (twist_sym_coord & 7)]);
    }
    int phase1_bound(int twist, int flip, int slice) const {
        const int ts = twist_sym[twist];
        return std::max(std::max(slice_twist(ts, slice), slice_flip(flip_sym[flip], slice)), twist_flip(ts, flip));
    }
    // Exact distance of a permutation (symmetry coordinate) with slice permutation y, in phase-2 moves.
    int corner_mperm(int sym_coord, int y) const {
        return nibble(corner_mperm_prune, (sym_coord >> 4) * kSlicePerm + mperm_conj[y * kSyms + (sym_coord & 15)]);
    }
    int edge_mperm(int sym_coord, int y) const {
        return nibble(edge_mperm_prune, (sym_coord >> 4) * kSlicePerm + mperm_conj[y * kSyms + (sym_coord & 15)]);
    }
    // A symmetry coordinate (class << 4 | s) after phase-2 move p.
    int corner_after(int sym_coord, int p) const { return moved(corner_move, sym_coord, p); }
    int edge_after(int sym_coord, int p) const { return moved(edge_move, sym_coord, p); }

private:
    int moved(const std::vector<uint16_t> &table, int sym_coord, int p) const {
        const int s = sym_coord & 15;
        const int next = table[(sym_coord >> 4) * kMoves2 + move2_conj[s][p]];
        return (next & ~15) | sym_mult[s][next & 15];
    }
};

// Generation steps, in this order (each reads what the earlier ones wrote); throw std::logic_error
// if the group structure is not what the tables assume.
void fill_symmetries(Tables &t);
void fill_move_tables(Tables &t);
void fill_class_tables(Tables &t);
void fill_prune_tables(Tables &t);

// Permutation of the pieces at positions lo..lo+n-1 (which hold pieces lo..lo+n-1) as 0..n!-1.
int sub_rank(const uint8_t *p, int lo, int n);
void sub_unrank(int rank, uint8_t *p, int lo, int n);

}  // namespace lc::compact3
