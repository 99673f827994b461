#include "orient.hpp"

#include <algorithm>
#include <vector>

#include "geometry.hpp"

namespace lc::robot {
namespace {

// One clockwise quarter about `axis` (as x, y, z): the face at each position moves to the position
// its centre goes to under the whole-cube rotation of the sticker geometry.
Faces quarter_turn(const Faces &old, int axis) {
    const Geometry &g = geometry(3);
    const auto &perm = g.quarter[kRotX + axis];
    Faces nw = old;
    for (int p = 0; p < 6; ++p) nw[perm[g.centre[p]] / g.face_stickers] = old[p];
    return nw;
}

Orientations build() {
    Orientations t{};
    std::vector<Faces> all{Faces{0, 1, 2, 3, 4, 5}};
    for (size_t i = 0; i < all.size(); ++i)
        for (int axis = 0; axis < 3; ++axis) {
            Faces n = quarter_turn(all[i], axis);
            if (std::find(all.begin(), all.end(), n) == all.end()) all.push_back(n);
        }
    auto index = [&](const Faces &f) {
        return static_cast<uint8_t>(std::find(all.begin(), all.end(), f) - all.begin());
    };
    for (int o = 0; o < kOrientations; ++o) {
        t.faces[o] = all[o];
        for (int p = 0; p < 6; ++p)
            t.position_of[o][all[o][p]] = uint8_t(p);
        for (int axis = 0; axis < 3; ++axis) {
            Faces f = all[o];
            for (int q = 0; q < 4; ++q) {
                t.quarter[axis][o][q] = index(f);
                f = quarter_turn(f, axis);
            }
        }
    }
    // Rotations act on positions, so "o then g" reads o's face at the position g took from: new[p] = o[g[p]].
    for (int o = 0; o < kOrientations; ++o)
        for (int g = 0; g < kOrientations; ++g) {
            Faces f;
            for (int p = 0; p < 6; ++p)
                f[p] = all[o][all[g][p]];
            t.then[o][g] = index(f);
        }
    return t;
}

}  // namespace

const Orientations &orientations() {
    static const Orientations t = build();
    return t;
}

}  // namespace lc::robot
