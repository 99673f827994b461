// What the Maestro tests share: a robot's configuration file for the fake, the driver opened on it
// through a registry, the bytes the driver should send, and the replay of the fake's servo history on
// the robot's physics.
#pragma once
#include <cube/driver.h>

#include <memory>
#include <string>
#include <vector>

#include "fake_maestro.hpp"

namespace maestro_test {

// How a test sets up the Maestro.
struct Setup {
    std::string model = "four-arm";
    bool pololu = false;
    bool crc = false;
    int speed = 2000;    // quarter-us per 10 ms: 500 us of pulse in 10 ms
    int settle_ms = 2;
    std::string stop = "hold";
    // timeout_ms, the limit of every reply: longer than the driver's 100 ms, as the fake's thread may be held back
    // on a loaded machine under a sanitizer; 100 where a test plants a silence within a step's time limit.
    int reply_timeout_ms = 300;
    std::string extra_device;  // more [device] lines
};

void set_plugin_folder(const std::string &plugin_file);

// The fake, the configuration file and the open driver.
class Rig {
  public:
    explicit Rig(const Setup &setup);
    ~Rig();
    Rig(const Rig &) = delete;
    Rig &operator=(const Rig &) = delete;

    // Opens `uri_tail` appended to "maestro:PATH?config=FILE&model=M" (asserting success).
    void open(const std::string &uri_tail = "");
    // Opens without asserting; the status and cube_last_error() in `error`.
    cube_status try_open(const std::string &uri, std::string &error);
    std::string uri() const;

    // The plan of `moves` for the driver's robot.
    cube_plan *plan(const char *moves);
    // Pulse (quarter-us) of actuator `a` at `position`, and its channel (= a).
    int pulse(int actuator, int position) const;
    int actuators() const { return int(names.size()); }
    bool turns(int actuator) const;
    // The command as the driver frames it, written here independently.
    Bytes frame(uint8_t command, Bytes data) const;
    Bytes target(int channel, int qus) const;
    // The bytes the driver's first prepare sends (its replies are the fake's): every servo read back first.
    Bytes prepare_bytes() const;
    std::vector<int32_t> rest() const;

    // Replays the fake's history from the first get-errors on, on the robot's physics, starting from
    // the cube after `scramble`; "" when every step is allowed and the cube ends solved, else why not.
    std::string replay(const std::string &scramble);

    cube_driver_fault fault();

    Setup setup;
    std::unique_ptr<FakeMaestro> fake;
    std::string folder, config;
    std::vector<std::string> names;
    cube_driver *driver = nullptr;
};

}  // namespace maestro_test
