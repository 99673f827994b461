// Writes simulated scans as `cube scan` reads them: scan_sim_gen [--seed N] [--noise X] [--count N]
// [--truth] [--robot SPEC]. Scans are separated by a blank line; --truth puts each cube's facelets first as a
// comment; --robot writes the samples in the order of the robot's scan frames (each frame's face and
// rotation as the public API gives them), as `cube scan --robot SPEC` reads them.
#include <cube/robot.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "scan_sim.hpp"

namespace {

// The facelet that sample k of a picture shows when its face appears turned `rotation` quarters clockwise.
int shown_facelet(int face, int rotation, int k) {
    int row = k / 3, col = k % 3;
    for (int r = 0; r < rotation; ++r) {
        const int was_row = row;
        row = 2 - col;
        col = was_row;
    }
    return 9 * face + 3 * row + col;
}

// The scan's samples reordered as the robot's camera takes them; false if the robot cannot be made.
bool in_frame_order(const char *spec, scan_sim::SimScan &scan) {
    cube_robot *robot = nullptr;
    cube_plan *plan = nullptr;
    bool ok = cube_robot_parse(spec, &robot) == CUBE_OK && cube_robot_scan_plan(robot, &plan) == CUBE_OK;
    const auto facelet_order = scan.srgb;
    for (int32_t f = 0; ok && f < 6; ++f) {
        cube_scan_frame frame;
        cube_scan_frame_init(&frame);
        ok = cube_plan_get_scan_frame(plan, f, &frame) == CUBE_OK;
        for (int k = 0; ok && k < 9; ++k)
            scan.srgb[size_t(9 * f + k)] = facelet_order[size_t(shown_facelet(frame.face, frame.rotation, k))];
    }
    if (!ok) std::fprintf(stderr, "scan_sim_gen: %s\n", cube_last_error());
    cube_plan_free(plan);
    cube_robot_free(robot);
    return ok;
}

}  // namespace

int main(int argc, char **argv) {
    scan_sim::SimOptions options;
    long count = 1;
    bool truth = false;
    const char *robot = nullptr;
    for (int i = 1; i < argc; ++i) {
        bool has_value = i + 1 < argc;
        if (!std::strcmp(argv[i], "--seed") && has_value) {
            options.seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (!std::strcmp(argv[i], "--noise") && has_value) {
            options.noise = std::strtod(argv[++i], nullptr);
        } else if (!std::strcmp(argv[i], "--glare") && has_value) {
            options.glare_probability = std::strtod(argv[++i], nullptr);
        } else if (!std::strcmp(argv[i], "--count") && has_value) {
            count = std::strtol(argv[++i], nullptr, 10);
        } else if (!std::strcmp(argv[i], "--robot") && has_value) {
            robot = argv[++i];
        } else if (!std::strcmp(argv[i], "--truth")) {
            truth = true;
        } else {
            std::fprintf(stderr,
                         "usage: scan_sim_gen [--seed N] [--noise X] [--glare P] [--count N] [--truth] [--robot SPEC]\n");
            return 2;
        }
    }
    scan_sim::ScanSimulator sim(options);
    for (long n = 0; n < count; ++n) {
        scan_sim::SimScan scan = sim.next();
        if (robot && !in_frame_order(robot, scan)) return 1;
        if (n > 0) std::printf("\n");
        if (truth) std::printf("# %s\n", scan.truth.c_str());
        std::fputs(scan_sim::to_hex_lines(scan).c_str(), stdout);
    }
    return 0;
}
