#include "search.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <queue>

#include "error.hpp"
#include "orient.hpp"

namespace lc::robot {
namespace {

constexpr int64_t kInf = std::numeric_limits<int64_t>::max();

bool amount_matches(int q, int amount) {
    return ((q % 4) + 4) % 4 == amount;
}

// Scratch arrays reused between searches on one thread; only touched entries are reset.
struct Scratch {
    std::vector<int64_t> g;
    std::vector<uint32_t> parent;
    std::vector<const Step *> via;
    std::vector<uint32_t> touched;
    void prepare(size_t n) {
        for (uint32_t i : touched)
            g[i] = kInf;
        touched.clear();
        if (g.size() < n) {
            g.assign(n, kInf);
            parent.resize(n);
            via.resize(n);
        }
    }
};

}  // namespace

bool search(const Robot &robot, const std::vector<FaceTurn> &turns, size_t begin, size_t end, SearchState start,
            bool pairs, int64_t bound_us, std::vector<PathStep> &path, SearchState &finish, int64_t &cost,
            int64_t goal_mech, bool guided) {
    const Orientations &ot = orientations();
    const size_t n = end - begin;
    const uint32_t M = robot.model().mech_count();
    // A node is (turns done k, whether turn k+1 was done before turn k, orientation, mechanism).
    const size_t per_layer = 2 * 24 * size_t(M);
    const size_t nodes = (n + 1) * per_layer;
    if (nodes > std::numeric_limits<uint32_t>::max())
        throw Error(CUBE_ERROR_UNSUPPORTED, "move sequence too long to plan for this robot");
    pairs = pairs && robot.pairs_opposite();
    auto turn = [&](size_t k) -> const FaceTurn & { return turns[begin + k]; };
    // Turns k and k+1 on opposite faces commute: either may go first, or both in one step.
    auto commute = [&](size_t k) { return k + 1 < n && turn(k + 1).face == kOpposite[turn(k).face]; };

    // Lower bound of the time still needed: each turn's quickest step (halved where two opposite
    // turns could share one step), so the search is A* with a consistent heuristic.
    std::vector<int64_t> part(n, 0), h0(n + 1, 0), h1(n + 1, 0);
    for (size_t k = 0; k < n && guided; ++k) {
        int64_t lb = robot.min_turn(turn(k).amount == 2 ? 2 : 1);
        bool pairable = pairs && (commute(k) || (k > 0 && commute(k - 1)));
        part[k] = pairable ? lb / 2 : lb;
    }
    for (size_t k = n; k-- > 0;) {
        h0[k] = h0[k + 1] + part[k];
        if (commute(k)) h1[k] = part[k] + h0[k + 2];  // turn k+1 done, turn k still to do
    }

    thread_local Scratch sc;
    sc.prepare(nodes);
    auto id = [&](size_t layer, int flag, int o, uint32_t m) {
        return uint32_t(((layer * 2 + flag) * 24 + o) * M + m);
    };
    using Entry = std::pair<int64_t, uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
    auto hval = [&](uint32_t node) {
        size_t lf = node / (24 * size_t(M));
        return (lf & 1) ? h1[lf / 2] : h0[lf / 2];
    };
    auto relax = [&](uint32_t from, uint32_t to, const Step *s, int64_t g) {
        int64_t f = g + hval(to);
        if (bound_us >= 0 && f >= bound_us) return;
        if (g >= sc.g[to]) return;
        if (sc.g[to] == kInf) sc.touched.push_back(to);
        sc.g[to] = g;
        sc.parent[to] = from;
        sc.via[to] = s;
        open.push({f, to});
    };
    auto matches = [&](int face, int q, const FaceTurn &t) { return face == t.face && amount_matches(q, t.amount); };
    const uint32_t s0 = id(0, 0, start.orient, start.mech);
    relax(s0, s0, nullptr, 0);
    while (!open.empty()) {
        auto [f, node] = open.top();
        open.pop();
        const int64_t g = sc.g[node];
        if (f != g + hval(node)) continue;  // stale entry
        const size_t lf = node / (24 * size_t(M)), layer = lf / 2;
        const int flag = int(lf & 1), o = int(node / M % 24);
        const uint32_t m = node % M;
        if (layer == n && flag == 0 && (goal_mech < 0 || m == goal_mech)) {
            finish = {o, m};
            cost = g;
            path.clear();
            for (uint32_t v = node; v != s0; v = sc.parent[v]) {
                size_t cv = v / (24 * size_t(M)), pv = sc.parent[v] / (24 * size_t(M));
                int32_t moved = -1;  // which turn this step performed
                if (cv != pv)
                    moved = (pv & 1) ? int32_t(pv / 2) : (cv == pv + 1 ? int32_t(pv / 2 + 1) : int32_t(pv / 2));
                path.push_back({sc.via[v], moved >= 0 ? turn(size_t(moved)).source : -1});
            }
            std::reverse(path.begin(), path.end());
            return true;
        }
        for (const Step &s : robot.free_steps(m))
            relax(node, id(layer, flag, ot.then[o][s.rot], s.next), &s, g + s.duration);
        if (layer == n) continue;  // all turns done; only a goal mechanism is still to reach
        const Faces &at = ot.faces[o];
        for (const Step &s : robot.turn_steps(m)) {
            const int f0 = at[s.eff.face[0]];
            if (s.eff.nturns == 1) {
                if (flag == 0 && matches(f0, s.eff.q[0], turn(layer)))
                    relax(node, id(layer + 1, 0, o, s.next), &s, g + s.duration);
                else if (flag == 0 && commute(layer) && matches(f0, s.eff.q[0], turn(layer + 1)))
                    relax(node, id(layer, 1, o, s.next), &s, g + s.duration);
                else if (flag == 1 && matches(f0, s.eff.q[0], turn(layer)))
                    relax(node, id(layer + 2, 0, o, s.next), &s, g + s.duration);
                continue;
            }
            if (!pairs || flag == 1 || !commute(layer)) continue;
            const int f1 = at[s.eff.face[1]];
            const FaceTurn &t = turn(layer), &u = turn(layer + 1);
            if ((matches(f0, s.eff.q[0], t) && matches(f1, s.eff.q[1], u)) ||
                (matches(f1, s.eff.q[1], t) && matches(f0, s.eff.q[0], u)))
                relax(node, id(layer + 2, 0, o, s.next), &s, g + s.duration);
        }
    }
    return false;
}

}  // namespace lc::robot
