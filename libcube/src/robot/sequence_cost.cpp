#include "sequence_cost.hpp"

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>

#include "orient.hpp"

namespace lc::robot {
namespace {

void offer(SequenceCost::Frontier &f, uint32_t state, int64_t time) {
    for (auto &e : f)
        if (e.first == state) {
            e.second = std::min(e.second, time);
            return;
        }
    f.push_back({state, time});
}

}  // namespace

SequenceCost::SequenceCost(const Robot &robot) {
    const uint32_t M = robot.live_count();
    if (M > kMaxMechs) return;
    const Orientations &ot = orientations();
    const OrientFirst pairs(M);
    states_ = pairs.count();
    auto state_of = [&](int o, uint32_t mech) { return pairs.encode(o, uint32_t(robot.live_index(mech))); };
    start_ = state_of(0, robot.model().initial());
    // Least time between any two states through free steps (Dijkstra from each).
    std::vector<int64_t> free_time(size_t(states_) * states_, kNever);
    using Entry = std::pair<int64_t, uint32_t>;
    for (uint32_t from = 0; from < states_; ++from) {
        int64_t *d = free_time.data() + size_t(from) * states_;
        std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
        d[from] = 0;
        open.push({0, from});
        while (!open.empty()) {
            auto [t, s] = open.top();
            open.pop();
            if (t != d[s]) continue;
            const int o = pairs.orient(s);
            for (const Step &st : robot.free_steps(robot.live_mech(pairs.mech(s)))) {
                const uint32_t next = state_of(ot.then[o][st.rot], st.next);
                if (t + st.duration < d[next]) {
                    d[next] = t + st.duration;
                    open.push({d[next], next});
                }
            }
        }
    }
    // The ways to turn each face from each state: free steps, then a turning step.
    single_.assign(size_t(states_) * LayerTurn::kCount, {});
    pair_.assign(size_t(states_) * LayerTurn::kCount * LayerTurn::kAmounts, {});
    auto add = [](Ways &ways, uint32_t to, int64_t time) {
        for (Way &w : ways)
            if (w.to == to) {
                w.time = std::min(w.time, time);
                return;
            }
        ways.push_back({uint16_t(to), time});
    };
    for (uint32_t from = 0; from < states_; ++from)
        for (uint32_t via = 0; via < states_; ++via) {
            const int64_t before = free_time[size_t(from) * states_ + via];
            if (before >= kNever) continue;
            const int o = pairs.orient(via);
            for (const Step &st : robot.turn_steps(robot.live_mech(pairs.mech(via)))) {
                const uint32_t to = state_of(o, st.next);
                const int64_t time = before + st.duration;
                const int f0 = ot.faces[o][st.eff.face[0]];
                const int a0 = amount_of(st.eff.q[0]);
                if (st.eff.nturns == 1) {
                    add(single_[size_t(from) * LayerTurn::kCount + LayerTurn::encode(f0, a0)], to, time);
                    continue;
                }
                const int f1 = ot.faces[o][st.eff.face[1]];
                const int a1 = amount_of(st.eff.q[1]);
                if (f1 != kOpposite[f0]) continue;
                const size_t at = size_t(from) * LayerTurn::kCount;
                add(pair_[(at + LayerTurn::encode(f0, a0)) * LayerTurn::kAmounts + size_t(a1 - 1)], to, time);
                add(pair_[(at + LayerTurn::encode(f1, a1)) * LayerTurn::kAmounts + size_t(a0 - 1)], to, time);
            }
        }
    to_rest_.assign(states_, kNever);
    const uint32_t rest = uint32_t(robot.live_index(robot.model().initial()));
    for (uint32_t from = 0; from < states_; ++from)
        for (int o = 0; o < kOrientations; ++o)
            to_rest_[from] = std::min(to_rest_[from], free_time[size_t(from) * states_ + pairs.encode(o, rest)]);
    // Bounds for searches: the least time from the end of a turn to the end of a turn of another
    // face (half of a step that turns two), and from the end of a turn to rest.
    least_turn_ = least_finish_ = kNever;
    for (uint32_t via = 0; via < states_; ++via) {
        for (const Step &st : robot.turn_steps(robot.live_mech(pairs.mech(via)))) {
            const uint32_t after = state_of(pairs.orient(via), st.next);
            const int turned = ot.faces[pairs.orient(via)][st.eff.face[0]];
            least_finish_ = std::min(least_finish_, to_rest_[after]);
            for (int f = 0; f < 6; ++f)
                for (int a = 1; a <= 3; ++a) {
                    if (f == turned) continue;
                    for (const Way &w : ways(after, f, a)) least_turn_ = std::min(least_turn_, w.time);
                    for (int b = 1; b <= 3; ++b)
                        for (const Way &w : pair_ways(after, f, a, b))
                            least_turn_ = std::min(least_turn_, w.time / 2);
                }
        }
    }
    supported_ = true;
}

void SequenceCost::begin(Frontier &out) const {
    out.clear();
    out.push_back({start_, 0});
}

void SequenceCost::then(const Frontier &from, int face, int amount, int64_t limit, Frontier &out) const {
    out.clear();
    for (const auto &[s, t] : from)
        for (const Way &w : ways(s, face, amount))
            if (t + w.time < limit) offer(out, w.to, t + w.time);
}

void SequenceCost::then_pair(const Frontier &from, const FaceTurn &a, const FaceTurn &b, int64_t limit,
                             Frontier &out) const {
    Frontier mid, part;
    out.clear();
    for (int order = 0; order < 2; ++order) {
        const FaceTurn &x = order == 0 ? a : b, &y = order == 0 ? b : a;
        then(from, x.face, x.amount, limit, mid);
        then(mid, y.face, y.amount, limit, part);
        for (const auto &[s, t] : part) offer(out, s, t);
    }
    for (const auto &[s, t] : from)
        for (const Way &w : pair_ways(s, a.face, a.amount, b.amount))
            if (t + w.time < limit) offer(out, w.to, t + w.time);
}

int64_t SequenceCost::finish(const Frontier &at) const {
    int64_t best = kNever;
    for (const auto &[s, t] : at) best = std::min(best, t + to_rest_[s]);
    return best;
}

int64_t SequenceCost::time(const std::vector<FaceTurn> &turns, int64_t bound) const {
    if (!supported_) return kNever;
    const int64_t limit = bound > 0 ? bound : kNever;
    Frontier now, next;
    begin(now);
    const size_t n = turns.size();
    for (size_t k = 0; k < n;) {
        const bool paired = k + 1 < n && turns[k + 1].face == kOpposite[turns[k].face];
        if (paired) then_pair(now, turns[k], turns[k + 1], limit, next);
        else then(now, turns[k].face, turns[k].amount, limit, next);
        k += paired ? 2 : 1;
        if (next.empty()) return kNever;
        now.swap(next);
    }
    const int64_t best = finish(now);
    return best < limit ? best : kNever;
}

}  // namespace lc::robot
