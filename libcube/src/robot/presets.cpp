// The five families as mechanisms: built from their shape, with the times of a description.
#include <string>

#include "geometry.hpp"
#include "mechanism.hpp"
#include "model.hpp"
#include "orient.hpp"

namespace lc::robot {
namespace {

MechActuator preset_actuator(const Params &p, std::string name, ActuatorType type) {
    MechActuator a;
    a.name = std::move(name);
    a.type = type;
    a.defaults = uniform_timing(p, type);
    return a;
}

Condition at_position(int actuator, int position) {
    return {uint8_t(actuator), uint8_t(1u << position)};
}

// six-motor: a motor on each face's center; opposite faces may turn together.
Mechanism six_motor(const Params &p) {
    Mechanism m;
    for (int f = 0; f < 6; ++f) {
        MechActuator a = preset_actuator(p, std::string(1, kFaceLetters[f]), ActuatorType::kTurner);
        a.hold = {HoldKind::kCenter, uint8_t(f), 0};
        a.travel = Travel::kFree;
        m.actuators.push_back(a);
    }
    m.together = Together::kPairs;
    for (int f = 0; f < 3; ++f)
        m.pairs.push_back({uint8_t(f), uint8_t(kOpposite[f])});
    return m;
}

// Arms on `faces`, each a twist (turner with a claw) then its slide or gripper, engaged at rest. A
// claw lies along the axis of the arms that turn beside it at even angles.
Mechanism arms(const Params &p, const std::vector<int> &faces, const char *twist, const char *grip) {
    Mechanism m;
    for (size_t i = 0; i < faces.size(); ++i) {
        const int f = faces[i];
        const std::string face(1, kFaceLetters[f]);
        int along = 0;
        for (int g : faces)
            if (kAxisOf[g] != kAxisOf[f]) along = kAxisOf[g];
        MechActuator t = preset_actuator(p, face + "." + twist, ActuatorType::kTurner);
        t.hold = {HoldKind::kClaw, uint8_t(f), uint8_t(along)};
        t.engage = int8_t(2 * i + 1);
        t.defaults.range = p.twist_range;
        MechActuator g = preset_actuator(p, face + "." + grip, ActuatorType::kGrip);
        g.rest = 1;
        m.actuators.push_back(t);
        m.actuators.push_back(g);
    }
    return m;
}

Mechanism four_arm(const Params &p) {
    Mechanism m = arms(p, {4, 1, 2, 5}, "twist", "slide");  // L R F B
    m.held = {{at_position(1, 1), at_position(3, 1)},
              {at_position(5, 1), at_position(7, 1)}};  // an opposite pair engaged
    for (uint8_t a = 0; a < 8; a += 4) {
        m.pairs.push_back({uint8_t(a + 1), uint8_t(a + 3)});  // the pair's slides
        m.pairs.push_back({a, uint8_t(a + 2)});               // and twists
    }
    m.cameras = "UD";
    return m;
}

Mechanism two_gripper(const Params &p) {
    Mechanism m = arms(p, {3, 4}, "wrist", "grip");       // D L
    m.held = {{at_position(1, 1)}, {at_position(3, 1)}};  // one gripper closed
    m.cameras = "FURB";
    return m;
}

// turntable-flipper: the table carries the bottom layer, the holder clamps the upper ones, the flipper
// tips the cube back face down (an x) with the holder released; one actuator at a time.
Mechanism turntable(const Params &p) {
    Mechanism m;
    MechActuator table = preset_actuator(p, "table", ActuatorType::kTurner);
    table.hold = {HoldKind::kPocket, 3, 0};
    MechActuator flipper = preset_actuator(p, "flipper", ActuatorType::kFlipper);
    flipper.flip_axis = 0;
    flipper.flip_q = 1;
    flipper.requires = {at_position(2, 0)};
    MechActuator holder = preset_actuator(p, "holder", ActuatorType::kGrip);
    holder.hold = {HoldKind::kClamp, 3, 0};
    m.actuators = {table, flipper, holder};
    m.together = Together::kOne;
    m.cameras = "URFLB";
    return m;
}

// hold-and-flip: the table between end stops, a cover that clamps the upper layers at close and tips
// the cube at flip; the table stays still while the cover is at flip.
Mechanism hold_flip(const Params &p) {
    enum { kOpen = 0, kClose = 1, kFlipped = 2 };
    Mechanism m;
    MechActuator table = preset_actuator(p, "table", ActuatorType::kTurner);
    table.hold = {HoldKind::kPocket, 3, 0};
    table.travel = Travel::kStops;
    table.defaults.range = 1;
    // The table turns a held layer slower than it spins the free cube (CUBOTino's rotate vs spin).
    for (auto &dir : table.defaults.turn_us[kLayer])
        for (int32_t &us : dir)
            us += us / 4;
    table.requires = {{1, uint8_t(1u << kOpen | 1u << kClose)}};
    MechActuator cover = preset_actuator(p, "cover", ActuatorType::kCover);
    cover.hold = {HoldKind::kClamp, 3, 0};
    cover.flip_axis = 0;
    cover.flip_q = 1;
    cover.hides = true;
    // The cover reaches flip quicker from open than from close.
    cover.defaults.move_us[kOpen][kFlipped] = p.flip_us;
    cover.defaults.move_us[kFlipped][kOpen] = p.flip_us;
    cover.defaults.move_us[kClose][kFlipped] = p.flip_us + p.grip_us;
    cover.defaults.move_us[kFlipped][kClose] = p.flip_us;
    m.actuators = {table, cover};
    m.together = Together::kOne;
    m.cameras = "URFLB";
    return m;
}

}  // namespace

bool cuts_corners(const Mechanism &m) {
    for (const MechActuator &a : m.actuators)
        if (a.type != ActuatorType::kTurner || a.hold.kind != HoldKind::kCenter) return false;
    return !m.actuators.empty();
}

Mechanism preset_mechanism(const Params &p) {
    switch (p.family) {
        case Family::kSixMotor:
            return six_motor(p);
        case Family::kFourArm:
            return four_arm(p);
        case Family::kTwoGripper:
            return two_gripper(p);
        case Family::kTurntableFlipper:
            return turntable(p);
        case Family::kHoldFlip:
            return hold_flip(p);
        default:
            return {};
    }
}

}  // namespace lc::robot
