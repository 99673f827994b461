#include "optimal/two_phase_attempt.hpp"

#include <chrono>
#include <future>
#include <system_error>

#include "cancel.hpp"
#include "error.hpp"
#include "twophase/twophase.hpp"

namespace lc::optimal {
namespace {

constexpr auto kWatchEvery = std::chrono::milliseconds(10);

}  // namespace

Attempt two_phase_search(const twophase::Tables &tables, const CubieCube &cube, int max_length, uint64_t node_limit,
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

Attempt two_phase_attempt(const twophase::Tables &tables, const CubieCube &cube, int max_length, uint64_t node_limit,
                          const std::function<bool()> &stop_now, MoveList &out) {
    if (stop_now()) return Attempt::kStopped;
    StopFlag stop;
    std::future<Attempt> found;
    try {
        found = std::async(std::launch::async,
                           [&] { return two_phase_search(tables, cube, max_length, node_limit, stop, out); });
    } catch (const std::system_error &) {
        return Attempt::kNotFound;  // no thread to search while this one watches: IDA* alone
    }
    Attempt outcome = wait_for_attempt(found, stop_now, stop);
    return stop.stopped() ? Attempt::kStopped : outcome;
}

Attempt wait_for_attempt(std::future<Attempt> &attempt, const std::function<bool()> &stop_now, StopFlag &stop) {
    while (attempt.wait_for(kWatchEvery) != std::future_status::ready)
        if (stop_now()) stop.stop();
    return attempt.get();
}

}  // namespace lc::optimal
