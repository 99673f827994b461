// The rules of an event-driven timeline: when a launch (the commands that start together) may start.
//
// Launches are replayed in start order on the model's physics (simulate()). A launch may start
// - after its actuators' previous commands have ended, and
// - while an earlier launch X is still moving only if it does not depend on X:
//   - one-state mechanisms (six-motor): per pair of commands, the two are accepted as one step and
//     give the same cube in either order; or, with an overlap (corner cutting), the two turn adjacent
//     faces and the earlier has done (1 - overlap) of its time;
//   - other mechanisms: X could be postponed past every launch that started while it moves (each is
//     accepted, the mechanism and the cube end the same), and X with the new launch is accepted as one
//     step in the state before them.
// The planner lays plans out with these rules and check_plan() and the driver's checks replay them.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model.hpp"

namespace lc::robot {

class Timeline {
  public:
    Timeline(const Model &model, uint32_t start_mech);

    // "" when `cmds`, ending at end_us[k] each, may start at `start_us` after the launches so far;
    // else why not (naming the plan action that is in the way).
    std::string refuse(const CmdSet &cmds, const int64_t *end_us, int64_t start_us) const;
    // Adds a launch refuse() accepted; `first_action` is the plan index of its first command.
    void add(const CmdSet &cmds, const int64_t *end_us, int64_t start_us, int32_t first_action);
    // The earliest start, after every launch so far has started, that refuse() accepts for `cmds`
    // lasting duration_us[k] each; -1 if the physics refuses the launch at any time.
    int64_t earliest(const CmdSet &cmds, const int32_t *duration_us) const;

    uint32_t mech() const { return mech_; }
    int64_t last_start() const { return launches_.empty() ? -1 : launches_.back().start; }

  private:
    struct Launch {
        CmdSet cmds;
        int64_t start = 0;
        int64_t end[kMaxStepCommands] = {};
        int64_t last_end = 0;
        int32_t first_action = 0;
        uint32_t mech_before = 0;
        std::string cube_before;  // distinct labels: tells whether two orders do the same
    };

    // Applies `cmds` to (mech, cube); false if the physics refuses them.
    bool apply(uint32_t &mech, std::string &cube, const CmdSet &cmds) const;
    // Why `cmds` may not start at `t` while launch `x` moves (one-state mechanisms), or "".
    std::string pair_rule(const Launch &x, const CmdSet &cmds, int64_t t) const;
    // Why `cmds` may not start while launch index `xi` moves (other mechanisms), or "".
    std::string postpone_rule(size_t xi, const CmdSet &cmds) const;
    bool adjacent_turns(const Cmd &a, const Cmd &b) const;
    std::string action_text(const Launch &x, int k) const;

    const Model &model_;
    std::vector<Launch> launches_;
    std::vector<size_t> open_;  // launches that may still be moving at the next start
    std::vector<int64_t> busy_until_;
    uint32_t mech_;
    std::string cube_;
};

}  // namespace lc::robot
