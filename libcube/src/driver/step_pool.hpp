// Threads that run steps of a plugin that opted in to concurrent steps: one step per slot, so that the
// caller can wait for any of them, enforce each one's deadline and walk away from one that never
// returns. worker.hpp is the one-step-at-a-time counterpart.
#pragma once
#include <cube/driver_plugin.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "driver/registry.hpp"

namespace lc::driver {

class StepPool {
  public:
    using Clock = std::chrono::steady_clock;

    // What a slot is doing.
    struct Slot {
        bool busy = false;               // a step was handed over and not yet collected
        bool started = false;            // its thread has called execute (started_at is set)
        bool done = false;               // execute returned (result is set)
        Clock::time_point started_at{};  // read on the slot's thread just before execute
        int32_t result = CUBE_OK;
    };

    // `slots` threads (1 to CUBE_DRIVER_MAX_CONCURRENT_STEPS) that run steps on `instance` through a
    // copy of `entry` (which keeps the plugin loaded).
    StepPool(const Entry &entry, void *instance, int32_t slots);
    // Ends and joins the threads, unless abandoned.
    ~StepPool();
    StepPool(const StepPool &) = delete;
    StepPool &operator=(const StepPool &) = delete;

    int32_t slots() const { return int32_t(threads_.size()); }
    // A slot that is not busy, or -1.
    int32_t free_slot() const;
    // Hands one step (1-3 version-2 commands, copied) to a free slot's thread.
    void start(int32_t slot, const cube_driver_command *commands, int32_t count);
    // A copy of a slot's state.
    Slot slot(int32_t index) const;
    // Frees a done slot for the next step.
    void collect(int32_t slot);
    // How many events (a start, a return) have happened: pass to wait().
    uint64_t events() const;
    // Waits until an event after `seen` (true), `until` passes or `woken()` turns true (false; asked
    // every few milliseconds).
    bool wait(uint64_t seen, Clock::time_point until, const std::function<bool()> &woken);
    // Leaves the threads to steps that do not return (see Worker::abandon).
    void abandon(const void *owner);

  private:
    struct Shared;
    static void serve(const std::shared_ptr<Shared> &s, size_t slot);  // one slot's thread
    std::shared_ptr<Shared> shared_;
    std::vector<std::thread> threads_;
};

}  // namespace lc::driver
