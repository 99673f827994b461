// The named formulas of the human methods, and steps: U turns then a formula performed from one side.
#pragma once
#include <string>
#include <vector>

#include "cubie.hpp"
#include "move.hpp"

namespace lc::method {

// A standard formula as written with F in front, e.g. {"sune", "R U R' U R U2 R'"}.
struct Formula {
    const char *name;
    const char *moves;
};

// The formula of that name, or nullptr.
const Formula *find_formula(const std::string &name);

// The sides a formula is performed from: 0 front (F), 1 right (R), 2 back (B), 3 left (L): side v is the
// front after v quarter turns y of the whole cube.
constexpr int kSides = 4;

// What a person does in one go: `auf` quarter turns of U, then `formula` (if any) `repeats` times from
// side `side`; its moves as face turns of the cube held still, and their effect on the cubies.
struct Step {
    MoveList moves;
    std::vector<std::string> formulas;  // one name per performance
    CubieCube effect;
    int auf = 0;    // the U quarter turns before the formula
    int slot = -1;  // the first-layer corner or middle edge position the formula works on (-1: none)
};

// Builds a step (formula nullptr: U turns only).
Step make_step(int auf, const char *formula, int side, int repeats);

// Applies a step to `c` and records it in `moves` and `formulas`.
void perform(CubieCube &c, const Step &s, MoveList &moves, std::vector<std::string> &formulas);

// `c` after `s` without changing `c`.
CubieCube after(const CubieCube &c, const Step &s);

}  // namespace lc::method
