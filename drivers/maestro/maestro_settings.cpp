#include "maestro_settings.hpp"

#include <memory>
#include <set>

#include "maestro_failure.hpp"
#include "maestro_keys.hpp"
#include "maestro_uri.hpp"

namespace cube_maestro {
namespace {

// Pulse widths the Maestro can send, in microseconds (its targets are 14-bit quarter-microseconds).
constexpr int kMinPulseUs = 64;
constexpr int kMaxPulseUs = 4095;
constexpr int kMaxChannel = 23;  // the Mini Maestro 24 has the most

const char *const kDeviceKeys[] = {"port",     "model",        "range",      "parallel",  "protocol", "device",
                                   "crc",      "stop",         "timeout_ms", "tolerance", "confirm_ms",
                                   "margin_ms", "concurrent", "close"};
const char *const kServoKeys[] = {"channel", "speed", "accel", "settle_ms", "confirm"};

bool one_of(const std::string &key, const char *const *keys, size_t count) {
    for (size_t i = 0; i < count; ++i)
        if (key == keys[i]) return true;
    return false;
}

// The configuration through the host's services, freed at the end.
class Config {
  public:
    Config(const cube_driver_host &host, const std::string &path) : host_(host) {
        cube_status st = path.empty() ? host.config_parse("", &config_) : host.config_load(path.c_str(), &config_);
        if (st != CUBE_OK) throw Failure{st, std::string("configuration: ") + host.last_error()};
    }
    ~Config() { host_.config_free(config_); }
    Config(const Config &) = delete;
    Config &operator=(const Config &) = delete;

    void set(const char *section, const std::string &key, const std::string &value) {
        cube_status st = host_.config_set(config_, section, key.c_str(), value.c_str());
        if (st != CUBE_OK) throw Failure{st, "URI option " + key + ": " + host_.last_error()};
    }
    std::string text(const std::string &section, const char *key, const std::string &fallback) const {
        const char *value = nullptr;
        cube_status st = host_.config_get(config_, section.c_str(), key, &value);
        if (st != CUBE_OK) throw Failure{st, std::string("configuration: ") + host_.last_error()};
        return value ? value : fallback;
    }
    bool has(const std::string &section, const std::string &key) const {
        const char *value = nullptr;
        return host_.config_get(config_, section.c_str(), key.c_str(), &value) == CUBE_OK && value;
    }
    int integer(const std::string &section, const std::string &key, int64_t min, int64_t max, int64_t fallback) const {
        int64_t value = 0;
        cube_status st = host_.config_get_int(config_, section.c_str(), key.c_str(), min, max, fallback, &value);
        if (st != CUBE_OK) throw Failure{st, std::string("configuration: ") + host_.last_error()};
        return int(value);
    }
    std::vector<std::string> sections() const {
        int32_t count = 0;
        std::vector<std::string> out;
        if (host_.config_section_count(config_, &count) != CUBE_OK) return out;
        for (int32_t i = 0; i < count; ++i) {
            const char *name = nullptr;
            if (host_.config_section_name(config_, i, &name) == CUBE_OK && name) out.emplace_back(name);
        }
        return out;
    }

  private:
    const cube_driver_host &host_;
    cube_driver_config *config_ = nullptr;
};

// The actuator names of the robot the settings describe, through the host.
std::vector<std::string> actuator_names(const cube_driver_host &host, const Settings &s) {
    cube_robot *raw = nullptr;
    cube_status st = host.robot_parse(robot_text(s).c_str(), &raw);
    if (st != CUBE_OK) throw Failure{st, std::string("robot: ") + host.last_error()};
    std::unique_ptr<cube_robot, void (*)(cube_robot *)> robot(raw, host.robot_free);
    int32_t count = 0;
    if (host.robot_actuator_count(robot.get(), &count) != CUBE_OK)
        throw Failure{CUBE_ERROR_INTERNAL, host.last_error()};
    std::vector<std::string> names;
    for (int32_t i = 0; i < count; ++i) {
        const char *name = nullptr;
        if (host.robot_actuator_name(robot.get(), i, &name) != CUBE_OK || !name)
            throw Failure{CUBE_ERROR_INTERNAL, host.last_error()};
        names.emplace_back(name);
    }
    return names;
}

void read_device(const Config &c, Settings &s) {
    const std::string d = "device";
    s.model = c.text(d, "model", "");
    if (s.model != "four-arm" && s.model != "two-gripper")
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT,
                      s.model.empty() ? "no robot model: give model=four-arm or model=two-gripper (URI or [device])"
                                      : "model \"" + s.model + "\": the Maestro driver drives four-arm or two-gripper robots"};
    s.range = c.integer(d, "range", 1, 2, 1);
    s.parallel = c.integer(d, "parallel", 0, 1, 1);
    std::string protocol = c.text(d, "protocol", "compact");
    if (protocol != "compact" && protocol != "pololu")
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "[device] protocol = " + protocol + ": expected compact or pololu"};
    s.framing.pololu = protocol == "pololu";
    s.framing.device = uint8_t(c.integer(d, "device", 0, 127, 12));
    s.framing.crc = c.integer(d, "crc", 0, 1, 0) == 1;
    std::string stop = c.text(d, "stop", "hold");
    if (stop != "hold" && stop != "off")
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "[device] stop = " + stop + ": expected hold or off"};
    s.stop_holds = stop == "hold";
    // Both families this driver drives hold the cube at rest (arms engaged, grippers closed): by default
    // their pulses stay on at close.
    std::string close = c.text(d, "close", "hold");
    if (close != "hold" && close != "off")
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "[device] close = " + close + ": expected hold or off"};
    s.close_holds = close == "hold";
    s.reply_timeout_ms = c.integer(d, "timeout_ms", 10, 5000, 100);
    s.tolerance_qus = c.integer(d, "tolerance", 0, 400, 0);
    s.confirm_ms = c.integer(d, "confirm_ms", 0, 5000, 50);
    s.margin_ms = c.integer(d, "margin_ms", 0, 60000, 500);
    s.concurrent = c.integer(d, "concurrent", 0, 1, 1) == 1;
}

