// Robot families, their default parameters, and the small text form of a robot description.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "error.hpp"
#include "robot.hpp"
#include "robot/mechanism.hpp"
#include "robot/overlap.hpp"
#include "shown_text.hpp"

namespace lc::robot {

const char *family_name(Family f) {
    switch (f) {
        case Family::kSixMotor:
            return "six-motor";
        case Family::kFourArm:
            return "four-arm";
        case Family::kTwoGripper:
            return "two-gripper";
        case Family::kTurntableFlipper:
            return "turntable-flipper";
        case Family::kHoldFlip:
            return "hold-and-flip";
        case Family::kDescribed:
            return "described";
    }
    return nullptr;
}

bool family_from_name(const std::string &name, Family &out) {
    for (int f = 1; f <= kLastFamily; ++f)
        if (name == family_name(Family(f))) {
            out = Family(f);
            return true;
        }
    return false;
}

// Defaults: typical hardware of each family; <cube/robot.h> says where each figure comes from.
Params default_params(Family f) {
    Params p;
    p.family = f;
    switch (f) {
        case Family::kSixMotor:  // stepper robots: 9-30 ms per quarter turn
            p.turn90_us = 20000, p.turn180_us = 35000;
            break;
        case Family::kFourArm:  // hobby servos on a Maestro: 0.2-0.3 s per servo move
            p.turn90_us = 250000, p.turn180_us = 400000, p.grip_us = 150000;
            break;
        case Family::kTwoGripper:  // about 1 s per face turn including the unwind
            p.turn90_us = 300000, p.turn180_us = 500000, p.grip_us = 150000;
            break;
        case Family::kTurntableFlipper:  // MindCub3r / CUBOTino class
            p.turn90_us = 350000, p.turn180_us = 600000, p.grip_us = 250000, p.flip_us = 700000;
            break;
        case Family::kHoldFlip:  // CUBOTino: hobby servos, spin 0.4 s, cover moves 0.2-0.65 s (estimates)
            p.turn90_us = 400000, p.turn180_us = 700000, p.grip_us = 200000, p.flip_us = 450000;
            break;
        case Family::kDescribed:  // hobby servos, as the turntable-flipper
            p.turn90_us = 350000, p.turn180_us = 600000, p.grip_us = 250000, p.flip_us = 700000;
            break;
    }
    return p;
}

namespace {

// The robot positions a camera may look at (those the mechanism leaves free), the family's default first:
// four-arm above the cube (no arm there), two-gripper in front, turntable-flipper above it (the holder
// released), hold-and-flip above it (the cover open). A six-motor robot covers every face and cannot turn the cube: none.
// A described mechanism: its cameras line, or the faces no turner sits on.
const char *camera_choices(const Params &p) {
    if (p.mechanism) return p.mechanism->cameras.c_str();
    switch (p.family) {
        case Family::kFourArm:
            return "UD";
        case Family::kTwoGripper:
            return "FURB";
        case Family::kTurntableFlipper:
        case Family::kHoldFlip:
            return "URFLB";
        default:
            return "";
    }
}

std::string camera_choice_text(const Params &p) {
    const std::string c = camera_choices(p);
    std::string t;
    for (size_t i = 0; i < c.size(); ++i)
        t += std::string(i == 0 ? "" : (i + 1 == c.size() ? " or " : ", ")) + c[i];
    return t;
}

}  // namespace

int camera_position(const Params &p) {
    const char *choices = camera_choices(p);
    if (!*choices) return -1;
    if (p.camera >= 1 && p.camera <= 6) return p.camera - 1;
    return static_cast<int>(std::string("URFDLB").find(choices[0]));
}

void check_params(const Params &p) {
    if (!family_name(p.family))
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "unknown robot family " + std::to_string(int(p.family)));
    auto need = [](int32_t v, const char *field) {
        if (v <= 0 || v > 600000000)
            throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                        std::string(field) + " " + std::to_string(v) + ": must be 1 to 600000000 (600 s)");
    };
    need(p.turn90_us, "turn90_us");
    need(p.turn180_us, "turn180_us");
    if (p.turn180_us < p.turn90_us)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    "turn180 (" + spec_ms_text(p.turn180_us) + " ms) is quicker than turn90 (" + spec_ms_text(p.turn90_us) +
                        " ms): a half turn takes at least as long as a quarter turn (give both keys)");
    if (p.family == Family::kDescribed && p.mechanism) {
        for (const MechActuator &a : p.mechanism->actuators) {
            if (a.type == ActuatorType::kGrip || a.type == ActuatorType::kCover) need(p.grip_us, "grip_us");
            if (a.type == ActuatorType::kFlipper || a.type == ActuatorType::kCover) need(p.flip_us, "flip_us");
        }
    } else {
        if (p.family != Family::kSixMotor) need(p.grip_us, "grip_us");
        if (p.family == Family::kTurntableFlipper || p.family == Family::kHoldFlip) need(p.flip_us, "flip_us");
    }
    if (p.twist_range < 1 || p.twist_range > 2)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    "range = " + std::to_string(p.twist_range) + ": must be 1 or 2 quarters");
    if (p.allow_parallel != 0 && p.allow_parallel != 1)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "parallel must be 0 or 1");
    check_overlap(p);
    if (p.camera < 0 || p.camera > 6)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    "camera " + std::to_string(p.camera) + ": must be 0 (the family's default) or 1..6 (U R F D L B)");
    if (p.camera == 0) return;
    const char letter = "URFDLB"[p.camera - 1];
    if (!*camera_choices(p))
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    "camera = " + std::string(1, letter) +
                        (p.mechanism ? ": this mechanism leaves no face to a camera (its cameras line)"
                                     : ": a six-motor robot covers every face and cannot turn the cube to a camera"));
    if (std::string(camera_choices(p)).find(letter) == std::string::npos)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "camera = " + std::string(1, letter) + ": a " +
                                                     family_name(p.family) + " robot's camera can look at " +
                                                     camera_choice_text(p));
}

