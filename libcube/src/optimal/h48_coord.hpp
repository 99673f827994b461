// Coordinates of the 48-symmetric goal (README.md, "H48 tables"): the cosets H x of the group H of
// cubes whose corners sit in their own tetrad, untwisted, and whose edges sit in their own slice
// (Tronto's H48). Corners: which positions hold tetrad-A pieces and the twist ("cocsep", reduced by
// the 48 symmetries to classes); edges: which slice each position's piece belongs to ("esep") and,
// for the tables that keep them, the flips.
#pragma once
#include <cstdint>
#include <vector>

#include "cubie.hpp"
#include "optimal/inverse.hpp"
#include "optimal/symmetry_cut.hpp"

namespace lc::optimal::h48 {

constexpr int kTetradSets = 70;                     // C(8,4): the positions of the tetrad-A corners
constexpr int kTwists = 2187;                       // 3^7
constexpr int kCocsep = kTetradSets * kTwists;      // 153 090
constexpr int kEsep = 34650;                        // 12! / (4! 4! 4!): the E positions (495), then M (70)
constexpr int kFlips = 2048;                        // 2^11
constexpr int kMoves = 18;

// A corner's tetrad: A = {URF, ULB, DLF, DRB}, B = the others (a quarter turn swaps tetrads).
constexpr bool in_tetrad_a(int corner) { return corner == URF || corner == ULB || corner == DLF || corner == DRB; }
// An edge's slice: 0 = M {UF, UB, DF, DB}, 1 = S {UR, UL, DR, DL}, 2 = E {FR, FL, BL, BR}.
constexpr int slice_of(int edge) { return edge >= FR ? 2 : (edge == UF || edge == UB || edge == DF || edge == DB) ? 0 : 1; }

// A cube's coset coordinates, the edges' as the positions of each slice's edges.
struct Coset {
    uint32_t corners;  // cocsep
    uint32_t slices;   // the positions of the E edges | those of the M edges << 12 (bit i: position i)
    uint16_t flips;    // 12 bits
};

// The positions of the edges of each slice (0 = M, 1 = S, 2 = E).
struct Slices {
    unsigned of[3];
};
inline Slices slices_of_masks(uint32_t masks) {
    const unsigned e = masks & 0xfff;
    const unsigned m = masks >> 12;
    return {{m, 0xfff & ~(e | m), e}};
}

// What each position's piece byte (inverse.hpp's Packed) adds to the coordinates, and the ranks of subsets.
struct PieceParts {
    uint32_t corner[kCorners][48];  // the twist's digit | the tetrad-A bit << (16 + position)
    uint32_t edge[kEdges][32];      // E-slice bit << position | M-slice bit << (12 + position)
    uint8_t compress6[64][64];      // [keep][bits]: the bits at keep's positions, packed to the low end
    uint8_t ones6[64];              // [keep]: how many bits keep has (a table: popcount is a call without -mpopcnt)
    // The 4-element subsets of 8 and of 12 positions (bit masks), ranked in increasing mask order.
    uint8_t rank8[256];
    uint16_t rank12[4096];
    uint8_t mask8[70];
    uint16_t mask12[495];
};
const PieceParts &piece_parts();

// The esep of the slices' positions (Coset::slices).
inline unsigned esep_of(const PieceParts &r, uint32_t slices) {
    const unsigned e_mask = slices & 0xfff;
    const unsigned m_mask = slices >> 12;
    const unsigned keep = ~e_mask & 0xfff;  // the positions of the M and S edges
    const unsigned m_rest = r.compress6[keep & 63][m_mask & 63] |
                            unsigned{r.compress6[keep >> 6][m_mask >> 6]} << r.ones6[keep & 63];
    return r.rank12[e_mask] * unsigned{kTetradSets} + r.rank8[m_rest];
}

// The coset coordinates of a cube from its pieces, as cocsep(), esep() and flips() give them.
inline Coset coset_of(const PieceParts &t, const Packed &p) {
    uint32_t corners = 0;
    for (int i = 0; i < kCorners; ++i) corners += t.corner[i][p.c[i]];
    uint32_t slices = 0;
    unsigned flip_bits = 0;
    for (int i = 0; i < kEdges; ++i) {
        slices |= t.edge[i][p.e[i]];
        flip_bits |= unsigned{p.e[i]} >> 4 << i;
    }
    return {t.rank8[corners >> 16] * uint32_t{kTwists} + (corners & 0xffff), slices, static_cast<uint16_t>(flip_bits)};
}

int cocsep(const CubieCube &c);
int esep(const CubieCube &c);
int flips(const CubieCube &c);  // eo[0..11] as bits, bit i = eo[i] (bit 11 is the parity of the others)
// A reachable cube with these coordinates and no flips (a representative of the coset).
CubieCube cube_of(int cocsep, int esep);

// What a move or the conjugation by a symmetry does to the edges: a position mask goes to low[in & 63] |
// high[in >> 6] (position i gets pos[i]'s bit), the flips likewise, then ^ flipped ^ (the positions of the
// slices in `slices`); the edges of slice s become edges of slice slice_to[s].
struct FlipConj {
    uint16_t low[64], high[64];
    uint16_t flipped;
    uint8_t slices;       // bit s: the symmetry flips the edges of slice s
    uint8_t slice_to[3];  // the slice that the edges of slice s belong to after the conjugation
};

// The tables that move and conjugate the coordinates, built once from the move and symmetry cubes.
struct Coords {
    // The corners' moves: the tetrad-A positions and the twist move on their own (cocsep_moved()).
    std::vector<uint8_t> tetrad_move;   // [tetrad set * kMoves + m]
    std::vector<uint16_t> twist_move;   // [twist * kMoves + m]
    std::vector<uint16_t> esep_move;    // [m * kEsep + esep]
    std::vector<uint16_t> esep_conj;    // [k * kEsep + esep]: of sym[k]^-1 x sym[k]
    FlipConj edge_moves[kMoves];        // the moves as position permutations (slices 0)
    std::vector<uint32_t> slice_masks;  // [esep]: the positions of the E edges | those of the M edges << 12
    FlipConj flips_conj[kAllSymmetries];
    // cocsep -> its class (low 16 bits) and a symmetry k (bits 16..21) with sym[k]^-1 x sym[k] the class's
    // representative.
    std::vector<uint32_t> cocsep_class;
    std::vector<uint32_t> class_rep;    // the representative's cocsep
    std::vector<uint64_t> class_stab;   // bit k: sym[k] keeps the representative's corner coordinates
    int classes = 0;
    const PieceParts *parts = nullptr;  // piece_parts(): the subsets' ranks
};
const Coords &coords();

// The cocsep after move m.
inline uint32_t cocsep_moved(const Coords &t, uint32_t cocsep, int m) {
    return uint32_t{t.tetrad_move[cocsep / kTwists * kMoves + unsigned(m)]} * kTwists +
           t.twist_move[cocsep % kTwists * kMoves + unsigned(m)];
}

// The h0 entry of a cube: class * kEsep + esep conjugated into the class's frame.
uint32_t h0_index(const Coords &t, int cocsep, int esep);
// The positions of the edges of each slice of a cube with this esep.
inline Slices slices_of(const Coords &t, unsigned esep) { return slices_of_masks(t.slice_masks[esep]); }
// A position mask permuted by a move's or a symmetry's table.
inline unsigned permuted(const FlipConj &f, unsigned mask) { return unsigned{f.low[mask & 63]} | f.high[mask >> 6]; }
// The slices' positions (Coset::slices) after move m.
inline uint32_t slices_moved(const Coords &t, uint32_t slices, int m) {
    const FlipConj &f = t.edge_moves[m];
    return permuted(f, slices & 0xfff) | permuted(f, slices >> 12) << 12;
}
// The flips after move m.
inline unsigned flips_moved(const Coords &t, unsigned flips, int m) {
    const FlipConj &f = t.edge_moves[m];
    return permuted(f, flips) ^ f.flipped;
}
// The esep of sym[k]^-1 x sym[k] from x's slices: each slice's positions moved by the symmetry's
// permutation to the slice it becomes, then ranked as esep() does.
inline unsigned conj_esep(const Coords &t, const Slices &x, int k) {
    const FlipConj &f = t.flips_conj[k];
    unsigned out[3];
    for (int s = 0; s < 3; ++s) out[f.slice_to[s]] = permuted(f, x.of[s]);
    return esep_of(*t.parts, out[2] | out[0] << 12);
}
// The flips of sym[k]^-1 x sym[k] from x's flips and slices.
inline unsigned conj_flips(const Coords &t, unsigned flips, const Slices &x, int k) {
    const FlipConj &f = t.flips_conj[k];
    unsigned in = flips;
    for (int s = 0; s < 3; ++s)
        if (f.slices >> s & 1) in ^= x.of[s];
    return permuted(f, in) ^ f.flipped;
}
inline unsigned conj_flips(const Coords &t, unsigned flips, unsigned esep, int k) {
    return conj_flips(t, flips, slices_of(t, esep), k);
}

}  // namespace lc::optimal::h48
