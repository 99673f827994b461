// What the driver is told: the URI (`maestro:/dev/ttyACM0?device=12&crc=0&config=FILE&model=four-arm`)
// and the configuration file (the format of "@section config" in <cube/driver_plugin.h>, read through
// the host's config_* services). drivers/README.md lists every key.
#pragma once
#include <cube/driver_plugin.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "maestro_protocol.hpp"

namespace cube_maestro {

// One actuator's servo.
struct Servo {
    std::string actuator;               // as cube_robot_actuator_name() names it: "L.twist", "D.grip"
    bool turns = false;                 // a twist or wrist (quarters -range..range), else a slide or grip (0, 1)
    int channel = 0;                    // Maestro channel 0-23
    std::map<int32_t, int> target_qus;  // position -> pulse width in quarter-microseconds
    int speed = 0;                      // 1-16383, in 0.25 us per 10 ms
    int accel = 0;                      // 0 (none) to 255, in 0.25 us per 10 ms per 80 ms
    int settle_ms = 0;                  // added to every move of this servo
    bool confirm = true;                // check the move with get-position
};

struct Settings {
    std::string port;  // the command port, e.g. /dev/ttyACM0
    std::string model;  // "four-arm" or "two-gripper"
    int range = 1;      // quarters a twist or wrist may turn either side of neutral (1 or 2)
    int parallel = 1;   // 1: commands of one step go out together
    Framing framing;
    bool stop_holds = true;   // CUBE_STOP_HALT: hold the pose (true) or stop the pulses (false)
    bool close_holds = true;  // a de-energizing stop of a robot idle at rest (close) keeps the pulses
    int reply_timeout_ms = 100;  // the limit of every reply
    int tolerance_qus = 0;       // how far get-position may be from the target
    int confirm_ms = 50;         // how long a position may take to reach its target after the move time
    int margin_ms = 500;         // margin_us(): what a step may take beyond its plan time
    bool concurrent = true;      // opt in to concurrent steps (steps on other channels in flight at once)
    std::vector<Servo> servos;   // in the robot's actuator order
};

// The robot text for the host's robot_parse: "four-arm:range=2,parallel=1" (no times).
std::string robot_text(const Settings &settings);

// Reads the URI options (the text after "maestro:") and the configuration file they name. `robot`
// (parsed by the caller from robot_text) gives the actuators. Throws Failure naming the key or section.
Settings read_settings(const cube_driver_host &host, const std::string &options);

}  // namespace cube_maestro
