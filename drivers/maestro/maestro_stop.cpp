// stop(level) from any thread, and the safe pose it sends: HALT holds the pose (each channel's
// position read back and sent as its target, so a moving servo stops where it is) or stops the pulses,
// as [device] stop says; DEENERGIZE stops the pulses (target 0) of every channel, after reading where
// each servo is. One safe pose per stop: a stop that finds the pose sent already sends nothing. With
// [device] close = hold, a de-energizing stop of a robot idle at rest (what close sends after a good
// run) keeps the pulses: the arms go on holding the cube. Channels this driver never sent a pulse to are
// left alone (cube plan --driver opens and closes the driver: nothing changes).
#include <cstdlib>

#include "maestro.hpp"

namespace cube_maestro {

std::string Maestro::safe_pose_locked(bool read_positions, bool pulses_off) {
    bool reads_work = read_positions;
    int sent = 0;
    for (size_t i = 0; i < settings_.servos.size() && !port_->closed(); ++i) {
        const Servo &s = settings_.servos[i];
        int last = 0;
        {
            std::lock_guard<std::mutex> lock(mu_);
            last = targets_[i];
            read_back_[i] = false;
        }
        if (last == 0) continue;  // no pulses from this driver: nothing to hold or stop
        int at = last;
        bool read = false;
        if (reads_work) {
            try {
                at = read_position(int32_t(i));
                read = true;
            } catch (const StepFault &) {
                reads_work = false;  // one failed read is enough: the rest get their last targets
            }
        }
        const int target = pulses_off ? 0 : at;
        if (port_->write_all(channel_value(settings_.framing, kSetTarget, s.channel, target), settings_.reply_timeout_ms) !=
            Io::kOk)
            break;
        std::lock_guard<std::mutex> lock(mu_);
        targets_[i] = target;
        measured_[i] = at;
        read_back_[i] = read;
        ++sent;
    }
    if (port_->closed()) return "the port closed: the servos keep their last targets";
    if (pulses_off) return "the servos' pulses were stopped (target 0 on " + std::to_string(sent) + " channels)";
    return "the servos were told to hold their pose (" + std::to_string(sent) + " channels)";
}

// Levels above de-energize count as de-energize, below halt as halt: a stop always stops.
int32_t Maestro::stop(int32_t level) {
    int32_t known = level >= CUBE_STOP_DEENERGIZE ? CUBE_STOP_DEENERGIZE : CUBE_STOP_HALT;
    bool pulses_off = known == CUBE_STOP_DEENERGIZE || !settings_.stop_holds;
    const int32_t pose = pulses_off ? 2 : 1;
    bool send_pose = false;
    bool kept = false;
    {
        std::lock_guard<std::mutex> lock(mu_);
        bool at_rest = state_ == CUBE_DRIVER_IDLE && !stop_requested_ && positions_ == rest_;
        for (bool k : known_) at_rest = at_rest && k;
        kept = known == CUBE_STOP_DEENERGIZE && settings_.close_holds && at_rest;
        send_pose = !kept && posed_ < pose;
        if (send_pose) posed_ = pose;
        stop_requested_ = true;
        if (known > stop_level_) stop_level_ = known;
        if (state_ != CUBE_DRIVER_FAULT) state_ = CUBE_DRIVER_STOPPED;
        prepared_ = false;
    }
    woken_.notify_all();
    if (kept) {
        log(CUBE_LOG_INFO, "stop (de-energize) at rest: close = hold, the servos keep holding the rest pose");
        return CUBE_OK;
    }
    if (!send_pose) return CUBE_OK;  // this stop's pose went out already
    std::string did;
    bool closed = false;
    try {
        std::lock_guard<std::mutex> port(port_mu_);
        did = safe_pose_locked(true, pulses_off);
        closed = port_->closed();
    } catch (...) {
        return CUBE_ERROR_NO_MEMORY;  // only building the messages can throw
    }
    std::string where;
    {
        std::lock_guard<std::mutex> lock(mu_);
        settle_positions_locked(pulses_off);
        where = unknown_text_locked();
    }
    log(CUBE_LOG_INFO, std::string(known == CUBE_STOP_DEENERGIZE ? "stop (de-energize): " : "stop (halt): ") + did +
                           "; " + where);
    return closed ? CUBE_ERROR_IO : CUBE_OK;
}

}  // namespace cube_maestro
