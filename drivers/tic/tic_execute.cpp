// execute and rest: targets sent to the boards together, then polled until reached or the deadline.
#include <algorithm>
#include <cstdio>

#include "tic_driver.hpp"
#include "tic_faults.hpp"
#include "tic_motion.hpp"

namespace cube_tic {
namespace {

// Polling starts this long before the motion should end, then repeats every kPollEvery.
constexpr auto kPollAhead = std::chrono::milliseconds(2);
constexpr auto kPollEvery = std::chrono::microseconds(500);
// The longest sleep between keep-alive checks while a long move runs.
constexpr auto kLongestSleep = std::chrono::milliseconds(100);

}  // namespace

int32_t Driver::check_board(size_t i, const Variables &v, int32_t action_index) {
    if (v.error_status != 0) {
        // The errors that occurred since prepare name the cause when the status shows only its after-effect
        // (a command timeout leaves "safe start violation" once a command arrives).
        uint32_t bits = v.error_status | v.errors_occurred;
        char code[64];
        std::snprintf(code, sizeof code, " (error status 0x%04X, errors occurred 0x%04X)", v.error_status,
                      unsigned(v.errors_occurred));
        return failed(SIZE_MAX, CUBE_FAULT_DEVICE, CUBE_ERROR_IO, i, action_index, bits,
                      who(i) + ": device error: " + error_names(bits) + code);
    }
    if (v.misc_flags & kFlagPositionUncertain) {
        return failed(SIZE_MAX, CUBE_FAULT_POSITION, CUBE_ERROR_IO, i, action_index, 0,
                      who(i) + ": the board's position became uncertain");
    }
    return CUBE_OK;
}

int32_t Driver::wait_for(const std::vector<Move> &moves, int64_t motion_us, int32_t action_index) {
    auto start = Clock::now();
    auto expected_end = start + std::chrono::microseconds(motion_us);
    auto deadline = expected_end + std::chrono::milliseconds(settings_.margin_ms);
    std::vector<bool> done(moves.size(), false);
    std::vector<int32_t> at(moves.size(), 0);
    for (;;) {
        if (stop_requested_ || halted_) break;
        if (int32_t st = keep_alive_due(action_index)) return st;
        auto now = Clock::now();
        if (now < expected_end - kPollAhead) {
            pause(std::min<Clock::duration>(expected_end - kPollAhead - now, kLongestSleep));
            continue;
        }
        bool all = true;
        for (size_t k = 0; k < moves.size(); ++k) {
            if (done[k]) continue;
            size_t i = moves[k].board;
            Variables v;
            UsbError e;
            if (!boards_[i]->read_variables(usb_mu_[i], false, v, e))
                return failed(i, CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, i, action_index, 0,
                              who(i) + ": " + e.describe());
            int32_t st = check_board(i, v, action_index);
            if (st != CUBE_OK) return st;
            at[k] = v.current_position;
            done[k] = v.current_position == moves[k].target;
            all = all && done[k];
        }
        if (all) return CUBE_OK;
        if (Clock::now() > deadline) {
            size_t k = size_t(std::find(done.begin(), done.end(), false) - done.begin());
            size_t i = moves[k].board;
            long long ms = (long long)std::chrono::duration_cast<std::chrono::milliseconds>(deadline - start).count();
            return failed(SIZE_MAX, CUBE_FAULT_TIMEOUT, CUBE_ERROR_TIMEOUT, i, action_index, 0,
                          who(i) + ": did not reach position " + std::to_string(moves[k].target) + " within " +
                              std::to_string(ms) + " ms (its motion time plus the margin); it is at " +
                              std::to_string(at[k]) + "; every board was halted");
        }
        if (!pause(kPollEvery)) break;
    }
    if (halted_) return halted_status();
    std::lock_guard<std::mutex> lock(mu_);
    error_ = "tic: stopped during the step";
    return CUBE_ERROR_CANCELLED;
}

int32_t Driver::move(const std::vector<Move> &moves, const std::vector<int32_t> &from, int32_t action_index) {
    for (const Move &mv : moves) {
        UsbError e;
        if (stop_requested_ || halted_) break;
        if (!send32(mv.board, kSetTargetPosition, mv.target, e))
            return failed(mv.board, CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, mv.board, action_index, 0,
                          who(mv.board) + ": set target position: " + e.describe());
    }
    // A stop or another step's fault that came while the targets went out may have halted these boards
    // before their targets: halt them again.
    if (stop_requested_ || halted_) {
        for (const Move &mv : moves) {
            UsbError e;
            if (!send(mv.board, kHaltAndHold, 0, 0, e))
                log(CUBE_LOG_ERROR, who(mv.board) + ": halt and hold: " + e.describe());
        }
        refresh_positions();  // after this last halt: where the boards really stopped
    }
    int64_t motion = 0;
    for (const Move &mv : moves) {
        const Motor &m = settings_.motors[mv.board];
        motion = std::max(motion, motion_us(m, int64_t(mv.target) - m.board_position(from[mv.board])));
    }
    return wait_for(moves, motion, action_index);
}

// Several executes may run at once (concurrent steps): each checks its launch, moves its own boards,
// waits for them only, and leaves the positions of the others alone.
int32_t Driver::execute(const cube_driver_command *const *commands, int32_t count) {
    int32_t action_index = -1;
    std::vector<int32_t> from;
    std::vector<int32_t> next(boards_.size(), 0);
    std::vector<Move> moves;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (idle_fault_) {
            idle_fault_ = false;
            error_ = fault_.text;
            return fault_.status;
        }
        if (stop_requested_ || state_ == CUBE_DRIVER_STOPPED) {
            error_ = "tic: stopped: prepare first";
            return CUBE_ERROR_CANCELLED;
        }
        if (!prepared_ || (state_ != CUBE_DRIVER_IDLE && state_ != CUBE_DRIVER_BUSY)) {
            error_ = "tic: not prepared (after a fault or rest): prepare first";
            return CUBE_ERROR_INVALID_ARGUMENT;
        }
        if (int32_t refused = check_launch_locked(commands, count, action_index)) return refused;
        from = launched_;
        if (host_.robot_step(robot_, from.data(), commands, count, next.data(), nullptr) != CUBE_OK)
            return refuse_locked(-1, action_index, std::string("refused: ") + host_.last_error());
        for (size_t i = 0; i < boards_.size(); ++i)
            if (next[i] != from[i]) moves.push_back({i, settings_.motors[i].board_position(next[i])});
        launch_locked(commands, count, moves, next);
    }
    int32_t st = move(moves, from, action_index);
    std::lock_guard<std::mutex> lock(mu_);
    land_locked(commands, count, moves, next, st);
    return st;
}

