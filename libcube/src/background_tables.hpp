// The full 3x3 tables of a #CUBE_TABLES_AUTO solver, mapped or built on one thread of its own while the
// solver answers with the compact tables: solves switch to the full set once it is ready.
#pragma once
#include <cube/common.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

#include "tablefile/table_places.hpp"
#include "twophase/twophase.hpp"

namespace lc {

class BackgroundTables {
public:
    BackgroundTables();
    ~BackgroundTables();  // stop()
    BackgroundTables(const BackgroundTables &) = delete;
    BackgroundTables &operator=(const BackgroundTables &) = delete;

    // Starts the load from `places` once (later calls, and calls after stop(), do nothing). The thread
    // sends fn(user, ...) the load's reports, then a notice: that the solver switches to the full set,
    // or why it stays on the compact one (not when stop() ended the load).
    void start(const tablefile::TablePlaces &places, cube_progress_fn fn, void *user);
    // Whether start() (or stop()) was called; never waits.
    bool started() const { return started_.load(std::memory_order_acquire); }
    // The full tables once loaded, else nullptr; never waits.
    const twophase::Tables *ready() const;
    // Stops the load (a build is abandoned, leaving no file) and waits for the thread, unless called on
    // that thread (from its progress callback): it then ends by itself after the callback returns.
    void stop();

private:
    struct Shared;  // what the thread uses: it may outlive this object only when stopped from itself
    // The thread's work: loads the tables, publishes them, and says how it ended.
    static void run(std::shared_ptr<Shared> shared, tablefile::TablePlaces places, cube_progress_fn fn, void *user);

    std::shared_ptr<Shared> shared_;
    std::mutex mutex_;  // guards thread_, and started_ while it changes
    std::thread thread_;
    std::atomic<bool> started_{false};
};

}  // namespace lc
