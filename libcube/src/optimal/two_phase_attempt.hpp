// A solution of the depth about to be searched, looked for first by the two-phase solver: when every
// shorter depth is ruled out, any solution of at most that many moves is a shortest one, and for most
// cubes the two-phase search finds one long before IDA* reaches it (README "Two-phase attempts").
#pragma once
#include <cstdint>
#include <functional>
#include <future>

#include "cancel.hpp"
#include "cubie.hpp"
#include "move.hpp"

namespace lc::twophase {
struct Tables;
}

namespace lc::optimal {

enum class Attempt { kFound, kNotFound, kStopped };

// Looks for a solution of `cube` of at most `max_length` face turns within `node_limit` two-phase
// nodes (a limit on work, so the outcome is the same on any machine and with any number of threads).
// The search runs on a thread of its own while this thread calls `stop_now` every few milliseconds: true
// ends the attempt (kStopped). When no thread can be started there is no attempt (kNotFound).
Attempt two_phase_attempt(const twophase::Tables &tables, const CubieCube &cube, int max_length, uint64_t node_limit,
                          const std::function<bool()> &stop_now, MoveList &out);

// The same search on the calling thread, `stop` polled by it: kStopped when `stop` ended it.
Attempt two_phase_search(const twophase::Tables &tables, const CubieCube &cube, int max_length, uint64_t node_limit,
                         const StopFlag &stop, MoveList &out);

// Waits for an attempt running on another thread, calling `stop_now` every few milliseconds: true sets
// `stop`, which that thread's search polls. The attempt's outcome.
Attempt wait_for_attempt(std::future<Attempt> &attempt, const std::function<bool()> &stop_now, StopFlag &stop);

}  // namespace lc::optimal
