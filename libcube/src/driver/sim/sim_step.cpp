#include "sim_step.hpp"

#include "plugin_step.hpp"

namespace cube_sim {
namespace {

const char *kind_name(int32_t kind) {
    switch (kind) {
        case CUBE_ACTION_TURN:
            return "turn";
        case CUBE_ACTION_GRIP:
            return "grip";
        case CUBE_ACTION_FLIP:
            return "flip";
        default:
            return "unknown command";
    }
}

bool refuse(Refusal &refusal, int32_t actuator, const std::string &why) {
    refusal.actuator = actuator;
    refusal.why = why;
    return false;
}

}  // namespace

bool check_step(const Robot &robot, const std::vector<int32_t> &positions, const cube_driver_command *const *commands,
                int32_t count, Step &step, Refusal &refusal) {
    step = Step{};
    refusal = Refusal{};
    const cube_plugin::StepAdmission admitted = cube_plugin::admit_step(commands, count, robot.actuator_count());
    step.action_index = admitted.action_index;
    refusal.action_index = admitted.action_index;
    if (!admitted.admitted()) return refuse(refusal, admitted.actuator, admitted.refusal);
    for (int32_t i = 0; i < count; ++i) {
        const cube_driver_command *c = commands[i];
        const char *name = robot.actuator_name(c->actuator);
        if (!robot.can_do(c->actuator, c->kind, c->param))
            return refuse(refusal, c->actuator, std::string(name) + " cannot do " + kind_name(c->kind) + " " +
                                                    std::to_string(c->param));
    }
    std::vector<int32_t> least;
    std::string why;
    if (!robot.least_us(positions, commands, count, least, why)) {
        // Name the command its actuator cannot make (say a three-quarter turn of a two-way motor).
        for (int32_t i = 0; i < count; ++i) {
            std::vector<int32_t> one;
            std::string ignored;
            const cube_driver_command *c = commands[i];
            if (!robot.least_us(positions, &commands[i], 1, one, ignored) && ignored.find("cannot do") != std::string::npos)
                return refuse(refusal, c->actuator, std::string(robot.actuator_name(c->actuator)) + " cannot do " +
                                                        kind_name(c->kind) + " " + std::to_string(c->param));
        }
        return refuse(refusal, -1, why);
    }
    for (int32_t i = 0; i < count; ++i) {
        const cube_driver_command *c = commands[i];
        const char *name = robot.actuator_name(c->actuator);
        const int32_t need = least[size_t(i)];
        if (c->duration_us < need)
            return refuse(refusal, c->actuator, std::string(name) + " needs " + std::to_string(need) + " us for " +
                                                    kind_name(c->kind) + " " + std::to_string(c->param) + ", given " +
                                                    std::to_string(c->duration_us));
        if (c->duration_us > step.longest_us) step.longest_us = c->duration_us;
        step.text += (i ? "; " : "") + std::string(name) + " " + kind_name(c->kind) + " " + std::to_string(c->param) +
                     " in " + std::to_string(c->duration_us) + " us";
    }
    return true;
}

}  // namespace cube_sim
