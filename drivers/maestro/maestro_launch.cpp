// Steps in flight: whether a step may start (its commands fit the servos, the robot's physics allow it
// after the steps launched so far, its channels are free, and with concurrent=0 nothing else is in
// flight), and the bookkeeping of the servos each step holds.
#include "maestro.hpp"
#include "plugin_step.hpp"

namespace cube_maestro {

std::vector<Move> Maestro::check_step_locked(const cube_driver_command *const *commands, int32_t count,
                                             int32_t &action_index) {
    const cube_plugin::StepAdmission step = cube_plugin::admit_step(commands, count, actuator_count());
    action_index = step.action_index;
    if (!step.admitted()) throw refused(step.actuator, step.refusal);
    if (in_flight_ > 0 && !settings_.concurrent)
        throw refused(-1, "a step is still in flight and this driver runs one step at a time (concurrent=0)");
    const std::vector<int32_t> &at = launched_;
    std::vector<const cube_driver_command *> list;
    std::vector<Move> moves;
    for (int32_t i = 0; i < count; ++i) {
        const cube_driver_command *c = commands[i];
        const Servo &s = settings_.servos[size_t(c->actuator)];
        if (busy_[size_t(c->actuator)])
            throw refused(c->actuator, s.actuator + " is still moving (a step with it has not ended)");
        if (c->kind != (s.turns ? CUBE_ACTION_TURN : CUBE_ACTION_GRIP))
            throw refused(c->actuator, s.actuator + (s.turns ? " only turns" : " only grips"));
        int32_t to = s.turns ? at[size_t(c->actuator)] + c->param : c->param;
        if (!s.target_qus.count(to))
            throw refused(c->actuator, s.actuator + " has no position " + std::to_string(to) + " (no pulse." +
                                           std::to_string(to) + " in its configuration)");
        list.push_back(c);
        moves.push_back(Move{c->actuator, to});
    }
    std::vector<int32_t> next;
    physics(at, list, next);
    return moves;
}

void Maestro::launch_locked(const std::vector<Move> &moves) {
    for (const Move &m : moves) {
        busy_[size_t(m.actuator)] = true;
        launched_[size_t(m.actuator)] = m.position;
    }
    ++in_flight_;
    state_ = CUBE_DRIVER_BUSY;
}

void Maestro::land_locked(const std::vector<Move> &moves, bool moved, int32_t count) {
    for (const Move &m : moves) busy_[size_t(m.actuator)] = false;
    if (moved) commands_done_ += count;
    if (--in_flight_ > 0) return;
    // Nothing moves: the next launch starts from where the servos are.
    launched_ = positions_;
    if (state_ == CUBE_DRIVER_BUSY) state_ = CUBE_DRIVER_IDLE;
}

}  // namespace cube_maestro
