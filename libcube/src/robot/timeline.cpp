// The rules of an event-driven timeline (see timeline.hpp).
#include "robot/timeline.hpp"

#include <algorithm>

#include "robot/orient.hpp"
#include "robot/overlap.hpp"
#include "robot/plan.hpp"

namespace lc::robot {
namespace {

// A cube whose 54 facelets all differ: two orders of moves give the same string only if they do the same.
std::string labelled_cube() {
    std::string cube(54, ' ');
    for (size_t i = 0; i < cube.size(); ++i)
        cube[i] = char('0' + i);
    return cube;
}

std::string us_text(int64_t us) {
    return std::to_string(us) + " us";
}

}  // namespace

Timeline::Timeline(const Model &model, uint32_t start_mech)
    : model_(model), busy_until_(size_t(model.actuators()), 0), mech_(start_mech), cube_(labelled_cube()) {}

bool Timeline::apply(uint32_t &mech, std::string &cube, const CmdSet &cmds) const {
    uint32_t next = 0;
    Effect eff;
    if (!model_.simulate(mech, cmds, next, eff, nullptr)) return false;
    apply_effect(cube, eff);
    mech = next;
    return true;
}

std::string Timeline::action_text(const Launch &x, int k) const {
    const Cmd &c = x.cmds.cmd[k];
    const char *name = model_.actuator_name(c.actuator);
    return "action " + std::to_string(x.first_action + k) + " (" + (name ? name : "?") + " " +
           command_kind_name(c.kind) + " " + (c.param > 0 ? "+" : "") + std::to_string(c.param) + ")";
}

bool Timeline::adjacent_turns(const Cmd &a, const Cmd &b) const {
    int face[2];
    const Cmd both[2] = {a, b};
    for (int i = 0; i < 2; ++i) {
        CmdSet one;
        one.add(both[i]);
        uint32_t next = 0;
        Effect eff;
        if (!model_.simulate(0, one, next, eff, nullptr) || eff.nturns != 1 || eff.rot_axis >= 0) return false;
        face[i] = eff.face[0];
    }
    return face[0] != face[1] && kOpposite[face[0]] != face[1];
}

std::string Timeline::pair_rule(const Launch &x, const CmdSet &cmds, int64_t t) const {
    const Params &p = model_.params();
    for (int k = 0; k < x.cmds.n; ++k) {
        if (x.end[k] <= t) continue;  // ended: nothing to wait for
        const Cmd &a = x.cmds.cmd[k];
        for (int i = 0; i < cmds.n; ++i) {
            const Cmd &c = cmds.cmd[i];
            if (a.actuator == c.actuator) continue;  // the busy rule says it
            CmdSet ac, ca, both;
            ac.add(a), ac.add(c);
            ca.add(c), ca.add(a);
            both = ac;
            uint32_t m1 = x.mech_before, m2 = x.mech_before, m3 = x.mech_before;
            std::string c1 = cube_, c2 = cube_, c3 = cube_;
            CmdSet only_a, only_c;
            only_a.add(a);
            only_c.add(c);
            const bool commute = apply(m1, c1, both) && apply(m2, c2, only_a) && apply(m2, c2, only_c) &&
                                 apply(m3, c3, only_c) && apply(m3, c3, only_a) && c1 == c2 && c2 == c3 &&
                                 m1 == m2 && m2 == m3;
            if (commute) continue;
            const bool adjacent = adjacent_turns(a, c);
            if (adjacent && p.overlap_permille > 0) {
                const int64_t from = overlap_start(p, x.start, x.end[k]);
                if (t >= from) continue;
                return "starts at " + us_text(t) + ", before the adjacent turn " + action_text(x, k) + " has done " +
                       std::to_string((1000 - p.overlap_permille) / 10) + "% of its time at " + us_text(from) +
                       " (" + overlap_spec(p).substr(1) + ")";
            }
            if (adjacent)
                return "starts at " + us_text(t) + " while the adjacent turn " + action_text(x, k) + " runs until " +
                       us_text(x.end[k]) + " (overlap=0: a face waits for adjacent layers to stop)";
            return "starts at " + us_text(t) + " while " + action_text(x, k) + " runs until " + us_text(x.end[k]) +
                   ": the robot cannot do both at once";
        }
    }
    return "";
}

std::string Timeline::postpone_rule(size_t xi, const CmdSet &cmds) const {
    const Launch &x = launches_[xi];
    // Every launch since x, then the new one, then x.
    uint32_t mech = x.mech_before;
    std::string cube = x.cube_before;
    bool ok = true;
    for (size_t j = xi + 1; j < launches_.size() && ok; ++j)
        ok = apply(mech, cube, launches_[j].cmds);
    const uint32_t mech_before_new = mech;
    const std::string cube_before_new = cube;
    ok = ok && apply(mech, cube, cmds) && apply(mech, cube, x.cmds);
    uint32_t real_mech = mech_;
    std::string real_cube = cube_;
    ok = ok && apply(real_mech, real_cube, cmds) && mech == real_mech && cube == real_cube;
    // x and the new launch together, as one step.
    if (ok && x.cmds.n + cmds.n <= kMaxStepCommands) {
        CmdSet both = x.cmds;
        for (int i = 0; i < cmds.n; ++i)
            both.add(cmds.cmd[i]);
        uint32_t together_mech = mech_before_new;
        std::string together_cube = cube_before_new;
        ok = apply(together_mech, together_cube, both) && together_mech == mech && together_cube == cube;
    } else {
        ok = false;
    }
    if (ok) return "";
    int k = 0;
    while (k + 1 < x.cmds.n && x.end[k] != x.last_end)
        ++k;
    return "starts while " + action_text(x, k) + " runs until " + us_text(x.last_end) +
           " and depends on it (the mechanism cannot do both at once)";
}

std::string Timeline::refuse(const CmdSet &cmds, const int64_t *end_us, int64_t t) const {
    if (t <= last_start())
        return "starts at " + us_text(t) + ", not after the previous step at " + us_text(last_start());
    uint32_t next = 0;
    Effect eff;
    std::string why;
    if (!model_.simulate(mech_, cmds, next, eff, &why)) return "the robot refuses the step: " + why;
    for (int i = 0; i < cmds.n; ++i) {
        const Cmd &c = cmds.cmd[i];
        if (end_us[i] < t) return "ends before it starts";
        if (busy_until_[c.actuator] > t)
            return "starts at " + us_text(t) + ", but actuator " + model_.actuator_name(c.actuator) +
                   " is still busy until " + us_text(busy_until_[c.actuator]);
    }
    for (size_t xi : open_) {
        const Launch &x = launches_[xi];
        if (x.last_end <= t) continue;
        why = model_.mech_count() == 1 ? pair_rule(x, cmds, t) : postpone_rule(xi, cmds);
        if (!why.empty()) return why;
    }
    return "";
}

void Timeline::add(const CmdSet &cmds, const int64_t *end_us, int64_t start_us, int32_t first_action) {
    Launch l;
    l.cmds = cmds;
    l.start = start_us;
    l.last_end = start_us;
    for (int i = 0; i < cmds.n; ++i) {
        l.end[i] = end_us[i];
        l.last_end = std::max(l.last_end, end_us[i]);
        busy_until_[cmds.cmd[i].actuator] = end_us[i];
    }
    l.first_action = first_action;
    l.mech_before = mech_;
    l.cube_before = cube_;
    apply(mech_, cube_, cmds);
    // A launch that has ended by this start cannot be moving at any later one.
    open_.erase(std::remove_if(open_.begin(), open_.end(),
                               [&](size_t i) { return launches_[i].last_end <= start_us; }),
                open_.end());
    open_.push_back(launches_.size());
    launches_.push_back(std::move(l));
}

int64_t Timeline::earliest(const CmdSet &cmds, const int32_t *duration_us) const {
    const int64_t first = last_start() + 1;
    const Params &p = model_.params();
    // The rules change only when something ends or an overlap threshold passes.
    std::vector<int64_t> times{first};
    for (int64_t busy : busy_until_)
        times.push_back(busy);
    for (size_t xi : open_) {
        const Launch &x = launches_[xi];
        for (int k = 0; k < x.cmds.n; ++k) {
            times.push_back(x.end[k]);
            if (p.overlap_permille > 0) times.push_back(overlap_start(p, x.start, x.end[k]));
        }
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    for (int64_t t : times) {
        if (t < first) continue;
        int64_t end[kMaxStepCommands];
        for (int i = 0; i < cmds.n; ++i)
            end[i] = t + duration_us[i];
        if (refuse(cmds, end, t).empty()) return t;
    }
    return -1;
}

}  // namespace lc::robot
