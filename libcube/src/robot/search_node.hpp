// The numbering of the plan search's nodes (search.cpp), in one place: a node is (turns done, whether the
// turn after the next one was done first, orientation, live mechanism), numbered
// (done * 2 + flag) * kOrientations * mechanisms + OrientFirst(orientation, live mechanism).
#pragma once
#include <cstddef>
#include <cstdint>

#include "orient_mech.hpp"

namespace lc::robot {

class SearchNodes {
  public:
    static constexpr size_t kFlags = 2;  // the turn after the next one done first, or not

    explicit SearchNodes(uint32_t mechanisms)
        : mechanisms_(mechanisms), pairs_(mechanisms), per_stage_(pairs_.count()) {}

    // Nodes with the same number of turns done, and all nodes of a search over `turns` turns.
    static size_t per_done(size_t mechanisms) { return kFlags * kOrientations * mechanisms; }
    static size_t count(size_t turns, size_t mechanisms) { return (turns + 1) * per_done(mechanisms); }

    uint32_t encode(size_t done, int flag, int orient, uint32_t live) const {
        return uint32_t((done * kFlags + size_t(flag)) * per_stage_ + pairs_.encode(orient, live));
    }
    // (done, flag) as one number, done * 2 + flag: steps between nodes compare it.
    size_t stage(uint32_t node) const { return node / per_stage_; }
    static size_t done_of_stage(size_t stage) { return stage / kFlags; }
    static int flag_of_stage(size_t stage) { return int(stage % kFlags); }
    size_t done(uint32_t node) const { return done_of_stage(stage(node)); }
    int flag(uint32_t node) const { return flag_of_stage(stage(node)); }
    // OrientFirst's orient() and live() of node % per_stage_, one division fewer.
    int orient(uint32_t node) const { return int(node / mechanisms_ % kOrientations); }
    uint32_t live(uint32_t node) const { return node % mechanisms_; }

  private:
    uint32_t mechanisms_;
    OrientFirst pairs_;
    size_t per_stage_;
};

}  // namespace lc::robot
