// Packed indices of the robot's tables, in one place: (orientation, mechanism) pairs in the two orders
// the tables use, and layer turns (a position or face, an amount 1..3). A mechanism is numbered as the
// table counts them: among the live states (Robot::live_index) or among all of them.
#pragma once
#include <cstddef>
#include <cstdint>

#include "orient.hpp"

namespace lc::robot {

// Orientation first: o * mechanisms + mech (the plan search's nodes, SequenceCost's states, reach.cpp).
class OrientFirst {
  public:
    explicit OrientFirst(uint32_t mechanisms) : mechanisms_(mechanisms) {}
    uint32_t count() const { return kOrientations * mechanisms_; }
    uint32_t encode(int orient, uint32_t mech) const { return uint32_t(orient) * mechanisms_ + mech; }
    int orient(uint32_t pair) const { return int(pair / mechanisms_); }
    uint32_t mech(uint32_t pair) const { return pair % mechanisms_; }

  private:
    uint32_t mechanisms_;
};

// Mechanism first: mech * kOrientations + o (RotationBound's tables, the scan planner's nodes).
struct MechFirst {
    static size_t count(size_t mechanisms) { return mechanisms * kOrientations; }
    static uint32_t encode(uint32_t mech, int orient) { return mech * kOrientations + uint32_t(orient); }
    static uint32_t mech(uint32_t pair) { return pair / kOrientations; }
    static int orient(uint32_t pair) { return int(pair % kOrientations); }
};

// A layer turn: position (or face) * 3 + amount - 1.
struct LayerTurn {
    static constexpr size_t kAmounts = 3;  // a quarter, a half, three quarters
    static constexpr size_t kCount = 6 * kAmounts;
    static size_t encode(int position, int amount) { return size_t(position) * kAmounts + size_t(amount - 1); }
};

}  // namespace lc::robot
