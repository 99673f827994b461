// Coordinates of the 48-symmetric goal (README.md, "H48 tables"): the cosets H x of the group H of
// cubes whose corners sit in their own tetrad, untwisted, and whose edges sit in their own slice
// (Tronto's H48). Corners: which positions hold tetrad-A pieces and the twist ("cocsep", reduced by
// the 48 symmetries to classes); edges: which slice each position's piece belongs to ("esep") and,
// for the tables that keep them, the flips.
#pragma once
#include <cstdint>
#include <vector>

#include "cubie.hpp"
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

int cocsep(const CubieCube &c);
int esep(const CubieCube &c);
int flips(const CubieCube &c);  // eo[0..11] as bits, bit i = eo[i] (bit 11 is the parity of the others)
// A reachable cube with these coordinates and no flips (a representative of the coset).
CubieCube cube_of(int cocsep, int esep);

// What conjugating by one symmetry does to the flips: out[i] = in[pos[i]] ^ (flipped >> i & 1) ^ (1 when the
// edge at pos[i] is of a slice in `slices`), as two 64-entry tables of the permutation.
struct FlipConj {
    uint16_t low[64], high[64];
    uint16_t flipped;
    uint8_t slices;  // bit s: the symmetry flips the edges of slice s
};

// The tables that move and conjugate the coordinates, built once from the move and symmetry cubes.
struct Coords {
    std::vector<uint32_t> cocsep_move;  // [cocsep * kMoves + m]
    std::vector<uint16_t> esep_move;    // [m * kEsep + esep]
    std::vector<uint16_t> esep_conj;    // [k * kEsep + esep]: of sym[k]^-1 x sym[k]
    std::vector<uint16_t> flips_move;   // [flips * kMoves + m] (12-bit flips)
    std::vector<uint16_t> slice_masks;  // [esep * 3 + s]: the positions holding the edges of slice s
    FlipConj flips_conj[kAllSymmetries];
    // cocsep -> its class (low 16 bits) and a symmetry k (bits 16..21) with sym[k]^-1 x sym[k] the class's
    // representative.
    std::vector<uint32_t> cocsep_class;
    std::vector<uint32_t> class_rep;    // the representative's cocsep
    std::vector<uint64_t> class_stab;   // bit k: sym[k] keeps the representative's corner coordinates
    int classes = 0;
};
const Coords &coords();

// The h0 entry of a cube: class * kEsep + esep conjugated into the class's frame.
uint32_t h0_index(const Coords &t, int cocsep, int esep);
// The flips of sym[k]^-1 x sym[k] from x's flips and esep.
inline unsigned conj_flips(const Coords &t, unsigned flips, unsigned esep, int k) {
    const FlipConj &f = t.flips_conj[k];
    unsigned in = flips;
    for (int s = 0; s < 3; ++s)
        if (f.slices >> s & 1) in ^= t.slice_masks[esep * 3 + unsigned(s)];
    return (f.low[in & 63] | f.high[in >> 6]) ^ f.flipped;
}

}  // namespace lc::optimal::h48
