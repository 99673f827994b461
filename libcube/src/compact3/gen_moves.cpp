// Move and conjugation tables of the raw coordinates, computed with the cubie model.
#include "compact3/tables.hpp"
#include "twophase/tables.hpp"

namespace lc::compact3 {
namespace {

constexpr int kAllMoves[kMoves] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};
constexpr uint8_t kAllSyms[kSyms] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

// table[i * count + k] = get(set(i) * move moves[k]); `corners` picks the half of the cube that moves.
template <typename Set, typename Get>
void fill_moves(std::vector<uint16_t> &table, int n, const int *moves, int count, bool corners, Set set, Get get) {
    const twophase::Symmetries &s = twophase::symmetries();
    table.assign(static_cast<size_t>(n) * count, 0);
    for (int i = 0; i < n; ++i) {
        CubieCube c = CubieCube::solved();
        set(c, i);
        for (int k = 0; k < count; ++k) {
            CubieCube r = c;
            if (corners)
                r.multiply_corners(s.move_cube[moves[k]]);
            else
                r.multiply_edges(s.move_cube[moves[k]]);
            table[i * count + k] = static_cast<uint16_t>(get(r));
        }
    }
}

// table[i * count + k] = get(set(i) conjugated by symmetry syms[k]).
template <typename Set, typename Get>
void fill_conj(std::vector<uint16_t> &table, int n, const uint8_t *syms, int count, Set set, Get get) {
    const twophase::Symmetries &s = twophase::symmetries();
    table.assign(static_cast<size_t>(n) * count, 0);
    for (int i = 0; i < n; ++i) {
        CubieCube c = CubieCube::solved();
        set(c, i);
        for (int k = 0; k < count; ++k)
            table[i * count + k] = static_cast<uint16_t>(get(twophase::conjugate(c, s.sym[syms[k]], s.sym[s.inv[syms[k]]])));
    }
}

void set_slice(CubieCube &c, int slice) { twophase::set_four_edges(c, twophase::kSliceEdges, slice * 24); }
int slice_of(const CubieCube &c) { return twophase::four_edges_of(c, twophase::kSliceEdges) / 24; }
void set_mperm(CubieCube &c, int y) { sub_unrank(y, c.ep.data(), 8, 4); }
int mperm_of(const CubieCube &c) { return sub_rank(c.ep.data(), 8, 4); }

}  // namespace

void fill_move_tables(Tables &t) {
    fill_moves(t.twist_move, kTwist, kAllMoves, kMoves, true, twophase::set_twist, twophase::twist_of);
    fill_moves(t.flip_move, kFlip, kAllMoves, kMoves, false, twophase::set_flip, twophase::flip_of);
    fill_moves(t.slice_move, kSlice, kAllMoves, kMoves, false, set_slice, slice_of);
    fill_moves(t.mperm_move, kSlicePerm, twophase::kPhase2Moves, kMoves2, false, set_mperm, mperm_of);
    fill_conj(t.flip_conj, kFlip, t.eo_sym, kEoSyms, twophase::set_flip, twophase::flip_of);
    fill_conj(t.slice_conj, kSlice, t.eo_sym, kEoSyms, set_slice, slice_of);
    fill_conj(t.mperm_conj, kSlicePerm, kAllSyms, kSyms, set_mperm, mperm_of);
}

}  // namespace lc::compact3