Servo read_servo(const Config &c, const Settings &s, const std::string &name, std::set<int> &channels) {
    Servo servo;
    servo.actuator = name;
    servo.turns = name.size() > 6 && (name.compare(name.size() - 6, 6, ".twist") == 0 ||
                                      name.compare(name.size() - 6, 6, ".wrist") == 0);
    if (!c.has(name, "channel"))
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "[" + name + "] has no channel"};
    servo.channel = c.integer(name, "channel", 0, kMaxChannel, 0);
    if (!channels.insert(servo.channel).second)
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT,
                      "[" + name + "] channel = " + std::to_string(servo.channel) + ": already used by another actuator"};
    int lo = servo.turns ? -s.range : 0, hi = servo.turns ? s.range : 1;
    for (int p = lo; p <= hi; ++p) {
        std::string key = "pulse." + std::to_string(p);
        if (!c.has(name, key))
            throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "[" + name + "] has no " + key + " (pulse width in us)"};
        servo.target_qus[p] = 4 * c.integer(name, key, kMinPulseUs, kMaxPulseUs, 0);
    }
    if (!c.has(name, "speed"))
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT,
                      "[" + name + "] has no speed (0.25 us per 10 ms; needed for the move times)"};
    servo.speed = c.integer(name, "speed", 1, 16383, 0);
    servo.accel = c.integer(name, "accel", 0, 255, 0);
    servo.settle_ms = c.integer(name, "settle_ms", 0, 5000, 0);
    servo.confirm = c.integer(name, "confirm", 0, 1, 1) == 1;
    return servo;
}

// Every key of the file must be one its section may have.
void check_keys(const std::string &path, const Settings &s) {
    for (const auto &sk : file_keys(path)) {
        const std::string &section = sk.first, &key = sk.second;
        bool ok = false;
        if (section == "device") {
            ok = one_of(key, kDeviceKeys, sizeof kDeviceKeys / sizeof kDeviceKeys[0]);
        } else {
            ok = one_of(key, kServoKeys, sizeof kServoKeys / sizeof kServoKeys[0]);
            for (const Servo &servo : s.servos)
                if (servo.actuator == section)
                    for (const auto &p : servo.target_qus) ok |= key == "pulse." + std::to_string(p.first);
        }
        if (!ok)
            throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "configuration file " + path + ": [" + section +
                                                           "] has no key \"" + key + "\" (drivers/README.md lists them)"};
    }
}

}  // namespace

std::string robot_text(const Settings &s) {
    return s.model + ":range=" + std::to_string(s.range) + ",parallel=" + std::to_string(s.parallel);
}

Settings read_settings(const cube_driver_host &host, const std::string &options) {
    UriOptions uri = parse_uri(options);
    std::string path;
    for (const auto &kv : uri.values)
        if (kv.first == "config") path = kv.second;
    Config config(host, path);
    for (const auto &kv : uri.values)  // URI options win over the file's [device]
        if (kv.first != "config") config.set("device", kv.first, kv.second);
    Settings s;
    read_device(config, s);
    s.port = uri.port.empty() ? config.text("device", "port", "") : uri.port;
    if (s.port.empty())
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "no port: maestro:/dev/ttyACM0?config=FILE (or [device] port)"};
    std::vector<std::string> names = actuator_names(host, s);
    for (const std::string &section : config.sections()) {
        bool known = section == "device" || section == "defaults";
        for (const std::string &n : names) known |= section == n;
        if (!known)
            throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "configuration: unknown section [" + section + "] for a " +
                                                           s.model + " robot (actuators are named like " + names[0] + ")"};
    }
    std::set<int> channels;
    for (const std::string &n : names) s.servos.push_back(read_servo(config, s, n, channels));
    if (!path.empty()) check_keys(path, s);
    return s;
}

}  // namespace cube_maestro
