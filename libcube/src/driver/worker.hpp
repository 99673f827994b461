// A thread of its own for a driver's execute(), so that the caller can wait for a step with a deadline
// and walk away from a plugin that never returns.
#pragma once
#include <cube/driver_plugin.h>

#include <chrono>
#include <functional>
#include <memory>
#include <thread>

#include "driver/registry.hpp"

namespace lc::driver {

class Worker {
  public:
    using Clock = std::chrono::steady_clock;
    enum class Wait { kDone, kExpired, kWoken };

    // Starts a thread that runs steps on `instance` through a copy of `entry` (which keeps the plugin loaded).
    Worker(const Entry &entry, void *instance);
    // Ends and joins the thread, unless it was abandoned.
    ~Worker();
    Worker(const Worker &) = delete;
    Worker &operator=(const Worker &) = delete;

    // Hands one step (1-3 version-2 commands, copied) to the thread.
    void start(const cube_driver_command *commands, int32_t count);
    // Waits until the step returns (kDone), `until` passes (kExpired) or `woken()` turns true (kWoken,
    // asked every few milliseconds).
    Wait wait(Clock::time_point until, const std::function<bool()> &woken);
    // What the last step's execute() returned; valid after kDone.
    int32_t result() const;
    // Leaves the thread to a step that does not return. The thread keeps the plugin loaded and holds
    // `owner` (the abandoned driver, which is never freed) so that leak checkers see it in use; it ends
    // if the step ever returns.
    void abandon(const void *owner);

  private:
    struct Shared;
    static void serve(const std::shared_ptr<Shared> &s);  // the thread: one step at a time until told to quit
    std::shared_ptr<Shared> shared_;
    std::thread thread_;
};

}  // namespace lc::driver
