// One report to a caller's progress callback (cube_progress_fn in cube/common.h).
#pragma once
#include <cube/common.h>

#include <chrono>

namespace lc {

// Calls fn(user, report) when fn is not NULL, the report saying `event`, the stage's text and fraction,
// the job's fraction and the time since `start`. Returns the callback's answer (nonzero: stop), else 0.
int32_t send_progress(cube_progress_fn fn, void *user, int32_t event, const char *stage, double stage_fraction,
                      double fraction, std::chrono::steady_clock::time_point start);

}  // namespace lc
