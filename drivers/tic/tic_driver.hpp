// The Tic driver: one Pololu Tic per actuator, found by serial number, driven over libusb.
//
// prepare readies every board (clear driver error, reset command timeout, step mode, current limit,
// max speed / accel / decel, exit safe start, energize, halt and set position); execute sends the
// step's target positions together and polls get-variables until every board is at its target or the
// driver's own deadline (motion time + margin) passes; stop halts and holds every board (DEENERGIZE
// also de-energizes); rest returns to the rest positions and de-energizes. A keep-alive thread resets
// every board's command timeout while the robot waits and watches for errors between steps.
//
// Concurrent steps (opt-in, unless concurrent=0): execute may run on several threads at once for steps
// on different boards; each waits for its own boards only. The first fault of a run halts every board
// once and is the one reported; the other executes in flight return its status. A stop ends them all.
//
// stop(), fault(), position(), status(), query() and last_error() may come from any thread; execute from
// several at once when the driver opted in; the rest from one thread at a time (<cube/driver_plugin.h>).
#pragma once
#include <cube/driver_plugin.h>

#include "plugin_fault.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tic_settings.hpp"
#include "tic_usb.hpp"

namespace cube_tic {

using Clock = std::chrono::steady_clock;

// A fault as fault() reports it.
using Fault = cube_plugin::FaultRecord;

class Driver {
  public:
    // Opens the boards the settings name (tic_open.cpp). On failure returns an error and says why in `err`.
    static int32_t open(const cube_driver_host &host, const std::string &options, Driver **out, std::string &err);
    ~Driver();

    // The robot (tic_driver.cpp).
    const char *robot_spec() const { return settings_.robot_spec.c_str(); }
    int32_t actuator_count() const { return int32_t(settings_.motors.size()); }
    const char *actuator_name(int32_t index) const;
    int32_t configure(const char *key, const char *value);

    // Lifecycle (tic_prepare.cpp, tic_execute.cpp, tic_stop.cpp).
    int32_t prepare();
    int32_t execute(const cube_driver_command *const *commands, int32_t count);
    int32_t stop(int32_t level);
    int32_t rest();

    // Reports (tic_reports.cpp).
    int32_t status(cube_driver_status *out);
    int32_t position(int32_t actuator, int32_t *value);
    int32_t query(const char *key, char *buffer, int32_t capacity, int32_t *length);
    int32_t fault(cube_driver_fault *out);
    int32_t margin_us() const;
    // The last failure's message, copied for the calling thread (valid until its next call).
    const char *last_error() const;

  private:
    Driver(const cube_driver_host &host, Settings settings, libusb_context *context, cube_robot *robot,
           std::vector<std::unique_ptr<Board>> boards);

    // One board's motion of a step or of rest.
    struct Move {
        size_t board;
        int32_t target;  // board position
    };

