// What a robot mechanism can do: its actuators, its mechanical states and the physics of each step.
#pragma once
#include <cube/robot.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "timing.hpp"

namespace lc::robot {

enum class Family : int32_t {
    kSixMotor = 1,
    kFourArm = 2,
    kTwoGripper = 3,
    kTurntableFlipper = 4,
    kHoldFlip = 5,
    kDescribed = 6,  // a mechanism given as text (mechanism.hpp)
};

// The last family: families are 1 .. kLastFamily.
constexpr int kLastFamily = 6;

struct Mechanism;  // mechanism.hpp

// Command kinds, as CUBE_ACTION_* in <cube/robot.h>.
enum CmdKind : uint8_t {
    kTurn = 1,  // motor, arm twist, wrist or turntable: param = signed quarters, + clockwise seen from outside
    kGrip = 2,  // slide, gripper or holder: param 1 = engage / close / clamp, 0 = retract / open / release
    kFlip = 3,  // flipper tips the cube once: param 1
};

struct Cmd {
    uint8_t actuator = 0;
    uint8_t kind = 0;
    int8_t param = 0;
};

// At most this many commands start together (one step).
constexpr int kMaxStepCommands = CUBE_ROBOT_STEP_MAX_COMMANDS;

// Commands that start together; a step lasts as long as its longest command.
struct CmdSet {
    Cmd cmd[kMaxStepCommands];
    uint8_t n = 0;
    void add(Cmd c) { cmd[n++] = c; }
    static CmdSet of(Cmd c) {
        CmdSet s;
        s.add(c);
        return s;
    }
};

// "turn", "grip" or "flip" (as the C API's action kinds are named in text), else "?".
const char *command_kind_name(int kind);

// A turn of q signed quarters as an amount 0-3 (clockwise quarters: 3 is a counter-turn).
inline int amount_of(int q) {
    return ((q % 4) + 4) % 4;
}

// For Model::simulate(): says why (if asked) and refuses.
inline bool refuse(std::string *why, const std::string &msg) {
    if (why) *why = msg;
    return false;
}
inline bool refuse(std::string *why, const char *msg) {
    if (why) *why = msg;
    return false;
}

// What a step does to the cube: nothing, a whole-cube rotation, or one or two layer turns.
struct Effect {
    int8_t rot_axis = -1;  // 0 x, 1 y, 2 z (robot axes) or -1
    int8_t rot_q = 0;      // signed quarters in the axis' positive sense
    uint8_t nturns = 0;
    uint8_t face[2] = {0, 0};  // robot positions U R F D L B
    int8_t q[2] = {0, 0};      // signed quarters, + clockwise seen from outside that face
};

// One per-actuator key as written: actuator name, key and value (see timing.hpp).
struct ActuatorKey {
    std::string actuator, key, value;
};

// Durations in microseconds and options; the same fields as cube_robot_desc.
struct Params {
    Family family = Family::kSixMotor;
    int32_t turn90_us = 0, turn180_us = 0, grip_us = 0, flip_us = 0;
    int32_t twist_range = 1;  // arms and wrists: quarters each side of neutral
    int32_t allow_parallel = 1;
    int32_t camera = 0;  // scans: 0 the family's default, else 1 + the robot position the camera looks at
    // Per-actuator keys of the text form ("table.spin90 = 300"), in the order given: later keys win.
    std::vector<ActuatorKey> actuator_keys;
    int32_t overlap_permille = 0;  // six-motor: an adjacent turn may start this far before the end of the last
    std::shared_ptr<const Mechanism> mechanism;  // kDescribed: the mechanism its text gave
};

class Model {
  public:
    explicit Model(const Params &p) : p_(p) {}
    virtual ~Model() = default;
    const Params &params() const { return p_; }

    virtual int actuators() const = 0;
    virtual const char *actuator_name(int i) const = 0;
    virtual ActuatorType actuator_type(int i) const = 0;
    // Actuator i's times and limits before the per-actuator keys: the family's defaults.
    virtual ActuatorTiming default_timing(int i) const { return uniform_timing(params(), actuator_type(i)); }
    // Installs the timing table (one per actuator, see build_timing()); throws lc::Error when the family
    // cannot take it (say a range its mechanism cannot track).
    void set_timing(std::vector<ActuatorTiming> table) {
        timing_ = std::move(table);
        on_timing();
    }
    const ActuatorTiming &timing(int i) const { return timing_[size_t(i)]; }
    // Mechanical states are 0 .. mech_count()-1 (some may be impossible and have no steps).
    virtual uint32_t mech_count() const = 0;
    virtual uint32_t initial() const = 0;
    // Command sets worth trying from `mech` (simulate() decides which are allowed).
    virtual void candidates(uint32_t mech, std::vector<CmdSet> &out) const = 0;
    // The physics: whether `cmds` may start together in `mech`, the state after and what the cube does.
    // On refusal returns false and, if `why` is given, says why.
    virtual bool simulate(uint32_t mech, const CmdSet &cmds, uint32_t &next, Effect &eff, std::string *why) const = 0;
    // Shortest time the hardware needs for command k of `step` started in `mech`; negative if the command
    // is meaningless for its actuator.
    virtual int32_t duration(uint32_t mech, const CmdSet &step, int k) const = 0;
    // The state at `positions` (actuators() values, see "Positions" in <cube/driver.h>). On refusal
    // returns false and says why, naming the actuator.
    virtual bool mech_at(const int32_t *positions, uint32_t &mech, std::string &why) const = 0;
    // Writes the positions `mech` fixes; those it does not track (free turns) are left as they are.
    virtual void positions_at(uint32_t mech, int32_t *positions) const = 0;
    // Whether a scan camera sees the cube in `mech` (a cover closed on it or tipping it hides it).
    virtual bool camera_clear(uint32_t) const { return true; }

  protected:
    // Called once the timing table is set: a model that tracks ranges sizes its states here.
    virtual void on_timing() {}
    // The time of a turn of actuator i by `param` quarters moving `load`; -1 for a turn it cannot make.
    int32_t turn_time(int i, Load load, int param) const { return timing(i).turn(load, param); }
    // The turns worth trying for actuator i: its allowed directions; half turns both ways only when
    // their times differ or its travel is limited; three quarters only one way.
    void turn_params(int i, std::vector<int8_t> &out) const;
    // "" when actuator i may turn by `param` quarters, else why not (its directions).
    std::string direction_refusal(int i, int param) const;

  private:
    Params p_;
    std::vector<ActuatorTiming> timing_;
};

// The model of a mechanism given as data (model_described.cpp), its timing table not yet set.
std::unique_ptr<Model> make_described(const Params &p, Mechanism m);
// The robot's model (its family's preset or its described mechanism) with its timing table set from p
// (throws lc::Error on bad per-actuator keys or a mechanism it cannot track).
std::unique_ptr<Model> make_model(const Params &p);

}  // namespace lc::robot
