// Whether a robot can turn every face: refused when described, not when a plan finds no way.
#include <string>
#include <vector>

#include "error.hpp"
#include "geometry.hpp"
#include "orient.hpp"
#include "robot.hpp"

namespace lc::robot {
namespace {

// The (orientation, mechanism) pairs reached from (0, rest) by any steps.
std::vector<bool> reachable(const Robot &robot) {
    const Orientations &ot = orientations();
    const uint32_t M = robot.model().mech_count();
    std::vector<bool> seen(24 * size_t(M), false);
    std::vector<uint32_t> todo{robot.model().initial()};  // node = orientation * M + mech
    seen[todo[0]] = true;
    auto visit = [&](uint32_t node) {
        if (seen[node]) return;
        seen[node] = true;
        todo.push_back(node);
    };
    while (!todo.empty()) {
        const uint32_t node = todo.back();
        todo.pop_back();
        const uint32_t o = node / M, m = node % M;
        for (const Step &s : robot.free_steps(m))
            visit(ot.then[o][s.rot] * M + s.next);
        for (const Step &s : robot.turn_steps(m))
            visit(o * M + s.next);
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
    std::string missing;
    for (int f = 0; f < 6; ++f)
        if (!turned[f][1] || !turned[f][2] || !turned[f][3]) {
            if (!missing.empty()) missing += " or ";
            missing += kFaceLetters[f];
        }
    if (missing.empty()) return;
    throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                std::string("this ") + family_name(robot.params().family) + " robot cannot turn " + missing +
                    ": no steps from its rest state turn them a quarter turn each way and a half turn" +
                    (rotates ? "" : " (it cannot rotate the cube)"));
}

}  // namespace lc::robot
