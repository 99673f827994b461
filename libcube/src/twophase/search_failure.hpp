// The status and message of a 3x3 search that ends without a solution, the same for the full and the
// compact tables.
#pragma once
#include <cstdint>
#include <cstdio>

#include "error.hpp"

namespace lc::twophase {

// The Error to throw. `stop` is why the search stopped (CUBE_ERROR_CANCELLED, CUBE_ERROR_TIMEOUT, or CUBE_OK
// when it ran to its end); the length limit is named only when it is below `length_cap` (when it narrowed
// the search).
inline Error search_failure(cube_status stop, int max_length, int length_cap, int64_t timeout_us,
                            bool timeout_is_default) {
    if (stop == CUBE_ERROR_CANCELLED) return Error(CUBE_ERROR_CANCELLED, "solve cancelled");
    const double timeout_ms = static_cast<double>(timeout_us) / 1000.0;
    char what[64] = "no solution";
    if (max_length < length_cap) std::snprintf(what, sizeof what, "no solution of at most %d moves", max_length);
    if (stop == CUBE_ERROR_TIMEOUT && timeout_is_default)
        return Error(CUBE_ERROR_TIMEOUT,
                     error_text("%s found within the default time limit of %g ms (set timeout_ms to search longer)",
                                what, timeout_ms));
    if (stop == CUBE_ERROR_TIMEOUT)
        return Error(CUBE_ERROR_TIMEOUT, error_text("%s found within the time limit of %g ms", what, timeout_ms));
    return Error(CUBE_ERROR_UNSOLVABLE,
                 error_text("no solution of at most %d moves exists: the search within max_length %d ran to its end",
                            max_length, max_length));
}

}  // namespace lc::twophase