namespace {

// ",a.b=1,c.d=2" as its keys.
std::vector<std::string> split_keys(const std::string &s) {
    std::vector<std::string> out;
    for (size_t from = 0; from < s.size();) {
        const size_t at = s.find(',', from + 1);
        out.push_back(s.substr(from + 1, at == std::string::npos ? std::string::npos : at - from - 1));
        if (at == std::string::npos) break;
        from = at;
    }
    return out;
}

std::string trim(const std::string &s) {
    size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// Text from the spec as a message may show it: quoted, at most kShownBytes long, and every byte
// that is not printable ASCII (controls, a lone UTF-8 byte) as \xNN, so one line stays one valid line.
constexpr size_t kShownBytes = 40;
std::string shown(const std::string &text) {
    std::string out = "\"" + shown_text(text.substr(0, kShownBytes), HexCase::upper) + "\"";
    if (text.size() > kShownBytes) out += "...";
    return out;
}

}  // namespace

std::string spec_ms_text(int32_t us) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", us / 1000.0);
    return b;
}

std::string spec_shown(const std::string &text) {
    return shown(text);
}

int32_t spec_ms(const std::string &key, const std::string &v) {
    char *end = nullptr;
    double ms = std::strtod(v.c_str(), &end);
    if (v.empty() || *end || !std::isfinite(ms) || ms <= 0 || ms > 600000)
        throw Error(CUBE_ERROR_PARSE,
                    "robot spec: " + shown(key) + " = " + shown(v) + ": expected milliseconds, 0 < ms <= 600000");
    return static_cast<int32_t>(std::lround(ms * 1000));
}

int32_t spec_int(const std::string &key, const std::string &v, int lo, int hi) {
    char *end = nullptr;
    long x = std::strtol(v.c_str(), &end, 10);
    if (v == "yes" || v == "on" || v == "true") x = 1, end = const_cast<char *>("");
    if (v == "no" || v == "off" || v == "false") x = 0, end = const_cast<char *>("");
    if (v.empty() || *end || x < lo || x > hi)
        throw Error(CUBE_ERROR_PARSE, "robot spec: " + shown(key) + " = " + shown(v) + ": expected an integer " +
                                          std::to_string(lo) + ".." + std::to_string(hi));
    return static_cast<int32_t>(x);
}

