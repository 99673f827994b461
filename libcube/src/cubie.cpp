#include "cubie.hpp"

#include <mutex>

#include "facelets.hpp"
#include "geometry.hpp"

namespace lc {

CubieCube CubieCube::solved() {
    CubieCube c;
    for (int i = 0; i < kCorners; ++i) c.cp[i] = static_cast<uint8_t>(i), c.co[i] = 0;
    for (int i = 0; i < kEdges; ++i) c.ep[i] = static_cast<uint8_t>(i), c.eo[i] = 0;
    return c;
}

void CubieCube::multiply_corners(const CubieCube &b) {
    std::array<uint8_t, kCorners> p, o;
    for (int i = 0; i < kCorners; ++i) {
        p[i] = cp[b.cp[i]];
        o[i] = static_cast<uint8_t>((co[b.cp[i]] + b.co[i]) % 3);
    }
    cp = p, co = o;
}

void CubieCube::multiply_edges(const CubieCube &b) {
    std::array<uint8_t, kEdges> p, o;
    for (int i = 0; i < kEdges; ++i) {
        p[i] = ep[b.ep[i]];
        o[i] = static_cast<uint8_t>((eo[b.ep[i]] + b.eo[i]) & 1);
    }
    ep = p, eo = o;
}

void CubieCube::multiply(const CubieCube &b) {
    multiply_corners(b);
    multiply_edges(b);
}

CubieCube CubieCube::inverse() const {
    CubieCube r;
    for (int i = 0; i < kCorners; ++i) {
        r.cp[cp[i]] = static_cast<uint8_t>(i);
        r.co[cp[i]] = static_cast<uint8_t>((3 - co[i]) % 3);
    }
    for (int i = 0; i < kEdges; ++i) {
        r.ep[ep[i]] = static_cast<uint8_t>(i);
        r.eo[ep[i]] = eo[i];
    }
    return r;
}

bool CubieCube::operator==(const CubieCube &o) const {
    return cp == o.cp && co == o.co && ep == o.ep && eo == o.eo;
}

namespace {
template <size_t N>
int parity_of(const std::array<uint8_t, N> &p) {
    int s = 0;
    for (size_t i = 0; i < N; ++i)
        for (size_t j = i + 1; j < N; ++j) s ^= p[i] > p[j];
    return s;
}

CubieCube cubie_after(Move m) {
    const Geometry &g = geometry(3);
    std::string f = solved_facelets(3);
    apply_move(g, f, m);
    CubieCube c;
    read_cubies(g, f, c);
    return c;
}
}  // namespace

bool CubieCube::corners_valid() const {
    unsigned seen = 0;
    for (int i = 0; i < kCorners; ++i) {
        if (cp[i] >= kCorners || co[i] >= 3) return false;
        seen |= 1u << cp[i];
    }
    return seen == 0xffu && twist_sum() == 0;
}

bool CubieCube::valid() const {
    unsigned seen = 0;
    for (int i = 0; i < kEdges; ++i) {
        if (ep[i] >= kEdges || eo[i] >= 2) return false;
        seen |= 1u << ep[i];
    }
    return corners_valid() && seen == 0xfffu && flip_sum() == 0 && corner_parity() == edge_parity();
}

int CubieCube::corner_parity() const { return parity_of(cp); }
int CubieCube::edge_parity() const { return parity_of(ep); }
int CubieCube::twist_sum() const {
    int s = 0;
    for (auto o : co) s += o;
    return s % 3;
}
int CubieCube::flip_sum() const {
    int s = 0;
    for (auto o : eo) s += o;
    return s & 1;
}

const CubieCube &face_turn_cubie(Face f) {
    static std::once_flag once;
    static CubieCube turns[6];
    std::call_once(once, [] {
        for (int i = 0; i < 6; ++i) turns[i] = cubie_after(Move{static_cast<uint8_t>(kFaceU + i), 1});
    });
    return turns[f];
}

void apply_face_turns(CubieCube &c, const MoveList &moves) {
    for (const Move &m : moves)
        for (int a = 0; a < m.amount; ++a) c.multiply(face_turn_cubie(static_cast<Face>(m.kind)));
}

const CubieCube &rotation_cubie(int axis) {
    static std::once_flag once;
    static CubieCube rots[3];
    std::call_once(once, [] {
        for (int i = 0; i < 3; ++i) rots[i] = cubie_after(Move{static_cast<uint8_t>(kRotX + i), 1});
    });
    return rots[axis];
}

}  // namespace lc
