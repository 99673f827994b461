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

// The lower bound of the time still needed from a node, so that the search is A* with a consistent
// heuristic: each turn's quickest step (halved where two opposite turns could share one step), sharpened by
// the turn bound and, for robots with many mechanical states, the rotation bound.
class TimeBound {
  public:
    TimeBound(const Robot &robot, const std::vector<FaceTurn> &all, size_t begin, size_t n, bool guided, bool pairs,
              const SearchNodes &ids)
        : robot_(robot), turns_(all.data() + begin), n_(n), guided_(guided), ids_(ids), tb_(robot.turn_bound()),
          rb_(guided ? robot.rotation_bound() : nullptr), part_(n, 0), h0_(n + 1, 0), h1_(n + 1, 0), rest_(n + 1, 0) {
        std::vector<bool> pairable(n, false);
        for (size_t k = 0; k < n && guided; ++k) {
            int64_t lb = robot.min_turn(turns_[k].amount == 2 ? 2 : 1);
            pairable[k] = pairs && (commute(k) || (k > 0 && commute(k - 1)));
            part_[k] = pairable[k] ? lb / 2 : lb;
        }
        for (size_t k = n; k-- > 0;) {
            h0_[k] = h0_[k + 1] + part_[k];
            if (commute(k)) h1_[k] = part_[k] + h0_[k + 2];  // turn k+1 done, turn k still to do
        }
        build_rest(pairable);
        if (rb_) chain_.build(*rb_, all, begin, n, pairs);
    }

    // Turns k and k+1 on opposite faces commute: either may go first, or both in one step.
    bool commute(size_t k) const { return k + 1 < n_ && turns_[k + 1].face == kOpposite[turns_[k].face]; }

    // The bound at `node`; kInf where no turn can follow.
    int64_t operator()(uint32_t node) {
        const size_t layer = ids_.done(node);
        const int flag = ids_.flag(node);
        if (!guided_ || layer == n_) return flag ? h1_[layer] : h0_[layer];
        const int o = ids_.orient(node);
        const uint32_t m = robot_.live_mech(ids_.live(node));
        int64_t first = next_turn(layer, o, m);
        if (!flag && commute(layer)) first = std::min(first, next_turn(layer + 1, o, m));
        if (first >= TurnBound::kNever) return kInf;  // no turn can follow from here
        const int64_t h = first + rest_[flag || commute(layer) ? layer + 2 : layer + 1];
        if (!rb_) return h;
        const int64_t oriented = chain_.from_state(*rb_, ids_.live(node), o, layer, flag);
        if (oriented >= RotationBound::kNever) return kInf;
        return std::max(h, oriented);
    }

  private:
    // With the turn bound: a turn that cannot share a step costs at least the least time from the end of
    // any turn that may come just before it to its own end. rest_[k]: turns k.. together.
    void build_rest(const std::vector<bool> &pairable) {
        for (size_t k = n_; k-- > 0;) {
            int64_t own = part_[k];
            if (guided_ && k > 0 && !pairable[k]) {
                int64_t least = after(k - 1, k);
                if (commute(k - 1) && k > 1) least = std::min(least, after(k - 2, k));
                if (commute(k)) least = std::min(least, after(k + 1, k));
                if (least < TurnBound::kNever) own = std::max(own, least);  // else the search finds no way
            }
            rest_[k] = rest_[k + 1] + own;
        }
    }
    int64_t after(size_t before, size_t k) const {
        const int fa = turns_[before].face, fb = turns_[k].face;
        const TurnBound::Relation relation = fa == fb ? TurnBound::kSameFace
                             : fb == kOpposite[fa] ? TurnBound::kOppositeFace : TurnBound::kAdjacentFace;
        return tb_.after(turns_[before].amount, turns_[k].amount, relation);
    }
    // The least time to the end of turn k from orientation o and mechanism m. Never more than needed.
    int64_t next_turn(size_t k, int o, uint32_t m) const {
        return tb_.at(turns_[k].amount, m, orientations().position_of[o][turns_[k].face]);
    }

    const Robot &robot_;
    const FaceTurn *turns_;
    const size_t n_;
    const bool guided_;
    const SearchNodes &ids_;
    const TurnBound &tb_;
    const RotationBound *rb_;
    RotationChain chain_;
    std::vector<int64_t> part_, h0_, h1_, rest_;
};

// One search: A* over the nodes of search_node.hpp, (turns done k, whether turn k+1 was done before turn
// k, orientation, mechanism), the mechanism numbered among the robot's live states.
class PlanSearch {
  public:
    PlanSearch(const Robot &robot, const std::vector<FaceTurn> &turns, const SearchQuery &query, size_t nodes)
        : robot_(robot), turns_(turns.data() + query.begin), n_(query.end - query.begin), query_(query),
          budget_(query.budget), bound_us_(query.bound_us), ot_(orientations()), ids_(robot.live_count()), pairs_(query.pairs && robot.pairs_opposite()),
          bound_(robot, turns, query.begin, n_, query.guided, pairs_, ids_),
          sc_(*lease_), open_(robot.time_quantum() >= kLeastBucketUs ? robot.time_quantum() : 0) {
        sc_.prepare(nodes);
    }