int32_t Driver::rest() {
    std::vector<int32_t> rest_at(boards_.size(), 0);
    int32_t count = 0;
    host_.robot_rest_positions(robot_, rest_at.data(), int32_t(rest_at.size()), &count);
    std::vector<Move> moves;
    std::vector<int32_t> from;
    {
        std::lock_guard<std::mutex> lock(mu_);
        from = positions_;
        if (prepared_ && state_ == CUBE_DRIVER_IDLE && all_known_locked()) {
            for (size_t i = 0; i < boards_.size(); ++i) {
                // A six-motor robot is at rest at every quarter: its motors stay where they are.
                bool any_quarter = settings_.model.rfind("six-motor", 0) == 0;
                if (!any_quarter && positions_[i] != rest_at[i])
                    moves.push_back({i, settings_.motors[i].board_position(rest_at[i])});
            }
            state_ = CUBE_DRIVER_BUSY;
        }
    }
    if (!moves.empty()) {
        int32_t st = move(moves, from, -1);
        if (st != CUBE_OK) return st;
        std::lock_guard<std::mutex> lock(mu_);
        for (const Move &mv : moves) positions_[mv.board] = rest_at[mv.board];
    }
    keep_alive_on_ = false;
    for (size_t i = 0; i < boards_.size(); ++i) {
        UsbError e;
        if (!send(i, kDeenergize, 0, 0, e))
            return failed(i, CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, i, -1, 0, who(i) + ": rest: de-energize: " +
                                                                                     e.describe());
    }
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (state_ == CUBE_DRIVER_BUSY) state_ = CUBE_DRIVER_IDLE;
        prepared_ = false;
        at_standstill_ = true;
        energized_ = false;
    }
    log(CUBE_LOG_INFO, "at rest: every board de-energized");
    return CUBE_OK;
}

}  // namespace cube_tic
