// The robot a sim drives: a cube_robot made by the host, and what the sim reads from it to check commands.
#pragma once
#include <cube/driver_plugin.h>

#include <cstdint>
#include <string>
#include <vector>

namespace cube_sim {

class Robot {
  public:
    // Parses `spec` with the host's robot_parse. Throws Failure with the host's message.
    Robot(const cube_driver_host &host, const std::string &spec);
    ~Robot();
    Robot(const Robot &) = delete;
    Robot &operator=(const Robot &) = delete;

    const cube_robot *handle() const { return robot_; }
    int32_t family() const { return desc_.family; }
    const char *family_name() const;
    const std::string &spec() const { return spec_; }
    int32_t actuator_count() const { return int32_t(names_.size()); }
    const char *actuator_name(int32_t index) const;
    const std::vector<int32_t> &rest_positions() const { return rest_; }
    // Arms (four-arm, two-gripper) go limp when de-energized: their positions are lost.
    bool has_arms() const;
    // The shortest time the robot allows for a command, or -1 when the command does not fit the actuator.
    // Whether the actuator has such a command at all.
    bool can_do(int32_t actuator, int32_t kind, int32_t param) const;
    // The least time of each command of a step from `positions` (cube_robot_step_us()); false with why.
    bool least_us(const std::vector<int32_t> &positions, const cube_driver_command *const *commands, int32_t count,
                  std::vector<int32_t> &least, std::string &why) const;
    // The longest least time of any one command in any position of its actuator, with any one other
    // actuator anywhere (cube_robot_step_us(): per-actuator keys included), at least the uniform times.
    // Computed at the first call.
    int32_t longest_command_us() const;
    // Whether `positions` are the rest state; otherwise `why` names the first actuator that is not.
    bool at_rest(const std::vector<int32_t> &positions, std::string &why) const;

  private:
    enum class Kind { kTurn, kGrip, kFlip, kCover };
    Kind kind_of(int32_t actuator) const;
    // A described robot: each actuator's kind and whether a turner's angle is tracked (a claw, end
    // stops), read from the actuator lines and range keys of its spec.
    void read_described();

    const cube_driver_host &host_;
    cube_robot *robot_ = nullptr;
    cube_robot_desc desc_{};
    std::string spec_;
    std::vector<std::string> names_;
    std::vector<int32_t> rest_;
    std::vector<Kind> kinds_;           // described robots: per actuator
    std::vector<bool> tracked_;         // described robots: turners whose angle is part of the state
    bool claws_ = false;                // described robots: some turner has a claw (an arm)
    mutable int32_t longest_us_ = -1;  // longest_command_us(), once known
};

}  // namespace cube_sim
