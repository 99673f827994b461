// The part of the optimal search that does not depend on its bounds (README.md, "Search"): the depth loop
// with its two-phase attempts, the units each depth is cut into and the workers that take them in turn,
// the stop conditions and the solutions found. search.cpp (the standard or small table, or the two-phase
// tables alone) and h48_search.cpp (the H48 table) give it their workers.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <future>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "error.hpp"
#include "optimal/optimal.hpp"
#include "optimal/symmetry_cut.hpp"
#include "optimal/two_phase_attempt.hpp"

namespace lc::optimal {

using Clock = std::chrono::steady_clock;
constexpr uint32_t kPollNodes = 4096;  // nodes between two looks at the clock and the stop flag
constexpr int kMoveCount = 18;
// Bits of the quarter turns X and X' (moves 3f and 3f + 2, not the half turns 3f + 1).
constexpr uint32_t quarter_turns() {
    uint32_t mask = 0;
    for (int m = 0; m < kMoveCount; ++m)
        if (m % 3 != 1) mask |= 1u << m;
    return mask;
}
constexpr uint32_t kQuarterTurns = quarter_turns();
static_assert(kQuarterTurns == 0x2db6d, "quarter turns: moves 0, 2, 3, 5, ...");

// What move m (3 * face + amount - 1) adds to a solution's length.
inline int move_cost(Metric metric, int m) { return metric == Metric::kQtm && m % 3 == 1 ? 2 : 1; }

enum class Halt { kNone, kTimeout, kCancelled };

constexpr int kUnitMoves = 3;  // the longest prefix a unit starts with

struct Unit {
    uint8_t moves[kUnitMoves];
    uint8_t length;
};

// The units of a depth: prefixes of two moves, or of three if two leave few (a symmetric cube's), in move
// order, each move allowed by the canonical order and the cut.
std::vector<Unit> units_of(int depth, Metric metric, const SymmetryCut &cut);

// What the workers of one search share.
struct Shared {
    Shared(const Options &o, const SymmetryCut &c)
        : options(o), cut(c), start(Clock::now()), deadline(start + std::chrono::microseconds(o.timeout_us)),
          has_deadline(o.timeout_us > 0), last_report(start) {}
    const Options &options;
    const SymmetryCut &cut;  // which first moves to try (of a symmetric cube's equal ones, the least)
    Clock::time_point start, deadline;
    bool has_deadline;
    std::atomic<int> halt{static_cast<int>(Halt::kNone)};
    std::atomic<uint64_t> nodes{0};
    std::atomic<int> best_unit{INT_MAX};  // first solution mode: the lowest unit with a solution
    std::atomic<int> found{0};
    std::mutex mutex;
    std::vector<std::pair<int, MoveList>> solutions;  // (unit, moves), under mutex
    Clock::time_point last_report;
    int depth = 0;
};

// Reports progress to the callback: true when it says to stop.
bool report(const Shared &sh);
// Looks at the stop flag, the clock and (for the reporting thread) the progress callback: true when the
// search is to stop.
bool stop_due(Shared &sh, bool reporting);
// A worker's look every kPollNodes nodes: its `nodes` added to the shared count, then true when its unit
// `unit` is to end (a lower unit's solution, enough solutions, or stop_due).
bool poll_due(Shared &sh, int unit, uint64_t &nodes, bool reporting);
// Records the solution `path` (moves 0..17) of unit `unit`: true when the worker is to end its unit.
bool record_solution(Shared &sh, int unit, const uint8_t *path, int length);

// A two-phase attempt run beside the depth's search (threads > 1): a solution it finds is the answer and
// ends the search; else its thread becomes one more worker.
struct BesideAttempt {
    const twophase::Tables &tables;
    const CubieCube &cube;
    uint64_t node_limit;
    StopFlag stop{};  // set when the depth turns out to have no solution, or the search halts
    MoveList found{};
    Attempt outcome = Attempt::kNotFound;
};

// Searches one depth completely (or until a halt or, for a first solution, the lowest unit's answer or
// the attempt's). `make(reporting)` gives a worker: run(unit, index) searches a unit from the root,
// flush() adds its nodes to sh.nodes.
template <class MakeWorker>
void search_depth(Shared &sh, MakeWorker &make, BesideAttempt *attempt) {
    std::vector<Unit> units = units_of(sh.depth, sh.options.metric, sh.cut);
    std::atomic<int> next{0};
    auto work = [&](bool reporting) {
        auto w = make(reporting);
        for (int i; (i = next.fetch_add(1)) < static_cast<int>(units.size());) {
            if (sh.halt.load() != static_cast<int>(Halt::kNone)) break;
            if (!sh.options.all_solutions && sh.best_unit.load() < i) break;
            if (sh.options.all_solutions && sh.found.load() >= sh.options.limit) break;
            w.run(units[static_cast<size_t>(i)], i);
        }
        w.flush();
    };
    int threads = std::min<int>(sh.options.threads, static_cast<int>(units.size()));
    std::future<Attempt> attempt_done;
    if (attempt) {
        try {
            attempt_done = std::async(std::launch::async, [&] {
                Attempt a = two_phase_search(attempt->tables, attempt->cube, sh.depth, attempt->node_limit,
                                             attempt->stop, attempt->found);
                if (a == Attempt::kFound)
                    sh.best_unit.store(-1);  // the answer: the workers drop their units
                else if (a == Attempt::kNotFound)
                    work(false);
                return a;
            });
            --threads;
        } catch (const std::system_error &) {
            attempt = nullptr;  // no thread for it: no attempt
        }
    }
    std::vector<std::thread> pool;
    for (int k = 1; k < threads; ++k) {
        try {
            pool.emplace_back(work, false);
        } catch (const std::system_error &) {
            break;  // no more threads to be had: the ones started (and this one) do the work
        }
    }
    work(true);
    for (auto &th : pool) th.join();
    if (!attempt) return;
    // With every unit searched and no solution found, the depth has none: nor can the attempt find one.
    if (sh.halt.load() == static_cast<int>(Halt::kNone) && sh.found.load() == 0 && sh.best_unit.load() != -1)
        attempt->stop.stop();
    attempt->outcome = wait_for_attempt(attempt_done, [&sh] { return stop_due(sh, true); }, attempt->stop);
}

// The two-phase attempt's budget of nodes before a depth, in proportion to `previous`, the nodes of the
// depth before (0 if none was searched); 0: no attempt (HTM, first solution only: it gives one solution,
// in face turns).
uint64_t attempt_budget(const Shared &sh, uint64_t previous);

// Moves a depth's solutions into `result` (`use_inverse`: the workers searched the inverse, whose
// solutions are reversed and inverted); true when solve() returns with them (false: none, or an
// all-solutions search that halted, which ends with its error).
bool take_solutions(Shared &sh, int depth, bool use_inverse, Result &result);

// The depth loop of solve(): from result.lower_bound up to the options' max_length (QTM: only lengths of
// the cube's parity), each depth offered to a two-phase attempt first (HTM, one solution), then searched
// by the workers `make` gives. Returns with the solutions in `result`, or throws as solve() says.
template <class MakeWorker>
void search_depths(Shared &sh, const twophase::Tables &tables, const CubieCube &cube, bool use_inverse,
                   MakeWorker make, Result &result) {
    const Options &options = sh.options;
    const bool qtm = options.metric == Metric::kQtm;
    const int max_length = std::min(options.max_length, qtm ? kGodsNumberQtm : kGodsNumber);
    // In QTM every turn changes the corner permutation's parity: only lengths of the cube's parity.
    const int step = qtm ? 2 : 1;
    const char *unit = qtm ? "quarter turns" : "moves";
    if (qtm && result.lower_bound % 2 != cube.corner_parity()) ++result.lower_bound;
    uint64_t previous = 0;  // nodes of the last depth searched
    for (int depth = result.lower_bound; depth <= max_length; depth += step) {
        sh.depth = depth;
        if (options.progress && report(sh)) sh.halt = static_cast<int>(Halt::kCancelled);
        // The attempt: first on one thread, beside the depth's search on more.
        const uint64_t budget = sh.halt.load() == static_cast<int>(Halt::kNone) ? attempt_budget(sh, previous) : 0;
        BesideAttempt beside{tables, cube, budget};
        if (budget > 0 && options.threads == 1)
            beside.outcome = two_phase_attempt(tables, cube, depth, budget, [&sh] { return stop_due(sh, true); },
                                               beside.found);
        const uint64_t before = sh.nodes.load();
        if (sh.halt.load() == static_cast<int>(Halt::kNone) && beside.outcome != Attempt::kFound)
            search_depth(sh, make, budget > 0 && options.threads > 1 ? &beside : nullptr);
        if (beside.outcome == Attempt::kFound) {
            // Every shorter depth is ruled out: it is a shortest solution.
            result.nodes = sh.nodes.load();
            result.length = static_cast<int>(beside.found.size());
            result.lower_bound = result.length;
            result.proven_optimal = true;
            result.solutions.push_back(std::move(beside.found));
            return;
        }
        result.nodes = sh.nodes.load();
        previous = result.nodes - before;
        if (take_solutions(sh, depth, use_inverse, result)) return;
        const auto why = static_cast<Halt>(sh.halt.load());
        if (why == Halt::kTimeout)
            throw Error(CUBE_ERROR_TIMEOUT,
                        error_text("optimal search: time limit reached; no solution has fewer than %d %s",
                                   result.lower_bound, unit));
        if (why == Halt::kCancelled)
            throw Error(CUBE_ERROR_CANCELLED, error_text("optimal search cancelled; no solution has fewer than %d %s",
                                                         result.lower_bound, unit));
        result.lower_bound = depth + step;
    }
    throw Error(CUBE_ERROR_UNSOLVABLE, error_text("no solution of at most %d %s", max_length, unit));
}

// Checks the cube and the options as solve() says (CUBE_ERROR_INVALID_ARGUMENT).
void check_request(const CubieCube &cube, const Options &options);

}  // namespace lc::optimal
