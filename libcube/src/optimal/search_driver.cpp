#include "optimal/search_driver.hpp"

#include "optimal/bounds.hpp"

namespace lc::optimal {
namespace {

// Two-phase attempts (README "Two-phase attempts") begin after a depth of at least this many nodes.
constexpr uint64_t kAttemptAfter = 20000;
constexpr auto kReportEvery = std::chrono::milliseconds(500);
constexpr size_t kFewUnits = 64;  // fewer units of two moves than this: units of three

// Records why the search stops (the first reason given wins); true.
bool halt(Shared &sh, Halt h) {
    int none = static_cast<int>(Halt::kNone);
    sh.halt.compare_exchange_strong(none, static_cast<int>(h));
    return true;
}

// Adds the units that start with u's first `at` moves (with `left` of the depth left), in move order:
// each allowed move the cut tries, alone if it uses the whole depth, else followed by the rest of a
// prefix of `length` moves.
void add_units(Unit &u, int at, int left, int length, Metric metric, const SymmetryCut &cut,
               std::vector<Unit> &units) {
    const uint32_t follow = axis_maps().follow[at == 0 ? 0 : u.moves[at - 1] + 1];
    for (int m = 0; m < kMoveCount; ++m) {
        int rest = left - move_cost(metric, m);
        if (!(follow >> m & 1) || rest < 0 || !cut.tries(u.moves, at, m)) continue;
        u.moves[at] = static_cast<uint8_t>(m);
        u.length = static_cast<uint8_t>(at + 1);
        if (rest == 0 || at + 1 == length)
            units.push_back(u);
        else
            add_units(u, at + 1, rest, length, metric, cut, units);
    }
}

}  // namespace

std::vector<Unit> units_of(int depth, Metric metric, const SymmetryCut &cut) {
    if (depth == 0) return {Unit{{0, 0, 0}, 0}};
    std::vector<Unit> units;
    for (int length = 2; length <= kUnitMoves; ++length) {
        units.clear();
        Unit u{};
        add_units(u, 0, depth, length, metric, cut, units);
        if (units.size() >= kFewUnits) break;
    }
    return units;
}

bool report(const Shared &sh) {
    Progress p;
    p.depth = sh.depth;
    p.nodes = sh.nodes.load(std::memory_order_relaxed);
    p.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sh.start).count();
    return sh.options.progress(p);
}

bool stop_due(Shared &sh, bool reporting) {
    if (sh.halt.load(std::memory_order_relaxed) != static_cast<int>(Halt::kNone)) return true;
    Clock::time_point now = Clock::now();
    if (sh.options.stop && sh.options.stop->stopped()) return halt(sh, Halt::kCancelled);
    if (sh.has_deadline && now >= sh.deadline) return halt(sh, Halt::kTimeout);
    if (reporting && sh.options.progress && now - sh.last_report >= kReportEvery) {
        sh.last_report = now;
        if (report(sh)) return halt(sh, Halt::kCancelled);
    }
    return false;
}

bool poll_due(Shared &sh, int unit, uint64_t &nodes, bool reporting) {
    sh.nodes.fetch_add(std::exchange(nodes, 0), std::memory_order_relaxed);
    if (!sh.options.all_solutions && sh.best_unit.load(std::memory_order_relaxed) < unit) return true;
    if (sh.options.all_solutions && sh.found.load(std::memory_order_relaxed) >= sh.options.limit) return true;
    return stop_due(sh, reporting);
}

bool record_solution(Shared &sh, int unit, const uint8_t *path, int length) {
    MoveList moves;
    for (int k = 0; k < length; ++k)
        moves.push_back(Move{static_cast<uint8_t>(path[k] / 3), static_cast<uint8_t>(path[k] % 3 + 1)});
    std::lock_guard<std::mutex> lock(sh.mutex);
    sh.solutions.emplace_back(unit, std::move(moves));
    sh.found.fetch_add(1);
    if (sh.options.all_solutions) return sh.found.load() >= sh.options.limit;
    int best = sh.best_unit.load();
    while (unit < best && !sh.best_unit.compare_exchange_weak(best, unit)) {
    }
    return true;
}

uint64_t attempt_budget(const Shared &sh, uint64_t previous) {
    if (sh.options.all_solutions || sh.options.metric != Metric::kHtm || previous < kAttemptAfter) return 0;
    return previous * sh.options.attempt_nodes_per_node;
}

bool take_solutions(Shared &sh, int depth, bool use_inverse, Result &result) {
    if (sh.solutions.empty()) return false;
    const Options &options = sh.options;
    std::stable_sort(sh.solutions.begin(), sh.solutions.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    size_t keep = options.all_solutions ? std::min<size_t>(sh.solutions.size(), size_t(options.limit)) : 1;
    for (size_t k = 0; k < keep; ++k) {
        MoveList &m = sh.solutions[k].second;
        if (use_inverse) {
            std::reverse(m.begin(), m.end());
            for (Move &move : m) move.amount = static_cast<uint8_t>(4 - move.amount);
        }
        result.solutions.push_back(std::move(m));
    }
    result.length = depth;
    result.lower_bound = depth;
    result.proven_optimal = true;  // every shorter depth was searched to the end
    // All solutions: a halt ends the search with what it found and its error.
    return sh.halt.load() == static_cast<int>(Halt::kNone) || !options.all_solutions;
}

void check_request(const CubieCube &cube, const Options &options) {
    if (!cube.valid()) throw Error(CUBE_ERROR_INVALID_ARGUMENT, "the cube is not a solvable 3x3");
    if (options.max_length < 0 || options.threads < 1 || options.limit < 1 || options.timeout_us < 0)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    error_text("optimal: bad options (max_length %d, threads %d, limit %d)", options.max_length,
                               options.threads, options.limit));
}

}  // namespace lc::optimal
