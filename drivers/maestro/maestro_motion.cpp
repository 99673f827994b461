// Motion: execute (check, targets, the move time, get-position, get-errors), prepare and rest.
#include <algorithm>
#include <chrono>
#include <thread>

#include "maestro.hpp"
#include "maestro_failure.hpp"
#include "maestro_timing.hpp"

namespace cube_maestro {
namespace {

using Clock = std::chrono::steady_clock;

// How often get-position is asked again while a servo is still short of its target.
constexpr auto kConfirmPoll = std::chrono::milliseconds(2);

StepFault refused(int32_t actuator, const std::string &why) {
    FaultRecord f;
    f.code = CUBE_FAULT_REFUSED;
    f.status = CUBE_ERROR_INVALID_ARGUMENT;
    f.actuator = actuator;
    f.text = why;
    return StepFault{f};
}

}  // namespace

int32_t Maestro::check_ready(const char *what) {
    std::lock_guard<std::mutex> lock(mu_);
    if (state_ == CUBE_DRIVER_STOPPED)
        return fail(CUBE_ERROR_CANCELLED, std::string(what) + ": the Maestro driver is stopped: call prepare first");
    if (state_ == CUBE_DRIVER_FAULT)
        return fail(CUBE_ERROR_INVALID_ARGUMENT,
                    std::string(what) + ": the Maestro driver is in a fault (" + fault_.text + "): call prepare first");
    if (!prepared_) return fail(CUBE_ERROR_INVALID_ARGUMENT, std::string(what) + ": call prepare first");
    return CUBE_OK;
}

void Maestro::physics(const std::vector<int32_t> &from, const std::vector<const cube_driver_command *> &commands,
                      std::vector<int32_t> &to) {
    to.assign(from.size(), 0);
    if (host_.robot_step(robot_.get(), from.data(), commands.data(), int32_t(commands.size()), to.data(), nullptr) !=
        CUBE_OK)
        throw refused(commands[0]->actuator, host_.last_error());
}

std::vector<Move> Maestro::check_step(const cube_driver_command *const *commands, int32_t count,
                                      int32_t &action_index) {
    action_index = -1;
    if (count < 1 || count > 3 || !commands)
        throw refused(-1, "a step has 1 to 3 commands, not " + std::to_string(count));
    std::vector<int32_t> at;
    {
        std::lock_guard<std::mutex> lock(mu_);
        at = positions_;
    }
    std::vector<const cube_driver_command *> list;
    std::vector<Move> moves;
    for (int32_t i = 0; i < count; ++i) {
        const cube_driver_command *c = commands[i];
        if (!c || c->struct_size < CUBE_DRIVER_COMMAND_SIZE_V1) throw refused(-1, "command " + std::to_string(i) + " is NULL or too small");
        if (i == 0 && c->struct_size >= CUBE_DRIVER_COMMAND_SIZE_V2) action_index = c->action_index;
        if (c->actuator < 0 || c->actuator >= actuator_count())
            throw refused(-1, "no actuator " + std::to_string(c->actuator));
        const Servo &s = settings_.servos[size_t(c->actuator)];
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

bool Maestro::wait(int64_t us) {
    std::unique_lock<std::mutex> lock(mu_);
    woken_.wait_for(lock, std::chrono::microseconds(us), [&] { return stop_requested_; });
    return !stop_requested_;
}

void Maestro::confirm(int32_t actuator, int target_qus) {
    auto deadline = Clock::now() + std::chrono::milliseconds(settings_.confirm_ms);
    for (;;) {
        int at = read_position(actuator);
        if (std::abs(at - target_qus) <= settings_.tolerance_qus) return;
        if (Clock::now() >= deadline) {
            FaultRecord f;
            f.code = CUBE_FAULT_POSITION;
            f.status = CUBE_ERROR_IO;
            f.actuator = actuator;
            f.positions_known = 0;
            f.text = servo_text(actuator) + " is at " + std::to_string(at) + " quarter-us, its target is " +
                     std::to_string(target_qus) + " (get-position " + std::to_string(settings_.confirm_ms) +
                     " ms after the move time)";
            throw StepFault{f};
        }
        std::this_thread::sleep_for(kConfirmPoll);
    }
}

// Sends the targets, waits `wait_us`, confirms and reads the errors. Throws StepFault; a stop during the
// wait throws nothing and leaves the moved actuators unknown (the caller sees stop_requested_).
void Maestro::move(const std::vector<Move> &moves, int64_t wait_us, int32_t action_index) {
    (void)action_index;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (stop_requested_) return;
        state_ = CUBE_DRIVER_BUSY;
        for (const Move &m : moves) known_[size_t(m.actuator)] = false;
    }
    {
        std::lock_guard<std::mutex> port(port_mu_);
        for (const Move &m : moves) set_target(m.actuator, settings_.servos[size_t(m.actuator)].target_qus.at(m.position));
    }
    if (!wait(wait_us)) return;
    std::lock_guard<std::mutex> port(port_mu_);
    for (const Move &m : moves) {
        const Servo &s = settings_.servos[size_t(m.actuator)];
        if (s.confirm) confirm(m.actuator, s.target_qus.at(m.position));
    }
    check_errors(moves[0].actuator);
    std::lock_guard<std::mutex> lock(mu_);
    for (const Move &m : moves) {
        positions_[size_t(m.actuator)] = m.position;
        known_[size_t(m.actuator)] = true;
    }
    if (!stop_requested_) state_ = CUBE_DRIVER_IDLE;
}

int32_t Maestro::step_failed(const StepFault &f) {
    FaultRecord record = f.record;
    bool open = false;
    {
        std::lock_guard<std::mutex> port(port_mu_);
        open = !port_->closed();
        if (open && record.code != CUBE_FAULT_REFUSED) {
            record.text += "; " + safe_pose_locked(false, !settings_.stop_holds);
            record.stop_level = CUBE_STOP_HALT;
        } else if (!open) {
            record.text += "; the port is closed: the servos keep their last targets";
        }
    }
    std::lock_guard<std::mutex> lock(mu_);
    if (record.code == CUBE_FAULT_REFUSED) {
        record.positions_known = 1;
    } else {
        prepared_ = false;
        for (bool k : known_) record.positions_known &= k ? 1 : 0;
    }
    fault_ = record;
    if (state_ != CUBE_DRIVER_STOPPED || record.code != CUBE_FAULT_REFUSED) state_ = CUBE_DRIVER_FAULT;
    error_ = record.text;
    log(CUBE_LOG_ERROR, record.text);
    return record.status;
}

int32_t Maestro::execute(const cube_driver_command *const *commands, int32_t count) {
    if (int32_t ready = check_ready("execute")) return ready;
    int32_t action_index = -1;
    try {
        std::vector<Move> moves = check_step(commands, count, action_index);
        int64_t wait_us = 0;
        std::vector<int32_t> from;
        {
            std::lock_guard<std::mutex> lock(mu_);
            from = positions_;
        }
        for (const Move &m : moves) {
            const Servo &s = settings_.servos[size_t(m.actuator)];
            wait_us = std::max(wait_us, move_us(s, s.target_qus.at(from[size_t(m.actuator)]), s.target_qus.at(m.position)));
        }
        move(moves, wait_us, action_index);
    } catch (StepFault &f) {
        f.record.action_index = action_index;
        return step_failed(f);
    }
    std::lock_guard<std::mutex> lock(mu_);
    if (stop_requested_) {
        error_ = "stopped during a step";
        return CUBE_ERROR_CANCELLED;
    }
    commands_done_ += count;
    return CUBE_OK;
}

int32_t Maestro::prepare() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (prepared_ && state_ == CUBE_DRIVER_IDLE) return CUBE_OK;
        stop_requested_ = false;
        stop_level_ = 0;
        state_ = CUBE_DRIVER_BUSY;
        fault_ = FaultRecord{};
    }
    try {
        {
            std::lock_guard<std::mutex> port(port_mu_);
            Bytes reply = request(get_errors(settings_.framing), 2, -1, "get-errors");  // clears old errors
            uint16_t bits = uint16_t(reply[0] | (reply[1] << 8));
            if (bits & ~kKnownErrorBits) link_fault(-1, "get-errors", Io::kOk, reply, 2);
            if (bits) log(CUBE_LOG_WARNING, "cleared earlier errors of the Maestro on " + settings_.port + ": " + error_names(bits));
            for (size_t i = 0; i < settings_.servos.size(); ++i) {
                const Servo &s = settings_.servos[i];
                send(channel_value(settings_.framing, kSetSpeed, s.channel, s.speed), int32_t(i), "set-speed");
                send(channel_value(settings_.framing, kSetAcceleration, s.channel, s.accel), int32_t(i), "set-acceleration");
            }
        }
        // The robot is assumed to hold the cube at rest already: every servo goes to its rest pulse at
        // once, at its speed limit; where a servo was is not known, so the wait is the longest move.
        std::vector<Move> moves;
        int64_t wait_us = 0;
        for (size_t i = 0; i < rest_.size(); ++i) {
            moves.push_back(Move{int32_t(i), rest_[i]});
            wait_us = std::max(wait_us, worst_move_to_us(settings_.servos[i], rest_[i]));
        }
        move(moves, wait_us, -1);
    } catch (StepFault &f) {
        return step_failed(f);
    }
    std::lock_guard<std::mutex> lock(mu_);
    if (stop_requested_) {
        error_ = "prepare: stopped";
        return CUBE_ERROR_CANCELLED;
    }
    prepared_ = true;
    log(CUBE_LOG_INFO, "prepared: at rest");
    return CUBE_OK;
}

