// What the sim reports: status, positions, answers to queries, its fault record and its deadline margin.
#include <cstdio>
#include <cstring>

#include "plugin_answer.hpp"
#include "sim.hpp"
#include "sim_cube.hpp"

namespace cube_sim {
namespace {

// How late a step may end at real speed before the host calls it a timeout.
constexpr int64_t kMarginUs = 200000;
constexpr int64_t kMaxMarginUs = 60000000;

}  // namespace

int32_t Sim::status(cube_driver_status *out) {
    if (!out || out->struct_size < CUBE_DRIVER_STATUS_SIZE_V1)
        return fail(CUBE_ERROR_INVALID_ARGUMENT, "status: NULL or a struct_size below version 1");
    std::lock_guard<std::mutex> lock(mu_);
    out->state = state_;
    out->commands_done = commands_done_;
    return CUBE_OK;
}

int32_t Sim::position(int32_t actuator, int32_t *value) {
    if (!value) return fail(CUBE_ERROR_INVALID_ARGUMENT, "position: value is NULL");
    std::lock_guard<std::mutex> lock(mu_);
    if (!robot_) return fail(CUBE_ERROR_INVALID_ARGUMENT, "position: no robot yet");
    if (actuator < 0 || actuator >= robot_->actuator_count())
        return fail(CUBE_ERROR_INVALID_ARGUMENT, "position: no actuator " + std::to_string(actuator) + ": the robot has " +
                                                     std::to_string(robot_->actuator_count()));
    if (positions_lost_) return fail(CUBE_ERROR_IO, "position: lost when the arms were de-energized: call prepare");
    *value = positions_[size_t(actuator)];
    return CUBE_OK;
}

int32_t Sim::query(const char *key, char *buffer, int32_t capacity, int32_t *length) {
    if (!key) return fail(CUBE_ERROR_INVALID_ARGUMENT, "query: key is NULL");
    std::string answer;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (!std::strcmp(key, "cube")) {
            answer = cube_;
        } else if (!std::strcmp(key, "solved")) {
            answer = is_solved(cube_) ? "1" : "0";
        } else if (!std::strcmp(key, "time_us")) {
            answer = std::to_string(time_us_);
        } else if (!std::strcmp(key, CUBE_DRIVER_QUERY_CONCURRENT_STEPS)) {
            answer = concurrent() ? "yes" : "no";
        } else if (!std::strcmp(key, CUBE_DRIVER_QUERY_SPEED)) {
            char text[32];
            std::snprintf(text, sizeof text, "%.17g", options_.speed);
            answer = text;
        } else if (!std::strcmp(key, "positions")) {
            if (positions_lost_) return fail(CUBE_ERROR_IO, "positions: lost when the arms were de-energized: call prepare");
            for (size_t i = 0; i < positions_.size(); ++i)
                answer += (i ? "," : "") + std::to_string(positions_[i]);
        } else {
            return fail(CUBE_ERROR_UNSUPPORTED,
                        std::string("unknown query \"") + key +
                            "\" (the sim knows cube, solved, time_us, positions, concurrent-steps, speed)");
        }
    }
    std::string error;
    int32_t copied = cube_plugin::copy_answer(answer, buffer, capacity, length, error);
    return copied == CUBE_OK ? CUBE_OK : fail(copied, error);
}

int32_t Sim::fault(cube_driver_fault *out) {
    if (!cube_plugin::fault_record_fits(out))
        return fail(CUBE_ERROR_INVALID_ARGUMENT, "fault: NULL or a struct_size below version 1");
    std::lock_guard<std::mutex> lock(mu_);
    cube_plugin::report_fault(fault_, *out);
    out->positions_known = positions_lost_ ? 0 : 1;
    out->stop_level = stop_level_;
    return CUBE_OK;
}

// Instant sims need no margin; slower than real time (speed < 1) a step lasts longer than the plan says,
// by up to the robot's longest command times (1 / speed - 1): the longest least time of any command in
// any position (sim_robot.cpp), per-actuator keys included.
int32_t Sim::margin_us() {
    if (options_.speed == 0) return 0;
    double margin = double(kMarginUs);
    std::lock_guard<std::mutex> lock(mu_);
    if (robot_ && options_.speed < 1) margin += robot_->longest_command_us() * (1 / options_.speed - 1);
    return int32_t(margin < double(kMaxMarginUs) ? margin : double(kMaxMarginUs));
}

}  // namespace cube_sim
