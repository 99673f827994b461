#include "timing.hpp"

#include <array>

#include "error.hpp"
#include "robot.hpp"

namespace lc::robot {
namespace {

const char *const kLoadNames[2] = {"spin", "turn"};
const char *const kDirNames[2] = {"cw", "ccw"};
const char *const kAngleNames[3] = {"90", "180", "270"};

[[noreturn]] void bad_key(const ActuatorKey &k, const std::string &why) {
    throw Error(CUBE_ERROR_PARSE, "robot spec: " + spec_shown(k.actuator + "." + k.key) + ": " + why);
}

// A key's time in microseconds: at least 1 (a value that rounds to 0 us would not read back).
int32_t key_us(const ActuatorKey &k) {
    const int32_t us = spec_ms(k.actuator + "." + k.key, k.value);
    if (us < 1) bad_key(k, spec_shown(k.value) + " ms rounds to 0 us: at least 0.001 ms");
    return us;
}

bool take(std::string &s, const char *prefix) {
    const std::string p = prefix;
    if (s.compare(0, p.size(), p) != 0) return false;
    s.erase(0, p.size());
    return true;
}

// "[turn|spin][-][cw|ccw]90|180|270" as the loads, directions and angle it sets; false if not one.
bool turn_key(std::string s, bool load[2], bool dir[2], int &angle) {
    load[kSpin] = load[kLayer] = dir[0] = dir[1] = true;
    if (take(s, "turn"))
        load[kSpin] = false;
    else if (take(s, "spin"))
        load[kLayer] = false;
    take(s, "-");
    if (take(s, "ccw"))
        dir[0] = false;
    else if (take(s, "cw"))
        dir[1] = false;
    for (angle = 0; angle < 3; ++angle)
        if (s == kAngleNames[angle]) return true;
    return false;
}

// Which turn entries of each actuator a key set: [load][direction][angle].
using Touched = std::vector<std::array<std::array<std::array<bool, 3>, 2>, 2>>;

void apply_turner_key(const ActuatorKey &k, ActuatorTiming &t, std::array<std::array<std::array<bool, 3>, 2>, 2> &touched) {
    if (k.key == "range") {
        t.range = spec_int(k.actuator + ".range", k.value, 0, 2);
        return;
    }
    if (k.key == "directions") {
        if (k.value == "cw") t.directions = kClockwise;
        else if (k.value == "ccw") t.directions = kCounterClockwise;
        else if (k.value == "both") t.directions = kBothWays;
        else bad_key(k, spec_shown(k.value) + ": expected cw, ccw or both");
        return;
    }
    bool load[2], dir[2];
    int angle = 0;
    if (!turn_key(k.key, load, dir, angle))
        bad_key(k, k.actuator + " turns: its keys are [turn|spin][-][cw|ccw]90|180|270 (ms), range, directions");
    const int32_t us = key_us(k);
    for (int l = 0; l < 2; ++l)
        for (int d = 0; d < 2; ++d)
            if (load[l] && dir[d]) {
                t.turn_us[l][d][angle] = us;
                touched[l][d][angle] = true;
            }
}

void apply_position_key(const ActuatorKey &k, ActuatorType type, ActuatorTiming &t) {
    const std::vector<std::string> names = position_names(type);
    std::string list;
    for (size_t i = 0; i < names.size(); ++i)
        list += (i ? ", " : "") + names[i];
    auto find = [&](const std::string &name) {
        for (size_t i = 0; i < names.size(); ++i)
            if (names[i] == name) return int(i);
        return -1;
    };
    const size_t dash = k.key.find('-');
    const int to = find(dash == std::string::npos ? k.key : k.key.substr(dash + 1));
    const int from = dash == std::string::npos ? -1 : find(k.key.substr(0, dash));
    if (to < 0 || (dash != std::string::npos && from < 0) || from == to || (type == ActuatorType::kFlipper && to == 0))
        bad_key(k, k.actuator + "'s positions are " + list + ": its keys are TO or FROM-TO (ms to move there)");
    const int32_t us = key_us(k);
    for (int f = 0; f < int(names.size()); ++f)
        if (f != to && (from < 0 || f == from)) t.move_us[f][to] = us;
}

// Refuses a longer turn quicker than a shorter one where a key set either (the uniform times alone
// keep their old freedom).
void check_turner(const std::string &name, const ActuatorTiming &t,
                  const std::array<std::array<std::array<bool, 3>, 2>, 2> &touched) {
    for (int l = 0; l < 2; ++l)
        for (int d = 0; d < 2; ++d)
            for (int a = 1; a < 3; ++a) {
                const int32_t shorter = t.turn_us[l][d][a - 1], longer = t.turn_us[l][d][a];
                if (longer >= shorter || !(touched[l][d][a - 1] || touched[l][d][a])) continue;
                const std::string key = std::string(kLoadNames[l]) + "-" + kDirNames[d];
                throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                            name + "." + key + kAngleNames[a] + " = " + spec_ms_text(longer) + " ms is quicker than " +
                                name + "." + key + kAngleNames[a - 1] + " = " + spec_ms_text(shorter) +
                                " ms: a longer turn cannot be quicker");
            }
}

}  // namespace

int32_t ActuatorTiming::turn(Load load, int param) const {
    if (param == 0 || param > 3 || param < -3) return -1;
    if (!(directions & (param > 0 ? kClockwise : kCounterClockwise))) return -1;
    const int quarters = param > 0 ? param : -param;
    if (quarters == 3 && directions == kBothWays) return -1;  // only one-way actuators go the long way
    return turn_us[load][param > 0 ? 0 : 1][quarters - 1];
}

