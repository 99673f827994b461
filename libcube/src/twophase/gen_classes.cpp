// Symmetry classes of flipslice (64430) and corner permutations (2768) under the 16 UD symmetries.
#include <stdexcept>
#include <string>
#include <vector>

#include "twophase/build_progress.hpp"
#include "twophase/symmetry.hpp"
#include "twophase/tables.hpp"

namespace lc::twophase {
namespace {

constexpr uint16_t kUnset = 0xffff;

// Generic: `cube_of(i)` builds a state with coordinate i, `coord_of` reads it back.
template <typename CubeOf, typename CoordOf, typename Rep>
int fill_classes(const StagePart &part, int n, uint16_t *cls, uint8_t *sym, Rep *rep, uint16_t *selfsym, CubeOf cube_of,
                 CoordOf coord_of) {
    const Symmetries &s = symmetries();
    for (int i = 0; i < n; ++i) cls[i] = kUnset;
    int classes = 0;
    for (int i = 0; i < n; ++i) {
        part.at(i, n);
        if (cls[i] != kUnset) continue;
        CubieCube c = cube_of(i);
        uint16_t self = 0;
        for (int k = 0; k < kSyms; ++k) {
            int j = coord_of(conjugate(c, s.sym[k], s.sym[s.inv[k]]));
            if (j == i) self |= static_cast<uint16_t>(1u << k);
            if (cls[j] == kUnset) {
                cls[j] = static_cast<uint16_t>(classes);
                sym[j] = s.inv[k];  // conjugating j by inv[k] gives back the representative i
            }
        }
        rep[classes] = static_cast<Rep>(i);
        selfsym[classes] = self;
        ++classes;
    }
    return classes;
}

}  // namespace

void fill_class_tables(Tables &t, Reporter &r) {
    std::vector<uint16_t> fs_class(kFlipSlice);
    std::vector<uint8_t> fs_sym(kFlipSlice);
    int fs = fill_classes(
        StagePart{r, Stage::kSymmetryClasses, 0.0, 0.95}, kFlipSlice, fs_class.data(), fs_sym.data(), t.fs_rep, t.fs_selfsym,
        [](int i) {
            CubieCube c = CubieCube::solved();
            set_four_edges(c, kSliceEdges, i / kFlip * 24);
            set_flip(c, i % kFlip);
            return c;
        },
        [](const CubieCube &c) { return four_edges_of(c, kSliceEdges) / 24 * kFlip + flip_of(c); });
    int co = fill_classes(
        StagePart{r, Stage::kSymmetryClasses, 0.95, 0.05}, kCorners8, t.co_class, t.co_sym, t.co_rep, t.co_selfsym,
        [](int i) {
            CubieCube c = CubieCube::solved();
            set_corners(c, i);
            return c;
        },
        corners_of);
    for (int i = 0; i < kFlipSlice; ++i) t.fs_classsym[i] = uint32_t{fs_class[i]} << 4 | fs_sym[i];
    if (fs != kFlipSliceClasses || co != kCornerClasses)
        throw std::logic_error("twophase: unexpected number of symmetry classes " + std::to_string(fs) + ", " +
                               std::to_string(co));
}

}  // namespace lc::twophase
