#include "driver/step_schedule.hpp"

#include <algorithm>

namespace lc::driver {
namespace {

bool share_an_actuator(const robot::Plan &plan, const ScheduledStep &a, const ScheduledStep &b) {
    for (size_t i = a.first; i < a.end; ++i)
        for (size_t k = b.first; k < b.end; ++k)
            if (plan.actions[i].actuator == plan.actions[k].actuator) return true;
    return false;
}

}  // namespace

std::vector<ScheduledStep> schedule_steps(const robot::Plan &plan) {
    const std::vector<robot::Action> &acts = plan.actions;
    std::vector<ScheduledStep> steps;
    for (size_t i = 0; i < acts.size();) {
        ScheduledStep s;
        s.first = i;
        s.start_us = acts[i].start_us;
        s.end_us = acts[i].start_us;
        while (i < acts.size() && acts[i].start_us == s.start_us) {
            s.end_us = std::max<int64_t>(s.end_us, acts[i].end_us);
            ++i;
        }
        s.end = i;
        for (size_t k = 0; k < steps.size(); ++k)
            if (steps[k].end_us <= s.start_us || share_an_actuator(plan, steps[k], s)) s.waits_for.push_back(k);
        steps.push_back(std::move(s));
    }
    return steps;
}

}  // namespace lc::driver
