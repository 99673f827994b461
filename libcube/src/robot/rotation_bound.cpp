#include "rotation_bound.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <queue>
#include <utility>

#include "orient.hpp"
#include "robot.hpp"

namespace lc::robot {

// Dijkstra backwards from the turning steps over (live mechanism, rotation still to make), once per
// layer position and amount: a step that rotates the cube by r from m1 to m2 leaves then[r][rest]
// to make when rest is left at m2.
RotationBound::RotationBound(const Robot &robot) {
    const Orientations &ot = orientations();
    const uint32_t M = robot.live_count();
    struct Edge {
        uint32_t from;  // live index
        uint8_t rot;
        int32_t duration;
    };
    std::vector<std::vector<Edge>> into(M);
    for (uint32_t i = 0; i < M; ++i)
        for (const Step &s : robot.free_steps(robot.live_mech(i)))
            into[uint32_t(robot.live_index(s.next))].push_back({i, s.rot, s.duration});
    state_.assign(MechFirst::count(M) * LayerTurn::kCount, kNever);
    std::vector<int64_t> d(MechFirst::count(M));
    using Entry = std::pair<int64_t, uint32_t>;  // time, MechFirst (live, rotation)
    for (int p = 0; p < 6; ++p)
        for (int a = 1; a <= 3; ++a) {
            std::fill(d.begin(), d.end(), kNever);
            std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
            for (uint32_t i = 0; i < M; ++i)
                for (const Step &s : robot.turn_steps(robot.live_mech(i)))
                    for (int k = 0; k < s.eff.nturns; ++k)
                        if (s.eff.face[k] == p && amount_of(s.eff.q[k]) == a)
                            d[MechFirst::encode(i, 0)] = std::min(d[MechFirst::encode(i, 0)], int64_t(s.duration));
            for (uint32_t i = 0; i < M; ++i) {
                const uint32_t at_rest = MechFirst::encode(i, 0);
                if (d[at_rest] < kNever) open.push({d[at_rest], at_rest});
            }
            while (!open.empty()) {
                const auto [time, node] = open.top();
                open.pop();
                if (time != d[node]) continue;
                const uint32_t m = MechFirst::mech(node);
                const int rest = MechFirst::orient(node);
                for (const Edge &e : into[m]) {
                    const uint32_t from = MechFirst::encode(e.from, ot.then[e.rot][rest]);
                    const int64_t via = time + e.duration;
                    if (via < d[from]) {
                        d[from] = via;
                        open.push({via, from});
                    }
                }
            }
            for (size_t n = 0; n < d.size(); ++n)
                state_[n * LayerTurn::kCount + LayerTurn::encode(p, a)] = d[n];
        }
    least_ = kNever;
    for (uint32_t i = 0; i < M; ++i)
        for (const Step &s : robot.turn_steps(robot.live_mech(i)))
            least_ = std::min(least_, int64_t(s.duration));
    // From the end of each turning step: the least over the steps that turn each layer by each amount.
    const size_t per_turn = kOrientations * LayerTurn::kCount;  // after_: [turn before][rot][turn]
    after_.assign(LayerTurn::kCount * per_turn, kNever);
    for (uint32_t i = 0; i < M; ++i)
        for (const Step &s : robot.turn_steps(robot.live_mech(i))) {
            const int64_t *from = row(uint32_t(robot.live_index(s.next)));
            for (int k = 0; k < s.eff.nturns; ++k) {
                int64_t *to = after_.data() + LayerTurn::encode(s.eff.face[k], amount_of(s.eff.q[k])) * per_turn;
                for (size_t n = 0; n < per_turn; ++n)
                    to[n] = std::min(to[n], from[n]);
            }
        }
}

// Times by orientation at the end of the last step of an estimate, for one way of making that step:
// which turns it made (one, or two commuting ones at once; none at the start).
struct EstimateEnd {
    std::array<int64_t, kOrientations> time;
    const FaceTurn *turned[2];
};

// The least time from the end of `from`, rotating by r to orientation o2, to the end of turn t (the
// start: from the robot's state `start`).
int64_t RotationBound::way_after(const EstimateEnd &from, uint32_t start, int o, int r, int o2,
                                 const FaceTurn &t) const {
    const Orientations &ot = orientations();
    const int p = ot.position_of[o2][t.face];
    if (!from.turned[0]) return from_state(start, r, p, t.amount);
    int64_t best = kNever;
    for (const FaceTurn *u : from.turned)
        if (u) best = std::min(best, after_turn(ot.position_of[o][u->face], u->amount, r, p, t.amount));
    return best;
}

// Turn by turn over the 24 orientations; two commuting turns in either order or in one step.
int64_t RotationBound::estimate(const std::vector<FaceTurn> &turns, uint32_t start) const {
    const Orientations &ot = orientations();
    std::vector<EstimateEnd> now(1), next, middle(1);
    now[0].time.fill(kNever);
    now[0].time[0] = 0;
    now[0].turned[0] = now[0].turned[1] = nullptr;
    // `first` then `second` (null: `first` alone) from every ending in `from`, into `out`.
    auto then = [&](const std::vector<EstimateEnd> &from, const FaceTurn &t, const FaceTurn *both,
                    EstimateEnd &out) {
        out.time.fill(kNever);
        out.turned[0] = &t;
        out.turned[1] = both;
        for (const EstimateEnd &e : from)
            for (int o = 0; o < kOrientations; ++o) {
                if (e.time[size_t(o)] >= kNever) continue;
                for (int r = 0; r < kOrientations; ++r) {
                    const int o2 = ot.then[o][r];
                    int64_t way = way_after(e, start, o, r, o2, t);
                    if (both) way = std::max(way, way_after(e, start, o, r, o2, *both));
                    if (way < kNever) out.time[size_t(o2)] = std::min(out.time[size_t(o2)], e.time[size_t(o)] + way);
                }
            }
    };
    for (size_t k = 0; k < turns.size();) {
        const bool paired = k + 1 < turns.size() && turns[k + 1].face == kOpposite[turns[k].face];
        if (!paired) {
            next.resize(1);
            then(now, turns[k], nullptr, next[0]);
            now.swap(next);
            ++k;
            continue;
        }
        const FaceTurn &a = turns[k], &b = turns[k + 1];
        next.resize(3);
        then(now, a, nullptr, middle[0]);
        then(middle, b, nullptr, next[0]);
        then(now, b, nullptr, middle[0]);
        then(middle, a, nullptr, next[1]);
        then(now, a, &b, next[2]);
        now.swap(next);
        k += 2;
    }
    int64_t best = kNever;
    for (const EstimateEnd &e : now)
        best = std::min(best, *std::min_element(e.time.begin(), e.time.end()));
    return best;
}

bool RotationChain::commute(size_t k) const {
    return k + 1 < n_ && turn_[k + 1].face == kOpposite[turn_[k].face];
}

// The least over the rotations r made before the next step that turns a layer: way(r, position,
// amount) to that turn's end, then the chain from there. With `flag` the second of two commuting turns
// is done and the first is next; else the next turn, or the one after it when the two commute, or both
// in one step.
template <typename Way>
int64_t RotationChain::onward(const Way &way, int orient, size_t done, int flag) const {
    if (done == n_) return 0;
    const Orientations &ot = orientations();
    const FaceTurn &t = turn_[done];
    int64_t best = RotationBound::kNever;
    for (int r = 0; r < kOrientations; ++r) {
        const int o = ot.then[orient][r];
        const Faces &where = ot.position_of[o];
        const int64_t first = way(r, where[t.face], t.amount);
        if (flag == 1) {
            if (first < RotationBound::kNever) best = std::min(best, first + at(kSecondLast, done + 2, o));
            continue;
        }
        if (first < RotationBound::kNever) best = std::min(best, first + at(kPrevious, done + 1, o));
        if (!commute(done)) continue;
        const FaceTurn &u = turn_[done + 1];
        const int64_t second = way(r, where[u.face], u.amount);
        if (second >= RotationBound::kNever) continue;
        best = std::min(best, second + at(kNext, done, o));
        // One step turning both takes at least as long as either turn's bound.
        if (pairs_ && first < RotationBound::kNever) best = std::min(best, std::max(first, second) + at(kBoth, done + 2, o));
    }
    return std::min(best, RotationBound::kNever);
}

// Backwards over the turns done: the value of a node after a step is what follows it from the end
// of that step, which depends only on the layers the step turned (their positions and amounts).
void RotationChain::build(const RotationBound &rb, const std::vector<FaceTurn> &turns, size_t begin, size_t n,
                          bool pairs) {
    turn_ = turns.data() + begin;
    n_ = n;
    pairs_ = pairs;
    value_.assign(4 * (n + 3) * kOrientations, RotationBound::kNever);
    ways_.assign((n + 1) * 2 * kOrientations, {});
    made_.assign((n + 1) * 2 * kOrientations, false);
    const Orientations &ot = orientations();
    auto after = [&](const FaceTurn &done, int o) {
        const int p = ot.position_of[o][done.face];
        return [&rb, p, a = int(done.amount)](int r, int position, int amount) {
            return rb.after_turn(p, a, r, position, amount);
        };
    };
    for (size_t k = n + 1; k-- > 0;) {
        for (int o = 0; o < kOrientations; ++o) {
            if (commute(k)) at(kNext, k, o) = onward(after(turn_[k + 1], o), o, k, 1);
        }
        for (int o = 0; o < kOrientations; ++o) {
            if (k >= 1) at(kPrevious, k, o) = onward(after(turn_[k - 1], o), o, k, 0);
            if (k < 2 || !commute(k - 2)) continue;
            at(kSecondLast, k, o) = onward(after(turn_[k - 2], o), o, k, 0);
            if (!pairs) continue;
            const auto one = after(turn_[k - 2], o), other = after(turn_[k - 1], o);
            auto either = [&](int r, int position, int amount) {
                return std::min(one(r, position, amount), other(r, position, amount));
            };
            at(kBoth, k, o) = onward(either, o, k, 0);
        }
    }
}

const std::vector<RotationChain::Next> &RotationChain::ways(size_t done, int flag, int orient) {
    const size_t key = (done * 2 + size_t(flag)) * kOrientations + size_t(orient);
    std::vector<Next> &out = ways_[key];
    if (made_[key]) return out;
    made_[key] = true;
    const Orientations &ot = orientations();
    const FaceTurn &t = turn_[done];
    auto add = [&](uint16_t first, uint16_t second, int64_t tail) {
        if (tail < RotationBound::kNever) out.push_back({first, second, tail});
    };
    for (int r = 0; r < kOrientations; ++r) {
        const int o = ot.then[orient][r];
        const Faces &where = ot.position_of[o];
        auto offset = [&](const FaceTurn &u) { return uint16_t((r * 6 + where[u.face]) * 3 + u.amount - 1); };
        if (flag == 1) {
            add(offset(t), offset(t), at(kSecondLast, done + 2, o));
            continue;
        }
        add(offset(t), offset(t), at(kPrevious, done + 1, o));
        if (!commute(done)) continue;
        const FaceTurn &u = turn_[done + 1];
        add(offset(u), offset(u), at(kNext, done, o));
        if (pairs_) add(offset(t), offset(u), at(kBoth, done + 2, o));
    }
    std::stable_sort(out.begin(), out.end(), [](const Next &a, const Next &b) { return a.tail < b.tail; });
    return out;
}

// onward() with from_state() as the way to the next turn, by increasing chain value: once the chain
// alone with the quickest turn cannot beat the best, nothing later can.
int64_t RotationChain::from_state(const RotationBound &rb, uint32_t live, int orient, size_t done, int flag) {
    if (done == n_) return 0;
    const int64_t *row = rb.row(live);
    int64_t best = RotationBound::kNever;
    for (const Next &w : ways(done, flag, orient)) {
        if (w.tail + rb.least() >= best) break;
        const int64_t way = std::max(row[w.first], row[w.second]);
        if (way < RotationBound::kNever) best = std::min(best, way + w.tail);
    }
    return best;
}

}  // namespace lc::robot