namespace {

// A face letter U R F D L B as 1..6.
int32_t parse_face(const std::string &key, const std::string &v) {
    const size_t at = std::string("URFDLB").find(v);
    if (v.size() != 1 || at == std::string::npos)
        throw Error(CUBE_ERROR_PARSE, "robot spec: " + shown(key) + " = " + shown(v) + ": expected U, R, F, D, L or B");
    return static_cast<int32_t>(at) + 1;
}

// The six-motor overlap, a fraction "0.3", as permille.
int32_t parse_overlap_key(const std::string &key, const std::string &v) {
    const int32_t permille = parse_overlap(v);
    if (permille < 0)
        throw Error(CUBE_ERROR_PARSE,
                    "robot spec: " + shown(key) + " = " + shown(v) + ": expected the fraction of a turn, 0 to 0.5");
    return permille;
}

}  // namespace

namespace {

// The robot p as a described mechanism: the preset's lines, its times as keys over the uniform ones.
Params described_from_preset(const Params &p) {
    const std::unique_ptr<Model> preset = make_model(p);
    Params d = p;
    d.family = Family::kDescribed;
    d.actuator_keys.clear();
    Mechanism m = preset_mechanism(p);
    const Mechanism uniform = parse_mechanism(mechanism_lines(m), d);
    d.mechanism = std::make_shared<const Mechanism>(uniform);
    std::unique_ptr<Model> model = make_described(d, uniform);
    std::vector<ActuatorTiming> table;
    for (int i = 0; i < preset->actuators(); ++i)
        table.push_back(preset->timing(i));
    model->set_timing(table);
    for (const std::string &key : split_keys(timing_keys(*model))) {
        const size_t eq = key.find('='), dot = key.rfind('.', eq);
        d.actuator_keys.push_back({key.substr(0, dot), key.substr(dot + 1, eq - dot - 1), key.substr(eq + 1)});
    }
    return d;
}

// The items of a spec: separated by commas, semicolons or newlines; '#' starts a comment to the line's end.
std::vector<std::string> spec_items(const std::string &text) {
    std::vector<std::string> items;
    std::string cur;
    bool comment = false;
    for (char c : text) {
        if (c == '\n') comment = false;
        if (comment) continue;
        if (c == '#')
            comment = true;
        else if (c == ',' || c == ';' || c == '\n')
            items.push_back(cur), cur.clear();
        else
            cur += c;
    }
    items.push_back(cur);
    return items;
}

// A spec's items sorted: the family ("family:" may lead the first item), key=value pairs, mechanism lines.
struct SpecItems {
    std::string family;
    std::vector<std::pair<std::string, std::string>> kv;
    std::vector<std::string> mechanism;

