// The Pololu Tic's USB protocol (pololu-tic-software include/tic_protocol.h): every command is a control
// transfer on endpoint 0; a 32-bit argument goes as wValue = low 16 bits, wIndex = high 16 bits.
#pragma once
#include <cstdint>

namespace cube_tic {

constexpr uint16_t kVendor = 0x1FFB;

// Products and their names; current_divisor_ma: the current limit code is mA / divisor (0: a lookup
// table this driver does not carry, so `current` is refused for that product).
struct Product {
    uint16_t id;
    const char *name;
    int32_t current_divisor_ma;
};
constexpr Product kProducts[] = {
    {0x00B3, "Tic T825", 32}, {0x00B5, "Tic T834", 32}, {0x00BD, "Tic T500", 0},
    {0x00C3, "Tic N825", 32}, {0x00C9, "Tic T249", 40}, {0x00CB, "Tic 36v4", 0},
};
// The product with this id, or nullptr.
const Product *product_of(uint16_t id);

constexpr uint8_t kRequestOut = 0x40;  // vendor, host to device
constexpr uint8_t kRequestIn = 0xC0;   // vendor, device to host

enum Command : uint8_t {
    kSetTargetPosition = 0xE0,
    kSetTargetVelocity = 0xE3,
    kHaltAndSetPosition = 0xEC,
    kHaltAndHold = 0x89,
    kGoHome = 0x97,
    kEnergize = 0x85,
    kDeenergize = 0x86,
    kExitSafeStart = 0x83,
    kEnterSafeStart = 0x8F,
    kResetCommandTimeout = 0x8C,
    kClearDriverError = 0x8A,
    kReset = 0xB0,
    kSetMaxSpeed = 0xE6,
    kSetStartingSpeed = 0xE5,
    kSetMaxAccel = 0xEA,
    kSetMaxDecel = 0xE9,
    kSetStepMode = 0x94,
    kSetCurrentLimit = 0x91,
    kGetVariables = 0xA1,
    kGetVariablesAndClearErrors = 0xA2,
};

// Offsets in the variable block.
enum Variable : uint8_t {
    kOperationState = 0x00,
    kMiscFlags = 0x01,
    kErrorStatus = 0x02,
    kErrorsOccurred = 0x04,
    kTargetPosition = 0x0A,
    kCurrentPosition = 0x22,
    kVinMv = 0x33,
    kVariablesPolled = 0x39,  // bytes the driver reads: through the uptime
};

enum OperationState : uint8_t { kStateReset = 0, kStateDeenergized = 2, kStateSoftError = 4,
                                kStateWaitingForErrLine = 6, kStateStartingUp = 8, kStateNormal = 10 };
constexpr uint8_t kFlagEnergized = 1u << 0;
constexpr uint8_t kFlagPositionUncertain = 1u << 1;

// Error bits (error status and errors occurred).
constexpr uint16_t kErrorIntentionallyDeenergized = 1u << 0;
constexpr uint16_t kErrorMotorDriver = 1u << 1;
constexpr uint16_t kErrorLowVin = 1u << 2;
constexpr uint16_t kErrorKillSwitch = 1u << 3;
constexpr uint16_t kErrorRequiredInputInvalid = 1u << 4;
constexpr uint16_t kErrorSerial = 1u << 5;
constexpr uint16_t kErrorCommandTimeout = 1u << 6;
constexpr uint16_t kErrorSafeStartViolation = 1u << 7;
constexpr uint16_t kErrorErrLineHigh = 1u << 8;
constexpr int kErrorBitCount = 9;
// Name of error bit `bit` (0-8), e.g. "low VIN".
const char *error_bit_name(int bit);

// Step mode code of 1/`microstep` stepping (1, 2, 4, ... 256), or -1.
int32_t step_mode_of(int32_t microstep);
// Name of an operation state, e.g. "normal".
const char *operation_state_name(uint8_t state);

// Limits of the settings, in the Tic's own units.
constexpr int64_t kMaxSpeedLimit = 500000000;   // microsteps / 10000 s
constexpr int64_t kMinAccel = 100;              // microsteps / 100 s^2
constexpr int64_t kMaxAccel = 2147483647;

}  // namespace cube_tic
