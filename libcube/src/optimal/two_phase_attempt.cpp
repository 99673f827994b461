#include "optimal/two_phase_attempt.hpp"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>

#include "cancel.hpp"
#include "error.hpp"
#include "twophase/twophase.hpp"

namespace lc::optimal {
namespace {

constexpr auto kWatchEvery = std::chrono::milliseconds(10);

// The two-phase search itself: kStopped when `stop` ended it.
Attempt search(const twophase::Tables &tables, const CubieCube &cube, int max_length, uint64_t node_limit,
               const StopFlag &stop, MoveList &out) {
    twophase::Options o;
    o.max_length = max_length;
    o.node_limit = node_limit;
    o.stop = &stop;
    try {
        twophase::solve(tables, cube, CubieCube::solved(), o, out);
        return Attempt::kFound;
    } catch (const Error &) {
        // The node limit (CUBE_ERROR_TIMEOUT), a proof that no such solution exists, or the stop.
        return stop.stopped() ? Attempt::kStopped : Attempt::kNotFound;
    }
}

}  // namespace

Attempt two_phase_attempt(const twophase::Tables &tables, const CubieCube &cube, int max_length, uint64_t node_limit,
                          const std::function<bool()> &stop_now, MoveList &out) {
    StopFlag stop;
    if (stop_now()) return Attempt::kStopped;
    std::mutex mutex;
    std::condition_variable done_cv;
    bool done = false;
    Attempt outcome = Attempt::kNotFound;
    std::thread helper;
    try {
        helper = std::thread([&] {
            Attempt a = search(tables, cube, max_length, node_limit, stop, out);
            std::lock_guard<std::mutex> lock(mutex);
            outcome = a;
            done = true;
            done_cv.notify_one();
        });
    } catch (const std::system_error &) {
        return Attempt::kNotFound;  // no thread to search while this one watches: IDA* alone
    }
    {
        std::unique_lock<std::mutex> lock(mutex);
        while (!done_cv.wait_for(lock, kWatchEvery, [&] { return done; })) {
            lock.unlock();
            if (stop_now()) stop.stop();
            lock.lock();
        }
    }
    helper.join();
    return stop.stopped() ? Attempt::kStopped : outcome;
}

}  // namespace lc::optimal
