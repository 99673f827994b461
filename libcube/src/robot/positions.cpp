#include "positions.hpp"

#include "error.hpp"
#include "plan.hpp"

namespace lc::robot {
namespace {

// A turn actuator's position after `param` more quarters. Six-motor motors and the turntable turn
// freely, so a position near the int32 limits wraps to the same angle (mod 4) instead of overflowing.
int32_t turned(int32_t position, int32_t param) {
    int64_t next = int64_t(position) + param;
    if (next > INT32_MAX || next < INT32_MIN) next %= 4;
    return static_cast<int32_t>(next);
}

}  // namespace

std::vector<int32_t> rest_positions(const Robot &robot) {
    return positions_of(robot, robot.model().initial());
}

uint32_t mech_of(const Robot &robot, const std::vector<int32_t> &positions) {
    const Model &model = robot.model();
    if (positions.size() != size_t(model.actuators()))
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, std::to_string(positions.size()) + " positions given: the " +
                                                     family_name(robot.params().family) + " robot has " +
                                                     std::to_string(model.actuators()) + " actuators");
    uint32_t mech = 0;
    std::string why;
    if (!model.mech_at(positions.data(), mech, why))
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "the robot cannot be at these positions: " + why);
    return mech;
}

std::vector<int32_t> positions_of(const Robot &robot, uint32_t mech, const std::vector<int32_t> *previous) {
    const Model &model = robot.model();
    std::vector<int32_t> out(size_t(model.actuators()), 0);
    if (previous && previous->size() == out.size()) out = *previous;
    model.positions_at(mech, out.data());
    return out;
}

std::vector<int32_t> step_positions(const Robot &robot, const std::vector<int32_t> &positions, const CmdSet &cmds,
                                    std::string *facelets) {
    const Model &model = robot.model();
    const uint32_t mech = mech_of(robot, positions);
    uint32_t next = 0;
    Effect eff;
    std::string why;
    if (!model.simulate(mech, cmds, next, eff, &why))
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "the robot refuses the step: " + why);
    std::vector<int32_t> out = positions;
    for (int k = 0; k < cmds.n; ++k) {
        const Cmd &c = cmds.cmd[k];
        if (c.kind == kTurn) out[c.actuator] = turned(out[c.actuator], c.param);
        if (c.kind == kGrip) out[c.actuator] = c.param;
    }
    model.positions_at(next, out.data());  // what the mechanism tracks: end stops, the cover at flip
    if (facelets) apply_effect(*facelets, eff);
    return out;
}

}  // namespace lc::robot
