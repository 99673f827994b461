// The validity check of a plan: replay it on a simulated robot with the library's sticker model.
#include <algorithm>
#include <cstdio>

#include "facelets.hpp"
#include "geometry.hpp"
#include "notation.hpp"
#include "plan.hpp"
#include "timeline.hpp"

namespace lc::robot {
namespace {

std::string at(size_t i, const char *fmt, long a = 0, long b = 0) {
    char buf[200];
    std::snprintf(buf, sizeof buf, fmt, a, b);
    return "action " + std::to_string(i) + ": " + buf;
}

}  // namespace

void apply_effect(std::string &cube, const Effect &eff) {
    const Geometry &geo = geometry(3);
    auto quarters = [](int q) { return uint8_t(((q % 4) + 4) % 4); };
    if (eff.rot_axis >= 0) apply_move(geo, cube, Move{uint8_t(kRotX + eff.rot_axis), quarters(eff.rot_q)});
    for (int k = 0; k < eff.nturns; ++k) apply_move(geo, cube, Move{eff.face[k], quarters(eff.q[k])});
}

std::string check_plan(const Plan &plan) {
    const Model &model = plan.robot->model();
    const Geometry &geo = geometry(3);
    std::string cube = solved_facelets(3);
    for (const Move &m : inverted(plan.moves))
        apply_move(geo, cube, m);  // the state the sequence solves

    // Launches (the actions that start together) in start order, each checked against the rules of
    // an event-driven timeline (timeline.hpp) before it is added.
    Timeline timeline(model, plan.start_mech);
    int64_t all_done = 0;
    const auto &acts = plan.actions;
    for (size_t i = 0; i < acts.size();) {
        size_t j = i;
        CmdSet cs;
        int64_t end[kMaxStepCommands];
        const int32_t start = acts[i].start_us;
        if (start < 0) return at(i, "starts at %ld us, before the plan", start);
        if (i > 0 && start < acts[i - 1].start_us)
            return at(i, "starts at %ld us, before action %ld: actions must be in start order", start, long(i - 1));
        for (; j < acts.size() && acts[j].start_us == start; ++j) {
            const Action &a = acts[j];
            if (a.actuator < 0 || a.actuator >= model.actuators()) return at(j, "no actuator %ld", a.actuator);
            if (cs.n == kMaxStepCommands) return at(j, "more than %ld commands start together", kMaxStepCommands);
            for (int k = 0; k < cs.n; ++k)
                if (cs.cmd[k].actuator == a.actuator)
                    return at(j, "actuator %ld is given two commands at once", a.actuator);
            cs.add(Cmd{uint8_t(a.actuator), uint8_t(a.kind), int8_t(a.param)});
        }
        for (size_t k = i; k < j; ++k) {
            const Action &a = acts[k];
            const int32_t need = model.duration(timeline.mech(), cs, int(k - i));
            if (need < 0) return at(k, "kind %ld is not a command of its actuator", a.kind);
            if (a.end_us - a.start_us < need)
                return at(k, "lasts %ld us, the hardware needs %ld us", a.end_us - a.start_us, need);
            end[k - i] = a.end_us;
            all_done = std::max<int64_t>(all_done, a.end_us);
        }
        const std::string why = timeline.refuse(cs, end, start);
        if (!why.empty()) return "action " + std::to_string(i) + ": " + why;
        uint32_t next;
        Effect eff;
        model.simulate(timeline.mech(), cs, next, eff, nullptr);
        apply_effect(cube, eff);
        timeline.add(cs, end, start, int32_t(i));
        i = j;
    }
    if (all_done != plan.total_us)
        return "plan says it takes " + std::to_string(plan.total_us) + " us, its actions end at " +
               std::to_string(all_done);
    if (!faces_uniform(3, cube)) return "after the plan the cube is not solved: " + cube;
    if (plan.finish_rest && timeline.mech() != model.initial()) return "the plan should end at rest but does not";
    return "";
}

}  // namespace lc::robot