    bool run(uint32_t start_live, SearchResult &out) {
        const uint32_t s0 = ids_.encode(0, 0, query_.start.orient, start_live);
        relax(s0, s0, nullptr, 0);
        uint32_t expanded = 0;
        while (!open_.empty()) {
            if (query_.stop && expanded++ % kStopCheckInterval == 0 && query_.stop->stopped())
                throw Error(CUBE_ERROR_CANCELLED, "cancelled while planning a move sequence");
            auto [f, node] = open_.pop();
            const int64_t g = sc_.cost(node);
            if (f != g + sc_.bound(node)) continue;  // stale entry
            const uint32_t m = robot_.live_mech(ids_.live(node));
            if (ids_.done(node) == n_ && ids_.flag(node) == 0 && (query_.goal_mech < 0 || m == query_.goal_mech)) {
                out.finish = {ids_.orient(node), m};
                out.cost = g;
                out.path.clear();
                for (uint32_t v = node; v != s0; v = sc_.parent(v))
                    out.path.push_back(path_step(v, sc_.parent(v)));
                std::reverse(out.path.begin(), out.path.end());
                return true;
            }
            expand(node, m, g);
        }
        return false;
    }

  private:
    const FaceTurn &turn(size_t k) const { return turns_[k]; }
    uint32_t live(uint32_t mech) const { return uint32_t(robot_.live_index(mech)); }
    static bool matches(int face, int q, const FaceTurn &t) { return face == t.face && amount_matches(q, t.amount); }

    void relax(uint32_t from, uint32_t to, const Step *s, int64_t g) {
        if (budget_) take_step(*budget_);
        const int64_t known = sc_.cost(to);
        if (g >= known) return;
        const int64_t h = known == kInf ? bound_(to) : sc_.bound(to);  // a node's bound, once computed, is kept
        if (h == kInf) return;
        int64_t f = g + h;
        if (bound_us_ >= 0 && f >= bound_us_) return;
        sc_.set(to, g, h, from, s);
        open_.push(f, to);
    }

    // Every step from `node` (mechanism m, reached in time g): the free ones, then those that do the next
    // turn, or the one after it where the two commute, or both in one step.
    void expand(uint32_t node, uint32_t m, int64_t g) {
        const size_t layer = ids_.done(node);
        const int flag = ids_.flag(node), o = ids_.orient(node);
        for (const Step &s : robot_.free_steps(m))
            relax(node, ids_.encode(layer, flag, ot_.then[o][s.rot], live(s.next)), &s, g + s.duration);
        if (layer == n_) return;  // all turns done; only a goal mechanism is still to reach
        const Faces &at = ot_.faces[o];
        const bool commute = bound_.commute(layer);
        for (const Step &s : robot_.turn_steps(m)) {
            const int f0 = at[s.eff.face[0]];
            if (s.eff.nturns == 1) {
                if (flag == 0 && matches(f0, s.eff.q[0], turn(layer)))
                    relax(node, ids_.encode(layer + 1, 0, o, live(s.next)), &s, g + s.duration);
                else if (flag == 0 && commute && matches(f0, s.eff.q[0], turn(layer + 1)))
                    relax(node, ids_.encode(layer, 1, o, live(s.next)), &s, g + s.duration);
                else if (flag == 1 && matches(f0, s.eff.q[0], turn(layer)))
                    relax(node, ids_.encode(layer + 2, 0, o, live(s.next)), &s, g + s.duration);
                continue;
            }
            if (!pairs_ || flag == 1 || !commute) continue;
            const int f1 = at[s.eff.face[1]];
            const FaceTurn &t = turn(layer), &u = turn(layer + 1);
            if ((matches(f0, s.eff.q[0], t) && matches(f1, s.eff.q[1], u)) ||
                (matches(f1, s.eff.q[1], t) && matches(f0, s.eff.q[0], u)))
                relax(node, ids_.encode(layer + 2, 0, o, live(s.next)), &s, g + s.duration);
        }
    }

    // The step from node `from` to `to`, with the source move of each layer it turns.
    PathStep path_step(uint32_t to, uint32_t from) const {
        const Step *s = sc_.via(to);
        PathStep ps{s, {-1, -1}};
        const size_t cv = ids_.stage(to), pv = ids_.stage(from);
        if (cv == pv) return ps;
        const size_t done = SearchNodes::done_of_stage(pv);
        if (s->eff.nturns == 2) {  // turns done and done + 1: which face did which
            const size_t k = done;
            const bool in_order = ot_.faces[ids_.orient(from)][s->eff.face[0]] == turn(k).face;
            ps.move_index[0] = turn(in_order ? k : k + 1).source;
            ps.move_index[1] = turn(in_order ? k + 1 : k).source;
            return ps;
        }
        const size_t moved = SearchNodes::flag_of_stage(pv) ? done : (cv == pv + 1 ? done + 1 : done);
        ps.move_index[0] = turn(moved).source;
        return ps;
    }

    const Robot &robot_;
    const FaceTurn *turns_;
    const size_t n_;
    const SearchQuery &query_;
    SearchBudget *const budget_;
    const int64_t bound_us_;
    const Orientations &ot_;
    const SearchNodes ids_;
    const bool pairs_;
    TimeBound bound_;
    ScratchLease lease_;
    Scratch &sc_;
    OpenList open_;
};

}  // namespace

bool search(const Robot &robot, const std::vector<FaceTurn> &turns, const SearchQuery &query, SearchResult &out) {
    const size_t n = query.end - query.begin;
    const int32_t start_live = robot.live_index(query.start.mech);
    if (start_live < 0) {  // a state no step leaves: only nothing to do can be done from it
        if (n != 0 || (query.goal_mech >= 0 && uint32_t(query.goal_mech) != query.start.mech)) return false;
        out.path.clear();
        out.finish = query.start;
        out.cost = 0;
        return true;
    }
    const size_t nodes = SearchNodes::count(n, robot.live_count());
    if (nodes > std::numeric_limits<uint32_t>::max())
        throw Error(CUBE_ERROR_UNSUPPORTED, "move sequence too long to plan for this robot");
    PlanSearch plan_search(robot, turns, query, nodes);
    return plan_search.run(uint32_t(start_live), out);
}

}  // namespace lc::robot
