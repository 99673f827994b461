#include "tic_protocol.hpp"

namespace cube_tic {

const Product *product_of(uint16_t id) {
    for (const Product &p : kProducts)
        if (p.id == id) return &p;
    return nullptr;
}

const char *error_bit_name(int bit) {
    static const char *const kNames[kErrorBitCount] = {
        "intentionally de-energized", "motor driver error", "low VIN",
        "kill switch active",         "required input invalid", "serial error",
        "command timeout",            "safe start violation",   "ERR line high"};
    return bit >= 0 && bit < kErrorBitCount ? kNames[bit] : "unknown error bit";
}

int32_t step_mode_of(int32_t microstep) {
    switch (microstep) {
        case 1: return 0;
        case 2: return 1;
        case 4: return 2;
        case 8: return 3;
        case 16: return 4;
        case 32: return 5;
        case 64: return 7;
        case 128: return 8;
        case 256: return 9;
        default: return -1;
    }
}

const char *operation_state_name(uint8_t state) {
    switch (state) {
        case kStateReset: return "reset";
        case kStateDeenergized: return "de-energized";
        case kStateSoftError: return "soft error";
        case kStateWaitingForErrLine: return "waiting for ERR line";
        case kStateStartingUp: return "starting up";
        case kStateNormal: return "normal";
        default: return "unknown state";
    }
}

}  // namespace cube_tic
