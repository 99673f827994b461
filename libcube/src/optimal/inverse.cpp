#include "optimal/inverse.hpp"

#include "optimal/bounds.hpp"
#include "optimal/std_table.hpp"
#include "twophase/coord.hpp"
#include "twophase/symmetry.hpp"

namespace lc::optimal {
namespace {

// What orientation 1 at position i adds to the twist and the flip coordinate (both are linear).
int twist_weight(int i) {
    CubieCube c = CubieCube::solved();
    c.co[static_cast<size_t>(i)] = 1;
    return twophase::twist_of(c);
}
int flip_weight(int i) {
    CubieCube c = CubieCube::solved();
    c.eo[static_cast<size_t>(i)] = 1;
    return twophase::flip_of(c);
}

// The slice position coordinate of the edges whose positions `mask` has (4 bits), else 0xffff.
uint16_t slice_pos_of(int mask) {
    if (__builtin_popcount(static_cast<unsigned>(mask)) != 4) return 0xffff;
    CubieCube c = CubieCube::solved();
    uint8_t slice = twophase::kSliceEdges, other = 0;
    for (int i = 0; i < kEdges; ++i) c.ep[static_cast<size_t>(i)] = mask >> i & 1 ? slice++ : other++;
    return static_cast<uint16_t>(twophase::four_edges_of(c, twophase::kSliceEdges) / 24);
}

bool is_slice_edge(int piece) { return piece >= twophase::kSliceEdges && piece < twophase::kSliceEdges + 4; }

InverseMaps build() {
    const twophase::Symmetries &s = twophase::symmetries();
    const AxisMaps &axes = axis_maps();
    InverseMaps maps{};
    for (int m = 0; m < 18; ++m) {
        CubieCube back = s.move_cube[m].inverse();
        for (int p = 0; p < kCorners; ++p)
            for (int o = 0; o < 3; ++o)
                maps.left_c[m][p + 8 * o] = static_cast<uint8_t>(back.cp[p] + 8 * ((back.co[p] + o) % 3));
        for (int p = 0; p < kEdges; ++p)
            for (int o = 0; o < 2; ++o)
                maps.left_e[m][p + 16 * o] = static_cast<uint8_t>(back.ep[p] + 16 * ((back.eo[p] + o) % 2));
    }
    // Axis r sees rot_inv[r] * cube * rot[r] (twophase::conjugate): position i of the view holds the
    // piece of the cube's position rot[r].cp[i], renamed by rot_inv[r], its orientation added to both's.
    for (int r = 0; r < kAxes; ++r) {
        const CubieCube &a = axes.rot_inv[r], &b = axes.rot[r];
        for (int i = 0; i < kCorners; ++i) {
            maps.from_c[r][i] = b.cp[i];
            for (int p = 0; p < kCorners; ++p)
                for (int o = 0; o < 3; ++o) {
                    uint32_t twist = static_cast<uint32_t>(twist_weight(i) * ((a.co[p] + o + b.co[i]) % 3));
                    maps.part_c[r][i][p + 8 * o] = twist | (a.cp[p] < 4 ? 1u << (16 + i) : 0u);
                }
        }
        for (int i = 0; i < kEdges; ++i) {
            maps.from_e[r][i] = b.ep[i];
            for (int p = 0; p < kEdges; ++p)
                for (int o = 0; o < 2; ++o) {
                    uint32_t flip = static_cast<uint32_t>(flip_weight(i) * ((a.eo[p] + o + b.eo[i]) % 2));
                    maps.part_e[r][i][p + 16 * o] = flip | (is_slice_edge(a.ep[p]) ? 1u << (16 + i) : 0u);
                }
        }
    }
    for (int mask = 0; mask < (1 << kEdges); ++mask) maps.slice_pos[mask] = slice_pos_of(mask);
    maps.set_of = corner_sets().of_mask;
    return maps;
}

}  // namespace

Packed pack(const CubieCube &c) {
    Packed p;
    for (int i = 0; i < kCorners; ++i) p.c[i] = static_cast<uint8_t>(c.cp[i] + 8 * c.co[i]);
    for (int i = 0; i < kEdges; ++i) p.e[i] = static_cast<uint8_t>(c.ep[i] + 16 * c.eo[i]);
    return p;
}

const InverseMaps &inverse_maps() {
    static const InverseMaps maps = build();  // built once, on first use, safe from any thread
    return maps;
}

}  // namespace lc::optimal