// The steps from the current positions to rest: each arm off neutral retracts, untwists and engages
// (one arm at a time, the others holding the cube), then every retracted arm engages. Each step is
// checked with the robot's physics; a state that cannot be left safely is refused.
std::vector<std::vector<Move>> Maestro::rest_steps() {
    std::vector<int32_t> at;
    {
        std::lock_guard<std::mutex> lock(mu_);
        for (bool k : known_)
            if (!k) throw refused(-1, "rest: the positions are not known: call prepare");
        at = positions_;
    }
    std::vector<std::vector<Move>> steps;
    auto add = [&](int32_t actuator, int32_t position) {
        cube_driver_command c{};
        c.struct_size = sizeof c;
        c.actuator = actuator;
        c.kind = settings_.servos[size_t(actuator)].turns ? CUBE_ACTION_TURN : CUBE_ACTION_GRIP;
        c.param = c.kind == CUBE_ACTION_TURN ? position - at[size_t(actuator)] : position;
        c.move_index = -1;
        c.action_index = -1;
        std::vector<int32_t> next;
        physics(at, {&c}, next);
        at = next;
        steps.push_back({Move{actuator, position}});
    };
    for (int32_t twist = 0; twist + 1 < actuator_count(); twist += 2) {
        if (at[size_t(twist)] == rest_[size_t(twist)]) continue;
        if (at[size_t(twist + 1)] == 1) add(twist + 1, 0);
        add(twist, rest_[size_t(twist)]);
        add(twist + 1, rest_[size_t(twist + 1)]);
    }
    for (int32_t grip = 1; grip < actuator_count(); grip += 2)
        if (at[size_t(grip)] != rest_[size_t(grip)]) add(grip, rest_[size_t(grip)]);
    return steps;
}