    // Sends a command to board `i`; commands that reset the Tic's command timeout are remembered.
    bool send(size_t i, uint8_t request, uint16_t value, uint16_t index, UsbError &error);
    bool send32(size_t i, uint8_t request, int32_t argument, UsbError &error);
    // Readies one board; CUBE_OK or a recorded fault.
    int32_t prepare_board(size_t i, int32_t position);
    // prepare ended by a stop (CUBE_ERROR_CANCELLED); refused from actuators not known (a fault record).
    int32_t stopped_in_prepare();
    int32_t check_left_between(size_t i);
    int32_t refuse_prepare_locked();
    // Sends the targets, then waits for them (polling) until the driver's own deadline. `from`: where
    // the boards' actuators are before the move.
    int32_t move(const std::vector<Move> &moves, const std::vector<int32_t> &from, int32_t action_index);
    int32_t wait_for(const std::vector<Move> &moves, int64_t motion_us, int32_t action_index);
    // Steps in flight (tic_launch.cpp). Under mu_: whether a step of `count` commands may start now,
    // CUBE_OK or the refusal recorded (nothing moved, no board halted); `action_index` receives its first
    // action's index.
    int32_t check_launch_locked(const cube_driver_command *const *commands, int32_t count, int32_t &action_index);
    // Under mu_: a refusal before anything moved (a fault record, the state unchanged).
    int32_t refuse_locked(int32_t actuator, int32_t action_index, const std::string &text);
    // Under mu_: a step starts (its boards busy; `next` the positions after it), and ends with `status`.
    void launch_locked(const cube_driver_command *const *commands, int32_t count, const std::vector<Move> &moves,
                       const std::vector<int32_t> &next);
    void land_locked(const cube_driver_command *const *commands, int32_t count, const std::vector<Move> &moves,
                     const std::vector<int32_t> &next, int32_t status);
    // Checks one board's variables during a move; CUBE_OK or a recorded fault.
    int32_t check_board(size_t i, const Variables &v, int32_t action_index);
    // Sends reset-command-timeout to every board that has not had a command lately; CUBE_OK, or the
    // status of the fault recorded.
    int32_t keep_alive_due(int32_t action_index);
    // Halts and holds every board but `except` (SIZE_MAX: all); failures are logged only.
    void halt_all(size_t except);
    // Where each actuator is (tic_where.cpp). Reads every board back: an actuator within `tolerance` of
    // a quarter (a grip position) is known there, else between positions with the measured value, or
    // lost (no answer, position uncertain). True when every actuator is known.
    bool refresh_positions();
    // Under mu_: every actuator known; what is not known, per actuator, with the recovery step.
    bool all_known_locked() const;
    std::string unknown_text_locked() const;
    std::string where_text_locked(size_t board) const;
    // Reads board i's variables and classifies them; `at` receives the position when known or the nearest.
    enum class Where { kKnown, kBetween, kLost };
    Where classify(size_t i, const Variables &v, bool uncertain_counts, int32_t &at) const;
    // configure("recover", "nearest" | "rest") (tic_where.cpp).
    int32_t recover(const std::string &how);
    int32_t recover_board(size_t i, int32_t quarter, bool energize);
    // The first fault of a run: records it, halts every board but `except` (SIZE_MAX: all) and fails
    // with `status`. A later fault (another execute in flight) records and halts nothing: it waits
    // (bounded) until the first is recorded in full and fails with its status.
    int32_t failed(size_t except, int32_t code, int32_t status, size_t board, int32_t action_index, uint32_t bits,
                   const std::string &text);
    // The status of the fault that halted the run, once it is recorded in full (at most 1 s).
    int32_t halted_status();
    // "board 00301234 (actuator U)".
    std::string who(size_t board) const;
    // Waits up to `duration`, or until a stop or a fault. False when one came.
    bool pause(Clock::duration duration);
    void keep_alive_loop();
    void log(int32_t level, const std::string &message) const;

    cube_driver_host host_;
    Settings settings_;
    libusb_context *context_;
    cube_robot *robot_;
    std::vector<std::unique_ptr<Board>> boards_;  // one per actuator, in the robot's order
    std::unique_ptr<std::atomic<int64_t>[]> last_command_ns_;  // per board, steady clock

    std::unique_ptr<std::mutex[]> usb_mu_;  // per board: serialises its transfers (Board)
    mutable std::mutex mu_;  // guards everything below
    std::condition_variable wake_;
    std::atomic<bool> stop_requested_{false};
    std::atomic<bool> halted_{false};  // the run's first fault halted every board (until prepare)
    std::atomic<bool> keep_alive_on_{false};  // between prepare and rest / stop DEENERGIZE
    bool quit_ = false;
    int32_t state_ = CUBE_DRIVER_IDLE;
    bool prepared_ = false;
    std::vector<int32_t> positions_;  // actuator positions (quarters, grip 0/1)
    std::vector<Where> where_;       // per board, from the last read-back (kKnown until a stop or fault)
    std::vector<int32_t> measured_;  // per board: its current position when last read back
    bool touched_ = false;           // prepare sent commands since open: a stop has something to stop
    bool at_standstill_ = true;      // every board halted or de-energized since the last prepare
    bool energized_ = false;         // prepare energized the boards; rest or a de-energizing stop undid it
    bool declared_ = false;          // recover=rest: the next prepare takes the boards where they are told
    int32_t commands_done_ = 0;
    Fault fault_;
    bool idle_fault_ = false;  // the keep-alive thread found a fault: the next execute reports it
    bool fault_settled_ = true;  // the first fault is recorded in full (positions read back)
    // Steps in flight (tic_launch.cpp).
    int32_t in_flight_ = 0;
    std::vector<bool> busy_;          // per board: a step in flight commands it
    std::vector<int32_t> launched_;   // positions after every step launched (positions_ when none is)
    std::string error_;
    std::thread keep_alive_;
};

// Lists the boards present (tic_devices.cpp).
int32_t list_devices(const cube_driver_host *host, void *sink, cube_driver_device_sink found);

}  // namespace cube_tic