std::vector<std::string> position_names(ActuatorType type) {
    switch (type) {
        case ActuatorType::kGrip:
            return {"open", "close"};
        case ActuatorType::kFlipper:
            return {"rest", "flip"};
        case ActuatorType::kCover:
            return {"open", "close", "flip"};
        default:
            return {};
    }
}

ActuatorTiming uniform_timing(const Params &p, ActuatorType type) {
    ActuatorTiming t;
    const int32_t three = p.turn180_us + (p.turn180_us - p.turn90_us);
    for (auto &load : t.turn_us)
        for (auto &dir : load) {
            dir[0] = p.turn90_us;
            dir[1] = p.turn180_us;
            dir[2] = three;
        }
    const int32_t move = type == ActuatorType::kFlipper ? p.flip_us : p.grip_us;
    for (int f = 0; f < 3; ++f)
        for (int to = 0; to < 3; ++to)
            t.move_us[f][to] = f == to ? 0 : move;
    return t;
}

std::vector<ActuatorTiming> build_timing(const Model &model, const Params &p) {
    std::vector<ActuatorTiming> table;
    for (int i = 0; i < model.actuators(); ++i)
        table.push_back(model.default_timing(i));
    Touched touched(table.size());
    for (const ActuatorKey &k : p.actuator_keys) {
        int index = -1;
        std::string names;
        for (int i = 0; i < model.actuators(); ++i) {
            if (k.actuator == model.actuator_name(i)) index = i;
            names += std::string(i ? ", " : "") + model.actuator_name(i);
        }
        if (index < 0)
            bad_key(k, "a " + std::string(family_name(p.family)) + " robot has no actuator " + spec_shown(k.actuator) +
                           ": its actuators are " + names);
        const ActuatorType type = model.actuator_type(index);
        if (type == ActuatorType::kTurner)
            apply_turner_key(k, table[size_t(index)], touched[size_t(index)]);
        else
            apply_position_key(k, type, table[size_t(index)]);
    }
    for (int i = 0; i < model.actuators(); ++i)
        if (model.actuator_type(i) == ActuatorType::kTurner)
            check_turner(model.actuator_name(i), table[size_t(i)], touched[size_t(i)]);
    return table;
}

std::string timing_keys(const Model &model) {
    std::string out;
    for (int i = 0; i < model.actuators(); ++i) {
        const ActuatorTiming d = model.default_timing(i), &t = model.timing(i);
        const std::string name = std::string(",") + model.actuator_name(i) + ".";
        const ActuatorType type = model.actuator_type(i);
        if (type == ActuatorType::kTurner) {
            // Both loads alike: direction keys ("cw270"); else per load ("turn90", "spin-ccw180").
            bool loads_alike[3];
            for (int a = 0; a < 3; ++a) {
                loads_alike[a] = t.turn_us[kSpin][0][a] == t.turn_us[kLayer][0][a] &&
                                 t.turn_us[kSpin][1][a] == t.turn_us[kLayer][1][a];
                for (int dir = 0; dir < 2 && loads_alike[a]; ++dir)
                    if (t.turn_us[kSpin][dir][a] != d.turn_us[kSpin][dir][a] ||
                        t.turn_us[kLayer][dir][a] != d.turn_us[kLayer][dir][a])
                        out += name + kDirNames[dir] + kAngleNames[a] + "=" + spec_ms_text(t.turn_us[kSpin][dir][a]);
            }
            for (int l = 1; l >= 0; --l)
                for (int a = 0; a < 3; ++a) {
                    if (loads_alike[a]) continue;
                    const int32_t cw = t.turn_us[l][0][a], ccw = t.turn_us[l][1][a];
                    const bool cw_differs = cw != d.turn_us[l][0][a], ccw_differs = ccw != d.turn_us[l][1][a];
                    if (cw == ccw && (cw_differs || ccw_differs)) {
                        out += name + kLoadNames[l] + kAngleNames[a] + "=" + spec_ms_text(cw);
                        continue;
                    }
                    if (cw_differs) out += name + kLoadNames[l] + "-cw" + kAngleNames[a] + "=" + spec_ms_text(cw);
                    if (ccw_differs) out += name + kLoadNames[l] + "-ccw" + kAngleNames[a] + "=" + spec_ms_text(ccw);
                }
            if (t.range != d.range) out += name + "range=" + std::to_string(t.range);
            if (t.directions != d.directions)
                out += name + "directions=" +
                       (t.directions == kBothWays ? "both" : t.directions == kClockwise ? "cw" : "ccw");
            continue;
        }
        const std::vector<std::string> names = position_names(type);
        const int n = int(names.size());
        for (int to = 0; to < n; ++to) {
            if (type == ActuatorType::kFlipper && to == 0) continue;
            bool same = true, differs = false;
            int32_t first = -1;
            for (int f = 0; f < n; ++f) {
                if (f == to) continue;
                if (first < 0) first = t.move_us[f][to];
                same &= t.move_us[f][to] == first;
                differs |= t.move_us[f][to] != d.move_us[f][to];
            }
            if (!differs) continue;
            if (same) {
                out += name + names[to] + "=" + spec_ms_text(first);
                continue;
            }
            for (int f = 0; f < n; ++f)
                if (f != to && t.move_us[f][to] != d.move_us[f][to])
                    out += name + names[f] + "-" + names[to] + "=" + spec_ms_text(t.move_us[f][to]);
        }
    }
    return out;
}

}  // namespace lc::robot
