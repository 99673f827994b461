// Motion: execute (check, targets, the move time, get-position, get-errors), prepare and rest.
#include <algorithm>
#include <chrono>
#include <thread>

#include "maestro.hpp"
#include "maestro_failure.hpp"
#include "plugin_step.hpp"
#include "maestro_timing.hpp"

namespace cube_maestro {
namespace {

using Clock = std::chrono::steady_clock;

// How often get-position is asked again while a servo is still short of its target.
constexpr auto kConfirmPoll = std::chrono::milliseconds(2);

}  // namespace

StepFault refused(int32_t actuator, const std::string &why) {
    return StepFault{cube_plugin::refused_step(actuator, -1, why)};
}

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

bool Maestro::wait(int64_t us) {
    std::unique_lock<std::mutex> lock(mu_);
    woken_.wait_for(lock, std::chrono::microseconds(us), [&] { return interrupted_locked(); });
    return !interrupted_locked();
}

bool Maestro::confirm(int32_t actuator, int target_qus) {
    auto deadline = Clock::now() + std::chrono::milliseconds(settings_.confirm_ms);
    for (;;) {
        int at = 0;
        {
            std::lock_guard<std::mutex> port(port_mu_);
            at = read_position(actuator);
        }
        if (std::abs(at - target_qus) <= settings_.tolerance_qus) return true;
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
        {
            std::lock_guard<std::mutex> lock(mu_);
            if (interrupted_locked()) return false;
        }
        std::this_thread::sleep_for(kConfirmPoll);
    }
}

// The targets go out in one hold of the port, after a last look for a stop or a fault (which take the
// port before their safe pose: no target follows a safe pose). The moved actuators are unknown until
// confirmed.
bool Maestro::move(const std::vector<Move> &moves, int64_t wait_us) {
    {
        std::lock_guard<std::mutex> port(port_mu_);
        {
            std::lock_guard<std::mutex> lock(mu_);
            if (interrupted_locked()) return false;
            for (const Move &m : moves) known_[size_t(m.actuator)] = false;
        }
        for (const Move &m : moves) set_target(m.actuator, settings_.servos[size_t(m.actuator)].target_qus.at(m.position));
    }
    if (!wait(wait_us)) return false;
    for (const Move &m : moves) {
        const Servo &s = settings_.servos[size_t(m.actuator)];
        if (s.confirm && !confirm(m.actuator, s.target_qus.at(m.position))) return false;
    }
    {
        std::lock_guard<std::mutex> port(port_mu_);
        {
            std::lock_guard<std::mutex> lock(mu_);
            if (interrupted_locked()) return false;  // the safe pose came: nothing after it
        }
        check_errors(moves[0].actuator);
    }
    std::lock_guard<std::mutex> lock(mu_);
    for (const Move &m : moves) {
        positions_[size_t(m.actuator)] = m.position;
        known_[size_t(m.actuator)] = true;
    }
    return true;
}

int32_t Maestro::halted_status() {
    std::unique_lock<std::mutex> lock(mu_);
    // Bounded well inside the host's grace after its stop (2 s), so that the host never calls this hung.
    woken_.wait_for(lock, std::chrono::seconds(1), [&] { return fault_settled_; });
    const int32_t status = fault_.status;
    const std::string text = fault_.text;
    lock.unlock();
    return fail(status, "halted by the fault of another step: " + text);
}

int32_t Maestro::step_failed(const StepFault &f) {
    FaultRecord record = f.record;
    if (record.code == CUBE_FAULT_REFUSED) {  // nothing moved: no safe pose; steps in flight go on
        {
            std::lock_guard<std::mutex> lock(mu_);
            record.positions_known = 1;
            fault_ = record;
            if (state_ != CUBE_DRIVER_STOPPED) state_ = CUBE_DRIVER_FAULT;
        }
        return fail(record.status, record.text);
    }
    bool first = false;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (!halted_) {
            // Recorded before the safe pose, so that the steps in flight stop and wait for it.
            first = true;
            halted_ = true;
            fault_settled_ = false;
            prepared_ = false;
            state_ = CUBE_DRIVER_FAULT;
        }
    }
    woken_.notify_all();
    if (!first) return halted_status();  // a step in flight with the run's first fault, which is reported
    bool open = false;
    {
        std::lock_guard<std::mutex> port(port_mu_);
        open = !port_->closed();
        if (open) {
            {
                std::lock_guard<std::mutex> lock(mu_);
                posed_ = settings_.stop_holds ? 1 : 2;  // the host's stop after this fault sends no second pose
            }
            record.text += "; " + safe_pose_locked(true, !settings_.stop_holds);
            record.stop_level = CUBE_STOP_HALT;
        } else {
            record.text += "; the port is closed: the servos keep their last targets";
        }
    }
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (open) settle_positions_locked(!settings_.stop_holds);
        for (bool k : known_) record.positions_known &= k ? 1 : 0;
        if (!record.positions_known) record.text += "; " + unknown_text_locked();
        fault_ = record;
        fault_settled_ = true;
    }
    woken_.notify_all();
    return fail(record.status, record.text);
}

