// A robot mechanism as data: its actuators, what each grips, and the rules of which may move when.
// One model (model_described.cpp) runs every mechanism; the five families are presets of it
// (presets.cpp) and a robot builder may write a sixth as text (mechanism_text.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "timing.hpp"

namespace lc::robot {

struct Params;

// The most actuators a mechanism may have, and the most mechanical states (every tracked position
// combined: four-arm robots with range 2 have 10^4).
constexpr int kMaxActuators = 8;
constexpr uint32_t kMaxMechStates = 16384;

// What an actuator grips, as the layers it keeps with it along each robot axis (see layer_mask()).
enum class HoldKind : uint8_t {
    kNone,
    kCenter,  // a motor on a face's center: that face's layer; the middle slice along the other axes
    kPocket,  // a table pocket around a face's layer: that layer; every layer along the other axes
    kClaw,    // an arm's claw on a face's middle row: that face's layer; the middle slice along the axis
              // it lies along (`along` at even twist angles, the third axis at odd ones); every layer
              // along the other axis
    kClamp,   // a clamp on the cube: every layer but the face's
};

struct Hold {
    HoldKind kind = HoldKind::kNone;
    uint8_t face = 0;   // robot face U R F D L B (0-5)
    uint8_t along = 0;  // kClaw: the axis (0 x, 1 y, 2 z) its claw lies along at even angles
};

// Layers along an axis as bits: the layer at the axis' negative face (D L B), the middle slice, the
// positive face's (U R F).
constexpr uint8_t kNegativeLayer = 1;
constexpr uint8_t kSliceLayer = 2;
constexpr uint8_t kPositiveLayer = 4;
constexpr uint8_t kAllLayers = kNegativeLayer | kSliceLayer | kPositiveLayer;
uint8_t layer_bit(int face);

// Positions of grips and covers: open, closed (holding); covers also flipped (where a flip sends them).
constexpr int kOpenPosition = 0;
constexpr int kClosedPosition = 1;
constexpr int kFlippedPosition = 2;

// The layers `hold` grips along `axis`, the twist angle of a claw being `angle`.
uint8_t layer_mask(const Hold &hold, int axis, int angle);

// Actuator `actuator` is at one of `positions` (a bit per position index).
struct Condition {
    uint8_t actuator = 0;
    uint8_t positions = 0;
};

// Turner travel: what its range may be.
enum class Travel : uint8_t {
    kAny,    // 0 (no end stops) or 1-2 quarters each side of home
    kFree,   // no end stops: range 0 only (six-motor motors)
    kStops,  // end stops: range 1-2 (hold-and-flip table)
};

struct MechActuator {
    std::string name;
    ActuatorType type = ActuatorType::kTurner;
    // Turners: what they grip (kCenter, kPocket or kClaw), on their face. Grips and covers: what they
    // grip at close (kClamp or kNone: a claw's grip holds through its turner).
    Hold hold;
    int8_t engage = -1;  // claw turners: the grip actuator whose close engages the claw
    Travel travel = Travel::kAny;
    int8_t rest = 0;        // grips and covers: the position at rest
    int8_t flip_axis = -1;  // flippers and covers: the whole-cube turn that moving to flip makes
    int8_t flip_q = 0;      //   (robot axis and signed quarters)
    bool hides = false;     // grips and covers: the camera sees the cube only at position 0 (open)
    std::vector<Condition>
    requires;                 // all must hold before it may move
    ActuatorTiming defaults;  // times and limits before the per-actuator keys
};

// Which actuators may move in one step.
enum class Together : uint8_t {
    kOne,    // one command per step
    kPairs,  // one command, or the two of a listed pair (parallel=1)
    kAny,    // any commands the physics allows; the planner tries the listed pairs and free turners
};

struct Mechanism {
    std::vector<MechActuator> actuators;
    // The cube is held while one of these holds (each a list of conditions that must all hold); no
    // alternatives: always held (a table pocket, a frame of motors).
    std::vector<std::vector<Condition>> held;
    Together together = Together::kAny;
    std::vector<std::pair<uint8_t, uint8_t>> pairs;
    // Scan cameras: the robot positions a camera may look at, the default first ("" none).
    std::string cameras;
};

// The family's mechanism, with the defaults of p (p.family 1-5).
Mechanism preset_mechanism(const Params &p);

// Whether every actuator is a motor on a face center, as on six-motor robots: their turns may overlap.
bool cuts_corners(const Mechanism &m);

// The text form (mechanism_text.cpp): whether a spec item is a mechanism line ("actuator ...",
// "require ...", "held ...", "together ...", "pair ...", "cameras ..."); the mechanism of such lines with
// the uniform times of p, checked (throws lc::Error: CUBE_ERROR_PARSE for a line it cannot read,
// CUBE_ERROR_INVALID_ARGUMENT for lines that contradict each other); and the lines that give m back.
bool is_mechanism_line(const std::string &item);
Mechanism parse_mechanism(const std::vector<std::string> &lines, const Params &p);
std::vector<std::string> mechanism_lines(const Mechanism &m);

}  // namespace lc::robot
