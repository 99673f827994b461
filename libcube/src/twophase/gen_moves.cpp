// Move and symmetry-conjugation tables, computed from the cubie move definitions.
#include "twophase/build_progress.hpp"
#include "twophase/symmetry.hpp"
#include "twophase/tables.hpp"

namespace lc::twophase {
namespace {

// The move tables are 8 parts of the stage, the conjugation tables 2 more.
constexpr double kPart = 1.0 / 10;

// table[i * 18 + m] = get(set(i) * move m); corners_only picks which half of the cube is multiplied.
template <typename Set, typename Get>
void fill(const StagePart &part, uint16_t *table, int n, bool corners_only, Set set, Get get, bool phase2_only = false) {
    const Symmetries &s = symmetries();
    for (int i = 0; i < n; ++i) {
        part.at(i, n);
        CubieCube c = CubieCube::solved();
        set(c, i);
        for (int m = 0; m < kMoves; ++m) {
            if (phase2_only && !is_phase2_move(m)) {
                table[i * kMoves + m] = 0;
                continue;
            }
            CubieCube r = c;
            if (corners_only)
                r.multiply_corners(s.move_cube[m]);
            else
                r.multiply_edges(s.move_cube[m]);
            table[i * kMoves + m] = static_cast<uint16_t>(get(r));
        }
    }
}

}  // namespace

void fill_move_tables(Tables &t, Reporter &r) {
    auto part = [&r](int k) { return StagePart{r, Stage::kMoveTables, k * kPart, kPart}; };
    fill(part(0), t.twist_move, kTwist, true, set_twist, twist_of);
    fill(part(1), t.flip_move, kFlip, false, set_flip, flip_of);
    fill(part(2), t.corners_move, kCorners8, true, set_corners, corners_of);
    fill(part(3), t.ud_edges_move, kUdEdges, false, set_ud_edges, ud_edges_of, true);
    int k = 4;
    for (EdgeGroup g : {kSliceEdges, kUEdges, kDEdges}) {
        uint16_t *table = g == kSliceEdges ? t.slice_move : g == kUEdges ? t.u_edges_move : t.d_edges_move;
        fill(
            part(k++), table, kSliceSorted, false, [g](CubieCube &c, int v) { set_four_edges(c, g, v); },
            [g](const CubieCube &c) { return four_edges_of(c, g); });
    }
    // ud_edges from the U-edge and D-edge coordinates, valid when all eight are in the U/D layers.
    for (int u = 0; u < kSliceSorted; ++u) {
        part(7).at(u, kSliceSorted);
        CubieCube c = CubieCube::solved();
        set_four_edges(c, kUEdges, u);
        bool in_layers = true;
        for (int p = 8; p < 12; ++p) in_layers = in_layers && c.ep[p] >= 4;
        for (int dp = 0; dp < 24; ++dp) {
            uint16_t value = 0;
            if (in_layers) {
                uint8_t order[4], ep[8];
                perm_unrank(dp, order, 4);
                int k = 0;
                for (int p = 0; p < 8; ++p) ep[p] = c.ep[p] < 4 ? c.ep[p] : static_cast<uint8_t>(kDEdges + order[k++]);
                value = static_cast<uint16_t>(perm_rank(ep, 8));
            }
            t.ud_from_u_d[u * 24 + dp] = value;
        }
    }
}

void fill_conjugation_tables(Tables &t, Reporter &r) {
    const Symmetries &s = symmetries();
    const StagePart twists{r, Stage::kMoveTables, 8 * kPart, kPart}, ud_edges{r, Stage::kMoveTables, 9 * kPart, kPart};
    for (int v = 0; v < kTwist; ++v) {
        twists.at(v, kTwist);
        CubieCube c = CubieCube::solved();
        set_twist(c, v);
        for (int k = 0; k < kSyms; ++k)
            t.twist_conj[v * kSyms + k] = static_cast<uint16_t>(twist_of(conjugate(c, s.sym[k], s.sym[s.inv[k]])));
    }
    for (int v = 0; v < kUdEdges; ++v) {
        ud_edges.at(v, kUdEdges);
        CubieCube c = CubieCube::solved();
        set_ud_edges(c, v);
        for (int k = 0; k < kSyms; ++k)
            t.ud_edges_conj[v * kSyms + k] =
                static_cast<uint16_t>(ud_edges_of(conjugate(c, s.sym[k], s.sym[s.inv[k]])));
    }
}

}  // namespace lc::twophase
