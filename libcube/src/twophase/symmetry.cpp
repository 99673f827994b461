#include "twophase/symmetry.hpp"

#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace lc::twophase {
namespace {

const char *const kCornerNames[8] = {"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"};
const char *const kEdgeNames[12] = {"UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"};

// Index of the piece whose name has the same letters as `name` with R and L swapped.
template <size_t N>
uint8_t mirrored(const char *const (&names)[N], const char *name) {
    std::string want(name);
    for (char &ch : want) ch = ch == 'R' ? 'L' : ch == 'L' ? 'R' : ch;
    for (size_t i = 0; i < N; ++i) {
        std::string have(names[i]);
        if (have.size() != want.size()) continue;
        bool same = true;
        for (char ch : want) same = same && have.find(ch) != std::string::npos;
        if (same) return static_cast<uint8_t>(i);
    }
    return 0;
}

// Reflection in the plane between L and R. It keeps U/D facelets on U/D, so only the handedness
// of corners changes: orientation 3 = "mirrored, no twist".
CubieCube mirror_lr() {
    CubieCube m;
    for (int i = 0; i < 8; ++i) m.cp[i] = mirrored(kCornerNames, kCornerNames[i]), m.co[i] = 3;
    for (int i = 0; i < 12; ++i) m.ep[i] = mirrored(kEdgeNames, kEdgeNames[i]), m.eo[i] = 0;
    return m;
}

CubieCube power(const CubieCube &c, int n) {
    CubieCube r = CubieCube::solved();
    for (int i = 0; i < n; ++i) r = sym_multiply(r, c);
    return r;
}

// Closure of the given generators under multiplication, identity first.
std::vector<CubieCube> closure(const std::vector<CubieCube> &gens) {
    std::vector<CubieCube> all{CubieCube::solved()};
    for (size_t i = 0; i < all.size(); ++i)
        for (const auto &g : gens) {
            CubieCube n = sym_multiply(all[i], g);
            bool seen = false;
            for (const auto &a : all) seen = seen || a == n;
            if (!seen) all.push_back(n);
        }
    return all;
}

CubieCube find_inverse(const std::vector<CubieCube> &group, const CubieCube &c) {
    for (const auto &g : group)
        if (sym_multiply(c, g) == CubieCube::solved()) return g;
    return CubieCube::solved();
}

Symmetries build() {
    Symmetries s;
    for (int f = 0; f < 6; ++f)
        for (int a = 0; a < 3; ++a) s.move_cube[3 * f + a] = power(face_turn_cubie(static_cast<Face>(f)), a + 1);
    const CubieCube &u = s.move_cube[0], &r = s.move_cube[3], &f = s.move_cube[6], &d = s.move_cube[9];
    std::vector<CubieCube> rotations = closure({rotation_cubie(0), rotation_cubie(1), rotation_cubie(2)});
    CubieCube u4, f2;
    bool have_u4 = false, have_f2 = false, have_urf3 = false;
    for (const auto &g : rotations) {
        CubieCube gi = find_inverse(rotations, g);
        CubieCube cu = conjugate(u, g, gi), cf = conjugate(f, g, gi), cr = conjugate(r, g, gi);
        // A quarter turn about U: keeps U turns, F turns become side turns, order 4.
        if (!have_u4 && cu == u && !(cf == f) && !(power(g, 2) == CubieCube::solved()) && cf == r)
            u4 = g, have_u4 = true;
        // A half turn about F: U turns become D turns, F stays.
        if (!have_f2 && cu == d && cf == f) f2 = g, have_f2 = true;
        if (!have_urf3 && cu == r && cr == f && cf == u) s.urf3 = g, have_urf3 = true;
    }
    if (!have_u4 || !have_f2 || !have_urf3) throw std::logic_error("twophase: rotation group incomplete");
    // Order: sym index 8*a + 2*b + c is F2^a * U4^b * LR2^c.
    CubieCube lr2 = mirror_lr();
    for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 4; ++b)
            for (int c = 0; c < 2; ++c)
                s.sym[8 * a + 2 * b + c] = sym_multiply(sym_multiply(power(f2, a), power(u4, b)), power(lr2, c));
    std::vector<CubieCube> group(s.sym.begin(), s.sym.end());
    for (int i = 0; i < kSyms; ++i)
        for (int j = 0; j < kSyms; ++j)
            if (sym_multiply(s.sym[i], s.sym[j]) == CubieCube::solved()) s.inv[i] = static_cast<uint8_t>(j);
    return s;
}

}  // namespace

CubieCube sym_multiply(const CubieCube &a, const CubieCube &b) {
    CubieCube r;
    for (int i = 0; i < 8; ++i) {
        int oa = a.co[b.cp[i]], ob = b.co[i], o;
        r.cp[i] = a.cp[b.cp[i]];
        if (oa < 3 && ob < 3) {
            o = (oa + ob) % 3;
        } else if (oa < 3) {  // b mirrors: the result is mirrored
            o = oa + ob;
            if (o >= 6) o -= 3;
        } else if (ob < 3) {  // a mirrored, b not
            o = oa - ob;
            if (o < 3) o += 3;
        } else {  // both mirrored: the result is not
            o = oa - ob;
            if (o < 0) o += 3;
        }
        r.co[i] = static_cast<uint8_t>(o);
    }
    for (int i = 0; i < 12; ++i) {
        r.ep[i] = a.ep[b.ep[i]];
        r.eo[i] = static_cast<uint8_t>((a.eo[b.ep[i]] + b.eo[i]) & 1);
    }
    return r;
}

CubieCube conjugate(const CubieCube &c, const CubieCube &s, const CubieCube &sinv) {
    return sym_multiply(sym_multiply(sinv, c), s);
}

int conjugate_move(int m, const CubieCube &s, const CubieCube &sinv) {
    const Symmetries &all = symmetries();
    CubieCube seen = conjugate(all.move_cube[static_cast<size_t>(m)], s, sinv);
    for (size_t k = 0; k < all.move_cube.size(); ++k)
        if (seen == all.move_cube[k]) return static_cast<int>(k);
    throw std::logic_error("twophase: a move conjugated by a symmetry is no move");
}

const Symmetries &symmetries() {
    static std::once_flag once;
    static Symmetries s;
    std::call_once(once, [] { s = build(); });
    return s;
}

}  // namespace lc::twophase
