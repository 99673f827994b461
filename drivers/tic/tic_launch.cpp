// Steps in flight: whether a step may start (its commands fit, its boards are free, and with
// concurrent=0 nothing else is in flight), and the bookkeeping of the boards each step holds.
#include "plugin_step.hpp"
#include "tic_driver.hpp"

namespace cube_tic {

int32_t Driver::refuse_locked(int32_t actuator, int32_t action_index, const std::string &text) {
    fault_ = cube_plugin::refused_step(actuator, action_index, "tic: " + text);
    error_ = fault_.text;
    return fault_.status;
}

int32_t Driver::check_launch_locked(const cube_driver_command *const *commands, int32_t count,
                                    int32_t &action_index) {
    const cube_plugin::StepAdmission step = cube_plugin::admit_step(commands, count, int32_t(boards_.size()));
    action_index = step.action_index;
    if (!step.admitted()) return refuse_locked(step.actuator, action_index, "refused: " + step.refusal);
    if (in_flight_ > 0 && !settings_.concurrent)
        return refuse_locked(commands[0]->actuator, action_index,
                             "refused: a step is still in flight and this driver runs one step at a time "
                             "(concurrent=0)");
    for (int32_t k = 0; k < count; ++k) {
        const size_t a = size_t(commands[k]->actuator);
        if (busy_[a])
            return refuse_locked(int32_t(a), action_index,
                                 "refused: " + settings_.motors[a].actuator +
                                     " is still moving (a step with it has not ended)");
    }
    return CUBE_OK;
}

void Driver::launch_locked(const cube_driver_command *const *commands, int32_t count, const std::vector<Move> &moves,
                           const std::vector<int32_t> &next) {
    for (int32_t k = 0; k < count; ++k) busy_[size_t(commands[k]->actuator)] = true;
    for (const Move &mv : moves) busy_[mv.board] = true;
    launched_ = next;
    ++in_flight_;
    state_ = CUBE_DRIVER_BUSY;
}

void Driver::land_locked(const cube_driver_command *const *commands, int32_t count, const std::vector<Move> &moves,
                         const std::vector<int32_t> &next, int32_t status) {
    for (int32_t k = 0; k < count; ++k) busy_[size_t(commands[k]->actuator)] = false;
    for (const Move &mv : moves) busy_[mv.board] = false;
    if (status == CUBE_OK) {
        for (const Move &mv : moves) positions_[mv.board] = next[mv.board];
        commands_done_ += count;
    } else if (status == CUBE_ERROR_CANCELLED && state_ != CUBE_DRIVER_FAULT) {
        state_ = CUBE_DRIVER_STOPPED;
    }
    if (--in_flight_ > 0) return;
    // Nothing moves: the next launch starts from where the boards are.
    launched_ = positions_;
    if (state_ == CUBE_DRIVER_BUSY) state_ = CUBE_DRIVER_IDLE;
}

}  // namespace cube_tic
