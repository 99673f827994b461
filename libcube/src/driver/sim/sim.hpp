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
// At a speed above 0 it opts in to concurrent steps (query "concurrent-steps", unless concurrent=0):
// execute may then run on several threads at once; it refuses a command for an actuator still moving
// and a launch the robot's timeline refuses at that moment (the host's timeline services).
//
// Each function returns a cube_status; last_error() says why it failed. stop() may come from any
// thread; execute, fault, position, status and last_error from several at once; the rest from one
// thread at a time, as <cube/driver_plugin.h> says.
#pragma once
#include <cube/driver_plugin.h>

#include "plugin_error.hpp"
#include "plugin_fault.hpp"

#include <chrono>
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
    ~Sim();
    Sim(const Sim &) = delete;
    Sim &operator=(const Sim &) = delete;

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
    // The last failure's message, copied for the calling thread (valid until its next call).
    const char *last_error() const;

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
    // Under `lock`: waits `us` of robot time at the sim's speed; false when a stop came after the
    // `stops`-th one.
    bool wait_locked(std::unique_lock<std::mutex> &lock, int64_t us, uint64_t stops);

    // Steps in flight (sim_launch.cpp).
    using Clock = std::chrono::steady_clock;
    // A step launched since the last moment nothing moved.
    struct Launched {
        int64_t start_us = -1;         // robot time on the timeline, -1 when steps run one at a time
        int32_t longest_us = 0;        // its longest command
        std::string moves;             // the 54 facelet sources of its turn of the cube
        std::vector<int32_t> next;     // positions after it
        std::vector<int32_t> actuators;
        bool done = false;             // it ended (a stopped step never is)
    };
    // Whether steps may run concurrently: speed above 0, not concurrent=0, a host with timeline services.
    bool concurrent() const;
    // Under mu_: when nothing moves, settles the steps so far (launched_positions_ is then positions_).
    void settle_if_idle_locked();
    // Under mu_: "" when the step may start at `at` (its actuators are free; the timeline accepts it);
    // else why not, with `actuator` the one concerned (or -1).
    std::string launch_refusal_locked(Clock::time_point at, const cube_driver_command *const *commands,
                                      int32_t count, int32_t &actuator);
    // Under mu_: records an accepted step; returns its index among the launches in flight.
    size_t launch_locked(const cube_driver_command *const *commands, int32_t count, int32_t longest_us,
                         std::vector<int32_t> next, std::string moves);
    // Under mu_: a step ends, `moved` when it ran to its end; the last to end settles the cube. The robot
    // time counts the time some step of the window moved (steps one at a time: their times added).
    void land_locked(size_t index, bool moved);
    static int64_t moving_time_us(const std::vector<Launched> &launches);
    // Under mu_: drops the timeline (prepare, close).
    void forget_timeline_locked();
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
    int64_t time_before_launches_us_ = 0;  // time_us_ when the launches in launches_ began
    int32_t commands_done_ = 0;
    bool failure_injected_ = false;  // fail_after fires once
    Fault fault_;
    uint64_t stops_ = 0;          // stops so far: a step waits until the next one

    // Steps in flight (sim_launch.cpp).
    std::vector<int32_t> launched_positions_;  // after every step launched (positions_ when none moves)
    std::vector<bool> moving_;                 // per actuator: a step with it has not ended
    std::vector<Launched> launches_;           // since the last moment nothing moved
    std::string cube_before_launches_;
    int32_t in_flight_ = 0;
    cube_driver_timeline *timeline_ = nullptr;  // the robot's rules since nothing moved (concurrent only)
    Clock::time_point timeline_origin_{};
    int64_t last_launch_us_ = -1;

    cube_plugin::LastError error_;
};

}  // namespace cube_sim
