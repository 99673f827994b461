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
        if (stop_requested_) return stopped_in_prepare();
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

int32_t Driver::stopped_in_prepare() {
    std::lock_guard<std::mutex> lock(mu_);
    if (state_ != CUBE_DRIVER_FAULT) state_ = CUBE_DRIVER_STOPPED;
    error_ = "tic: prepare: stopped";
    return CUBE_ERROR_CANCELLED;
}

// A board whose count is off every quarter was left between positions (by a stop, in this process or
// before it): prepare would declare a misplaced motor at a quarter. A board just powered up (position
// uncertain at 0) tells nothing. recover=rest (declared_) skips the check.
int32_t Driver::check_left_between(size_t i) {
    Variables v;
    UsbError e;
    if (!boards_[i]->read_variables(usb_mu_[i], false, v, e))
        return failed(i, CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, i, -1, 0, who(i) + ": prepare: " + e.describe());
    int32_t at = 0;
    bool fresh = (v.misc_flags & kFlagPositionUncertain) && v.current_position == 0;
    if (fresh || classify(i, v, true, at) == Where::kKnown) return CUBE_OK;
    std::lock_guard<std::mutex> lock(mu_);
    where_[i] = Where::kBetween;
    measured_[i] = v.current_position;
    return refuse_prepare_locked();
}

int32_t Driver::refuse_prepare_locked() {
    size_t first = 0;
    while (first < where_.size() && where_[first] == Where::kKnown) ++first;
    fault_ = Fault{};
    fault_.code = CUBE_FAULT_POSITION;
    fault_.status = CUBE_ERROR_IO;
    fault_.actuator = first < where_.size() ? int32_t(first) : -1;
    fault_.positions_known = 0;
    fault_.text = error_ = "tic: prepare refused, it would plan from a position the motor is not at: " +
                           unknown_text_locked();
    state_ = CUBE_DRIVER_FAULT;
    prepared_ = false;
    return CUBE_ERROR_IO;
}

int32_t Driver::prepare() {
    std::vector<int32_t> start;
    bool check = true;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (prepared_ && state_ == CUBE_DRIVER_IDLE && !idle_fault_) return CUBE_OK;
        if (!all_known_locked()) return refuse_prepare_locked();
        check = !declared_;
        declared_ = false;
        start = positions_;
        stop_requested_ = false;
        halted_ = false;
        fault_settled_ = true;
        idle_fault_ = false;
        fault_ = Fault{};
        launched_ = positions_;
        busy_.assign(boards_.size(), false);
    }
    for (size_t i = 0; check && i < boards_.size(); ++i) {
        int32_t st = check_left_between(i);
        if (st != CUBE_OK) return st;
    }
    {
        std::lock_guard<std::mutex> lock(mu_);
        touched_ = true;
        at_standstill_ = false;
        energized_ = true;
    }
    for (size_t i = 0; i < boards_.size(); ++i) {
        int32_t st = prepare_board(i, start[i]);
        if (st != CUBE_OK) return st;
    }
    if (stop_requested_) return stopped_in_prepare();
    {
        std::lock_guard<std::mutex> lock(mu_);
        state_ = CUBE_DRIVER_IDLE;
        prepared_ = true;
        keep_alive_on_ = true;
    }
    log(CUBE_LOG_INFO, "prepared: " + std::to_string(boards_.size()) + " boards energized, positions set");
    return CUBE_OK;
}

}  // namespace cube_tic
