#include "search.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <new>
#include <queue>
#include <string>

#include "cancel.hpp"
#include "error.hpp"
#include "open_list.hpp"
#include "orient.hpp"
#include "rotation_bound.hpp"
#include "search_node.hpp"

namespace lc::robot {
namespace {

constexpr int64_t kInf = std::numeric_limits<int64_t>::max();
constexpr uint32_t kStopCheckInterval = 256;  // node expansions between looks at the stop flag
constexpr int64_t kLeastBucketUs = 1000;       // open-list buckets when step times are whole milliseconds

// Counts one step tried against the plan's budget; throws when none is left.
void take_step(SearchBudget &budget) {
    if (budget.left == 0)
        throw Error(CUBE_ERROR_UNSUPPORTED, "planning this sequence needs more than " + std::to_string(budget.limit) +
                                                " search steps, the planner's limit");
    --budget.left;
}

bool amount_matches(int q, int amount) {
    return ((q % 4) + 4) % 4 == amount;
}

// Search state reused between searches on one thread. An entry is valid only while its stamp is the
// current search's, so nothing is cleared between searches; new arrays come from calloc and malloc,
// whose pages the system provides (zeroed) only when first touched: no up-front fill of tens of MB
// delays the first search of a thread or a stop request.
class Scratch {
  public:
    void prepare(size_t n) {
        if (n > size_) grow(n);
        if (++current_ == 0) {  // the stamps wrapped: start afresh
            std::memset(stamp_.get(), 0, size_ * sizeof(uint32_t));
            current_ = 1;
        }
    }
    int64_t cost(uint32_t i) const { return stamp_[i] == current_ ? g_[i] : kInf; }
    int64_t bound(uint32_t i) const { return h_[i]; }  // valid where cost() is
    uint32_t parent(uint32_t i) const { return parent_[i]; }
    const Step *via(uint32_t i) const { return via_[i]; }
    void set(uint32_t i, int64_t cost, int64_t bound, uint32_t parent, const Step *via) {
        stamp_[i] = current_;
        g_[i] = cost;
        h_[i] = bound;
        parent_[i] = parent;
        via_[i] = via;
    }

  private:
    struct Free {
        void operator()(void *p) const { std::free(p); }
    };
    template <typename T>
    using Array = std::unique_ptr<T[], Free>;

    template <typename T>
    static Array<T> allocate(size_t n, bool zeroed) {
        void *p = zeroed ? std::calloc(n, sizeof(T)) : std::malloc(n * sizeof(T));
        if (!p) throw std::bad_alloc();
        return Array<T>(static_cast<T *>(p));
    }
    void grow(size_t n) {
        stamp_.reset();  // free the old arrays first
        g_.reset();
        h_.reset();
        parent_.reset();
        via_.reset();
        size_ = 0;
        stamp_ = allocate<uint32_t>(n, true);
        g_ = allocate<int64_t>(n, false);
        h_ = allocate<int64_t>(n, false);
        parent_ = allocate<uint32_t>(n, false);
        via_ = allocate<const Step *>(n, false);
        size_ = n;
        current_ = 0;
    }

    Array<uint32_t> stamp_;
    Array<int64_t> g_;
    Array<int64_t> h_;
    Array<uint32_t> parent_;
    Array<const Step *> via_;
    size_t size_ = 0;
    uint32_t current_ = 0;
};

// A Scratch kept for the next search, from a pool the threads share rather than a thread_local (only
// trivially destructible thread_locals: error.cpp says why). A search takes one and gives it back.
class ScratchLease {
  public:
    ScratchLease() {
        std::lock_guard<std::mutex> lock(pool_lock());
        if (pool().empty()) {
            scratch_ = std::make_unique<Scratch>();
        } else {
            scratch_ = std::move(pool().back());
            pool().pop_back();
        }
    }
    ~ScratchLease() {
        std::lock_guard<std::mutex> lock(pool_lock());
        try {
            pool().push_back(std::move(scratch_));
        } catch (...) {  // not kept: freed
        }
    }
    ScratchLease(const ScratchLease &) = delete;
    ScratchLease &operator=(const ScratchLease &) = delete;
    Scratch &operator*() { return *scratch_; }

