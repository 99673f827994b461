// The Maestro driver: hobby servos of a four-arm or two-gripper robot on a Pololu Maestro's command
// port. One servo per actuator; a position is a configured pulse width (maestro_settings.hpp).
//
// A step sends the targets of its commands, waits the servos' move time (maestro_timing.hpp), confirms
// each target with get-position (where the servo is configured to), then reads get-errors. Any failure
// is a fault record naming the channel and actuator; the servos then get the safe pose (the configured
// stop behaviour) while the port is still open. drivers/README.md gives the byte sequences.
//
// States IDLE / BUSY / STOPPED / FAULT as the sim's: execute and rest are refused while STOPPED or FAULT
// until prepare.
//
// Concurrent steps (opt-in, unless concurrent=0): steps on other channels may be in flight at once. The
// serial port is shared: every command / reply exchange holds port_mu_ (set targets, each get-position,
// get-errors, the safe pose), never a wait. Each step waits for its own servos only. The first fault of a
// run sends the safe pose once and is the one reported; the other steps in flight return its status.
// One stop ends every step in flight.
//
// stop(), status(), position(), fault(), query() and last_error() may come from any thread; execute from
// several at once when the driver opted in; the rest from one thread at a time. Locks: port_mu_ before
// mu_, never the other way round.
#pragma once
#include <cube/driver_plugin.h>

#include "plugin_error.hpp"
#include "plugin_fault.hpp"

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

// A command refused before anything moved (CUBE_FAULT_REFUSED), to throw.
StepFault refused(int32_t actuator, const std::string &why);

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
    int32_t query(const char *key, char *buffer, int32_t capacity, int32_t *length);
    int32_t margin_us() const { return settings_.margin_ms * 1000; }
    // The last failure's message, copied for the calling thread (valid until its next call).
    const char *last_error() const;

    // Records a failure's message; returns `status`.
    int32_t fail(int32_t status, const std::string &message);

  private:
    // The link (maestro_link.cpp): every call under port_mu_ (one exchange per hold); failures throw
    // StepFault.
    void send(const Bytes &bytes, int32_t actuator, const char *what);
    Bytes request(const Bytes &bytes, size_t reply_size, int32_t actuator, const char *what);
    int read_position(int32_t actuator);
    void check_errors(int32_t actuator_hint);
    void set_target(int32_t actuator, int qus);
    [[noreturn]] void link_fault(int32_t actuator, const std::string &what, Io io, const Bytes &got, size_t want);
    std::string servo_text(int32_t actuator) const;

    // Motion helpers (maestro_motion.cpp). move() sends the targets, waits `wait_us`, confirms and reads
    // the errors; false when a stop or another step's fault ended it first. Throws StepFault.
    bool move(const std::vector<Move> &moves, int64_t wait_us);
    bool confirm(int32_t actuator, int target_qus);  // false when interrupted
    bool wait(int64_t us);  // false when a stop or another step's fault came
    // Under mu_: a stop or the run's first fault came.
    bool interrupted_locked() const { return stop_requested_ || halted_; }
    void physics(const std::vector<int32_t> &from, const std::vector<const cube_driver_command *> &commands,
                 std::vector<int32_t> &to);  // the host's robot_step; throws StepFault (refused)
    std::vector<std::vector<Move>> rest_steps();
    // The fault of a step: the first of a run is recorded and gets the safe pose, once; a later one (a
    // step in flight with it) fails with its status once it is recorded in full.
    int32_t step_failed(const StepFault &f);
    int32_t halted_status();

    // Steps in flight (maestro_launch.cpp). Under mu_: the step's moves from where the steps launched so
    // far leave the servos, checked (commands, positions, physics, free channels, concurrent=0); throws
    // StepFault (refused) before anything moves.
    std::vector<Move> check_step_locked(const cube_driver_command *const *commands, int32_t count,
                                        int32_t &action_index);
    // Under mu_: a step starts (its servos busy) and ends (`moved`: it reached its targets).
    void launch_locked(const std::vector<Move> &moves);
    void land_locked(const std::vector<Move> &moves, bool moved, int32_t count);
    // Under port_mu_: the stop behaviour (hold: read each position, else the last target; off: target 0),
    // on the channels this driver sent pulses to, best effort; each position read is kept (measured_,
    // read_back_). Returns what it did. Never throws.
    std::string safe_pose_locked(bool read_positions, bool pulses_off);
    // Where the servos are after a safe pose (maestro_where.cpp). Under mu_: each servo read back is
    // known at a named position (within tolerance) or between positions; servos whose pulses stopped go
    // limp (not known; one that stopped between positions stays so, for prepare to refuse).
    void settle_positions_locked(bool pulses_off);
    bool any_between_locked() const;
    std::string where_text_locked(size_t actuator) const;
    std::string unknown_text_locked() const;
    std::string between_text_locked() const;  // each servo between positions, where and how to recover
    // Before the first prepare of this driver: each servo read back; one that an earlier process left
    // with pulses between named positions is marked between (found_between_), for prepare to refuse.
    // A failed read throws StepFault.
    void read_back_at_first_prepare();
    // configure("recover", "nearest" | "rest").
    int32_t recover(const std::string &how);
    int32_t check_ready(const char *what);
    void log(int32_t level, const std::string &message) const;

    cube_driver_host host_;
    Settings settings_;
    std::string spec_;
    std::unique_ptr<cube_robot, void (*)(cube_robot *)> robot_{nullptr, nullptr};  // spec_, by the host
    std::vector<int32_t> rest_;
    std::unique_ptr<Port> port_;
    std::mutex port_mu_;  // one request at a time on the port (stop may come from another thread)

    mutable std::mutex mu_;  // guards the state below
    std::condition_variable woken_;
    bool stop_requested_ = false;
    bool halted_ = false;        // the run's first fault got the safe pose (until prepare)
    bool fault_settled_ = true;  // that fault is recorded in full
    int32_t state_ = CUBE_DRIVER_IDLE;
    int32_t stop_level_ = 0;
    bool prepared_ = false;
    std::vector<int32_t> positions_;
    std::vector<bool> known_;
    std::vector<int> targets_;  // the last target sent per actuator, quarter-us; 0: none (no pulses)
    std::vector<bool> between_;   // per actuator: stopped off every named position (measured_ says where)
    std::vector<int> measured_;   // per actuator: get-position when last read back, quarter-us
    std::vector<bool> read_back_;  // per actuator: the last safe pose read its position
    std::vector<bool> found_between_;  // per actuator: between positions already before the first prepare
    bool ever_prepared_ = false;       // prepare has run once (the servos were read back before it)
    int32_t posed_ = 0;  // the safe pose sent since prepare: 0 none, 1 hold, 2 pulses off (one round per stop)
    int32_t commands_done_ = 0;
    FaultRecord fault_;
    int32_t in_flight_ = 0;
    std::vector<bool> busy_;         // per actuator: a step in flight moves it
    std::vector<int32_t> launched_;  // positions after every step launched (positions_ when none is)

    cube_plugin::LastError error_;
};

}  // namespace cube_maestro
