#include "tic_settings.hpp"

#include <cstring>
#include <memory>

#include "plugin_options.hpp"
#include "tic_motion.hpp"
#include "tic_protocol.hpp"

namespace cube_tic {
namespace {

const char *const kActuatorKeys[] = {"serial", "steps", "microstep", "direction", "speed", "accel",
                                     "decel",  "current", "rest", "grip.0", "grip.1"};
const char *const kDeviceKeys[] = {"model", "margin", "concurrent", "tolerance"};

template <size_t N>
bool listed(const char *const (&keys)[N], const std::string &key) {
    for (const char *k : keys)
        if (key == k) return true;
    return false;
}

struct ConfigDeleter {
    const cube_driver_host *host;
    void operator()(cube_driver_config *c) const { host->config_free(c); }
};
using Config = std::unique_ptr<cube_driver_config, ConfigDeleter>;

struct RobotDeleter {
    const cube_driver_host *host;
    void operator()(cube_robot *r) const { host->robot_free(r); }
};
using Robot = std::unique_ptr<cube_robot, RobotDeleter>;

[[noreturn]] void refuse(int32_t status, const std::string &message) {
    throw SettingsError{status, "tic: " + message};
}

// The file of config=FILE (the last one given), else an empty configuration.
Config base_config(const cube_driver_host &host, const std::vector<std::string> &items) {
    std::string file;
    for (const std::string &item : items)
        if (item.rfind("config=", 0) == 0) file = item.substr(7);
    cube_driver_config *raw = nullptr;
    cube_status st = file.empty() ? host.config_parse("", &raw) : host.config_load(file.c_str(), &raw);
    if (st != CUBE_OK) refuse(st, "config=" + file + ": " + host.last_error());
    return Config(raw, ConfigDeleter{&host});
}

void set(const cube_driver_host &host, cube_driver_config *config, const std::string &section,
         const std::string &key, const std::string &value) {
    cube_status st = host.config_set(config, section.c_str(), key.c_str(), value.c_str());
    if (st != CUBE_OK) refuse(st, section + "." + key + "=" + value + ": " + host.last_error());
}

// Inline URI options into the configuration (they win over the file).
void apply_inline(const cube_driver_host &host, cube_driver_config *config, const std::vector<std::string> &items) {
    for (const std::string &item : items) {
        size_t eq = item.find('=');
        if (eq == std::string::npos || eq == 0)
            refuse(CUBE_ERROR_INVALID_ARGUMENT, "option \"" + item + "\" is not KEY=VALUE");
        std::string key = item.substr(0, eq);
        std::string value = item.substr(eq + 1);
        if (key == "config") continue;
        if (listed(kDeviceKeys, key)) {
            set(host, config, "device", key, value);
            continue;
        }
        if (listed(kActuatorKeys, key) && key != "serial") {
            set(host, config, "defaults", key, value);
            continue;
        }
        // ACTUATOR.KEY where KEY is an actuator key (grip.N has a dot of its own), else ACTUATOR=SERIAL.
        bool placed = false;
        for (const char *k : kActuatorKeys) {
            std::string suffix = std::string(".") + k;
            if (key.size() > suffix.size() && key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0) {
                set(host, config, key.substr(0, key.size() - suffix.size()), k, value);
                placed = true;
                break;
            }
        }
        if (!placed) set(host, config, key, "serial", value);
    }
}

int64_t get_int(const cube_driver_host &host, const cube_driver_config *config, const std::string &section,
                const char *key, int64_t min, int64_t max, int64_t fallback) {
    int64_t value = 0;
    cube_status st = host.config_get_int(config, section.c_str(), key, min, max, fallback, &value);
    if (st != CUBE_OK) refuse(st, host.last_error());
    return value;
}

bool is_grip(const std::string &actuator) {
    auto ends = [&](const char *s) {
        size_t n = std::strlen(s);
        return actuator.size() > n && actuator.compare(actuator.size() - n, n, s) == 0;
    };
    return ends(".grip") || ends(".slide") || actuator == "holder";
}

Motor read_motor(const cube_driver_host &host, const cube_driver_config *config, const std::string &name) {
    Motor m;
    m.actuator = name;
    m.kind = is_grip(name) ? Kind::kGrip : Kind::kTurn;
    if (name == "flipper")
        refuse(CUBE_ERROR_UNSUPPORTED, "the flipper of a turntable-flipper robot is not driven by a Tic: this "
                                       "driver drives six-motor robots (and arm robots whose every actuator has a Tic)");
    const char *serial = nullptr;
    if (host.config_get(config, name.c_str(), "serial", &serial) != CUBE_OK || !serial || !*serial)
        refuse(CUBE_ERROR_INVALID_ARGUMENT, "actuator " + name + " has no board: give its Tic's serial number (" +
                                                name + "=SERIAL, or serial = SERIAL in section [" + name + "])");
    m.serial = serial;
    m.steps = int32_t(get_int(host, config, name, "steps", 4, 100000, m.steps));
    m.microstep = int32_t(get_int(host, config, name, "microstep", 1, 256, m.microstep));
    if (step_mode_of(m.microstep) < 0)
        refuse(CUBE_ERROR_INVALID_ARGUMENT, "[" + name + "] microstep = " + std::to_string(m.microstep) +
                                                ": expected 1, 2, 4, 8, 16, 32, 64, 128 or 256");
    if ((int64_t(m.steps) * m.microstep) % 4 != 0)
        refuse(CUBE_ERROR_INVALID_ARGUMENT, "[" + name + "] steps x microstep must be a multiple of 4 (whole "
                                                         "microsteps per quarter turn)");
    m.direction = int32_t(get_int(host, config, name, "direction", -1, 1, m.direction));
    if (m.direction == 0) refuse(CUBE_ERROR_INVALID_ARGUMENT, "[" + name + "] direction = 0: expected 1 or -1");
    m.speed = get_int(host, config, name, "speed", 1, kMaxSpeedLimit / 10000, m.speed);
    m.accel = get_int(host, config, name, "accel", kMinAccel / 100, kMaxAccel / 100, m.accel);
    m.decel = get_int(host, config, name, "decel", kMinAccel / 100, kMaxAccel / 100, m.accel);
    m.current_ma = int32_t(get_int(host, config, name, "current", 0, 10000, 0));
    m.rest = int32_t(get_int(host, config, name, "rest", -1000000000, 1000000000, 0));
    if (m.kind == Kind::kGrip) {
        m.grip[0] = int32_t(get_int(host, config, name, "grip.0", -1000000000, 1000000000, 0));
        m.grip[1] = int32_t(get_int(host, config, name, "grip.1", -1000000000, 1000000000, 0));
        if (m.grip[0] == m.grip[1])
            refuse(CUBE_ERROR_INVALID_ARGUMENT, "[" + name + "] grip.0 and grip.1 (board positions of open and "
                                                             "closed, in microsteps) must be given and differ");
    }
    return m;
}

// Every section must be the device's, the defaults or an actuator's; every serial used once.
void check_sections(const cube_driver_host &host, const cube_driver_config *config, const std::vector<Motor> &motors) {
    int32_t count = 0;
    host.config_section_count(config, &count);
    for (int32_t i = 0; i < count; ++i) {
        const char *name = nullptr;
        if (host.config_section_name(config, i, &name) != CUBE_OK || !name) continue;
        std::string section = name;
        bool known = section == "device" || section == "defaults";
        for (const Motor &m : motors) known = known || m.actuator == section;
        if (!known) {
            std::string names;
            for (const Motor &m : motors) names += (names.empty() ? "" : ", ") + m.actuator;
            refuse(CUBE_ERROR_INVALID_ARGUMENT, "unknown actuator or section \"" + section + "\" (this robot has " +
                                                    names + ")");
        }
    }
    for (size_t a = 0; a < motors.size(); ++a)
        for (size_t b = a + 1; b < motors.size(); ++b)
            if (motors[a].serial == motors[b].serial)
                refuse(CUBE_ERROR_INVALID_ARGUMENT, "serial " + motors[a].serial + " is given to two actuators, " +
                                                        motors[a].actuator + " and " + motors[b].actuator);
}

}  // namespace

int32_t Motor::board_position(int32_t position) const {
    if (kind == Kind::kGrip) return rest + grip[position ? 1 : 0];
    return rest + position * steps_per_quarter() * direction;
}

Settings read_settings(const cube_driver_host &host, const std::string &options) {
    std::vector<std::string> items = cube_plugin::split_items(options, ',');
    Config config = base_config(host, items);
    apply_inline(host, config.get(), items);
    Settings s;
    const char *model = nullptr;
    if (host.config_get(config.get(), "device", "model", &model) == CUBE_OK && model && *model) s.model = model;
    s.margin_ms = int32_t(get_int(host, config.get(), "device", "margin", 10, 60000, s.margin_ms));
    s.concurrent = get_int(host, config.get(), "device", "concurrent", 0, 1, 1) == 1;
    s.tolerance = int32_t(get_int(host, config.get(), "device", "tolerance", 0, 10000, 0));
    cube_robot *raw = nullptr;
    cube_status st = host.robot_parse(s.model.c_str(), &raw);
    if (st != CUBE_OK) refuse(st, "model=" + s.model + ": " + host.last_error());
    Robot robot(raw, RobotDeleter{&host});
    int32_t count = 0;
    host.robot_actuator_count(robot.get(), &count);
    for (int32_t i = 0; i < count; ++i) {
        const char *name = nullptr;
        if (host.robot_actuator_name(robot.get(), i, &name) != CUBE_OK || !name)
            refuse(CUBE_ERROR_INVALID_ARGUMENT, "model=" + s.model + ": actuator " + std::to_string(i) + " has no name");
        s.motors.push_back(read_motor(host, config.get(), name));
    }
    check_sections(host, config.get(), s.motors);
    s.robot_spec = robot_spec_of(s.model, s.motors);
    return s;
}

}  // namespace cube_tic
