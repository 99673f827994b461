// Lower bounds for the planner's search: the least time from a mechanical state to the end of a step
// that turns the layer at a given robot position by a given amount, moving only through steps that
// turn no layer (regrips, rotations, unwinding); and from the end of one turn to the end of the next.
#pragma once
#include <cstddef>
#include <climits>
#include <cstdint>
#include <vector>

namespace lc::robot {

class Robot;

class TurnBound {
  public:
    static constexpr int64_t kNever = INT64_MAX / 4;  // no such turn can follow
    TurnBound() = default;
    explicit TurnBound(const Robot &robot);
    // amount 1..3 (quarters clockwise seen from outside), position 0..5 (U R F D L B of the robot);
    // kNever when no such turn can follow from `mech`.
    int64_t at(int amount, uint32_t mech, int position) const {
        return time_[(size_t(amount - 1) * mechs_ + mech) * 6 + position];
    }

    // How the next turn's face lies to the previous one's.
    enum Relation { kSameFace = 0, kOppositeFace = 1, kAdjacentFace = 2 };
    // The least time from the end of any step that turned a layer by `before` quarters to the end of a
    // turn by `amount` of the layer in `relation` to it (kNever: never).
    int64_t after(int before, int amount, Relation relation) const {
        return after_[((before - 1) * 3 + amount - 1) * 3 + relation];
    }

  private:
    void bound_pairs(const Robot &robot);

    uint32_t mechs_ = 0;
    std::vector<int64_t> time_;
    int64_t after_[27];
};

}  // namespace lc::robot
