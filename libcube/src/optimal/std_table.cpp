// The corner-set coordinate and reading the standard table (std_table.hpp).
#include "optimal/std_table.hpp"

#include <stdexcept>

#include "twophase/coord.hpp"
#include "twophase/symmetry.hpp"

namespace lc::optimal {
namespace {

int mask_of(const CubieCube &c) {
    int mask = 0;
    for (int i = 0; i < kCorners; ++i)
        if (c.cp[i] < 4) mask |= 1 << i;
    return mask;
}

// A cube whose U corners stand where `mask` says (the others in order).
CubieCube cube_of_mask(int mask) {
    CubieCube c = CubieCube::solved();
    uint8_t u = 0, d = 4;
    for (int i = 0; i < kCorners; ++i) c.cp[i] = mask >> i & 1 ? u++ : d++;
    return c;
}

CornerSets build_sets() {
    CornerSets s{};
    int masks[kCornerSets];
    int n = 0;
    for (int mask = 0; mask < 256; ++mask) {
        s.of_mask[mask] = 255;
        if (__builtin_popcount(mask) == 4) masks[n] = mask, s.of_mask[mask] = static_cast<uint8_t>(n++);
    }
    const twophase::Symmetries &sy = twophase::symmetries();
    for (int k = 0; k < kCornerSets; ++k) {
        CubieCube c = cube_of_mask(masks[k]);
        for (int m = 0; m < 18; ++m) {
            CubieCube moved = c;
            moved.multiply_corners(sy.move_cube[m]);
            s.move[k][m] = s.of_mask[mask_of(moved)];
        }
        for (int j = 0; j < twophase::kSyms; ++j) {
            CubieCube seen = twophase::conjugate(c, sy.sym[j], sy.sym[sy.inv[j]]);
            int set = s.of_mask[mask_of(seen)];
            if (set == 255) throw std::logic_error("optimal: a symmetry maps the U corners off a layer");
            s.conj[k][j] = static_cast<uint8_t>(set);
        }
    }
    s.home = s.of_mask[0x0f];
    return s;
}

}  // namespace

const CornerSets &corner_sets() {
    static const CornerSets sets = build_sets();  // built once, on first use, safe from any thread
    return sets;
}

int corner_set_of(const CubieCube &c) { return corner_sets().of_mask[mask_of(c)]; }

std::vector<uint64_t> std_sections(const Layout &layout) { return {layout.bytes()}; }

StdTable::StdTable(const Layout &layout, std::unique_ptr<tablefile::Blob> blob)
    : layout_(layout), blob_(std::move(blob)), data_(blob_->data() + tablefile::layout(std_sections(layout))[0]) {}

int StdTable::distance(const twophase::Tables &t, int flip, int slice_sorted, int twist, int set) const {
    const CornerSets &cs = corner_sets();
    auto at = [&](int fl, int sl, int tw, int se) {
        return entry(index_of(t, t.fs_classsym[sl / 24 * twophase::kFlip + fl], tw, se));
    };
    if (layout_.sets == 1) set = cs.home;
    for (int depth = 0;; ++depth) {
        if (flip == 0 && slice_sorted / 24 == 0 && twist == 0 && set == cs.home) return depth;
        int e = at(flip, slice_sorted, twist, set);
        if (e == kUnknown || depth > 40) return -1;
        int want = (e + 2) % 3;  // the distance - 1, mod 3
        bool stepped = false;
        for (int m = 0; m < twophase::kMoves && !stepped; ++m) {
            int fl = t.flip_move[flip * 18 + m], sl = t.slice_move[slice_sorted * 18 + m];
            int tw = t.twist_move[twist * 18 + m];
            int se = layout_.sets == 1 ? set : cs.move[set][m];
            if (at(fl, sl, tw, se) == want) flip = fl, slice_sorted = sl, twist = tw, set = se, stepped = true;
        }
        if (!stepped) return -1;
    }
}

}  // namespace lc::optimal
