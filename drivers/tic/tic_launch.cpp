// Steps in flight: whether a step may start (its commands fit, its boards are free, and with
// concurrent=0 nothing else is in flight), and the bookkeeping of the boards each step holds.
#include "tic_driver.hpp"

namespace cube_tic {

int32_t Driver::refuse_locked(int32_t actuator, int32_t action_index, const std::string &text) {
    fault_ = Fault{};
    fault_.code = CUBE_FAULT_REFUSED;
    fault_.status = CUBE_ERROR_INVALID_ARGUMENT;
    fault_.actuator = actuator;
    fault_.action_index = action_index;
    fault_.text = error_ = "tic: " + text;
    return CUBE_ERROR_INVALID_ARGUMENT;
}

int32_t Driver::check_launch_locked(const cube_driver_command *const *commands, int32_t count,
                                    int32_t &action_index) {
    action_index = -1;
    if (!commands || count < 1 || count > 3)
        return refuse_locked(-1, -1, "refused: a step has 1 to 3 commands, not " + std::to_string(count));
    for (int32_t k = 0; k < count; ++k) {
        const cube_driver_command *c = commands[k];
        if (!c || c->struct_size < CUBE_DRIVER_COMMAND_SIZE_V1)
            return refuse_locked(-1, -1, "refused: command " + std::to_string(k) + " is NULL or too small");
        if (k == 0 && c->struct_size >= CUBE_DRIVER_COMMAND_SIZE_V2) action_index = c->action_index;
        if (c->actuator < 0 || size_t(c->actuator) >= boards_.size())
            return refuse_locked(-1, action_index, "refused: no actuator " + std::to_string(c->actuator));
    }
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
