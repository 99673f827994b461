#include "sim.hpp"

#include <cstring>

#include "sim_cube.hpp"
#include "sim_failure.hpp"

namespace cube_sim {

Sim::Sim(const cube_driver_host &host, const Options &options) : host_(host), options_(options), cube_(solved_cube()) {
    if (!options_.robot_spec.empty()) {
        adopt(std::make_unique<Robot>(host_, options_.robot_spec));
        fixed_model_ = true;
    }
}

Sim::~Sim() {
    std::lock_guard<std::mutex> lock(mu_);
    forget_timeline_locked();
}

const char *Sim::robot_spec() const {
    return robot_ ? robot_->spec().c_str() : "";
}

int32_t Sim::actuator_count() const {
    return robot_ ? robot_->actuator_count() : 0;
}

const char *Sim::actuator_name(int32_t index) const {
    return robot_ ? robot_->actuator_name(index) : nullptr;
}

// A robot of another family starts at its rest positions; one of the same family keeps the positions
// (a resumed run configures the robot again and goes on from where the last one stopped).
void Sim::adopt(std::unique_ptr<Robot> robot) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!robot_ || robot_->family() != robot->family()) positions_ = robot->rest_positions();
    robot_ = std::move(robot);
}

int32_t Sim::configure(const char *key, const char *value) {
    if (!key || !value) return fail(CUBE_ERROR_INVALID_ARGUMENT, "configure: key or value is NULL");
    if (!std::strcmp(key, "robot")) {
        if (robot_ && robot_->spec() == value) return CUBE_OK;  // the robot it drives already: nothing to build
        auto robot = std::make_unique<Robot>(host_, value);
        if (!fixed_model_) {
            adopt(std::move(robot));
        } else if (robot->family() != robot_->family()) {
            return fail(CUBE_ERROR_INVALID_ARGUMENT,
                        std::string("this sim is a ") + robot_->family_name() + ", not a " + robot->family_name());
        }
        // Same family, maybe other times or ranges: the sim keeps its own robot and enforces its rules.
        return CUBE_OK;
    }
    if (!std::strcmp(key, "scramble")) {
        std::string cube = scrambled_cube(value);
        std::lock_guard<std::mutex> lock(mu_);
        cube_ = cube;
        return CUBE_OK;
    }
    return fail(CUBE_ERROR_UNSUPPORTED, std::string("unknown option \"") + key + "\" (the sim knows robot, scramble)");
}

int32_t Sim::fail(int32_t status, const std::string &message) {
    error_.set(message);
    return status;
}

const char *Sim::last_error() const { return error_.get(); }

void Sim::log(int32_t level, const std::string &message) const {
    if (host_.log) host_.log(host_.context, level, message.c_str());
}

}  // namespace cube_sim
