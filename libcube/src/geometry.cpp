#include "geometry.hpp"

#include <map>
#include <mutex>
#include <stdexcept>

namespace lc {
namespace {

using Vec = std::array<int, 3>;

// Outward axis of each face: U +y, R +x, F +z, D -y, L -x, B -z.
constexpr int kFaceAxis[6] = {1, 0, 2, 1, 0, 2};
constexpr int kFaceSign[6] = {1, 1, 1, -1, -1, -1};

Vec face_normal(int f) {
    Vec v{0, 0, 0};
    v[kFaceAxis[f]] = kFaceSign[f];
    return v;
}

// Position of the sticker at (row, col) of face f; coordinates run -m..m in steps of 2, m = size-1.
Vec sticker_position(int f, int row, int col, int m) {
    int a = 2 * col - m, b = m - 2 * row;
    switch (f) {
    case U: return {a, m, -b};
    case R: return {m, b, -a};
    case F: return {a, b, m};
    case D: return {a, -m, b};
    case L: return {-m, b, a};
    default: return {-a, b, -m};  // B
    }
}

// Clockwise quarter turn seen from the tip of +axis (a rotation by -90 degrees).
Vec rotate_cw(Vec v, int axis) {
    switch (axis) {
    case 0: return {v[0], v[2], -v[1]};
    case 1: return {-v[2], v[1], v[0]};
    default: return {v[1], -v[0], v[2]};
    }
}

Vec rotate(Vec v, int axis, int sign) {
    int turns = sign > 0 ? 1 : 3;
    for (int i = 0; i < turns; ++i) v = rotate_cw(v, axis);
    return v;
}

struct Sticker {
    Vec pos, normal;
    bool operator<(const Sticker &o) const { return pos != o.pos ? pos < o.pos : normal < o.normal; }
};

// Which layers a move turns, as a test on the coordinate along its signed axis.
struct MoveSpec {
    int axis, sign;
    enum Layers { kOuter, kTwoOuter, kMiddle, kAll } layers;
};

MoveSpec spec_of(int kind) {
    if (kind < kWideU) return {kFaceAxis[kind], kFaceSign[kind], MoveSpec::kOuter};
    if (kind < kSliceM) return {kFaceAxis[kind - kWideU], kFaceSign[kind - kWideU], MoveSpec::kTwoOuter};
    if (kind == kSliceM) return {0, -1, MoveSpec::kMiddle};  // follows L
    if (kind == kSliceE) return {1, -1, MoveSpec::kMiddle};  // follows D
    if (kind == kSliceS) return {2, 1, MoveSpec::kMiddle};   // follows F
    return {kind - kRotX, 1, MoveSpec::kAll};                 // x, y, z follow R, U, F
}

bool in_layer(const MoveSpec &s, const Vec &pos, int m) {
    int c = pos[s.axis] * s.sign;
    switch (s.layers) {
    case MoveSpec::kOuter: return c == m;
    case MoveSpec::kTwoOuter: return c >= m - 2;
    case MoveSpec::kMiddle: return c == 0;
    default: return true;
    }
}

std::vector<uint8_t> compose(const std::vector<uint8_t> &first, const std::vector<uint8_t> &then) {
    std::vector<uint8_t> r(first.size());
    for (size_t i = 0; i < first.size(); ++i) r[i] = then[first[i]];
    return r;
}

// Kociemba's naming of the 3x3 corner and edge positions by their facelets (U/D sticker first).
constexpr uint8_t kCornerFacelets3[8][3] = {{8, 9, 20},   {6, 18, 38},  {0, 36, 47},  {2, 45, 11},
                                            {29, 26, 15}, {27, 44, 24}, {33, 53, 42}, {35, 17, 51}};
constexpr uint8_t kEdgeFacelets3[12][2] = {{5, 10},  {7, 19},  {3, 37},  {1, 46},  {32, 16}, {28, 25},
                                           {30, 43}, {34, 52}, {23, 12}, {21, 41}, {50, 39}, {48, 14}};

Geometry build(int size) {
    Geometry g;
    g.size = size;
    g.face_stickers = size * size;
    g.stickers = 6 * g.face_stickers;
    const int m = size - 1;
    std::vector<Sticker> stickers;
    std::map<Sticker, int> index;
    for (int f = 0; f < 6; ++f)
        for (int r = 0; r < size; ++r)
            for (int c = 0; c < size; ++c) {
                Sticker s{sticker_position(f, r, c, m), face_normal(f)};
                index[s] = static_cast<int>(stickers.size());
                stickers.push_back(s);
            }
    for (int kind = 0; kind < kMoveKinds; ++kind) {
        MoveSpec s = spec_of(kind);
        if (size == 2 && kind >= kWideU && kind < kRotX) continue;  // 2x2: faces and rotations only
        std::vector<uint8_t> perm(stickers.size());
        for (size_t i = 0; i < stickers.size(); ++i) {
            const Sticker &st = stickers[i];
            if (!in_layer(s, st.pos, m)) {
                perm[i] = static_cast<uint8_t>(i);
                continue;
            }
            Sticker moved{rotate(st.pos, s.axis, s.sign), rotate(st.normal, s.axis, s.sign)};
            perm[i] = static_cast<uint8_t>(index.at(moved));
        }
        g.quarter[kind] = std::move(perm);
    }
    // Corner and edge facelets: the 3x3 naming, carried to the 2x2 by scaling positions.
    const Geometry *big = size == 3 ? nullptr : &geometry(3);
    for (int c = 0; c < 8; ++c)
        for (int k = 0; k < 3; ++k) {
            int i3 = kCornerFacelets3[c][k];
            if (!big) {
                g.corner_facelets[c][k] = static_cast<uint8_t>(i3);
                continue;
            }
            int f = i3 / 9, r = (i3 % 9) / 3, col = i3 % 3;
            Vec p = sticker_position(f, r, col, 2);
            for (int &x : p) x /= 2;
            g.corner_facelets[c][k] = static_cast<uint8_t>(index.at(Sticker{p, face_normal(f)}));
        }
    for (int e = 0; e < 12; ++e)
        for (int k = 0; k < 2; ++k) g.edge_facelets[e][k] = size == 3 ? kEdgeFacelets3[e][k] : 0;
    for (int f = 0; f < 6; ++f) g.centre[f] = static_cast<uint8_t>(f * g.face_stickers + g.face_stickers / 2);
    // All 24 orientations, found by breadth-first search over x, y, z.
    std::vector<uint8_t> identity(stickers.size());
    for (size_t i = 0; i < identity.size(); ++i) identity[i] = static_cast<uint8_t>(i);
    g.orientations.push_back(identity);
    for (size_t head = 0; head < g.orientations.size(); ++head)
        for (int axis = 0; axis < 3; ++axis) {
            auto next = compose(g.orientations[head], g.quarter[kRotX + axis]);
            bool seen = false;
            for (const auto &o : g.orientations) seen = seen || o == next;
            if (!seen) g.orientations.push_back(next);
        }
    if (g.orientations.size() != 24) throw std::logic_error("cube orientations: expected 24");
    return g;
}

}  // namespace

const Geometry &geometry(int size) {
    static std::once_flag once2, once3;
    static Geometry g2, g3;
    if (size == 2) {
        std::call_once(once2, [] { g2 = build(2); });
        return g2;
    }
    std::call_once(once3, [] { g3 = build(3); });
    return g3;
}

std::string facelet_name(int size, int index) {
    int per = size * size;
    return std::string(1, kFaceLetters[index / per]) + std::to_string(index % per + 1);
}

void apply_move(const Geometry &g, std::string &facelets, Move m) {
    const auto &perm = g.quarter[m.kind];
    std::string next(facelets.size(), ' ');
    for (int q = 0; q < m.amount; ++q) {
        for (size_t i = 0; i < perm.size(); ++i) next[perm[i]] = facelets[i];
        facelets.swap(next);
    }
}

}  // namespace lc