    void set_family(const std::string &name) {
        if (!family.empty()) throw Error(CUBE_ERROR_PARSE, "robot spec: two families given");
        family = name;
    }
    void add(std::string item) {
        item = trim(item);
        if (item.empty()) return;
        if (is_mechanism_line(item)) {
            mechanism.push_back(item);
            return;
        }
        size_t colon = item.find(':'), eq = item.find('=');
        if (colon != std::string::npos && (eq == std::string::npos || colon < eq)) {
            set_family(trim(item.substr(0, colon)));
            item = trim(item.substr(colon + 1));
            if (item.empty()) return;
            if (is_mechanism_line(item)) {
                mechanism.push_back(item);
                return;
            }
            eq = item.find('=');
        }
        if (eq == std::string::npos) {
            if (!family.empty()) throw Error(CUBE_ERROR_PARSE, "robot spec: " + shown(item) + " is not key=value");
            family = item;
            return;
        }
        std::string k = trim(item.substr(0, eq)), v = trim(item.substr(eq + 1));
        if (k == "model" || k == "family")
            set_family(v);
        else
            kv.emplace_back(k, v);
    }
};

Family spec_family(const std::string &family) {
    const std::string families =
        "the families are six-motor, four-arm, two-gripper, turntable-flipper, hold-and-flip and described "
        "(a mechanism of your own: actuator lines)";
    if (family.empty()) throw Error(CUBE_ERROR_PARSE, "robot spec names no family: " + families);
    Family f;
    if (!family_from_name(family, f))
        throw Error(CUBE_ERROR_PARSE, "robot spec: unknown family " + shown(family) + ": " + families);
    return f;
}

// Sets key `k` of `p` (or of `as_described`, key "described") to `v`.
void apply_key(Params &p, bool &as_described, const std::string &k, const std::string &v) {
    if (k == "turn90" || k == "quarter")
        p.turn90_us = spec_ms(k, v);
    else if (k == "turn180" || k == "half")
        p.turn180_us = spec_ms(k, v);
    else if (k == "grip" || k == "slide" || k == "clamp")
        p.grip_us = spec_ms(k, v);
    else if (k == "flip")
        p.flip_us = spec_ms(k, v);
    else if (k == "range")
        p.twist_range = spec_int(k, v, 1, 2);
    else if (k == "parallel")
        p.allow_parallel = spec_int(k, v, 0, 1);
    else if (k == "camera")
        p.camera = parse_face(k, v);
    else if (k == "overlap")
        p.overlap_permille = parse_overlap_key(k, v);
    else if (k == "described")
        as_described = spec_int(k, v, 0, 1) == 1;
    else if (k.find('.') != std::string::npos && k.rfind('.') + 1 < k.size())
        p.actuator_keys.push_back({k.substr(0, k.rfind('.')), k.substr(k.rfind('.') + 1), v});
    else
        throw Error(CUBE_ERROR_PARSE, "robot spec: unknown key " + shown(k) +
                                          " (turn90, turn180, grip, flip in ms; range; parallel; camera; "
                                          "overlap; described; ACTUATOR.KEY per actuator)");
}

// A described robot's mechanism into `p`; the times its actuators do not use are not kept.
void set_mechanism(Params &p, const std::vector<std::string> &lines) {
    p.mechanism = std::make_shared<const Mechanism>(parse_mechanism(lines, p));
    bool grips = false, flips = false;
    for (const MechActuator &a : p.mechanism->actuators) {
        grips |= a.type == ActuatorType::kGrip || a.type == ActuatorType::kCover;
        flips |= a.type == ActuatorType::kFlipper || a.type == ActuatorType::kCover;
    }
    if (!grips) p.grip_us = 0;
    if (!flips) p.flip_us = 0;
}

}  // namespace

Params parse_spec(const std::string &text) {
    SpecItems items;
    for (const std::string &item : spec_items(text)) items.add(item);
    const Family f = spec_family(items.family);
    Params p = default_params(f);
    bool as_described = false;
    for (auto &[k, v] : items.kv) apply_key(p, as_described, k, v);
    if (f == Family::kDescribed) {
        if (items.mechanism.empty())
            throw Error(CUBE_ERROR_PARSE, "robot spec: a described robot needs its mechanism: lines \"actuator NAME "
                                          "KIND ...\" (README, \"Describing your robot\")");
        if (as_described) throw Error(CUBE_ERROR_PARSE, "robot spec: described = 1 goes with a family preset");
        set_mechanism(p, items.mechanism);
    } else if (!items.mechanism.empty()) {
        throw Error(CUBE_ERROR_PARSE, "robot spec: " + shown(items.mechanism[0]) +
                                          ": mechanism lines go with the family described, not " + items.family);
    }
    check_params(p);
    make_model(p);  // the per-actuator keys: names, keys and values
    return as_described ? described_from_preset(p) : p;
}

std::string Robot::spec() const {
    const Params &p = params();
    auto ms = [](int32_t us) {
        char b[32];
        std::snprintf(b, sizeof b, "%g", us / 1000.0);
        return std::string(b);
    };
    std::string s = std::string(family_name(p.family)) + ":turn90=" + ms(p.turn90_us) + ",turn180=" + ms(p.turn180_us);
    const bool described = p.family == Family::kDescribed;
    if (p.family != Family::kSixMotor && (!described || p.grip_us > 0)) s += ",grip=" + ms(p.grip_us);
    if (p.family == Family::kTurntableFlipper || p.family == Family::kHoldFlip || (described && p.flip_us > 0))
        s += ",flip=" + ms(p.flip_us);
    if (p.family == Family::kFourArm || p.family == Family::kTwoGripper) s += ",range=" + std::to_string(p.twist_range);
    s += ",parallel=" + std::to_string(p.allow_parallel);
    if (p.camera != 0) s += std::string(",camera=") + "URFDLB"[p.camera - 1];
    s += overlap_spec(p);
    if (p.mechanism)
        for (const std::string &line : mechanism_lines(*p.mechanism))
            s += "," + line;
    return s + timing_keys(model());
}

}  // namespace lc::robot
