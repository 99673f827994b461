// The text form of a mechanism: one line (spec item) per actuator and per rule.
//
//   actuator NAME turner FACE center|pocket|claw:AXIS:GRIP [free|stops]
//   actuator NAME grip [clamp:FACE] [rest:close] [hides]
//   actuator NAME flipper flip:TURN
//   actuator NAME cover clamp:FACE flip:TURN [rest:POSITION] [hides]
//   require NAME OTHER:POSITION[/POSITION...] ...
//   held NAME:POSITION[+NAME:POSITION...] [or ...]
//   together one|pairs|any
//   pair NAME NAME
//   cameras FACES
// FACE is U R F D L B, AXIS x y z, TURN a whole-cube turn x, x', x2, y ... (as in move notation).
#include <algorithm>
#include <cctype>
#include <sstream>

#include "error.hpp"
#include "geometry.hpp"
#include "mechanism.hpp"
#include "orient.hpp"
#include "robot.hpp"

namespace lc::robot {
namespace {

const char *const kActuatorKindNames[] = {"turner", "grip", "flipper", "cover"};
const char *const kTogetherNames[] = {"one", "pairs", "any"};
const char *const kAxisNames = "xyz";

[[noreturn]] void bad(const std::string &line, const std::string &why) {
    throw Error(CUBE_ERROR_PARSE, "robot spec: " + spec_shown(line) + ": " + why);
}

[[noreturn]] void inconsistent(const std::string &why) {
    throw Error(CUBE_ERROR_INVALID_ARGUMENT, "robot mechanism: " + why);
}

std::vector<std::string> words(const std::string &line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

std::vector<std::string> split(const std::string &s, char sep) {
    std::vector<std::string> out;
    size_t from = 0;
    for (size_t at; (at = s.find(sep, from)) != std::string::npos; from = at + 1)
        out.push_back(s.substr(from, at - from));
    out.push_back(s.substr(from));
    return out;
}

bool valid_actuator_name(const std::string &name) {
    if (name.empty() || name.size() > 24) return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-') return false;
    return true;
}

int face_of(const std::string &line, const std::string &w) {
    const size_t at = std::string("URFDLB").find(w);
    if (w.size() != 1 || at == std::string::npos) bad(line, spec_shown(w) + ": expected a face U, R, F, D, L or B");
    return int(at);
}

int axis_of(const std::string &line, const std::string &w) {
    const size_t at = std::string(kAxisNames).find(w);
    if (w.size() != 1 || at == std::string::npos) bad(line, spec_shown(w) + ": expected an axis x, y or z");
    return int(at);
}

// "x", "x'", "x2" as an axis and signed quarters.
void whole_cube_turn(const std::string &line, const std::string &w, int8_t &axis, int8_t &q) {
    axis = int8_t(axis_of(line, w.substr(0, 1)));
    const std::string rest = w.substr(1);
    if (rest.empty())
        q = 1;
    else if (rest == "'")
        q = -1;
    else if (rest == "2")
        q = 2;
    else
        bad(line, spec_shown(w) + ": expected a whole-cube turn such as x, x' or x2");
}

std::string turn_text(int axis, int q) {
    return std::string(1, kAxisNames[axis]) + (q == -1 ? "'" : q == 2 ? "2" : "");
}

// Parses the lines in two passes: actuators first, so that rules may name any of them.
class Reader {
  public:
    Mechanism read(const std::vector<std::string> &lines) {
        for (const std::string &line : lines)
            if (words(line)[0] == "actuator") actuator(line);
        if (m_.actuators.empty()) inconsistent("no actuator: give one line \"actuator NAME KIND ...\" per actuator");
        for (size_t i = 0; i < m_.actuators.size(); ++i)
            if (!claws_[i].empty()) claw_grip(int(i));
        for (const std::string &line : lines) {
            const std::vector<std::string> w = words(line);
            if (w[0] == "require")
                require(line, w);
            else if (w[0] == "held")
                held(line, w);
            else if (w[0] == "together")
                together(line, w);
            else if (w[0] == "pair")
                pair(line, w);
            else if (w[0] == "cameras")
                cameras(line, w);
        }
        return m_;
    }

  private:
    void actuator(const std::string &line) {
        const std::vector<std::string> w = words(line);
        if (w.size() < 3) bad(line, "expected \"actuator NAME KIND ...\" with KIND turner, grip, flipper or cover");
        if (!valid_actuator_name(w[1]))
            bad(line, spec_shown(w[1]) + ": a name is 1-24 letters, digits, '.', '_' or '-'");
        if (index(w[1]) >= 0) bad(line, "two actuators are named " + w[1]);
        if (int(m_.actuators.size()) == kMaxActuators)
            inconsistent("more than " + std::to_string(kMaxActuators) + " actuators");
        MechActuator a;
        a.name = w[1];
        int kind = -1;
        for (int k = 0; k < 4; ++k)
            if (w[2] == kActuatorKindNames[k]) kind = k;
        if (kind < 0) bad(line, spec_shown(w[2]) + ": the kinds are turner, grip, flipper and cover");
        a.type = ActuatorType(kind);
        std::string claw;
        size_t i = 3;
        if (a.type == ActuatorType::kTurner) {
            if (w.size() < 5) bad(line, "a turner needs its face and what it grips: center, pocket or claw:AXIS:GRIP");
            const int face = face_of(line, w[3]);
            a.hold.face = uint8_t(face);
            const std::vector<std::string> h = split(w[4], ':');
            if (h[0] == "center" && h.size() == 1)
                a.hold.kind = HoldKind::kCenter;
            else if (h[0] == "pocket" && h.size() == 1)
                a.hold.kind = HoldKind::kPocket;
            else if (h[0] == "claw" && h.size() == 3) {
                a.hold.kind = HoldKind::kClaw;
                a.hold.along = uint8_t(axis_of(line, h[1]));
                if (a.hold.along == kAxisOf[face])
                    bad(line, "a claw on " + w[3] + " lies across its face: not along its own axis");
                claw = h[2];
            } else {
                bad(line, spec_shown(w[4]) + ": a turner grips with center, pocket or claw:AXIS:GRIP");
            }
            i = 5;
        }
        for (; i < w.size(); ++i)
            option(line, a, w[i]);
        if ((a.type == ActuatorType::kFlipper || a.type == ActuatorType::kCover) && a.flip_axis < 0)
            bad(line, "a " + w[2] + " needs the whole-cube turn it makes: flip:x, flip:x' ...");
        if (a.type == ActuatorType::kCover && a.hold.kind != HoldKind::kClamp)
            bad(line, "a cover needs the face it leaves free when closed: clamp:FACE");
        claws_.push_back(claw);
        m_.actuators.push_back(a);
    }

    void option(const std::string &line, MechActuator &a, const std::string &word) {
        const std::vector<std::string> o = split(word, ':');
        const bool turner = a.type == ActuatorType::kTurner, positions = !turner && a.type != ActuatorType::kFlipper;
        if (turner && (word == "free" || word == "stops")) {
            a.travel = word == "free" ? Travel::kFree : Travel::kStops;
            if (a.travel == Travel::kStops) a.defaults.range = 1;
        } else if (positions && o[0] == "clamp" && o.size() == 2) {
            a.hold = {HoldKind::kClamp, uint8_t(face_of(line, o[1])), 0};
        } else if (positions && o[0] == "rest" && o.size() == 2) {
            a.rest = int8_t(position(line, a.type, o[1], a.name));
        } else if (positions && word == "hides") {
            a.hides = true;
        } else if (!turner && a.type != ActuatorType::kGrip && o[0] == "flip" && o.size() == 2) {
            whole_cube_turn(line, o[1], a.flip_axis, a.flip_q);
        } else {
            bad(line, spec_shown(word) + ": not an option of a " + kActuatorKindNames[int(a.type)] +
                          " (turner: free, stops; grip: clamp:FACE, rest:POSITION, hides; flipper: flip:TURN; "
                          "cover: clamp:FACE, flip:TURN, rest:POSITION, hides)");
        }
    }

    void claw_grip(int i) {
        MechActuator &a = m_.actuators[size_t(i)];
        const int g = index(claws_[size_t(i)]);
        const std::string line = "actuator " + a.name;
        if (g < 0)
            inconsistent(a.name + "'s claw is engaged by " + spec_shown(claws_[size_t(i)]) + ": no such actuator");
        if (m_.actuators[size_t(g)].type != ActuatorType::kGrip)
            inconsistent(a.name + "'s claw is engaged by " + claws_[size_t(i)] + ", which is not a grip");
        for (size_t j = 0; j < m_.actuators.size(); ++j)
            if (int(j) != i && m_.actuators[j].engage == g)
                inconsistent(claws_[size_t(i)] + " engages the claws of both " + m_.actuators[j].name + " and " +
                             a.name);
        if (m_.actuators[size_t(g)].hold.kind != HoldKind::kNone)
            inconsistent(claws_[size_t(i)] + " engages " + a.name + "'s claw: it cannot clamp too");
        a.engage = int8_t(g);
    }

    int index(const std::string &name) const {
        for (size_t i = 0; i < m_.actuators.size(); ++i)
            if (m_.actuators[i].name == name) return int(i);
        return -1;
    }

    static int position(const std::string &line, ActuatorType type, const std::string &name, const std::string &who) {
        const std::vector<std::string> names = position_names(type);
        for (size_t p = 0; p < names.size(); ++p)
            if (names[p] == name) return int(p);
        std::string list;
        for (size_t p = 0; p < names.size(); ++p)
            list += (p ? ", " : "") + names[p];
        if (names.empty()) bad(line, who + " is a turner: it has no named positions");
        bad(line, spec_shown(name) + ": " + who + "'s positions are " + list);
    }

    // "NAME:POSITION[/POSITION...]"
    Condition condition(const std::string &line, const std::string &word) {
        const size_t colon = word.rfind(':');
        if (colon == std::string::npos) bad(line, spec_shown(word) + ": expected ACTUATOR:POSITION");
        const std::string name = word.substr(0, colon);
        const int i = index(name);
        if (i < 0) bad(line, spec_shown(name) + ": no such actuator");
        const MechActuator &a = m_.actuators[size_t(i)];
        Condition c{uint8_t(i), 0};
        for (const std::string &p : split(word.substr(colon + 1), '/'))
            c.positions = uint8_t(c.positions | 1u << position(line, a.type, p, name));
        if (a.type == ActuatorType::kFlipper && c.positions != 1)
            inconsistent(spec_shown(line) + ": " + name +
                         " at flip can never hold: a flipper is at rest between flips");
        return c;
    }

    void require(const std::string &line, const std::vector<std::string> &w) {
        if (w.size() < 3) bad(line, "expected \"require NAME OTHER:POSITION ...\"");
        const int i = index(w[1]);
        if (i < 0) bad(line, spec_shown(w[1]) + ": no such actuator");
        for (size_t k = 2; k < w.size(); ++k) {
            const Condition c = condition(line, w[k]);
            if (c.actuator == i) inconsistent(spec_shown(line) + ": a condition on " + w[1] + "'s own position");
            m_.actuators[size_t(i)].requires.push_back(c);
        }
    }

    void held(const std::string &line, const std::vector<std::string> &w) {
        if (w.size() < 2 || !m_.held.empty())
            bad(line, "expected one line \"held NAME:POSITION[+NAME:POSITION] [or ...]\"");
        std::vector<Condition> all;
        for (size_t k = 1; k <= w.size(); ++k) {
            if (k == w.size() || w[k] == "or") {
                if (all.empty()) bad(line, "an empty alternative");
                m_.held.push_back(all);
                all.clear();
                continue;
            }
            for (const std::string &part : split(w[k], '+'))
                all.push_back(condition(line, part));
        }
    }

    void together(const std::string &line, const std::vector<std::string> &w) {
        for (int t = 0; t < 3; ++t)
            if (w.size() == 2 && w[1] == kTogetherNames[t]) {
                m_.together = Together(t);
                return;
            }
        bad(line, "expected \"together one\", \"together pairs\" or \"together any\"");
    }

    void pair(const std::string &line, const std::vector<std::string> &w) {
        if (w.size() != 3) bad(line, "expected \"pair NAME NAME\"");
        const int a = index(w[1]), b = index(w[2]);
        if (a < 0 || b < 0) bad(line, spec_shown(a < 0 ? w[1] : w[2]) + ": no such actuator");
        if (a == b) bad(line, "a pair of one actuator");
        if (m_.actuators[size_t(a)].type != m_.actuators[size_t(b)].type ||
            (m_.actuators[size_t(a)].type != ActuatorType::kTurner &&
             m_.actuators[size_t(a)].type != ActuatorType::kGrip))
            bad(line, "a pair is two turners or two grips");
        m_.pairs.push_back({uint8_t(a), uint8_t(b)});
    }

    void cameras(const std::string &line, const std::vector<std::string> &w) {
        if (w.size() == 2 && w[1] == "-") {
            cameras_.clear();
            return;
        }
        if (w.size() != 2) bad(line, "expected \"cameras FACES\", such as \"cameras URFLB\" (the default first)");
        for (char c : w[1])
            face_of(line, std::string(1, c));
        cameras_ = w[1];
    }

  public:
    std::string cameras_ = "-";  // "-": not given

  private:
    Mechanism m_;
    std::vector<std::string> claws_;  // per actuator: the grip named by its claw
};

// Refuses what cannot work together: two turners on a face, pairs the rule ignores, a cube not held at rest.
void check_mechanism(const Mechanism &m) {
    bool faces[6] = {};
    for (const MechActuator &a : m.actuators) {
        if (a.type != ActuatorType::kTurner) continue;
        if (faces[a.hold.face]) inconsistent(std::string("two turners on face ") + kFaceLetters[a.hold.face]);
        faces[a.hold.face] = true;
    }
    if (m.together == Together::kOne && !m.pairs.empty())
        inconsistent("pairs with \"together one\": give \"together pairs\" or \"together any\"");
    if (m.together == Together::kPairs) {
        for (const auto &[x, y] : m.pairs)
            if (m.actuators[x].type != ActuatorType::kTurner)
                inconsistent("\"together pairs\" pairs turners: " + m.actuators[x].name + " is not one");
    }
    for (size_t i = 0; i < m.actuators.size(); ++i) {
        const MechActuator &g = m.actuators[i];
        bool engages = false;
        for (const MechActuator &a : m.actuators)
            engages |= a.engage == int(i);
        if (g.type == ActuatorType::kGrip && g.hold.kind == HoldKind::kNone && !engages)
            inconsistent(g.name + " grips nothing: give it clamp:FACE or name it in a turner's claw");
    }
    if (m.held.empty()) return;
    for (const auto &all : m.held) {
        bool at_rest = true;
        for (const Condition &c : all) {
            const MechActuator &a = m.actuators[c.actuator];
            const int rest = a.type == ActuatorType::kTurner ? 0 : a.rest;
            at_rest = at_rest && (c.positions >> rest & 1);
        }
        if (at_rest) return;
    }
    inconsistent("the cube is not held at rest: no alternative of the held rule holds with every actuator at rest");
}

// The faces no turner sits on, for scan cameras.
std::string free_faces(const Mechanism &m) {
    std::string out;
    for (int f = 0; f < 6; ++f) {
        bool used = false;
        for (const MechActuator &a : m.actuators)
            used |= a.type == ActuatorType::kTurner && a.hold.face == f;
        if (!used) out += kFaceLetters[f];
    }
    return out;
}

std::string condition_text(const Mechanism &m, const Condition &c) {
    const MechActuator &a = m.actuators[c.actuator];
    const std::vector<std::string> names = position_names(a.type);
    std::string out = a.name + ":";
    bool first = true;
    for (size_t p = 0; p < names.size(); ++p)
        if (c.positions >> p & 1) {
            out += (first ? "" : "/") + names[p];
            first = false;
        }
    return out;
}

}  // namespace

bool is_mechanism_line(const std::string &item) {
    const std::vector<std::string> w = words(item);
    if (w.empty()) return false;
    for (const char *k : {"actuator", "require", "held", "together", "pair", "cameras"})
        if (w[0] == k) return true;
    return false;
}

Mechanism parse_mechanism(const std::vector<std::string> &lines, const Params &p) {
    Reader reader;
    Mechanism m = reader.read(lines);
    for (MechActuator &a : m.actuators) {
        const int32_t range = a.defaults.range;
        a.defaults = uniform_timing(p, a.type);
        a.defaults.range = range;
    }
    check_mechanism(m);
    m.cameras = reader.cameras_ == "-" ? free_faces(m) : reader.cameras_;
    for (char c : m.cameras)
        for (const MechActuator &a : m.actuators)
            if (a.type == ActuatorType::kTurner && kFaceLetters[a.hold.face] == c)
                inconsistent(std::string("cameras ") + m.cameras + ": " + a.name + " sits on " + c);
    return m;
}

std::vector<std::string> mechanism_lines(const Mechanism &m) {
    std::vector<std::string> out;
    for (const MechActuator &a : m.actuators) {
        std::string line = "actuator " + a.name + " " + kActuatorKindNames[int(a.type)];
        if (a.type == ActuatorType::kTurner) {
            line += std::string(" ") + kFaceLetters[a.hold.face];
            if (a.hold.kind == HoldKind::kCenter) line += " center";
            if (a.hold.kind == HoldKind::kPocket) line += " pocket";
            if (a.hold.kind == HoldKind::kClaw)
                line += std::string(" claw:") + kAxisNames[a.hold.along] + ":" + m.actuators[size_t(a.engage)].name;
            if (a.travel == Travel::kFree) line += " free";
            if (a.travel == Travel::kStops) line += " stops";
        } else {
            if (a.hold.kind == HoldKind::kClamp) line += std::string(" clamp:") + kFaceLetters[a.hold.face];
            if (a.flip_axis >= 0) line += " flip:" + turn_text(a.flip_axis, a.flip_q);
            if (a.rest != 0) line += " rest:" + position_names(a.type)[size_t(a.rest)];
            if (a.hides) line += " hides";
        }
        out.push_back(line);
    }
    for (const MechActuator &a : m.actuators) {
        if (a.requires.empty()) continue;
        std::string line = "require " + a.name;
        for (const Condition &c : a.requires)
            line += " " + condition_text(m, c);
        out.push_back(line);
    }
    if (!m.held.empty()) {
        std::string line = "held";
        for (size_t k = 0; k < m.held.size(); ++k) {
            line += k ? " or " : " ";
            for (size_t j = 0; j < m.held[k].size(); ++j)
                line += (j ? "+" : "") + condition_text(m, m.held[k][j]);
        }
        out.push_back(line);
    }
    out.push_back(std::string("together ") + kTogetherNames[int(m.together)]);
    for (const auto &[x, y] : m.pairs)
        out.push_back("pair " + m.actuators[x].name + " " + m.actuators[y].name);
    if (m.cameras != free_faces(m)) out.push_back("cameras " + (m.cameras.empty() ? std::string("-") : m.cameras));
    return out;
}

}  // namespace lc::robot
