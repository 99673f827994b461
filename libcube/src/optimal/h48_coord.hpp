// Coordinates of the 48-symmetric goal (README.md, "H48 coordinates"): the cosets H x of the group H of
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
int flips(const CubieCube &c);  // eo[0..10] as bits, bit i = eo[i]
// A cube with these coordinates (a representative of the coset; the other edge flips 0).
CubieCube cube_of(int cocsep, int esep);

// The tables that move and conjugate the coordinates, built once from the move and symmetry cubes.
struct Coords {
    std::vector<uint32_t> cocsep_move;  // [cocsep * kMoves + m]
    std::vector<uint16_t> esep_move;    // [esep * kMoves + m]
    std::vector<uint16_t> esep_conj;    // [esep * kAllSymmetries + k]: of sym[k]^-1 x sym[k]
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

}  // namespace lc::optimal::h48
