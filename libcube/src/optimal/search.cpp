// IDA*: depth by depth; each depth's tree is cut into units by its first two moves (three when two
// leave few units: a symmetric cube's), which the workers take in turn (the calling thread is one of
// them and the only one that reports).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <future>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>

#include "error.hpp"
#include "optimal/bounds.hpp"
#include "optimal/symmetry_cut.hpp"
#include "optimal/optimal.hpp"
#include "optimal/two_phase_attempt.hpp"

namespace lc::optimal {
namespace {

using Clock = std::chrono::steady_clock;
constexpr uint32_t kPollNodes = 4096;  // nodes between two looks at the clock and the stop flag
constexpr auto kReportEvery = std::chrono::milliseconds(500);
// Two-phase attempts (README "Two-phase attempts") begin after a depth of at least this many nodes.
constexpr uint64_t kAttemptAfter = 20000;
// Bits of the quarter turns X and X' (moves 3f and 3f + 2, not the half turns 3f + 1).
constexpr uint32_t quarter_turns() {
    uint32_t mask = 0;
    for (int m = 0; m < 18; ++m)
        if (m % 3 != 1) mask |= 1u << m;
    return mask;
}
constexpr uint32_t kQuarterTurns = quarter_turns();
static_assert(kQuarterTurns == 0x2db6d, "quarter turns: moves 0, 2, 3, 5, ...");

enum class Halt { kNone, kTimeout, kCancelled };

constexpr int kUnitMoves = 3;   // the longest prefix a unit starts with
constexpr size_t kFewUnits = 64; // fewer units of two moves than this: units of three

struct Unit {
    uint8_t moves[kUnitMoves];
    uint8_t length;
};

// What move m (3 * face + amount - 1) adds to a solution's length.
inline int move_cost(Metric metric, int m) { return metric == Metric::kQtm && m % 3 == 1 ? 2 : 1; }

// What the workers of one depth share.
struct Shared {
    Shared(const Bounds &b, const Options &o, const SymmetryCut &c)
        : bounds(b), options(o), cut(c), start(Clock::now()), deadline(start + std::chrono::microseconds(o.timeout_us)),
          has_deadline(o.timeout_us > 0), last_report(start) {}
    const Bounds &bounds;
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
bool report(const Shared &sh) {
    Progress p;
    p.depth = sh.depth;
    p.nodes = sh.nodes.load(std::memory_order_relaxed);
    p.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sh.start).count();
    return sh.options.progress(p);
}

// Records why the search stops (the first reason given wins); true.
bool halt(Shared &sh, Halt h) {
    int none = static_cast<int>(Halt::kNone);
    sh.halt.compare_exchange_strong(none, static_cast<int>(h));
    return true;
}

// Looks at the stop flag, the clock and (for the reporting thread) the progress callback: true when the
// search is to stop.
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

// The children of a node being expanded, probed in rounds (each child's axes in its probe order, the
// corners after the last, then the inverse's axes; the inverse's first where Bounds::inverse_first says
// so), each round for the children still alive: a child one probe prunes is read no further, and the
// reads of a round are in flight together. An axis's class entry is looked up only for the children the
// previous axis left: looking it up ahead for every child (to overlap it with the previous axis's read)
// cost more than it hid (README "Where the time goes").
struct Children {
    int count = 0, alive_count = 0;
    int round = 0;  // probing rounds started (probes + 1: done)
    uint8_t which[twophase::kMoves];
    uint8_t alive[twophase::kMoves];
    uint8_t order[twophase::kMoves][kAxes];  // per child, as Bounds::probe_order gives
    Node child[twophase::kMoves];
    uint64_t index[twophase::kMoves][kProbes];
    AxisCoords inverse[twophase::kMoves];  // the inverse's coordinates on the axis being probed
    uint8_t inverse_order[kAxes];           // the inverse's axes in the order probed
    uint8_t kept_axis[twophase::kMoves];    // the inverse's axis whose bound the child has from its parent, or kAxes
    bool inverse_first = false;             // the inverse's axes are probed before the cube's
    // The cube's axis (0..2, in the child's order) or the inverse's (kAxes + 0..2) probed in round p.
    int probe_of(int p) const { return inverse_first ? (p + kAxes) % (2 * kAxes) : p; }
};

class Worker {
public:
    Worker(Shared &sh, bool reporting)
        : sh_(sh), maps_(axis_maps()), reporting_(reporting), probes_(sh.bounds.probes_inverse() ? 2 * kAxes : kAxes) {}

