// The rules every driver checks first of a step it is given (execute_steps), and the fault record of a step
// refused before anything moved: shared by the built-in sim and the plugins in drivers/ (public headers only,
// header-only). Each driver then checks what is its own (its physics, busy actuators, concurrency).
#pragma once
#include <cube/driver_plugin.h>

#include <string>

#include "plugin_fault.hpp"

namespace cube_plugin {

// What admit_step() makes of a step: the plan action of its first command (version-2 commands, else -1)
// and, when it is refused, the actuator concerned (or -1) and the rule it broke.
struct StepAdmission {
    int32_t action_index = -1;
    int32_t actuator = -1;
    std::string refusal;  // empty: admitted

    bool admitted() const { return refusal.empty(); }
};

// 1 to CUBE_ROBOT_STEP_MAX_COMMANDS commands, none NULL or smaller than a version-1 command, each for one of
// the driver's `actuator_count` actuators.
inline StepAdmission admit_step(const cube_driver_command *const *commands, int32_t count, int32_t actuator_count) {
    StepAdmission step;
    if (count < 1 || count > CUBE_ROBOT_STEP_MAX_COMMANDS) {
        step.refusal = "a step has 1 to " + std::to_string(CUBE_ROBOT_STEP_MAX_COMMANDS) + " commands, not " +
                       std::to_string(count);
        return step;
    }
    if (!commands) {
        step.refusal = "the commands are NULL";
        return step;
    }
    for (int32_t i = 0; i < count; ++i) {
        const cube_driver_command *c = commands[i];
        const std::string which = "command " + std::to_string(i);
        if (!c) {
            step.refusal = which + " is NULL";
            return step;
        }
        if (c->struct_size < CUBE_DRIVER_COMMAND_SIZE_V1) {
            step.refusal = which + ": struct_size " + std::to_string(c->struct_size) +
                           " is smaller than a version-1 command";
            return step;
        }
        if (i == 0 && c->struct_size >= CUBE_DRIVER_COMMAND_SIZE_V2) step.action_index = c->action_index;
        if (c->actuator < 0 || c->actuator >= actuator_count) {
            step.refusal = "no actuator " + std::to_string(c->actuator) + ": there are " +
                           std::to_string(actuator_count);
            return step;
        }
    }
    return step;
}

// The record of a step refused before anything moved.
inline FaultRecord refused_step(int32_t actuator, int32_t action_index, const std::string &text) {
    FaultRecord f = fault_record(CUBE_FAULT_REFUSED, CUBE_ERROR_INVALID_ARGUMENT, text);
    f.actuator = actuator;
    f.action_index = action_index;
    return f;
}

}  // namespace cube_plugin
