#include "method/formulas.hpp"

#include <cstring>

#include "error.hpp"
#include "facelets.hpp"
#include "geometry.hpp"
#include "notation.hpp"

namespace lc::method {
namespace {

constexpr Formula kFormulas[] = {
    {"sexy-move", "R U R' U'"},
    {"edge-right", "U R U' R' U' F' U F"},
    {"edge-left", "U' L' U L U F U' F'"},
    {"fruruf", "F R U R' U' F'"},
    {"sune", "R U R' U R U2 R'"},
    {"left-sune", "L' U' L U' L' U2 L"},
    {"a-perm", "R' F R' B2 R F' R' B2 R2"},
    {"ua-perm", "R U' R U R U R U' R' U' R2"},
    {"ub-perm", "R2 U R U R' U' R' U' R' U R'"},
};

// The face each face of a formula turns when it is performed from `side`: the face that is then at
// that place, read off the centres after `side` quarter turns y.
int face_seen_from(int side, int face) {
    const Geometry &g = geometry(3);
    std::string f = solved_facelets(3);
    if (side) apply_move(g, f, Move{kRotY, static_cast<uint8_t>(side)});
    return static_cast<int>(std::strchr(kFaceLetters, f[g.centre[face]]) - kFaceLetters);
}

MoveList formula_moves(const char *name, int side) {
    const Formula *f = find_formula(name);
    if (!f) throw Error(CUBE_ERROR_INTERNAL, std::string("formula ") + name + " cannot be read");
    MoveList written = parse_moves(f->moves, 3);
    for (Move &m : written) m.kind = static_cast<uint8_t>(face_seen_from(side, m.kind));
    return written;
}

// The first-layer corner (D corners) or middle edge position a step changes, if any.
int slot_changed(const CubieCube &e) {
    for (int i = DFR; i <= DRB; ++i)
        if (e.cp[i] != i || e.co[i] != 0) return i;
    for (int i = FR; i <= BR; ++i)
        if (e.ep[i] != i || e.eo[i] != 0) return i;
    return -1;
}

}  // namespace

const Formula *find_formula(const std::string &name) {
    for (const Formula &f : kFormulas)
        if (name == f.name) return &f;
    return nullptr;
}

Step make_step(int auf, const char *formula, int side, int repeats) {
    Step s;
    s.auf = auf % 4;
    if (auf % 4) s.moves.push_back(Move{kFaceU, static_cast<uint8_t>(auf % 4)});
    if (formula) {
        const MoveList once = formula_moves(formula, side);
        for (int r = 0; r < repeats; ++r) {
            s.moves.insert(s.moves.end(), once.begin(), once.end());
            s.formulas.emplace_back(formula);
        }
        CubieCube once_effect = CubieCube::solved();
        apply_face_turns(once_effect, once);
        s.slot = slot_changed(once_effect);
    }
    s.effect = CubieCube::solved();
    apply_face_turns(s.effect, s.moves);
    return s;
}

void perform(CubieCube &c, const Step &s, MoveList &moves, std::vector<std::string> &formulas) {
    c.multiply(s.effect);
    moves.insert(moves.end(), s.moves.begin(), s.moves.end());
    formulas.insert(formulas.end(), s.formulas.begin(), s.formulas.end());
}

CubieCube after(const CubieCube &c, const Step &s) {
    CubieCube r = c;
    r.multiply(s.effect);
    return r;
}

}  // namespace lc::method
