// stop(level) from any thread, and the safe pose it sends: HALT holds the pose (each channel's
// position read back and sent as its target, so a moving servo stops where it is) or stops the pulses,
// as [device] stop says; DEENERGIZE stops the pulses (target 0) of every channel.
#include <cstdlib>

#include "maestro.hpp"

namespace cube_maestro {

std::string Maestro::safe_pose_locked(bool read_positions, bool pulses_off) {
    bool reads_work = read_positions;
    int sent = 0;
    for (size_t i = 0; i < settings_.servos.size() && !port_->closed(); ++i) {
        const Servo &s = settings_.servos[i];
        int target = 0;
        if (!pulses_off) {
            {
                std::lock_guard<std::mutex> lock(mu_);
                target = targets_[i];
            }
            if (reads_work) {
                try {
                    target = read_position(int32_t(i));
                } catch (const StepFault &) {
                    reads_work = false;  // one failed read is enough: the rest get their last targets
                }
            }
            if (target == 0) continue;  // no pulses yet: nothing to hold
        }
        if (port_->write_all(channel_value(settings_.framing, kSetTarget, s.channel, target), settings_.reply_timeout_ms) !=
            Io::kOk)
            break;
        std::lock_guard<std::mutex> lock(mu_);
        targets_[i] = target;
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
    {
        std::lock_guard<std::mutex> lock(mu_);
        stop_requested_ = true;
        if (known > stop_level_) stop_level_ = known;
        if (state_ != CUBE_DRIVER_FAULT) state_ = CUBE_DRIVER_STOPPED;
        prepared_ = false;
    }
    woken_.notify_all();
    std::string did;
    bool closed = false;
    try {
        std::lock_guard<std::mutex> port(port_mu_);
        did = safe_pose_locked(true, pulses_off);
        closed = port_->closed();
    } catch (...) {
        return CUBE_ERROR_NO_MEMORY;  // only building the messages can throw
    }
    {
        std::lock_guard<std::mutex> lock(mu_);
        // Stopped pulses leave servos limp; a held servo is where its target matches a position's pulse.
        for (size_t i = 0; i < known_.size(); ++i) {
            known_[i] = false;
            if (pulses_off) continue;
            for (const auto &p : settings_.servos[i].target_qus) {
                if (std::abs(p.second - targets_[i]) > settings_.tolerance_qus) continue;
                positions_[i] = p.first;
                known_[i] = true;
            }
        }
    }
    log(CUBE_LOG_INFO, std::string(known == CUBE_STOP_DEENERGIZE ? "stop (de-energize): " : "stop (halt): ") + did);
    return closed ? CUBE_ERROR_IO : CUBE_OK;
}

}  // namespace cube_maestro