    // Searches one unit: its prefix from the root, then the rest of the depth.
    void run(const Node &root, const Unit &u, int unit_index) {
        unit_ = unit_index;
        Node n = root;
        int prev = -1, budget = sh_.depth;
        for (int k = 0; k < u.length; ++k) {
            Node child{};
            uint64_t index[kProbes];
            budget -= move_cost(sh_.options.metric, u.moves[k]);
            for (int r = 0; r < kAxes; ++r) {
                sh_.bounds.start_axis(n, u.moves[k], child, r, index);
                sh_.bounds.locate(child, r, index, budget);
                if (!sh_.bounds.finish(n, child, r, index, budget)) return;
            }
            if (!Bounds::axes_allow(child, budget)) return;
            sh_.bounds.prefetch_corners(n, u.moves[k], child, index);
            if (!sh_.bounds.corners_allow(child, index, budget)) return;
            sh_.bounds.invert_step(n, u.moves[k], child);
            if (inverse_read(budget) && !probe_inverse(child, budget)) return;
            path_[k] = u.moves[k];
            n = child;
            prev = u.moves[k];
        }
        dfs(n, budget, prev, u.length);
    }
    void flush() { sh_.nodes.fetch_add(std::exchange(nodes_, 0), std::memory_order_relaxed); }

private:
    // True when the search of this unit is to end.
    bool dfs(const Node &n, int budget, int prev, int at) {
        if (++nodes_ % kPollNodes == 0 && poll()) return true;
        if (budget == 0) return Bounds::solved(n) && record(at);
        Children c;
        expand(n, budget, prev, c);
        while (c.round <= probes_) probe_round(n, budget, c);
        for (int i = 0; i < c.alive_count; ++i) {
            int k = c.alive[i];
            path_[at] = c.which[k];
            if (dfs(c.child[k], budget - move_cost(sh_.options.metric, c.which[k]), c.which[k], at + 1)) return true;
        }
        return false;
    }

    // Whether a node with `budget` moves left has its inverse's bounds (read when it was a child, or at
    // the root or in a unit's prefix).
    bool inverse_read(int budget) const { return probes_ > kAxes && budget <= sh_.bounds.inverse_reach(); }

    // Probes a unit's prefix node on the inverse's three axes; false when they rule it out.
    bool probe_inverse(Node &n, int budget) const {
        uint64_t index[kProbes];
        for (int r = 0; r < kAxes; ++r) {
            AxisCoords at;
            sh_.bounds.start_inverse(n, r, at);
            sh_.bounds.locate_inverse(at, r, index);
            if (!sh_.bounds.finish_inverse(n, r, index, budget)) return false;
        }
        return Bounds::inverse_axes_allow(n, budget);
    }

    // A move that turns the U or D face of axis r leaves the inverse's coordinates on r as they were
    // (README "Inverse probes"): the child's bound there is the node's, and when that exceeds what the
    // child has left, the move is not tried.
    // A move costs 1, a half turn 2 in QTM.
    uint32_t inverse_rules_out(const Node &n, int budget) const {
        if (!inverse_read(budget)) return 0;
        uint32_t out = 0;
        for (int r = 0; r < kAxes; ++r) {
            if (n.inv_dist[r] >= budget)
                out |= maps_.axis_moves[r];
            else if (sh_.options.metric == Metric::kQtm && n.inv_dist[r] + 1 >= budget)
                out |= maps_.axis_moves[r] & ~kQuarterTurns;
        }
        return out;
    }

    // Lists the children of n worth probing (the moves the bounds leave), each with its probe order.
    void expand(const Node &n, int budget, int prev, Children &c) const {
        uint32_t moves = sh_.bounds.moves_to_try(n, budget, prev) & ~inverse_rules_out(n, budget);
        if (sh_.options.metric == Metric::kQtm && budget == 1) moves &= kQuarterTurns;
        c.count = 0;
        const bool kept = inverse_read(budget);
        for (uint32_t left = moves; left; left &= left - 1) {
            int m = __builtin_ctz(left);
            c.kept_axis[c.count] = kept ? maps_.turn_axis[m] : kAxes;
            sh_.bounds.probe_order(n, m, c.order[c.count]);
            c.which[c.count++] = static_cast<uint8_t>(m);
        }
        c.inverse_first = kept && sh_.bounds.inverse_first(budget - 1);
        c.round = 0;
    }

