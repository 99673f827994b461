// How many of `n` repetitions of a check to run: n, or n / CUBE_TEST_REPEAT_DIVISOR (at least 1) where the
// sanitizer run sets it (scripts/sanitize.sh), so that the same code paths are checked there without
// repeating them hundreds of times under ASan; the main build's suite runs them all.
#pragma once
#include <cstdlib>

inline int repeats(int n) {
    const char *divisor = std::getenv("CUBE_TEST_REPEAT_DIVISOR");
    const int d = divisor ? std::atoi(divisor) : 1;
    return d > 1 ? (n / d > 0 ? n / d : 1) : n;
}