  private:
    // Never freed: in use until the process ends.
    static std::mutex &pool_lock() {
        static auto *lock = new std::mutex;
        return *lock;
    }
    static std::vector<std::unique_ptr<Scratch>> &pool() {
        static auto *kept = new std::vector<std::unique_ptr<Scratch>>;
        return *kept;
    }
    std::unique_ptr<Scratch> scratch_;
};

}  // namespace

bool search(const Robot &robot, const std::vector<FaceTurn> &turns, const SearchQuery &query, SearchResult &out) {
    const size_t begin = query.begin, end = query.end;
    const SearchState start = query.start;
    const int64_t bound_us = query.bound_us, goal_mech = query.goal_mech;
    const bool guided = query.guided;
    const StopFlag *stop = query.stop;
    SearchBudget *budget = query.budget;
    std::vector<PathStep> &path = out.path;
    SearchState &finish = out.finish;
    int64_t &cost = out.cost;
    const Orientations &ot = orientations();
    const size_t n = end - begin;
    // A node is (turns done k, whether turn k+1 was done before turn k, orientation, mechanism), the
    // mechanism numbered among the robot's live states (M of them): search_node.hpp.
    const uint32_t M = robot.live_count();
    const int32_t start_live = robot.live_index(start.mech);
    if (start_live < 0) {  // a state no step leaves: only nothing to do can be done from it
        if (begin != end || (goal_mech >= 0 && uint32_t(goal_mech) != start.mech)) return false;
        path.clear();
        finish = start;
        cost = 0;
        return true;
    }
    auto live = [&](uint32_t mech) { return uint32_t(robot.live_index(mech)); };
    const size_t nodes = SearchNodes::count(n, M);
    const SearchNodes ids(M);
    if (nodes > std::numeric_limits<uint32_t>::max())
        throw Error(CUBE_ERROR_UNSUPPORTED, "move sequence too long to plan for this robot");
    const bool pairs = query.pairs && robot.pairs_opposite();
    auto turn = [&](size_t k) -> const FaceTurn & { return turns[begin + k]; };
    // Turns k and k+1 on opposite faces commute: either may go first, or both in one step.
    auto commute = [&](size_t k) { return k + 1 < n && turn(k + 1).face == kOpposite[turn(k).face]; };

    // Lower bound of the time still needed: each turn's quickest step (halved where two opposite
    // turns could share one step), so the search is A* with a consistent heuristic.
    std::vector<int64_t> part(n, 0), h0(n + 1, 0), h1(n + 1, 0);
    std::vector<bool> pairable(n, false);
    for (size_t k = 0; k < n && guided; ++k) {
        int64_t lb = robot.min_turn(turn(k).amount == 2 ? 2 : 1);
        pairable[k] = pairs && (commute(k) || (k > 0 && commute(k - 1)));
        part[k] = pairable[k] ? lb / 2 : lb;
    }
    for (size_t k = n; k-- > 0;) {
        h0[k] = h0[k + 1] + part[k];
        if (commute(k)) h1[k] = part[k] + h0[k + 2];  // turn k+1 done, turn k still to do
    }
    // Sharper, with the turn bound: a turn that cannot share a step costs at least the least time from
    // the end of any turn that may come just before it to its own end. rest[k]: turns k.. together.
    const TurnBound &tb = robot.turn_bound();
    auto relation = [&](size_t a, size_t b) {
        const int fa = turn(a).face, fb = turn(b).face;
        if (fa == fb) return TurnBound::kSameFace;
        return fb == kOpposite[fa] ? TurnBound::kOppositeFace : TurnBound::kAdjacentFace;
    };
    auto after = [&](size_t before, size_t k) -> int64_t {
        return tb.after(turn(before).amount, turn(k).amount, relation(before, k));
    };
    std::vector<int64_t> rest(n + 1, 0);
    for (size_t k = n; k-- > 0;) {
        int64_t own = part[k];
        if (guided && k > 0 && !pairable[k]) {
            int64_t least = after(k - 1, k);
            if (commute(k - 1) && k > 1) least = std::min(least, after(k - 2, k));
            if (commute(k)) least = std::min(least, after(k + 1, k));
            if (least < TurnBound::kNever) own = std::max(own, least);  // else the search finds no way
        }
        rest[k] = rest[k + 1] + own;
    }

    ScratchLease lease;
    Scratch &sc = *lease;
    sc.prepare(nodes);
    OpenList open(robot.time_quantum() >= kLeastBucketUs ? robot.time_quantum() : 0);
    // With the turn bound: the least time to the end of the next turn from this node (of either turn
    // when two commute), then the bound of the turns after it. Never more than the time needed.
    auto next_turn = [&](size_t k, int o, uint32_t m) -> int64_t {
        const FaceTurn &t = turn(k);
        return tb.at(t.amount, m, ot.position_of[o][t.face]);
    };
    // With the rotation bound (robots with many mechanical states): the least time over the
    // orientations the cube may be turned to before each turn still to do; never below the bound above.
    const RotationBound *rb = guided ? robot.rotation_bound() : nullptr;
    RotationChain chain;
    if (rb) chain.build(*rb, turns, begin, n, pairs);
    auto hval = [&](uint32_t node) -> int64_t {
        const size_t layer = ids.done(node);
        const int flag = ids.flag(node);
        if (!guided || layer == n) return flag ? h1[layer] : h0[layer];
        const int o = ids.orient(node);
        const uint32_t m = robot.live_mech(ids.live(node));
        int64_t first = next_turn(layer, o, m);
        if (!flag && commute(layer)) first = std::min(first, next_turn(layer + 1, o, m));
        if (first >= TurnBound::kNever) return kInf;  // no turn can follow from here
        const int64_t h = first + rest[flag || commute(layer) ? layer + 2 : layer + 1];
        if (!rb) return h;
        const int64_t oriented = chain.from_state(*rb, ids.live(node), o, layer, flag);
        if (oriented >= RotationBound::kNever) return kInf;
        return std::max(h, oriented);
    };
    auto relax = [&](uint32_t from, uint32_t to, const Step *s, int64_t g) {
        if (budget) take_step(*budget);
        const int64_t known = sc.cost(to);
        if (g >= known) return;
        const int64_t h = known == kInf ? hval(to) : sc.bound(to);  // a node's bound, once computed, is kept
        if (h == kInf) return;
        int64_t f = g + h;
        if (bound_us >= 0 && f >= bound_us) return;
        sc.set(to, g, h, from, s);
        open.push(f, to);
    };
    auto matches = [&](int face, int q, const FaceTurn &t) { return face == t.face && amount_matches(q, t.amount); };
    // The step from node `from` to `to`, with the source move of each layer it turns.
    auto path_step = [&](uint32_t to, uint32_t from) -> PathStep {
        const Step *s = sc.via(to);
        PathStep ps{s, {-1, -1}};
        const size_t cv = ids.stage(to), pv = ids.stage(from);
        if (cv == pv) return ps;
        const size_t done = SearchNodes::done_of_stage(pv);
        if (s->eff.nturns == 2) {  // turns done and done + 1: which face did which
            const size_t k = done;
            const bool in_order = ot.faces[ids.orient(from)][s->eff.face[0]] == turn(k).face;
            ps.move_index[0] = turn(in_order ? k : k + 1).source;
            ps.move_index[1] = turn(in_order ? k + 1 : k).source;
            return ps;
        }
        const size_t moved = SearchNodes::flag_of_stage(pv) ? done : (cv == pv + 1 ? done + 1 : done);
        ps.move_index[0] = turn(moved).source;
        return ps;
    };
    const uint32_t s0 = ids.encode(0, 0, start.orient, uint32_t(start_live));
    relax(s0, s0, nullptr, 0);
    uint32_t expanded = 0;
    while (!open.empty()) {
        if (stop && expanded++ % kStopCheckInterval == 0 && stop->stopped())
            throw Error(CUBE_ERROR_CANCELLED, "cancelled while planning a move sequence");
        auto [f, node] = open.pop();
        const int64_t g = sc.cost(node);
        if (f != g + sc.bound(node)) continue;  // stale entry
        const size_t layer = ids.done(node);
        const int flag = ids.flag(node), o = ids.orient(node);
        const uint32_t m = robot.live_mech(ids.live(node));
        if (layer == n && flag == 0 && (goal_mech < 0 || m == goal_mech)) {
            finish = {o, m};
            cost = g;
            path.clear();
            for (uint32_t v = node; v != s0; v = sc.parent(v))
                path.push_back(path_step(v, sc.parent(v)));
            std::reverse(path.begin(), path.end());
            return true;
        }
        for (const Step &s : robot.free_steps(m))
            relax(node, ids.encode(layer, flag, ot.then[o][s.rot], live(s.next)), &s, g + s.duration);
        if (layer == n) continue;  // all turns done; only a goal mechanism is still to reach
        const Faces &at = ot.faces[o];
        for (const Step &s : robot.turn_steps(m)) {
            const int f0 = at[s.eff.face[0]];
            if (s.eff.nturns == 1) {
                if (flag == 0 && matches(f0, s.eff.q[0], turn(layer)))
                    relax(node, ids.encode(layer + 1, 0, o, live(s.next)), &s, g + s.duration);
                else if (flag == 0 && commute(layer) && matches(f0, s.eff.q[0], turn(layer + 1)))
                    relax(node, ids.encode(layer, 1, o, live(s.next)), &s, g + s.duration);
                else if (flag == 1 && matches(f0, s.eff.q[0], turn(layer)))
                    relax(node, ids.encode(layer + 2, 0, o, live(s.next)), &s, g + s.duration);
                continue;
            }
            if (!pairs || flag == 1 || !commute(layer)) continue;
            const int f1 = at[s.eff.face[1]];
            const FaceTurn &t = turn(layer), &u = turn(layer + 1);
            if ((matches(f0, s.eff.q[0], t) && matches(f1, s.eff.q[1], u)) ||
                (matches(f1, s.eff.q[1], t) && matches(f0, s.eff.q[0], u)))
                relax(node, ids.encode(layer + 2, 0, o, live(s.next)), &s, g + s.duration);
        }
    }
    return false;
}

}  // namespace lc::robot
