// What both 3x3 two-phase solvers (full tables: twophase, compact tables: compact3) do around their search:
// check the arguments, search from target^-1 * start to the identity, and check the answer replays.
#pragma once

#include <memory>

#include "error.hpp"
#include "twophase/twophase.hpp"

namespace lc::twophase {

// Runs `Search(tables, options).run(relative cube, moves)`, which throws lc::Error when it ends without a
// solution; `name` names the solver in the self-check error.
template <typename Search, typename Tables>
void solve_between(const Tables &tables, const CubieCube &start, const CubieCube &target, const Options &options,
                   MoveList &out, const char *name) {
    if (options.max_length < 0)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, error_text("max_length %d is negative", options.max_length));
    if (!start.valid()) throw Error(CUBE_ERROR_INVALID_CUBE, "start state is not a solvable cube");
    if (!target.valid()) throw Error(CUBE_ERROR_INVALID_CUBE, "target state is not a solvable cube");
    // start * M = target  <=>  (target^-1 * start) * M = identity.
    CubieCube cube = target.inverse();
    cube.multiply(start);
    auto search = std::make_unique<Search>(tables, options);
    MoveList moves;
    search->run(cube, moves);
    if (options.collect) return;  // the collector had the solutions
    CubieCube check = start;
    apply_face_turns(check, moves);
    if (check != target) throw Error(CUBE_ERROR_INTERNAL, error_text("%s solution failed its own check", name));
    out = std::move(moves);
}

}  // namespace lc::twophase
