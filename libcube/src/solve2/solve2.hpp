// Optimal 2x2 solver: exact distance tables over all 3,674,160 positions (DBL held fixed),
// built by breadth-first search on coordinates, and solving by descending the table.
//
// Positions are given as lc::CubieCube corners with DBL at home (cp[DBL] == DBL,
// co[DBL] == 0); edges are ignored. Solutions use only U, R and F turns:
//   Metric::kHtm: quarter and half turns (amount 1, 2, 3), each one move;
//   Metric::kQtm: quarter turns count one move, half turns two (written U2, as other tools do, never U U).
// No solution turns one face twice in a row. Lengths below are in the metric (lc::moves_length).
// Every function that takes corners throws lc::Error(CUBE_ERROR_INVALID_ARGUMENT) if they
// are not a valid position with DBL at home. All functions are safe to call from any thread.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "cancel.hpp"
#include "cubie.hpp"
#include "move.hpp"

namespace lc::solve2 {

enum class Metric { kHtm, kQtm };

// Distance table and move tables of one metric; immutable after build, reads are thread-safe.
class Tables;

// The tables of `metric`, built once on first use (std::call_once); lives until exit.
const Tables &tables(Metric metric);

// A fresh, independent build (for benchmarks and tests); tables() uses this once per metric.
std::shared_ptr<const Tables> build_tables(Metric metric);

Metric metric_of(const Tables &t);

// Optimal number of moves that solve `corners` (0 for solved; at most 11 HTM, 14 QTM).
int distance(const Tables &t, const CubieCube &corners);

// One optimal solution: applying its moves in order to `corners` solves them.
// Deterministic: at each step the first move in the order U U2 U' R R2 R' F F2 F' that
// lowers the distance by its length, after a move of another face.
MoveList solve(const Tables &t, const CubieCube &corners);

// Calls `fn` for each distinct optimal solution, in the order of solve() (the first one is
// solve()'s), stopping after `limit`, or early once `stop` (polled between solutions) is set;
// returns how many were produced (0 if limit <= 0).
int64_t solve_all(const Tables &t, const CubieCube &corners, int64_t limit,
                  const std::function<void(const MoveList &)> &fn, const StopFlag *stop = nullptr);

// Number of distinct optimal move sequences as solve_all writes them (1 for the solved cube: the empty one).
int64_t count_optimal(const Tables &t, const CubieCube &corners);

// Number of positions at each distance 0..15 (unused depths are 0).
std::array<int64_t, 16> distribution(const Tables &t);

// Bytes held by `t`: the 4-bit distance table plus the coordinate move tables.
size_t memory_bytes(const Tables &t);

}  // namespace lc::solve2
