// Where the servos are after a stop or a fault (get-position read back: at a named position within
// tolerance, or between positions with the measured pulse) and the recovery configure("recover") offers.
#include <chrono>
#include <cstdlib>
#include <thread>

#include "maestro.hpp"
#include "maestro_timing.hpp"

namespace cube_maestro {
namespace {

// The named position whose pulse is nearest `qus`, and how far it is.
std::pair<int32_t, int> nearest(const Servo &s, int qus) {
    std::pair<int32_t, int> best{0, -1};
    for (const auto &p : s.target_qus) {
        const int off = std::abs(p.second - qus);
        if (best.second < 0 || off < best.second) best = {p.first, off};
    }
    return best;
}

const char kRecoverHint[] =
    "move it back to the position its step started from (configure recover=undo, cube run --recover undo: the rest "
    "of the plan then resumes), or to the nearest named position (recover=nearest), or put it at rest by hand and "
    "declare the robot at rest (recover=rest)";

const char kFoundHint[] =
    "it was so before this driver opened, so where its step started is not known: move it to the nearest named "
    "position (configure recover=nearest, cube run --recover nearest), or put it at rest by hand and declare the "
    "robot at rest (recover=rest)";

}  // namespace

void Maestro::settle_positions_locked(bool pulses_off) {
    for (size_t i = 0; i < known_.size(); ++i) {
        if (read_back_[i]) {
            const auto at = nearest(settings_.servos[i], measured_[i]);
            const bool there = at.second >= 0 && at.second <= settings_.tolerance_qus;
            known_[i] = there;
            between_[i] = !there;
            if (there) positions_[i] = at.first;
        }
        if (pulses_off) known_[i] = false;  // limp: where it is now is not known (a between stays between)
    }
}

void Maestro::read_back_at_first_prepare() {
    for (size_t i = 0; i < settings_.servos.size(); ++i) {
        int at = 0;
        {
            std::lock_guard<std::mutex> port(port_mu_);
            at = read_position(int32_t(i));
        }
        if (at == 0) continue;  // no pulses: limp, put to rest by prepare as a servo is at power-on
        const auto near = nearest(settings_.servos[i], at);
        if (near.second >= 0 && near.second <= settings_.tolerance_qus) continue;
        std::lock_guard<std::mutex> lock(mu_);
        between_[i] = true;
        found_between_[i] = true;
        measured_[i] = at;
        known_[i] = false;
    }
}

bool Maestro::any_between_locked() const {
    for (bool b : between_)
        if (b) return true;
    return false;
}

std::string Maestro::where_text_locked(size_t i) const {
    const Servo &s = settings_.servos[i];
    const auto at = nearest(s, measured_[i]);
    return servo_text(int32_t(i)) + " is between positions: at " + std::to_string(measured_[i]) +
           " quarter-us, " + std::to_string(at.second) + " from position " + std::to_string(at.first) + " (" +
           std::to_string(s.target_qus.at(at.first)) + "): " + (found_between_[i] ? kFoundHint : kRecoverHint);
}

std::string Maestro::between_text_locked() const {
    std::string text;
    for (size_t i = 0; i < between_.size(); ++i)
        if (between_[i]) text += (text.empty() ? "" : "; ") + where_text_locked(i);
    return text;
}

std::string Maestro::unknown_text_locked() const {
    std::string text;
    for (size_t i = 0; i < known_.size(); ++i) {
        if (known_[i]) continue;
        text += (text.empty() ? "" : "; ") +
                (between_[i] ? where_text_locked(i) : servo_text(int32_t(i)) + ": position not known");
    }
    return text.empty() ? "every servo is at a named position" : text;
}

// "nearest": each servo between positions goes to its nearest named position at its speed limit (set by
// the last prepare), confirmed with get-position; "undo": back to its last confirmed position (where the
// interrupted step started). "rest": the caller declares the robot at rest (the
// servos put there by hand); prepare then confirms the rest pulses.
int32_t Maestro::recover(const std::string &how) {
    if (how == "rest") {
        std::lock_guard<std::mutex> lock(mu_);
        between_.assign(between_.size(), false);
        found_between_.assign(found_between_.size(), false);
        return CUBE_OK;
    }
    const bool undo = how == "undo";
    if (how != "nearest" && !undo)
        return fail(CUBE_ERROR_INVALID_ARGUMENT, "recover=" + how + ": expected undo, nearest or rest");
    try {
        for (size_t i = 0; i < settings_.servos.size(); ++i) {
            const Servo &s = settings_.servos[i];
            int from = 0;
            std::pair<int32_t, int> to;
            {
                std::lock_guard<std::mutex> lock(mu_);
                if (!between_[i]) continue;
                if (undo && found_between_[i])
                    return fail(CUBE_ERROR_INVALID_ARGUMENT,
                                "recover=undo: " + servo_text(int32_t(i)) +
                                    " was already between positions when this driver opened, so where its step "
                                    "started is not known: use recover=nearest, or put it at rest by hand and use "
                                    "recover=rest");
                from = measured_[i];
                to = undo ? std::pair<int32_t, int>{positions_[i], 0} : nearest(s, from);
            }
            const int pulse = s.target_qus.at(to.first);
            log(CUBE_LOG_INFO, "recover: " + servo_text(int32_t(i)) + " from " + std::to_string(from) +
                                   " quarter-us to position " + std::to_string(to.first));
            {
                std::lock_guard<std::mutex> port(port_mu_);
                set_target(int32_t(i), pulse);
            }
            std::this_thread::sleep_for(std::chrono::microseconds(move_us(s, from, pulse)));
            auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(settings_.confirm_ms);
            int at = 0;
            for (;;) {
                {
                    std::lock_guard<std::mutex> port(port_mu_);
                    at = read_position(int32_t(i));
                }
                if (std::abs(at - pulse) <= settings_.tolerance_qus) break;
                if (std::chrono::steady_clock::now() >= deadline)
                    return fail(CUBE_ERROR_IO, "recover: " + servo_text(int32_t(i)) + " is at " + std::to_string(at) +
                                                   " quarter-us, not at " + std::to_string(pulse));
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
            }
            std::lock_guard<std::mutex> lock(mu_);
            measured_[i] = at;
            between_[i] = false;
            found_between_[i] = false;
            known_[i] = true;
            positions_[i] = to.first;
        }
    } catch (const StepFault &f) {
        return fail(f.record.status, "recover: " + f.record.text);
    }
    return CUBE_OK;
}

}  // namespace cube_maestro
