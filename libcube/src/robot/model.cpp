// What every model shares: making one with its timing table, and the turns an actuator may make.
#include "model.hpp"

#include "error.hpp"
#include "mechanism.hpp"

namespace lc::robot {

const char *command_kind_name(int kind) {
    switch (kind) {
        case kTurn:
            return "turn";
        case kGrip:
            return "grip";
        case kFlip:
            return "flip";
    }
    return "?";
}

std::unique_ptr<Model> make_model(const Params &p) {
    if (p.family == Family::kDescribed && !p.mechanism)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    "a described robot needs its mechanism as text: give it to cube_robot_parse() or cube_robot_load()");
    if (int(p.family) < 1 || int(p.family) > kLastFamily)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "unknown robot family " + std::to_string(int(p.family)));
    std::unique_ptr<Model> model = make_described(p, p.mechanism ? *p.mechanism : preset_mechanism(p));
    model->set_timing(build_timing(*model, p));
    return model;
}

void Model::turn_params(int i, std::vector<int8_t> &out) const {
    const ActuatorTiming &t = timing(i);
    const bool both_halves = t.range != 0 || t.turn_us[kLayer][0][1] != t.turn_us[kLayer][1][1] ||
                             t.turn_us[kSpin][0][1] != t.turn_us[kSpin][1][1];
    if (t.directions & kClockwise) {
        out.push_back(1);
        out.push_back(2);
    }
    if (t.directions & kCounterClockwise) {
        out.push_back(-1);
        if (both_halves || t.directions != kBothWays) out.push_back(-2);
    }
    if (t.directions == kClockwise) out.push_back(3);
    if (t.directions == kCounterClockwise) out.push_back(-3);
}

std::string Model::direction_refusal(int i, int param) const {
    const uint8_t dirs = timing(i).directions;
    if (param > 0 && !(dirs & kClockwise)) return std::string(actuator_name(i)) + " turns only counter-clockwise";
    if (param < 0 && !(dirs & kCounterClockwise)) return std::string(actuator_name(i)) + " turns only clockwise";
    return "";
}

}  // namespace lc::robot
