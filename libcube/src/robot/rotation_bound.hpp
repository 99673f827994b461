// Orientation-aware lower bounds for the planner's search on robots with many mechanical states: the
// least time from a mechanical state, through steps that turn no layer and rotate the cube by a given
// whole-cube rotation in all, to the end of a step that turns the layer at a given robot position by a
// given amount; and the same from the end of any step that turned a given layer by a given amount.
// The search chains the second over the turns still to do, orientation by orientation (search.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "normalize.hpp"
#include "orient_mech.hpp"

namespace lc::robot {

class Robot;
struct EstimateEnd;  // rotation_bound.cpp

class RotationBound {
  public:
    static constexpr int64_t kNever = INT64_MAX / 4;  // no such turn can follow
    explicit RotationBound(const Robot &robot);
    // From live mechanical state `live` (Robot::live_index), rotating the cube by `rot` (an orientation
    // index, as Step::rot) in all, to the end of a turn by `amount` (1..3) of the layer at `position`.
    int64_t from_state(uint32_t live, int rot, int position, int amount) const {
        return state_[MechFirst::encode(live, rot) * LayerTurn::kCount + LayerTurn::encode(position, amount)];
    }
    // The same from the end of any step that turned the layer at `before_position` by `before_amount`.
    int64_t after_turn(int before_position, int before_amount, int rot, int position, int amount) const {
        const size_t turn = LayerTurn::encode(before_position, before_amount);
        return after_[((turn * kOrientations + size_t(rot)) * LayerTurn::kCount + LayerTurn::encode(position, amount))];
    }

    // A lower bound of the time `turns` take from live state `start` to the end of the last turn: the
    // bounds above chained turn by turn over the 24 orientations (about 600 lookups a turn; two
    // commuting turns in either order or in one step). Robot-aware solving orders candidates by it.
    int64_t estimate(const std::vector<FaceTurn> &turns, uint32_t start) const;
    // from_state() of `live` as one row: [rot][position][amount - 1].
    const int64_t *row(uint32_t live) const { return state_.data() + MechFirst::encode(live, 0) * LayerTurn::kCount; }
    // No from_state() is less than this (the quickest step that turns a layer).
    int64_t least() const { return least_; }

  private:
    int64_t way_after(const EstimateEnd &from, uint32_t start, int o, int r, int o2, const FaceTurn &t) const;

    std::vector<int64_t> state_;  // [live][rot][position][amount - 1]
    std::vector<int64_t> after_;  // [before position][before amount - 1][rot][position][amount - 1]
    int64_t least_ = 0;
};

// The bound chained over the turns of one search window, as the search counts them (search.hpp: turns
// done, and whether the second of two commuting turns went first): the least time, over the
// orientations the cube may be turned to before each turn, from the end of the last turn to the end of
// the window's turns.
class RotationChain {
  public:
    // For turns[begin, begin + n); `pairs`: two commuting turns may go in one step.
    void build(const RotationBound &rb, const std::vector<FaceTurn> &turns, size_t begin, size_t n, bool pairs);
    // From the search node (turns done `done`, `flag`, orientation `orient`, live state `live`).
    int64_t from_state(const RotationBound &rb, uint32_t live, int orient, size_t done, int flag);

  private:
    // What came last before a node of the chain (which turns the last step made), see build().
    enum Last { kPrevious = 0, kSecondLast = 1, kBoth = 2, kNext = 3 };
    int64_t &at(Last last, size_t done, int orient) {
        return value_[(size_t(last) * (n_ + 3) + done) * kOrientations + size_t(orient)];
    }
    int64_t at(Last last, size_t done, int orient) const {
        return value_[(size_t(last) * (n_ + 3) + done) * kOrientations + size_t(orient)];
    }
    template <typename Way>
    int64_t onward(const Way &way, int orient, size_t done, int flag) const;
    bool commute(size_t k) const;

    // The next turns from a node as from_state() reads them: offsets into RotationBound::row() (two for
    // a step turning both of two commuting turns) and the chain after, by increasing chain value.
    struct Next {
        uint16_t first, second;
        int64_t tail;
    };
    const std::vector<Next> &ways(size_t done, int flag, int orient);

    const FaceTurn *turn_ = nullptr;
    size_t n_ = 0;
    bool pairs_ = false;
    std::vector<int64_t> value_;
    std::vector<std::vector<Next>> ways_;  // [(done * 2 + flag) * kOrientations + orient], made on first use
    std::vector<bool> made_;
};

}  // namespace lc::robot
