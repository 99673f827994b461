// Where the actuators are after a stop or a fault: every board read back (current position, position
// uncertain), each actuator known at a quarter (a grip position), between positions, or lost; and the
// recovery the driver offers (configure "recover").
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "tic_driver.hpp"

namespace cube_tic {
namespace {

// The recovery speed is this fraction of the configured one.
constexpr int64_t kRecoverSlowdown = 4;
// How long a recovery move may take past its motion time.
constexpr auto kRecoverMargin = std::chrono::milliseconds(1000);

const char kRecoverHint[] =
    "undo the partial turn slowly to the quarter it started from (configure recover=undo, cube run --recover undo: "
    "the rest of the plan then resumes), or finish or undo it to the nearest quarter (recover=nearest: the cube "
    "may then hold that move), or turn it to a quarter by hand and declare every actuator at rest (recover=rest)";
const char kLostHint[] =
    "turn it by hand to its rest position and declare every actuator at rest (configure recover=rest, cube run "
    "--recover rest)";

}  // namespace

Driver::Where Driver::classify(size_t i, const Variables &v, bool uncertain_counts, int32_t &at) const {
    const Motor &m = settings_.motors[i];
    at = 0;
    if ((v.misc_flags & kFlagPositionUncertain) && !uncertain_counts) return Where::kLost;
    const int64_t offset = int64_t(v.current_position) - m.rest;
    if (m.kind == Kind::kGrip) {
        const int64_t to_open = std::llabs(offset - m.grip[0]);
        const int64_t to_closed = std::llabs(offset - m.grip[1]);
        at = to_closed < to_open ? 1 : 0;
        return std::min(to_open, to_closed) <= settings_.tolerance ? Where::kKnown : Where::kBetween;
    }
    const int64_t per_quarter = int64_t(m.steps_per_quarter()) * m.direction;
    const double quarters = double(offset) / double(per_quarter);
    at = int32_t(std::lround(quarters));
    const int64_t off = std::llabs(offset - int64_t(at) * per_quarter);
    return off <= settings_.tolerance ? Where::kKnown : Where::kBetween;
}

bool Driver::refresh_positions() {
    std::vector<Where> where(boards_.size(), Where::kLost);
    std::vector<int32_t> at(boards_.size(), 0);
    std::vector<int32_t> measured(boards_.size(), 0);
    for (size_t i = 0; i < boards_.size(); ++i) {
        Variables v;
        UsbError e;
        if (!boards_[i]->read_variables(usb_mu_[i], false, v, e)) continue;
        where[i] = classify(i, v, false, at[i]);
        measured[i] = v.current_position;
    }
    std::lock_guard<std::mutex> lock(mu_);
    for (size_t i = 0; i < boards_.size(); ++i) {
        where_[i] = where[i];
        measured_[i] = measured[i];
        if (where[i] == Where::kKnown) positions_[i] = at[i];
    }
    return all_known_locked();
}

bool Driver::all_known_locked() const {
    for (Where w : where_)
        if (w != Where::kKnown) return false;
    return true;
}

std::string Driver::where_text_locked(size_t i) const {
    const Motor &m = settings_.motors[i];
    if (where_[i] == Where::kKnown) return m.actuator + " is at position " + std::to_string(positions_[i]);
    if (where_[i] == Where::kLost)
        return who(i) + ": position lost (the board stopped answering or its position is uncertain): " + kLostHint;
    char text[200];
    const int64_t offset = int64_t(measured_[i]) - m.rest;
    if (m.kind == Kind::kGrip) {
        std::snprintf(text, sizeof text, " is between positions: at board position %d (open %d, closed %d): ",
                      measured_[i], m.rest + m.grip[0], m.rest + m.grip[1]);
        return who(i) + text + "move it to the nearer one (configure recover=nearest)";
    }
    const double quarters = double(offset) / double(int64_t(m.steps_per_quarter()) * m.direction);
    std::snprintf(text, sizeof text, " is between positions: at board position %d, %.2f quarters from quarter 0: ",
                  measured_[i], quarters);
    return who(i) + text + kRecoverHint;
}

std::string Driver::unknown_text_locked() const {
    std::string text;
    for (size_t i = 0; i < boards_.size(); ++i) {
        if (where_[i] == Where::kKnown) continue;
        text += (text.empty() ? "" : "; ") + where_text_locked(i);
    }
    return text.empty() ? "every actuator is at a known position" : text;
}

int32_t Driver::recover_board(size_t i, int32_t quarter, bool energize) {
    const Motor &m = settings_.motors[i];
    const int32_t target = m.kind == Kind::kGrip ? m.rest + m.grip[quarter ? 1 : 0] : m.board_position(quarter);
    const int64_t slow = std::max<int64_t>(1, m.speed / kRecoverSlowdown);
    UsbError e;
    bool ok = send(i, kClearDriverError, 0, 0, e);
    if (ok && energize) {
        ok = send(i, kExitSafeStart, 0, 0, e) && send(i, kEnergize, 0, 0, e) &&
             send32(i, kHaltAndSetPosition, measured_[i], e);
    }
    ok = ok && send32(i, kSetMaxSpeed, int32_t(slow * 10000), e) && send32(i, kSetTargetPosition, target, e);
    if (!ok) {
        std::lock_guard<std::mutex> lock(mu_);
        error_ = "tic: " + who(i) + ": " + e.describe();
        return CUBE_ERROR_IO;
    }
    const int64_t distance = std::llabs(int64_t(target) - measured_[i]);
    auto until = Clock::now() + std::chrono::microseconds(distance * 1000000 / slow) + kRecoverMargin;
    Variables v;
    auto last_alive = Clock::now();
    for (;;) {
        if (!boards_[i]->read_variables(usb_mu_[i], false, v, e)) {
            std::lock_guard<std::mutex> lock(mu_);
            error_ = "tic: " + who(i) + ": " + e.describe();
            return CUBE_ERROR_IO;
        }
        if (v.current_position == target || Clock::now() > until) break;
        // A slow move outlasts the board's command timeout (1 s): keep it alive.
        if (Clock::now() - last_alive > std::chrono::milliseconds(200)) {
            send(i, kResetCommandTimeout, 0, 0, e);
            last_alive = Clock::now();
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    send32(i, kSetMaxSpeed, int32_t(m.speed * 10000), e);
    std::lock_guard<std::mutex> lock(mu_);
    measured_[i] = v.current_position;
    if (v.current_position != target) {
        send(i, kHaltAndHold, 0, 0, e);
        error_ = "tic: " + who(i) + " did not reach board position " + std::to_string(target) +
                 " (it is at " + std::to_string(v.current_position) + ")";
        return CUBE_ERROR_TIMEOUT;
    }
    where_[i] = Where::kKnown;
    positions_[i] = quarter;
    return CUBE_OK;
}

// "nearest": every board is read (also one whose position went uncertain when it was de-energized: its
// count is still where the motor stopped); each between positions turns slowly to the nearest quarter.
// "undo": each board this driver saw stop between positions turns slowly back to its last finished
// position (where the interrupted step started), so that the cube is as after the last finished action.
// "rest": the caller declares every actuator at its rest position (put there by hand).
int32_t Driver::recover(const std::string &how) {
    if (how == "rest") {
        {
            std::lock_guard<std::mutex> lock(mu_);
            int32_t count = 0;
            host_.robot_rest_positions(robot_, positions_.data(), int32_t(positions_.size()), &count);
            where_.assign(boards_.size(), Where::kKnown);
            declared_ = true;
        }
        log(CUBE_LOG_INFO, "recover: every actuator declared at rest");
        return CUBE_OK;
    }
    const bool undo = how == "undo";
    if (how != "nearest" && !undo) {
        std::lock_guard<std::mutex> lock(mu_);
        error_ = "tic: recover=" + how + ": expected undo, nearest or rest";
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    // Every board is read first: nothing moves unless every one can be brought to a known position.
    struct Turn {
        size_t board;
        int32_t to;
        bool energize;
        int32_t from;
    };
    std::vector<Turn> turns;
    for (size_t i = 0; i < boards_.size(); ++i) {
        Variables v;
        UsbError e;
        int32_t at = 0;
        Where w = Where::kLost;
        if (boards_[i]->read_variables(usb_mu_[i], false, v, e)) w = classify(i, v, true, at);
        bool energize = !(v.misc_flags & kFlagEnergized) || (v.misc_flags & kFlagPositionUncertain);
        std::lock_guard<std::mutex> lock(mu_);
        if (w == Where::kLost) {
            where_[i] = Where::kLost;
            error_ = "tic: " + where_text_locked(i) + " (nothing was moved)";
            return CUBE_ERROR_IO;
        }
        const bool seen_between = where_[i] == Where::kBetween;
        measured_[i] = v.current_position;
        if (w == Where::kKnown) {
            where_[i] = w;
            positions_[i] = at;
            continue;
        }
        if (undo && !seen_between) {
            where_[i] = Where::kBetween;
            error_ = "tic: recover=undo: " + who(i) + " did not stop between positions under this driver, so "
                     "where its step started is not known: use recover=nearest (nothing was moved)";
            return CUBE_ERROR_INVALID_ARGUMENT;
        }
        where_[i] = w;
        turns.push_back({i, undo ? positions_[i] : at, energize, v.current_position});
    }
    for (const Turn &t : turns) {
        log(CUBE_LOG_INFO, "recover: " + who(t.board) + " turns slowly from board position " + std::to_string(t.from) +
                               " to position " + std::to_string(t.to));
        if (int32_t st = recover_board(t.board, t.to, t.energize)) return st;
    }
    std::lock_guard<std::mutex> lock(mu_);
    declared_ = true;  // the boards are where the driver says: the next prepare takes them so
    return CUBE_OK;
}

}  // namespace cube_tic
