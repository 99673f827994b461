// A compact two-phase solver for the 3x3 (issue 15, "instant first solve"): the min2phase approach, with
// small symmetry-reduced pruning tables (about 1 MB in all) computed in memory from the move definitions
// in well under 100 ms and never written to disk. It answers while the full table set
// (twophase/twophase.hpp, about 320 MB) is loaded or built, and whenever a solver is told to use it.
// Same contract as twophase::solve, so which set answered changes only the speed, never the kind of
// answer: the first solution of at most max_length moves, or with min_effort the shortest found in time.
#pragma once

#include <cube/common.h>

#include "cubie.hpp"
#include "move.hpp"
#include "twophase/twophase.hpp"

namespace lc::compact3 {

// Immutable once built: one instance serves any number of threads at once.
struct Tables;

// The tables, built on first use (thread-safe: concurrent callers wait for the one build) and kept for
// the life of the process. Throws lc::Error(CUBE_ERROR_NO_MEMORY) if memory runs out.
const Tables *tables();

// Bytes the tables take (for the benchmark and the docs).
size_t table_bytes(const Tables &tables);

// As twophase::solve: face turns (kinds 0..5, amounts 1..3) from `start` to `target` (valid cubie
// states); else lc::Error: CUBE_ERROR_UNSOLVABLE (nothing of at most max_length exists: proved),
// CUBE_ERROR_TIMEOUT (no solution within the time; with min_effort and one found, that one is returned),
// CUBE_ERROR_CANCELLED, CUBE_ERROR_INVALID_ARGUMENT (max_length < 0). Deterministic unless the timeout or
// cancel cuts it short.
void solve(const Tables &tables, const CubieCube &start, const CubieCube &target, const twophase::Options &options,
           MoveList &out);

}  // namespace lc::compact3
