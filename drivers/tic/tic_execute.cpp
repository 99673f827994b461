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
        halt_all(SIZE_MAX);
        char code[64];
        std::snprintf(code, sizeof code, " (error status 0x%04X, errors occurred 0x%04X)", v.error_status,
                      unsigned(v.errors_occurred));
        return failed(CUBE_FAULT_DEVICE, CUBE_ERROR_IO, i, action_index, bits,
                      who(i) + ": device error: " + error_names(bits) + code);
    }
    if (v.misc_flags & kFlagPositionUncertain) {
        halt_all(SIZE_MAX);
        return failed(CUBE_FAULT_POSITION, CUBE_ERROR_IO, i, action_index, 0,
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
        if (stop_requested_) break;
        if (!keep_alive_due(action_index)) return fault_.status;
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
            if (!boards_[i]->read_variables(usb_mu_, false, v, e)) {
                halt_all(i);
                return failed(CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, i, action_index, 0, who(i) + ": " + e.describe());
            }
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
            halt_all(SIZE_MAX);
            long long ms = (long long)std::chrono::duration_cast<std::chrono::milliseconds>(deadline - start).count();
            return failed(CUBE_FAULT_TIMEOUT, CUBE_ERROR_TIMEOUT, i, action_index, 0,
                          who(i) + ": did not reach position " + std::to_string(moves[k].target) + " within " +
                              std::to_string(ms) + " ms (its motion time plus the margin); it is at " +
                              std::to_string(at[k]) + "; every board was halted");
        }
        if (!pause(kPollEvery)) break;
    }
    std::lock_guard<std::mutex> lock(mu_);
    error_ = "tic: stopped during the step";
    return CUBE_ERROR_CANCELLED;
}

int32_t Driver::move(const std::vector<Move> &moves, int32_t action_index) {
    int64_t motion = 0;
    for (const Move &mv : moves) {
        UsbError e;
        if (!send32(mv.board, kSetTargetPosition, mv.target, e)) {
            halt_all(mv.board);
            return failed(CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, mv.board, action_index, 0,
                          who(mv.board) + ": set target position: " + e.describe());
        }
    }
    for (const Move &mv : moves) {
        const Motor &m = settings_.motors[mv.board];
        int32_t from = m.board_position(positions_[mv.board]);
        motion = std::max(motion, motion_us(m, int64_t(mv.target) - from));
    }
    return wait_for(moves, motion, action_index);
}

int32_t Driver::execute(const cube_driver_command *const *commands, int32_t count) {
    std::vector<int32_t> next(boards_.size(), 0);
    int32_t action_index = -1;
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
        if (!prepared_ || state_ != CUBE_DRIVER_IDLE) {
            error_ = "tic: not prepared (after a fault or rest): prepare first";
            return CUBE_ERROR_INVALID_ARGUMENT;
        }
        if (count > 0 && commands[0]->struct_size >= CUBE_DRIVER_COMMAND_SIZE_V2) action_index = commands[0]->action_index;
        if (host_.robot_step(robot_, positions_.data(), commands, count, next.data(), nullptr) != CUBE_OK) {
            fault_ = Fault{};
            fault_.code = CUBE_FAULT_REFUSED;
            fault_.status = CUBE_ERROR_INVALID_ARGUMENT;
            fault_.action_index = action_index;
            fault_.text = error_ = std::string("tic: refused: ") + host_.last_error();
            return CUBE_ERROR_INVALID_ARGUMENT;
        }
        state_ = CUBE_DRIVER_BUSY;
    }
    std::vector<Move> moves;
    for (size_t i = 0; i < boards_.size(); ++i)
        if (next[i] != positions_[i]) moves.push_back({i, settings_.motors[i].board_position(next[i])});
    int32_t st = move(moves, action_index);
    std::lock_guard<std::mutex> lock(mu_);
    if (st != CUBE_OK) {
        if (st == CUBE_ERROR_CANCELLED) state_ = CUBE_DRIVER_STOPPED;
        return st;
    }
    positions_ = next;
    commands_done_ += count;
    state_ = CUBE_DRIVER_IDLE;
    return CUBE_OK;
}

int32_t Driver::rest() {
    std::vector<int32_t> rest_at(boards_.size(), 0);
    int32_t count = 0;
    host_.robot_rest_positions(robot_, rest_at.data(), int32_t(rest_at.size()), &count);
    std::vector<Move> moves;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (prepared_ && state_ == CUBE_DRIVER_IDLE && positions_known_) {
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
        int32_t st = move(moves, -1);
        if (st != CUBE_OK) return st;
        std::lock_guard<std::mutex> lock(mu_);
        for (const Move &mv : moves) positions_[mv.board] = rest_at[mv.board];
    }
    keep_alive_on_ = false;
    for (size_t i = 0; i < boards_.size(); ++i) {
        UsbError e;
        if (!send(i, kDeenergize, 0, 0, e)) {
            halt_all(i);
            return failed(CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, i, -1, 0, who(i) + ": rest: de-energize: " +
                                                                                  e.describe());
        }
    }
    std::lock_guard<std::mutex> lock(mu_);
    if (state_ == CUBE_DRIVER_BUSY) state_ = CUBE_DRIVER_IDLE;
    prepared_ = false;
    return CUBE_OK;
}

}  // namespace cube_tic
