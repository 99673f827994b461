// The six-motor overlap (corner cutting).
#include "robot/overlap.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "error.hpp"
#include "robot/mechanism.hpp"
#include "robot/robot.hpp"

namespace lc::robot {

void check_overlap(const Params &p) {
    if (p.overlap_permille < 0 || p.overlap_permille > kMaxOverlapPermille)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "overlap_permille " + std::to_string(p.overlap_permille) +
                                                     ": must be 0 to " + std::to_string(kMaxOverlapPermille) +
                                                     " (overlap=0 to 0.5)");
    const bool motors = p.family == Family::kSixMotor || (p.mechanism && cuts_corners(*p.mechanism));
    if (p.overlap_permille != 0 && !motors)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, std::string("overlap: only a six-motor robot cuts corners (a ") +
                                                     family_name(p.family) +
                                                     " robot has no face turns that could overlap); use 0");
}

int32_t parse_overlap(const std::string &value) {
    char *end = nullptr;
    const double f = std::strtod(value.c_str(), &end);
    if (value.empty() || *end || !std::isfinite(f) || f < 0 || f > kMaxOverlapPermille / 1000.0) return -1;
    return static_cast<int32_t>(std::lround(f * 1000));
}

std::string overlap_spec(const Params &p) {
    if (p.overlap_permille == 0) return "";
    char text[32];
    std::snprintf(text, sizeof text, ",overlap=%g", p.overlap_permille / 1000.0);
    return text;
}

int64_t overlap_start(const Params &p, int64_t start_us, int64_t end_us) {
    const int64_t duration = end_us - start_us;
    // Rounded up: the layer has turned at least (1 - f) of its time.
    const int64_t wait = (duration * (1000 - p.overlap_permille) + 999) / 1000;
    return start_us + wait;
}

}  // namespace lc::robot
