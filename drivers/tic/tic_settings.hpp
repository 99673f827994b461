// The driver's settings: the URI options and the configuration file (the host's format), per actuator.
//
// URI: tic:config=FILE and/or inline keys; inline values win over the file.
//   model=FAMILY, margin=MS, concurrent=0|1, tolerance=MICROSTEPS -> [device]
//   STEPS-KEY=V (steps, microstep, direction, speed, accel, decel, current, rest) -> [defaults]
//   ACTUATOR=SERIAL (U=00301234, L.twist=...)  -> [ACTUATOR] serial
//   ACTUATOR.KEY=V (U.speed=4000, L.slide.grip.1=800) -> [ACTUATOR] KEY
// Units: speed in microsteps/s, accel and decel in microsteps/s^2, current in mA, rest and grip.N in
// microsteps (board positions).
#pragma once
#include <cube/driver_plugin.h>

#include <cstdint>
#include <string>
#include <vector>

namespace cube_tic {

enum class Kind { kTurn, kGrip };

// One actuator and the board that drives it.
struct Motor {
    std::string actuator;  // as cube_robot_actuator_name()
    Kind kind = Kind::kTurn;
    std::string serial;
    int32_t steps = 200;      // full steps per revolution
    int32_t microstep = 8;    // 1, 2, 4 ... 256
    int32_t direction = 1;    // 1 or -1
    int64_t speed = 4000;     // microsteps / s
    int64_t accel = 40000;    // microsteps / s^2
    int64_t decel = 40000;    // microsteps / s^2
    int32_t current_ma = 0;   // 0: leave the board's own setting
    int32_t rest = 0;         // board position of quarter 0 (turns) or of the rest position (grips)
    int32_t grip[2] = {0, 0}; // grips: board positions, relative to rest, of 0 (open) and 1 (closed)

    int32_t steps_per_quarter() const { return steps * microstep / 4; }
    // The board position of actuator position `position` (quarters, or a grip's 0 / 1).
    int32_t board_position(int32_t position) const;
};

struct Settings {
    std::string model = "six-motor";  // the robot family
    std::string robot_spec;           // the robot with its turn times (tic_motion)
    int32_t margin_ms = 150;          // extra time a step may take past its motion time
    bool concurrent = true;           // opt in to concurrent steps (steps on different boards at once)
    int32_t tolerance = 0;            // microsteps a read-back position may be off a quarter and count as there
    std::vector<Motor> motors;        // one per actuator, in the robot's order
};

// A failure to read the settings: the message for the caller's err.
struct SettingsError {
    int32_t status;
    std::string message;
};

// Reads the settings from the URI options. Throws SettingsError.
Settings read_settings(const cube_driver_host &host, const std::string &options);

}  // namespace cube_tic
