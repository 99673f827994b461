// stop: from any thread, ends the wait of every step in flight and halts every board; DEENERGIZE also
// cuts motor power.
#include "tic_driver.hpp"

namespace cube_tic {

int32_t Driver::stop(int32_t level) {
    if (level != CUBE_STOP_HALT && level != CUBE_STOP_DEENERGIZE) {
        std::lock_guard<std::mutex> lock(mu_);
        error_ = "tic: stop: unknown level " + std::to_string(level);
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    {
        std::lock_guard<std::mutex> lock(mu_);  // so that no wait misses it
        stop_requested_ = true;
    }
    wake_.notify_all();
    if (level == CUBE_STOP_DEENERGIZE) keep_alive_on_ = false;
    for (size_t i = 0; i < boards_.size(); ++i) {
        UsbError e;
        if (!send(i, kHaltAndHold, 0, 0, e)) {
            log(CUBE_LOG_WARNING, who(i) + ": stop: halt and hold: " + e.describe());
            continue;
        }
        if (level == CUBE_STOP_DEENERGIZE && !send(i, kDeenergize, 0, 0, e))
            log(CUBE_LOG_WARNING, who(i) + ": stop: de-energize: " + e.describe());
    }
    std::lock_guard<std::mutex> lock(mu_);
    if (state_ != CUBE_DRIVER_FAULT) state_ = CUBE_DRIVER_STOPPED;
    if (fault_.code != CUBE_FAULT_NONE && level > fault_.stop_level) fault_.stop_level = level;
    prepared_ = false;
    return CUBE_OK;
}

}  // namespace cube_tic
