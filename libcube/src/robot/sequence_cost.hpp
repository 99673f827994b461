// The least time a robot needs for a sequence of face turns, by a dynamic programme over the robot's
// states (orientation x mechanism) move by move: the planner's optimum, in about a microsecond for
// robots with few mechanical states, so that many candidate solutions can be ranked before planning.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "normalize.hpp"
#include "orient_mech.hpp"
#include "robot.hpp"

namespace lc::robot {

class SequenceCost {
  public:
    static constexpr int64_t kNever = INT64_MAX / 4;  // the robot cannot perform the sequence
    // Robots with more live mechanical states than this are not supported (the tables grow with
    // their square): supported() is false and time() returns kNever.
    static constexpr uint32_t kMaxMechs = 64;

    explicit SequenceCost(const Robot &robot);
    bool supported() const { return supported_; }
    // The least sum of step times that performs `turns` from rest to rest (as the planner counts them:
    // commuting opposite turns in either order or in one step). Stops early with kNever once the time
    // reaches `bound` (when bound > 0).
    int64_t time(const std::vector<FaceTurn> &turns, int64_t bound = 0) const;

    // The same, move by move: the robot states after a prefix, with the least time to each.
    using Frontier = std::vector<std::pair<uint32_t, int64_t>>;
    void begin(Frontier &out) const;
    // `from` then the turn of `face` by `amount`; only times below `limit` are kept.
    void then(const Frontier &from, int face, int amount, int64_t limit, Frontier &out) const;
    // `from` then two commuting turns of opposite faces, in either order or in one step.
    void then_pair(const Frontier &from, const FaceTurn &a, const FaceTurn &b, int64_t limit, Frontier &out) const;
    // The least time of the whole plan: back to rest after the prefix.
    int64_t finish(const Frontier &at) const;
    // No turn after the first can end sooner than this after the end of the turn before it.
    int64_t least_turn() const { return least_turn_; }
    // The least time from the end of the last turn back to rest.
    int64_t least_finish() const { return least_finish_; }

  private:
    // A way to turn a face by an amount from a robot state: the state after the turn and the time
    // from the start state to the end of the turn (the free steps before it included).
    struct Way {
        uint16_t to;
        int64_t time;
    };
    using Ways = std::vector<Way>;
    const Ways &ways(uint32_t state, int face, int amount) const {
        return single_[size_t(state) * LayerTurn::kCount + LayerTurn::encode(face, amount)];
    }
    const Ways &pair_ways(uint32_t state, int face, int a, int b) const {
        const size_t single = size_t(state) * LayerTurn::kCount + LayerTurn::encode(face, a);
        return pair_[single * LayerTurn::kAmounts + size_t(b - 1)];
    }

    bool supported_ = false;
    uint32_t states_ = 0;     // OrientFirst: orientations x live mechanisms
    uint32_t start_ = 0;      // orientation 0, rest
    std::vector<Ways> single_;  // [state][face][amount]
    std::vector<Ways> pair_;    // [state][face][amount][amount of the opposite face]: both in one step
    std::vector<int64_t> to_rest_;  // least time from each state back to rest (any orientation)
    int64_t least_turn_ = 0, least_finish_ = 0;
};

}  // namespace lc::robot
