// Per-actuator times and limits (robot description 2): what each actuator is, its named positions and
// the time of every transition, its travel and the directions it may turn.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace lc::robot {

struct Params;
class Model;

// What an actuator is, for its keys and positions.
enum class ActuatorType : uint8_t {
    kTurner,   // motor, twist, wrist or turntable: turns by signed quarters
    kGrip,     // slide, gripper or holder: positions open (0) and close (1)
    kFlipper,  // tips the cube and returns: one transition, rest -> flip
    kCover,    // hold-and-flip cover: positions open (0), close (1) and flip (2)
};

// What a turn moves: a layer against a hold, or anything else (the whole cube, or nothing at all).
enum Load : uint8_t { kSpin = 0, kLayer = 1 };

// Direction bits of ActuatorTiming::directions.
enum : uint8_t { kClockwise = 1, kCounterClockwise = 2, kBothWays = 3 };

struct ActuatorTiming {
    int32_t turn_us[2][2][3] = {};  // turners: [load][0 cw, 1 ccw][quarters - 1]
    int32_t move_us[3][3] = {};     // positions: [from][to] (grips, flipper, cover)
    int32_t range = 0;              // turners: quarters each side of home; 0 no end stop
    uint8_t directions = kBothWays;

    // A turn by `param` quarters (+ clockwise); -1 when the actuator cannot make it.
    int32_t turn(Load load, int param) const;
};

// The position names of an actuator type, in position order ("open", "close", ...).
std::vector<std::string> position_names(ActuatorType type);

// The table every family starts from: the uniform times of `p` (three quarters one way take a half
// turn plus what a half turn adds to a quarter), no end stop, both directions.
ActuatorTiming uniform_timing(const Params &p, ActuatorType type);

// The model's defaults with p.actuator_keys applied in order. Throws lc::Error(CUBE_ERROR_PARSE) naming
// an unknown actuator, key or value, and lc::Error(CUBE_ERROR_INVALID_ARGUMENT) for times that contradict
// each other (a half turn quicker than a quarter turn).
std::vector<ActuatorTiming> build_timing(const Model &model, const Params &p);

// The keys that turn the model's defaults into its table, canonical and in actuator order:
// ",table.spin90=300,holder.close=200" ("" when nothing differs).
std::string timing_keys(const Model &model);

}  // namespace lc::robot
