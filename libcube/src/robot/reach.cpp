// Whether a robot can turn every face: refused when described, not when a plan finds no way.
#include <string>
#include <vector>

#include "error.hpp"
#include "geometry.hpp"
#include "orient_mech.hpp"
#include "robot.hpp"

namespace lc::robot {
namespace {

// The (orientation, mechanism) pairs reached from (0, rest) by any steps.
std::vector<bool> reachable(const Robot &robot) {
    const Orientations &ot = orientations();
    const uint32_t M = robot.model().mech_count();
    const OrientFirst pairs(M);  // a node: (orientation, mechanism) over every mechanism
    std::vector<bool> seen(pairs.count(), false);
    std::vector<uint32_t> todo{pairs.encode(0, robot.model().initial())};
    seen[todo[0]] = true;
    auto visit = [&](uint32_t node) {
        if (seen[node]) return;
        seen[node] = true;
        todo.push_back(node);
    };
    while (!todo.empty()) {
        const uint32_t node = todo.back();
        todo.pop_back();
        const int o = pairs.orient(node);
        const uint32_t m = pairs.mech(node);
        for (const Step &s : robot.free_steps(m))
            visit(pairs.encode(ot.then[o][s.rot], s.next));
        for (const Step &s : robot.turn_steps(m))
            visit(pairs.encode(o, s.next));
    }
    return seen;
}

// The mechanisms from which some steps lead back to rest.
std::vector<bool> returns_to_rest(const Robot &robot) {
    const uint32_t M = robot.model().mech_count();
    std::vector<std::vector<uint32_t>> from(M);  // from[next]: mechanisms with a step to next
    for (uint32_t m = 0; m < M; ++m) {
        for (const Step &s : robot.free_steps(m))
            from[s.next].push_back(m);
        for (const Step &s : robot.turn_steps(m))
            from[s.next].push_back(m);
    }
    std::vector<bool> back(M, false);
    std::vector<uint32_t> todo{robot.model().initial()};
    back[todo[0]] = true;
    while (!todo.empty()) {
        const uint32_t m = todo.back();
        todo.pop_back();
        for (uint32_t p : from[m])
            if (!back[p]) {
                back[p] = true;
                todo.push_back(p);
            }
    }
    return back;
}

const char *const kAmountSuffix[4] = {"", "", "2", "'"};

// Why an actuator may be the cause: its one-way turning, with end stops that keep it from coming back.
std::string limits_text(const Robot &robot) {
    const Model &model = robot.model();
    std::string out;
    for (int i = 0; i < model.actuators(); ++i) {
        if (model.actuator_type(i) != ActuatorType::kTurner) continue;
        const ActuatorTiming &t = model.timing(i);
        if (t.directions == kBothWays) continue;
        out += std::string("; ") + model.actuator_name(i) + " turns only " +
               (t.directions == kClockwise ? "clockwise" : "counter-clockwise");
        if (t.range != 0) out += " between end stops (range " + std::to_string(t.range) + "), so it cannot come back";
    }
    return out;
}

}  // namespace

void check_reach(const Robot &robot) {
    const Orientations &ot = orientations();
    const uint32_t M = robot.model().mech_count();
    const std::vector<bool> seen = reachable(robot), back = returns_to_rest(robot);
    bool turned[6][4] = {};  // [cube face][quarters mod 4]
    bool rotates = false;
    for (uint32_t node = 0; node < seen.size(); ++node) {
        if (!seen[node]) continue;
        const uint32_t o = node / M, m = node % M;
        rotates |= o != 0;
        for (const Step &s : robot.turn_steps(m)) {
            if (!back[s.next]) continue;
            for (int k = 0; k < s.eff.nturns; ++k)
                turned[ot.faces[o][s.eff.face[k]]][((s.eff.q[k] % 4) + 4) % 4] = true;
        }
    }
    // Each face that lacks a turn, with the turns it lacks: "U (U', U2)".
    std::string missing;
    for (int f = 0; f < 6; ++f) {
        std::string lacks;
        for (int q = 1; q <= 3; ++q)
            if (!turned[f][q]) lacks += std::string(lacks.empty() ? "" : ", ") + kFaceLetters[f] + kAmountSuffix[q];
        if (lacks.empty()) continue;
        missing += std::string(missing.empty() ? "" : " or ") + kFaceLetters[f] + " (" + lacks + ")";
    }
    if (missing.empty()) return;
    throw Error(CUBE_ERROR_INVALID_ARGUMENT, std::string("this ") + family_name(robot.params().family) +
                                                 " robot cannot turn " + missing +
                                                 ": no steps from its rest state make these turns and get back" +
                                                 (rotates ? "" : " (it cannot rotate the cube)") + limits_text(robot));
}

}  // namespace lc::robot
