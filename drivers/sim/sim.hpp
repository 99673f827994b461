// The sim driver: a virtual robot (one position per actuator) holding a virtual cube (facelets).
//
// Options: model=FAMILY and robot keys (else it adopts the robot configure("robot") gives; with model= a
// robot of another family is refused, one of the same family accepted while the sim keeps its own),
// speed=S (0 instant, 0.001 to 1000000 times real time), fail_after=N (the step with the command after
// the N-th fails once, before moving: CUBE_ERROR_IO, fault CUBE_FAULT_DEVICE, device bits 1).
// It starts at rest with a solved cube; configure("scramble") sets the cube.
// execute checks every rule (1-3 commands, actuator, command fits it, minimum duration, the physics
// through the host's robot_step) before anything moves; a refused step is a CUBE_FAULT_REFUSED fault.
// States IDLE / BUSY / STOPPED / FAULT: execute and rest are refused while STOPPED or FAULT until
// prepare; stop() from any thread interrupts a step; CUBE_STOP_DEENERGIZE loses the arms' positions
// until prepare. drivers/README.md describes it in full.
//
// Each function returns a cube_status; last_error() says why it failed. stop() may come from any
// thread, the rest from one thread at a time, as <cube/driver_plugin.h> says.
#pragma once
#include <cube/driver_plugin.h>

#include "../common/plugin_fault.hpp"

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "sim_options.hpp"
#include "sim_robot.hpp"

namespace cube_sim {

class Sim {
  public:
    // A sim with the host's services (copied) and its URI options. Throws Failure.
    Sim(const cube_driver_host &host, const Options &options);

    // The robot (sim.cpp).
    const char *robot_spec() const;
    int32_t actuator_count() const;
    const char *actuator_name(int32_t index) const;
    int32_t configure(const char *key, const char *value);

    // Motion and the state machine (sim_motion.cpp).
    int32_t execute(const cube_driver_command *const *commands, int32_t count);
    int32_t stop(int32_t level);
    int32_t prepare();
    int32_t rest();

    // Reports (sim_reports.cpp).
    int32_t status(cube_driver_status *out);
    int32_t position(int32_t actuator, int32_t *value);
    int32_t query(const char *key, char *buffer, int32_t capacity, int32_t *length);
    int32_t fault(cube_driver_fault *out);
    int32_t margin_us();
    const char *last_error() const { return error_.c_str(); }

    // Records a failure's message; returns `status`.
    int32_t fail(int32_t status, const std::string &message);

  private:
    // The last fault, as fault() reports it.
    using Fault = cube_plugin::FaultRecord;  // positions_known and stop_level are kept apart

    void adopt(std::unique_ptr<Robot> robot);
    // Under mu_: refuses motion while STOPPED or FAULT (CUBE_OK when ready).
    int32_t check_ready_locked(const char *what);
    // Under mu_: records a fault, enters FAULT and fails with `status`.
    int32_t fault_locked(int32_t code, int32_t status, int32_t actuator, int32_t action_index, uint32_t device_bits,
                         const std::string &text);
    // Under `lock`: waits `us` of robot time at the sim's speed; false when a stop came.
    bool wait_locked(std::unique_lock<std::mutex> &lock, int64_t us);
    // Sends a message to the host's log; never under mu_ (the log may call back).
    void log(int32_t level, const std::string &message) const;

    cube_driver_host host_;
    Options options_;
    std::unique_ptr<Robot> robot_;
    bool fixed_model_ = false;  // model= given: configure("robot") does not replace it

    mutable std::mutex mu_;  // guards everything below against stop() from another thread
    std::condition_variable stopped_;
    int32_t state_ = CUBE_DRIVER_IDLE;
    int32_t stop_level_ = 0;      // the strongest stop since prepare, 0 if none
    bool positions_lost_ = false;  // de-energized arms: prepare homes them
    std::vector<int32_t> positions_;
    std::string cube_;
    int64_t time_us_ = 0;         // robot time of the steps done
    int32_t commands_done_ = 0;
    bool failure_injected_ = false;  // fail_after fires once
    Fault fault_;

    std::string error_;  // written by the calling thread only (stop never fails)
};

}  // namespace cube_sim
