// The 3x3 tables of one solver, loaded on first use without holding a lock while the load runs
// (its progress callback is user code): one thread loads, the others wait, each watching its own
// stop flag. A load that fails or is cancelled leaves the loader empty, and a waiter may try next.
#pragma once
#include <cube/common.h>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>

#include "cancel.hpp"
#include "tablefile/table_places.hpp"
#include "twophase/twophase.hpp"

namespace lc {

class TableLoader {
public:
    // The tables, mapped from or built into the folders of `places`, reporting to fn(user, ...) while
    // this thread loads them. Throws lc::Error when the load fails; CUBE_ERROR_CANCELLED when
    // `stop` is set (or fn asked to stop, which sets it); CUBE_ERROR_UNSUPPORTED when called from the
    // progress callback of this loader's own load.
    const twophase::Tables *get(const tablefile::TablePlaces &places, cube_progress_fn fn, void *user, StopFlag &stop);
    // The tables if they are loaded, else nullptr; never waits.
    const twophase::Tables *ready() const { return ready_.load(std::memory_order_acquire); }

private:
    const twophase::Tables *load(const tablefile::TablePlaces &places, cube_progress_fn fn, void *user, StopFlag &stop);

    std::atomic<const twophase::Tables *> ready_{nullptr};  // set once loaded: the lock-free fast path
    std::mutex mutex_;
    std::condition_variable changed_;
    bool loading_ = false;  // a thread is loading (without the mutex)
    std::shared_ptr<const twophase::Tables> tables_;
};

}  // namespace lc
