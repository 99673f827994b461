// The validity check of a plan: replay it on a simulated robot with the library's sticker model.
#include <algorithm>
#include <cstdio>
#include <map>

#include "facelets.hpp"
#include "geometry.hpp"
#include "notation.hpp"
#include "plan.hpp"

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

    std::map<int32_t, int64_t> busy_until;  // per actuator
    int64_t all_done = 0;
    uint32_t mech = plan.start_mech;
    const auto &acts = plan.actions;
    for (size_t i = 0; i < acts.size();) {
        // A step: the actions that start together.
        size_t j = i;
        CmdSet cs;
        const int32_t start = acts[i].start_us;
        if (start < all_done)
            return at(i, "starts at %ld us, before the previous step ends at %ld us", start, all_done);
        int64_t step_end = start;
        for (; j < acts.size() && acts[j].start_us == start; ++j) {
            const Action &a = acts[j];
            if (a.actuator < 0 || a.actuator >= model.actuators()) return at(j, "no actuator %ld", a.actuator);
            if (cs.n == 3) return at(j, "more than 3 commands start together");
            cs.add(Cmd{uint8_t(a.actuator), uint8_t(a.kind), int8_t(a.param)});
        }
        for (size_t k = i; k < j; ++k) {
            const Action &a = acts[k];
            const int32_t need = model.duration(mech, cs, int(k - i));
            if (need < 0) return at(k, "kind %ld is not a command of its actuator", a.kind);
            if (a.end_us - a.start_us < need)
                return at(k, "lasts %ld us, the hardware needs %ld us", a.end_us - a.start_us, need);
            auto it = busy_until.find(a.actuator);
            if (it != busy_until.end() && it->second > a.start_us)
                return at(k, "actuator %ld is still busy until %ld us", a.actuator, it->second);
            busy_until[a.actuator] = a.end_us;
            step_end = std::max<int64_t>(step_end, a.end_us);
        }
        uint32_t next;
        Effect eff;
        std::string why;
        if (!model.simulate(mech, cs, next, eff, &why)) return at(i, "the robot refuses the step: ") + why;
        mech = next;
        apply_effect(cube, eff);
        all_done = step_end;
        i = j;
    }
    if (all_done != plan.total_us)
        return "plan says it takes " + std::to_string(plan.total_us) + " us, its actions end at " +
               std::to_string(all_done);
    if (!faces_uniform(3, cube)) return "after the plan the cube is not solved: " + cube;
    if (plan.finish_rest && mech != model.initial()) return "the plan should end at rest but does not";
    return "";
}

}  // namespace lc::robot
