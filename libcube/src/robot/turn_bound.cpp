#include "turn_bound.hpp"

#include <array>
#include <algorithm>
#include <climits>
#include <functional>
#include <queue>
#include <utility>

#include "orient.hpp"
#include "robot.hpp"

namespace lc::robot {
namespace {

// moved[r][p]: the robot position the layer at position p is at after whole-cube rotation r.
std::vector<std::array<uint8_t, 6>> moved_positions() {
    const Orientations &ot = orientations();
    std::vector<std::array<uint8_t, 6>> moved(kOrientations);
    for (int r = 0; r < kOrientations; ++r)
        for (int p = 0; p < 6; ++p)
            moved[r][ot.faces[r][p]] = uint8_t(p);
    return moved;
}

}  // namespace

// Dijkstra backwards from the turning steps, over (mechanism, position of the layer to turn).
TurnBound::TurnBound(const Robot &robot) {
    const uint32_t M = robot.model().mech_count();
    const auto moved = moved_positions();
    mechs_ = M;
    time_.assign(3 * size_t(M) * 6, kNever);
    struct Edge {
        uint32_t from;
        const Step *step;
    };
    std::vector<std::vector<Edge>> into(M);
    for (uint32_t m = 0; m < M; ++m)
        for (const Step &s : robot.free_steps(m))
            into[s.next].push_back({m, &s});
    using Entry = std::pair<int64_t, uint32_t>;  // time, mech * 6 + position
    for (int a = 1; a <= 3; ++a) {
        int64_t *t = time_.data() + size_t(a - 1) * M * 6;
        std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
        for (uint32_t m = 0; m < M; ++m)
            for (const Step &s : robot.turn_steps(m))
                for (int k = 0; k < s.eff.nturns; ++k) {
                    int64_t &best = t[m * 6 + s.eff.face[k]];
                    if (amount_of(s.eff.q[k]) == a && s.duration < best) best = s.duration;
                }
        for (uint32_t i = 0; i < M * 6; ++i)
            if (t[i] != kNever) open.push({t[i], i});
        while (!open.empty()) {
            auto [time, node] = open.top();
            open.pop();
            if (time != t[node]) continue;
            const uint32_t m = node / 6;
            const int p = int(node % 6);
            for (const Edge &e : into[m]) {
                // e.step takes e.from to m and the layer at position q to moved[rot][q] == p.
                for (int q = 0; q < 6; ++q) {
                    if (moved[e.step->rot][q] != p) continue;
                    const int64_t via = int64_t(time) + e.step->duration;
                    int64_t &best = t[e.from * 6 + q];
                    if (via < best) {
                        best = via;
                        open.push({best, e.from * 6 + uint32_t(q)});
                    }
                }
            }
        }
    }
    bound_pairs(robot);
}

// The least of at() over the states right after each turning step, for each relation of the faces.
void TurnBound::bound_pairs(const Robot &robot) {
    for (int64_t &t : after_) t = kNever;
    for (uint32_t m = 0; m < mechs_; ++m)
        for (const Step &s : robot.turn_steps(m))
            for (int k = 0; k < s.eff.nturns; ++k) {
                const int p = s.eff.face[k], before = amount_of(s.eff.q[k]);
                for (int q = 0; q < 6; ++q) {
                    const Relation r = q == p ? kSameFace : q == kOpposite[p] ? kOppositeFace : kAdjacentFace;
                    for (int a = 1; a <= 3; ++a) {
                        int64_t &best = after_[((before - 1) * 3 + a - 1) * 3 + r];
                        best = std::min(best, at(a, s.next, q));
                    }
                }
            }
}

}  // namespace lc::robot