    // One probing round: the reads of the last round decide which children stay alive, the next
    // probe's class entries and then its table entries are located and prefetched for them (with the
    // cube's last axis, the corner table's too: it prunes few children).
    void probe_round(const Node &n, int budget, Children &c) const {
        const Bounds &b = sh_.bounds;
        int kept = 0;
        for (int i = 0; i < (c.round == 0 ? c.count : c.alive_count); ++i) {
            int k = c.round == 0 ? i : c.alive[i];
            if (c.round > 0 &&
                !probe_allows(n, c, k, c.probe_of(c.round - 1), budget - move_cost(sh_.options.metric, c.which[k])))
                continue;
            c.alive[kept++] = static_cast<uint8_t>(k);
        }
        c.alive_count = kept;
        if (c.round >= probes_) {
            c.round = probes_ + 1;
            return;
        }
        const int probe = c.probe_of(c.round);
        auto left = [&](int k) { return budget - move_cost(sh_.options.metric, c.which[k]); };
        if (probe < kAxes) {
            for (int i = 0; i < kept; ++i) {
                int k = c.alive[i];
                b.start_axis(n, c.which[k], c.child[k], c.order[k][probe], c.index[k]);
            }
            for (int i = 0; i < kept; ++i) {
                int k = c.alive[i];
                b.locate(c.child[k], c.order[k][probe], c.index[k], left(k));
                if (probe + 1 == kAxes) b.prefetch_corners(n, c.which[k], c.child[k], c.index[k]);
            }
        } else {
            if (probe == kAxes) inverse_order(n, c.inverse_order);
            const int r = c.inverse_order[probe - kAxes];
            for (int i = 0; i < kept; ++i) {
                int k = c.alive[i];
                if (probe == kAxes) b.invert_step(n, c.which[k], c.child[k]);
                if (reads_inverse(c, k, r, left(k))) b.start_inverse(c.child[k], r, c.inverse[k]);
            }
            for (int i = 0; i < kept; ++i) {
                int k = c.alive[i];
                if (reads_inverse(c, k, r, left(k))) b.locate_inverse(c.inverse[k], r, c.index[k]);
            }
        }
        c.round = kept == 0 ? probes_ + 1 : c.round + 1;
    }

    // The inverse's axes, the parent's largest bound first.
    static void inverse_order(const Node &n, uint8_t order[kAxes]) {
        for (int r = 0; r < kAxes; ++r) {
            int at = r;
            for (; at > 0 && n.inv_dist[order[at - 1]] < n.inv_dist[r]; --at) order[at] = order[at - 1];
            order[at] = static_cast<uint8_t>(r);
        }
    }

    // Whether child k's inverse is read on axis r: where its entries can prune, and not on the axis
    // whose bound it has from its parent.
    bool reads_inverse(const Children &c, int k, int r, int left) const {
        return left <= sh_.bounds.inverse_reach() && c.kept_axis[k] != r;
    }

    // Whether child k passes probe p (read in the last round) with `left` moves left after it.
    bool probe_allows(const Node &n, Children &c, int k, int p, int left) const {
        const Bounds &b = sh_.bounds;
        Node &child = c.child[k];
        if (p < kAxes) {
            if (!b.finish(n, child, c.order[k][p], c.index[k], left)) return false;
            return p + 1 < kAxes || (Bounds::axes_allow(child, left) && b.corners_allow(child, c.index[k], left));
        }
        const int r = c.inverse_order[p - kAxes];
        if (c.kept_axis[k] == r)
            child.inv_dist[r] = n.inv_dist[r];  // not more than `left`: inverse_rules_out
        else if (left > b.inverse_reach())
            return true;  // not read: its entries cannot prune there
        else if (!b.finish_inverse(child, r, c.index[k], left))
            return false;
        return p + 1 < 2 * kAxes || Bounds::inverse_axes_allow(child, left);
    }

    bool record(int length) {
        MoveList moves;
        for (int k = 0; k < length; ++k)
            moves.push_back(Move{static_cast<uint8_t>(path_[k] / 3), static_cast<uint8_t>(path_[k] % 3 + 1)});
        std::lock_guard<std::mutex> lock(sh_.mutex);
        sh_.solutions.emplace_back(unit_, std::move(moves));
        sh_.found.fetch_add(1);
        if (sh_.options.all_solutions) return sh_.found.load() >= sh_.options.limit;
        int best = sh_.best_unit.load();
        while (unit_ < best && !sh_.best_unit.compare_exchange_weak(best, unit_)) {
        }
        return true;
    }

