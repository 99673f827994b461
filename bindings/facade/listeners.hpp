// Private: the C callbacks that forward progress and run steps to the language layers' listeners.
#pragma once

#include "libcube_bind.hpp"

#include <cube/cube.h>

#include <atomic>

namespace lcb {
namespace detail {

/// What a C progress callback's user_data points at.
struct ProgressContext {
    ProgressListener *listener = nullptr;
    std::atomic<bool> failed{false}; // the listener returned Failed (or threw)
};

/// What a C run callback's user_data points at.
struct RunContext {
    RunListener *listener = nullptr;
    std::atomic<bool> failed{false};
};

/// cube_progress_fn: user_data is a ProgressContext. 0 goes on; nonzero cancels.
int32_t progress_trampoline(void *user, const cube_progress *progress);

/// cube_optimal_progress_fn: user_data is a ProgressContext; the report goes to its listener as a Progress
/// (Stage, "searching depth N", with depth, nodes and nodes per second).
int32_t optimal_trampoline(void *user, const cube_optimal_progress *progress);

/// cube_run_progress_fn: user_data is a RunContext.
int32_t run_trampoline(void *user, int32_t actionsDone, int32_t actionCount, int64_t planTimeUs);

/// After a C call: CallbackError if the context's listener failed (clearing the flag), else check(status).
void checkCall(cube_status status, ProgressContext *context);
void checkCall(cube_status status, RunContext *context);

} // namespace detail
} // namespace lcb
