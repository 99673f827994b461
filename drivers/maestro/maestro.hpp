// The Maestro driver: hobby servos of a four-arm or two-gripper robot on a Pololu Maestro's command
// port. One servo per actuator; a position is a configured pulse width (maestro_settings.hpp).
//
// A step sends the targets of its commands, waits the servos' move time (maestro_timing.hpp), confirms
// each target with get-position (where the servo is configured to), then reads get-errors. Any failure
// is a fault record naming the channel and actuator; the servos then get the safe pose (the configured
// stop behaviour) while the port is still open. drivers/README.md gives the byte sequences.
//
// States IDLE / BUSY / STOPPED / FAULT as the sim's: execute and rest are refused while STOPPED or FAULT
// until prepare. stop() may come from any thread; the rest from one thread at a time.
#pragma once
#include <cube/driver_plugin.h>

#include "../common/plugin_fault.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "maestro_port.hpp"
#include "maestro_settings.hpp"

namespace cube_maestro {

// A fault as fault() reports it.
using FaultRecord = cube_plugin::FaultRecord;

// Thrown inside the driver when a step fails; execute() turns it into the fault record.
struct StepFault {
    FaultRecord record;
};

// One servo move of a step: an actuator to a new position.
struct Move {
    int32_t actuator;
    int32_t position;
};

class Maestro {
  public:
    // Reads the settings, opens the port. Throws Failure.
    Maestro(const cube_driver_host &host, const std::string &options);
    ~Maestro();

    // The robot (maestro.cpp).
    const char *robot_spec() const { return spec_.c_str(); }
    int32_t actuator_count() const { return int32_t(settings_.servos.size()); }
    const char *actuator_name(int32_t index) const;
    int32_t configure(const char *key, const char *value);

    // Motion (maestro_motion.cpp).
    int32_t execute(const cube_driver_command *const *commands, int32_t count);
    int32_t prepare();
    int32_t rest();
    int32_t stop(int32_t level);  // maestro_stop.cpp

    // Reports (maestro.cpp).
    int32_t status(cube_driver_status *out);
    int32_t position(int32_t actuator, int32_t *value);
    int32_t fault(cube_driver_fault *out);
    int32_t margin_us() const { return settings_.margin_ms * 1000; }
    const char *last_error() const { return error_.c_str(); }

    // Records a failure's message; returns `status`.
    int32_t fail(int32_t status, const std::string &message);

  private:
    // The link (maestro_link.cpp): every call under port_mu_; failures throw StepFault.
    void send(const Bytes &bytes, int32_t actuator, const char *what);
    Bytes request(const Bytes &bytes, size_t reply_size, int32_t actuator, const char *what);
    int read_position(int32_t actuator);
    void check_errors(int32_t actuator_hint);
    void set_target(int32_t actuator, int qus);
    [[noreturn]] void link_fault(int32_t actuator, const std::string &what, Io io, const Bytes &got, size_t want);
    std::string servo_text(int32_t actuator) const;

    // Motion helpers (maestro_motion.cpp).
    void move(const std::vector<Move> &moves, int64_t wait_us, int32_t action_index);
    void confirm(int32_t actuator, int target_qus);
    bool wait(int64_t us);  // false when a stop came
    void physics(const std::vector<int32_t> &from, const std::vector<const cube_driver_command *> &commands,
                 std::vector<int32_t> &to);  // the host's robot_step; throws StepFault (refused)
    std::vector<Move> check_step(const cube_driver_command *const *commands, int32_t count, int32_t &action_index);
    std::vector<std::vector<Move>> rest_steps();
    int32_t step_failed(const StepFault &f);
    // Under port_mu_: the stop behaviour (hold: read each position, else the last target; off: target 0),
    // best effort; returns what it did. Never throws.
    std::string safe_pose_locked(bool read_positions, bool pulses_off);
    int32_t check_ready(const char *what);
    void log(int32_t level, const std::string &message) const;

    cube_driver_host host_;
    Settings settings_;
    std::string spec_;
    std::unique_ptr<cube_robot, void (*)(cube_robot *)> robot_{nullptr, nullptr};  // spec_, by the host
    std::vector<int32_t> rest_;
    std::unique_ptr<Port> port_;
    std::mutex port_mu_;  // one request at a time on the port (stop may come from another thread)

    mutable std::mutex mu_;  // guards the state below against stop() from another thread
    std::condition_variable woken_;
    bool stop_requested_ = false;
    int32_t state_ = CUBE_DRIVER_IDLE;
    int32_t stop_level_ = 0;
    bool prepared_ = false;
    std::vector<int32_t> positions_;
    std::vector<bool> known_;
    std::vector<int> targets_;  // the last target sent per actuator, quarter-us; 0: none (no pulses)
    int32_t commands_done_ = 0;
    FaultRecord fault_;

    std::string error_;  // written by the calling thread only (stop never writes it)
};

}  // namespace cube_maestro
