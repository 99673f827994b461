// prepare: every board cleared, configured, energized and told where it is.
#include <cstdio>

#include "tic_driver.hpp"
#include "tic_faults.hpp"

namespace cube_tic {
namespace {

// How long a board may take to report itself energized without errors after prepare's commands.
constexpr auto kReadyWithin = std::chrono::milliseconds(500);

}  // namespace

int32_t Driver::prepare_board(size_t i, int32_t position) {
    const Motor &m = settings_.motors[i];
    const Board &b = *boards_[i];
    struct Step {
        const char *what;
        uint8_t request;
        int32_t argument;
        bool is32;
    };
    std::vector<Step> steps = {
        {"clear driver error", kClearDriverError, 0, false},
        {"reset command timeout", kResetCommandTimeout, 0, false},
        {"set step mode", kSetStepMode, step_mode_of(m.microstep), false},
    };
    if (m.current_ma > 0)
        steps.push_back({"set current limit", kSetCurrentLimit, m.current_ma / b.product().current_divisor_ma, false});
    steps.push_back({"set max speed", kSetMaxSpeed, int32_t(m.speed * 10000), true});
    steps.push_back({"set max accel", kSetMaxAccel, int32_t(m.accel * 100), true});
    steps.push_back({"set max decel", kSetMaxDecel, int32_t(m.decel * 100), true});
    steps.push_back({"exit safe start", kExitSafeStart, 0, false});
    steps.push_back({"energize", kEnergize, 0, false});
    steps.push_back({"halt and set position", kHaltAndSetPosition, m.board_position(position), true});
    for (const Step &s : steps) {
        UsbError e;
        bool ok = s.is32 ? send32(i, s.request, s.argument, e) : send(i, s.request, uint16_t(s.argument), 0, e);
        if (!ok)
            return failed(i, CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, i, -1, 0,
                          who(i) + ": prepare: " + s.what + ": " + e.describe());
    }
    auto until = Clock::now() + kReadyWithin;
    for (bool first = true;; first = false) {
        Variables v;
        UsbError e;
        if (!boards_[i]->read_variables(usb_mu_[i], first, v, e)) {
            return failed(i, CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, i, -1, 0, who(i) + ": prepare: " + e.describe());
        }
        bool ready = v.error_status == 0 && (v.misc_flags & kFlagEnergized) && !(v.misc_flags & kFlagPositionUncertain);
        if (ready) return CUBE_OK;
        if (Clock::now() >= until) {
            char detail[160];
            std::snprintf(detail, sizeof detail, " (error status 0x%04X, %s, %s, %s)", v.error_status,
                          operation_state_name(v.operation_state),
                          v.misc_flags & kFlagEnergized ? "energized" : "not energized",
                          v.misc_flags & kFlagPositionUncertain ? "position uncertain" : "position set");
            return failed(SIZE_MAX, CUBE_FAULT_DEVICE, CUBE_ERROR_IO, i, -1, v.error_status,
                          who(i) + ": not ready after prepare: " + error_names(v.error_status) + detail);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

int32_t Driver::prepare() {
    std::vector<int32_t> start;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (prepared_ && state_ == CUBE_DRIVER_IDLE && !idle_fault_) return CUBE_OK;
        if (!positions_known_) {  // no better knowledge: each actuator is declared at rest
            int32_t count = 0;
            host_.robot_rest_positions(robot_, positions_.data(), int32_t(positions_.size()), &count);
            positions_known_ = true;
        }
        start = positions_;
        stop_requested_ = false;
        halted_ = false;
        fault_settled_ = true;
        idle_fault_ = false;
        fault_ = Fault{};
        launched_ = positions_;
        busy_.assign(boards_.size(), false);
    }
    for (size_t i = 0; i < boards_.size(); ++i) {
        int32_t st = prepare_board(i, start[i]);
        if (st != CUBE_OK) return st;
    }
    std::lock_guard<std::mutex> lock(mu_);
    state_ = CUBE_DRIVER_IDLE;
    prepared_ = true;
    keep_alive_on_ = true;
    return CUBE_OK;
}

}  // namespace cube_tic