    // Looks at the clock, the stop flag and (reporting worker) the progress callback.
    bool poll() {
        flush();
        if (!sh_.options.all_solutions && sh_.best_unit.load(std::memory_order_relaxed) < unit_) return true;
        if (sh_.options.all_solutions && sh_.found.load(std::memory_order_relaxed) >= sh_.options.limit) return true;
        return stop_due(sh_, reporting_);
    }

private:
    Shared &sh_;
    const AxisMaps &maps_;
    bool reporting_;
    int probes_;  // per child: the cube's axes, then (with the standard table) the inverse's
    int unit_ = 0;
    uint64_t nodes_ = 0;
    uint8_t path_[kGodsNumberQtm + 2] = {};
};

// Adds the units that start with u's first `at` moves (with `left` of the depth left), in move order:
// each allowed move the cut tries, alone if it uses the whole depth, else followed by the rest of a
// prefix of `length` moves.
void add_units(Unit &u, int at, int left, int length, Metric metric, const SymmetryCut &cut,
               std::vector<Unit> &units) {
    const uint32_t follow = axis_maps().follow[at == 0 ? 0 : u.moves[at - 1] + 1];
    for (int m = 0; m < twophase::kMoves; ++m) {
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

// The units of a depth: prefixes of two moves, or of three if two leave fewer than kFewUnits.
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
// the attempt's).
void search_depth(Shared &sh, const Node &root, BesideAttempt *attempt) {
    std::vector<Unit> units = units_of(sh.depth, sh.options.metric, sh.cut);
    std::atomic<int> next{0};
    auto work = [&](bool reporting) {
        Worker w(sh, reporting);
        for (int i; (i = next.fetch_add(1)) < static_cast<int>(units.size());) {
            if (sh.halt.load() != static_cast<int>(Halt::kNone)) break;
            if (!sh.options.all_solutions && sh.best_unit.load() < i) break;
            if (sh.options.all_solutions && sh.found.load() >= sh.options.limit) break;
            w.run(root, units[static_cast<size_t>(i)], i);
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
uint64_t attempt_budget(const Shared &sh, uint64_t previous) {
    if (sh.options.all_solutions || sh.options.metric != Metric::kHtm || previous < kAttemptAfter) return 0;
    return previous * sh.options.attempt_nodes_per_node;
}

}  // namespace

void solve(const twophase::Tables &tables, const CubieCube &cube, const Options &options, Result &result) {
    result = Result{};
    result.standard_table = options.table != nullptr && options.table->layout().bits == 3;
    result.small_table = options.table != nullptr && options.table->layout().bits == 1;
    if (!cube.valid()) throw Error(CUBE_ERROR_INVALID_ARGUMENT, "the cube is not a solvable 3x3");
    if (options.max_length < 0 || options.threads < 1 || options.limit < 1 || options.timeout_us < 0)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    error_text("optimal: bad options (max_length %d, threads %d, limit %d)", options.max_length,
                               options.threads, options.limit));
    Bounds bounds(tables, options.table);
    // The cube or its inverse (the same length; a solution of one, reversed and inverted, solves the
    // other), whichever the tables bound higher at the root: its tree is usually the smaller one.
    CubieCube inverse = cube.inverse();
    Node root = bounds.root(cube), root_inverse = bounds.root(inverse);
    auto sum = [](const Node &n) { return n.dist[0] + n.dist[1] + n.dist[2] + n.corner_dist; };
    const bool use_inverse = Bounds::bound(root_inverse) > Bounds::bound(root) ||
                             (Bounds::bound(root_inverse) == Bounds::bound(root) && sum(root_inverse) > sum(root));
    if (use_inverse) root = root_inverse;
    // Every solution, or the first: then of a symmetric cube's first moves only the least of each orbit
    // under its symmetries (the first solution in move order is among them).
    const SymmetryCut cut = options.all_solutions ? SymmetryCut() : SymmetryCut(use_inverse ? inverse : cube);
    Shared sh(bounds, options, cut);
    const bool qtm = options.metric == Metric::kQtm;
    int max_length = std::min(options.max_length, qtm ? kGodsNumberQtm : kGodsNumber);
    // In QTM every turn changes the corner permutation's parity: only lengths of the cube's parity.
    const int step = qtm ? 2 : 1;
    const char *unit = qtm ? "quarter turns" : "moves";
    result.lower_bound = Bounds::bound(root);
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
            search_depth(sh, root, budget > 0 && options.threads > 1 ? &beside : nullptr);
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
        auto why = static_cast<Halt>(sh.halt.load());
        if (!sh.solutions.empty()) {
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
            if (why == Halt::kNone || !options.all_solutions) return;
        }
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

}  // namespace lc::optimal