int32_t Maestro::rest() {
    if (int32_t ready = check_ready("rest")) return ready;
    try {
        std::vector<std::vector<Move>> steps = rest_steps();
        if (steps.empty()) {  // at rest: the rest targets again, confirmed
            std::vector<Move> all;
            for (size_t i = 0; i < rest_.size(); ++i) all.push_back(Move{int32_t(i), rest_[i]});
            steps.push_back(all);
        }
        for (const std::vector<Move> &step : steps) {
            int64_t wait_us = 0;
            std::vector<int32_t> from;
            {
                std::lock_guard<std::mutex> lock(mu_);
                from = positions_;
            }
            for (const Move &m : step) {
                const Servo &s = settings_.servos[size_t(m.actuator)];
                wait_us = std::max(wait_us, move_us(s, s.target_qus.at(from[size_t(m.actuator)]), s.target_qus.at(m.position)));
            }
            move(step, wait_us, -1);
            std::lock_guard<std::mutex> lock(mu_);
            if (stop_requested_) {
                error_ = "rest: stopped";
                return CUBE_ERROR_CANCELLED;
            }
        }
    } catch (StepFault &f) {
        return step_failed(f);
    }
    log(CUBE_LOG_INFO, "at rest");
    return CUBE_OK;
}

}  // namespace cube_maestro
