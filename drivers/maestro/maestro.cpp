// The Maestro driver's setup and reports: settings, port, robot, configure, status, positions, fault.
#include "maestro.hpp"

#include <cstring>

#include "plugin_answer.hpp"
#include "maestro_failure.hpp"
#include "maestro_timing.hpp"

namespace cube_maestro {
namespace {

// The robot's rest positions, through the host.
std::vector<int32_t> rest_positions(const cube_driver_host &host, const cube_robot *robot) {
    std::vector<int32_t> rest(16, 0);
    int32_t count = 0;
    cube_status st = host.robot_rest_positions(robot, rest.data(), int32_t(rest.size()), &count);
    if (st != CUBE_OK) throw Failure{st, std::string("rest positions: ") + host.last_error()};
    rest.resize(size_t(count));
    return rest;
}

}  // namespace

Maestro::Maestro(const cube_driver_host &host, const std::string &options)
    : host_(host), settings_(read_settings(host, options)) {
    spec_ = timed_robot_spec(settings_);
    cube_robot *robot = nullptr;
    cube_status st = host_.robot_parse(spec_.c_str(), &robot);
    if (st != CUBE_OK) throw Failure{st, "robot " + spec_ + ": " + host_.last_error()};
    robot_ = std::unique_ptr<cube_robot, void (*)(cube_robot *)>(robot, host_.robot_free);
    rest_ = rest_positions(host_, robot_.get());
    if (rest_.size() != settings_.servos.size())
        throw Failure{CUBE_ERROR_INTERNAL, "the robot's rest state does not match its actuators"};
    port_ = std::make_unique<Port>(settings_.port);
    positions_ = rest_;
    launched_ = rest_;
    busy_.assign(rest_.size(), false);
    known_.assign(rest_.size(), false);  // nothing is known before prepare
    targets_.assign(rest_.size(), 0);
    between_.assign(rest_.size(), false);
    measured_.assign(rest_.size(), 0);
    read_back_.assign(rest_.size(), false);
    found_between_.assign(rest_.size(), false);
    log(CUBE_LOG_INFO, "opened " + settings_.port + " for " + spec_ + (settings_.framing.pololu ? ", Pololu protocol device " + std::to_string(settings_.framing.device) : ", compact protocol") + (settings_.framing.crc ? ", CRC-7" : ""));
}

Maestro::~Maestro() = default;

const char *Maestro::actuator_name(int32_t index) const {
    if (index < 0 || index >= actuator_count()) return nullptr;
    return settings_.servos[size_t(index)].actuator.c_str();
}

// "robot": a plan's robot must have this driver's actuators (the host then checks its times against
// robot_spec()); "scramble" means nothing to hardware.
int32_t Maestro::configure(const char *key, const char *value) {
    if (!key || !value) return fail(CUBE_ERROR_INVALID_ARGUMENT, "configure: key or value is NULL");
    if (std::strcmp(key, "recover") == 0) return recover(value);
    if (std::strcmp(key, "robot") != 0) return fail(CUBE_ERROR_UNSUPPORTED, std::string("configure: unknown key \"") + key + "\" (known: robot, recover)");
    cube_robot *robot = nullptr;
    cube_status st = host_.robot_parse(value, &robot);
    if (st != CUBE_OK) return fail(st, std::string("configure robot: ") + host_.last_error());
    int32_t count = 0;
    bool same = host_.robot_actuator_count(robot, &count) == CUBE_OK && count == actuator_count();
    for (int32_t i = 0; same && i < count; ++i) {
        const char *name = nullptr;
        same = host_.robot_actuator_name(robot, i, &name) == CUBE_OK && name && settings_.servos[size_t(i)].actuator == name;
    }
    host_.robot_free(robot);
    if (!same)
        return fail(CUBE_ERROR_INVALID_ARGUMENT, std::string("configure robot \"") + value + "\": this Maestro drives " + spec_);
    return CUBE_OK;
}

int32_t Maestro::status(cube_driver_status *out) {
    if (!out || out->struct_size < CUBE_DRIVER_STATUS_SIZE_V1) return fail(CUBE_ERROR_INVALID_ARGUMENT, "status: bad struct");
    std::lock_guard<std::mutex> lock(mu_);
    out->state = state_;
    out->commands_done = commands_done_;
    return CUBE_OK;
}

int32_t Maestro::position(int32_t actuator, int32_t *value) {
    if (!value || actuator < 0 || actuator >= actuator_count())
        return fail(CUBE_ERROR_INVALID_ARGUMENT, "position: no actuator " + std::to_string(actuator));
    std::unique_lock<std::mutex> lock(mu_);
    if (!known_[size_t(actuator)]) {
        std::string text = between_[size_t(actuator)] ? where_text_locked(size_t(actuator))
                                                      : "the position of " + servo_text(actuator) +
                                                            " is not known: call prepare";
        lock.unlock();
        return fail(CUBE_ERROR_IO, text);
    }
    *value = positions_[size_t(actuator)];
    return CUBE_OK;
}

int32_t Maestro::fault(cube_driver_fault *out) {
    if (!cube_plugin::fault_record_fits(out)) return fail(CUBE_ERROR_INVALID_ARGUMENT, "fault: bad struct");
    std::lock_guard<std::mutex> lock(mu_);
    cube_plugin::report_fault(fault_, *out);
    return CUBE_OK;
}

// "concurrent-steps": "yes" unless concurrent=0 (<cube/driver_plugin.h>); servos run in real time, so
// there is no "speed" answer.
int32_t Maestro::query(const char *key, char *buffer, int32_t capacity, int32_t *length) {
    if (!key) return fail(CUBE_ERROR_INVALID_ARGUMENT, "query: key is NULL");
    if (std::strcmp(key, CUBE_DRIVER_QUERY_CONCURRENT_STEPS) != 0)
        return fail(CUBE_ERROR_UNSUPPORTED,
                    std::string("query: unknown key \"") + key + "\" (known: concurrent-steps)");
    std::string error;
    int32_t st = cube_plugin::copy_answer(settings_.concurrent ? "yes" : "no", buffer, capacity, length, error);
    return st == CUBE_OK ? CUBE_OK : fail(st, error);
}

int32_t Maestro::fail(int32_t status, const std::string &message) {
    error_.set(message);
    // An unknown key is an answer (the host asks every driver), a stop is what was asked for: not errors.
    const int32_t level = status == CUBE_ERROR_UNSUPPORTED ? CUBE_LOG_DEBUG
                          : status == CUBE_ERROR_CANCELLED ? CUBE_LOG_INFO
                                                           : CUBE_LOG_ERROR;
    log(level, message);
    return status;
}

const char *Maestro::last_error() const { return error_.get(); }

void Maestro::log(int32_t level, const std::string &message) const {
    if (host_.log) host_.log(host_.context, level, message.c_str());
}

}  // namespace cube_maestro
