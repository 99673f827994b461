// The six-motor overlap (corner cutting): its spec key, its range and its timing rule.
#pragma once
#include <cstdint>
#include <string>

#include "model.hpp"

namespace lc::robot {

// The most corner cutting a description may ask for: half of the previous turn.
constexpr int32_t kMaxOverlapPermille = 500;

// Refuses an overlap out of 0..kMaxOverlapPermille, or a nonzero one on a family other than six-motor:
// throws lc::Error(CUBE_ERROR_INVALID_ARGUMENT).
void check_overlap(const Params &p);

// The spec value "0.3" (a fraction of a turn, 0 to 0.5) as permille, or -1 when it is not one.
int32_t parse_overlap(const std::string &value);

// ",overlap=0.3" for a spec, or "" when there is no overlap.
std::string overlap_spec(const Params &p);

// The earliest a turn on a face adjacent to a turn running [start_us, end_us) may start.
int64_t overlap_start(const Params &p, int64_t start_us, int64_t end_us);

}  // namespace lc::robot
