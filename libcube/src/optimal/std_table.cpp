// The corner-set coordinate and reading the standard table (std_table.hpp).
#include "optimal/std_table.hpp"

#include <stdexcept>

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
    // A pair is named by its set that holds position 0 (the other holds it not).
    int pairs = 0;
    for (int k = 0; k < kCornerSets; ++k)
        if (masks[k] & 1) s.pair_rep[pairs] = static_cast<uint8_t>(k), s.pair[k] = static_cast<uint8_t>(pairs++);
    for (int k = 0; k < kCornerSets; ++k)
        if (!(masks[k] & 1)) s.pair[k] = s.pair[s.of_mask[~masks[k] & 0xff]];
    return s;
}

}  // namespace

const CornerSets &corner_sets() {
    static const CornerSets sets = build_sets();  // built once, on first use, safe from any thread
    return sets;
}

int corner_set_of(const CubieCube &c) { return corner_sets().of_mask[mask_of(c)]; }

int layout_coord(const Layout &layout, int set) {
    switch (layout.corners) {
    case Corners::kSets: return set;
    case Corners::kPairs: return corner_sets().pair[set];
    case Corners::kNone: break;
    }
    return 0;
}

int layout_rep(const Layout &layout, int x) {
    switch (layout.corners) {
    case Corners::kSets: return x;
    case Corners::kPairs: return corner_sets().pair_rep[x];
    case Corners::kNone: break;
    }
    return corner_sets().home;
}

std::vector<uint64_t> std_sections(const Layout &layout) { return {layout.bytes()}; }

StdTable::StdTable(const Layout &layout, std::unique_ptr<tablefile::Blob> blob)
    : layout_(layout), blob_(std::move(blob)), data_(blob_->data() + tablefile::layout(std_sections(layout))[0]) {
    const CornerSets &cs = corner_sets();
    for (int set = 0; set < kCornerSets; ++set)
        for (int s = 0; s < twophase::kSyms; ++s)
            conj_[set][s] = static_cast<uint8_t>(layout_coord(layout, cs.conj[set][s]));
}

}  // namespace lc::optimal
