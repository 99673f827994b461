// stop: from any thread, ends the wait of every step in flight and halts every board once, then reads
// them back (where each actuator stopped); DEENERGIZE also cuts motor power. A stop of a driver that has
// not prepared (cube plan --driver opens and closes one) sends nothing: planning changes nothing the
// robot holds.
#include "tic_driver.hpp"

namespace cube_tic {

int32_t Driver::stop(int32_t level) {
    if (level != CUBE_STOP_HALT && level != CUBE_STOP_DEENERGIZE) {
        std::lock_guard<std::mutex> lock(mu_);
        error_ = "tic: stop: unknown level " + std::to_string(level);
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    bool halt = false;
    bool deenergize = false;
    {
        std::lock_guard<std::mutex> lock(mu_);  // so that no wait misses it
        stop_requested_ = true;
        halt = touched_ && !at_standstill_;
        deenergize = touched_ && energized_ && level == CUBE_STOP_DEENERGIZE;
        at_standstill_ = true;
        if (deenergize) energized_ = false;
    }
    wake_.notify_all();
    if (level == CUBE_STOP_DEENERGIZE) keep_alive_on_ = false;
    for (size_t i = 0; halt && i < boards_.size(); ++i) {
        UsbError e;
        if (!send(i, kHaltAndHold, 0, 0, e)) log(CUBE_LOG_WARNING, who(i) + ": stop: halt and hold: " + e.describe());
    }
    // Read back before a de-energize makes every position uncertain.
    if (halt) refresh_positions();
    for (size_t i = 0; deenergize && i < boards_.size(); ++i) {
        UsbError e;
        if (!send(i, kDeenergize, 0, 0, e)) log(CUBE_LOG_WARNING, who(i) + ": stop: de-energize: " + e.describe());
    }
    std::string where;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (state_ != CUBE_DRIVER_FAULT) state_ = CUBE_DRIVER_STOPPED;
        if (fault_.code != CUBE_FAULT_NONE && level > fault_.stop_level) fault_.stop_level = level;
        prepared_ = false;
        if (halt) where = unknown_text_locked();
    }
    if (halt || deenergize)
        log(CUBE_LOG_INFO, std::string(deenergize ? "stop (de-energize)" : "stop (halt)") + (halt ? ": " + where : ""));
    return CUBE_OK;
}

}  // namespace cube_tic