// Several executes may run at once (concurrent steps): each checks and launches its step under mu_,
// moves its own servos and waits for them only.
int32_t Maestro::execute(const cube_driver_command *const *commands, int32_t count) {
    if (int32_t ready = check_ready("execute")) return ready;
    int32_t action_index = -1;
    std::vector<Move> moves;
    bool launched = false;
    bool moved = false;
    try {
        int64_t wait_us = 0;
        {
            std::lock_guard<std::mutex> lock(mu_);
            moves = check_step_locked(commands, count, action_index);
            for (const Move &m : moves) {
                const Servo &s = settings_.servos[size_t(m.actuator)];
                const int from = s.target_qus.at(launched_[size_t(m.actuator)]);
                wait_us = std::max(wait_us, move_us(s, from, s.target_qus.at(m.position)));
            }
            launch_locked(moves);
            launched = true;
        }
        moved = move(moves, wait_us);
    } catch (StepFault &fault) {
        if (launched) {
            std::lock_guard<std::mutex> lock(mu_);
            land_locked(moves, false, count);
        }
        fault.record.action_index = action_index;
        return step_failed(fault);
    }
    bool halted = false;
    {
        std::lock_guard<std::mutex> lock(mu_);
        land_locked(moves, moved, count);
        if (moved) return CUBE_OK;
        halted = halted_;
    }
    if (halted) return halted_status();
    return fail(CUBE_ERROR_CANCELLED, "stopped during a step");
}

int32_t Maestro::prepare() {
    bool first = false;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (prepared_ && state_ == CUBE_DRIVER_IDLE) return CUBE_OK;
        first = !ever_prepared_;
    }
    if (first) {
        try {
            read_back_at_first_prepare();
        } catch (StepFault &f) {
            return step_failed(f);
        }
    }
    {
        std::unique_lock<std::mutex> lock(mu_);
        ever_prepared_ = true;
        if (any_between_locked()) {
            fault_ = FaultRecord{};
            fault_.code = CUBE_FAULT_POSITION;
            fault_.status = CUBE_ERROR_IO;
            fault_.positions_known = 0;
            size_t first = 0;
            while (!between_[first]) ++first;
            fault_.actuator = int32_t(first);
            fault_.text = "prepare refused: it would move the robot to rest from positions the servos are not at: " +
                          between_text_locked();
            state_ = CUBE_DRIVER_FAULT;
            const std::string text = fault_.text;
            lock.unlock();
            return fail(CUBE_ERROR_IO, text);
        }
        posed_ = 0;
        stop_requested_ = false;
        halted_ = false;
        fault_settled_ = true;
        stop_level_ = 0;
        state_ = CUBE_DRIVER_BUSY;
        fault_ = FaultRecord{};
        busy_.assign(busy_.size(), false);
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
        if (!move(moves, wait_us)) return fail(CUBE_ERROR_CANCELLED, "prepare: stopped");
    } catch (StepFault &f) {
        return step_failed(f);
    }
    std::unique_lock<std::mutex> lock(mu_);
    if (stop_requested_) {
        lock.unlock();
        return fail(CUBE_ERROR_CANCELLED, "prepare: stopped");
    }
    launched_ = positions_;
    state_ = CUBE_DRIVER_IDLE;
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
    {
        std::lock_guard<std::mutex> lock(mu_);
        state_ = CUBE_DRIVER_BUSY;
    }
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
            if (!move(step, wait_us)) return fail(CUBE_ERROR_CANCELLED, "rest: stopped");
        }
    } catch (StepFault &f) {
        return step_failed(f);
    }
    {
        std::lock_guard<std::mutex> lock(mu_);
        launched_ = positions_;
        if (state_ == CUBE_DRIVER_BUSY) state_ = CUBE_DRIVER_IDLE;
    }
    log(CUBE_LOG_INFO, "at rest");
    return CUBE_OK;
}

}  // namespace cube_maestro
