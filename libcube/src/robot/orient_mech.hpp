// Packed indices of the robot's tables, in one place: (orientation, live mechanism) pairs in the two
// orders the tables use, and layer turns (a position or face, an amount 1..3).
#pragma once
#include <cstddef>
#include <cstdint>

#include "orient.hpp"

namespace lc::robot {

// Orientation first: o * mechanisms + live (the plan search's nodes, SequenceCost's states).
class OrientFirst {
  public:
    explicit OrientFirst(uint32_t mechanisms) : mechanisms_(mechanisms) {}
    uint32_t count() const { return kOrientations * mechanisms_; }
    uint32_t encode(int orient, uint32_t live) const { return uint32_t(orient) * mechanisms_ + live; }
    int orient(uint32_t pair) const { return int(pair / mechanisms_); }
    uint32_t live(uint32_t pair) const { return pair % mechanisms_; }

  private:
    uint32_t mechanisms_;
};

// Mechanism first: live * kOrientations + o (RotationBound's tables).
struct MechFirst {
    static size_t count(size_t mechanisms) { return mechanisms * kOrientations; }
    static uint32_t encode(uint32_t live, int orient) { return live * kOrientations + uint32_t(orient); }
    static uint32_t live(uint32_t pair) { return pair / kOrientations; }
    static int orient(uint32_t pair) { return int(pair % kOrientations); }
};

// A layer turn: position (or face) * 3 + amount - 1.
struct LayerTurn {
    static constexpr size_t kAmounts = 3;  // a quarter, a half, three quarters
    static constexpr size_t kCount = 6 * kAmounts;
    static size_t encode(int position, int amount) { return size_t(position) * kAmounts + size_t(amount - 1); }
};

}  // namespace lc::robot
