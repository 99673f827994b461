// C API: plans, robot-aware choice among candidates, the replay check.
#include "api_util.hpp"
#include "../handles.hpp"
#include "robot/robot_handles.hpp"
#include "versioned.hpp"

namespace lc {

cube_status strategy_from(int32_t code, robot::Strategy &s) {
    switch (code) {
        case CUBE_PLAN_OPTIMAL:
            s = robot::Strategy::kOptimal;
            return CUBE_OK;
        case CUBE_PLAN_GREEDY:
            s = robot::Strategy::kGreedy;
            return CUBE_OK;
        case CUBE_PLAN_NAIVE:
            s = robot::Strategy::kNaive;
            return CUBE_OK;
    }
    return set_error(CUBE_ERROR_INVALID_ARGUMENT, "unknown plan strategy %d (0 optimal, 1 greedy, 2 naive)", code);
}

namespace {

cube_plan_options default_plan_options() {
    cube_plan_options o{};
    o.struct_size = sizeof o;
    o.strategy = CUBE_PLAN_OPTIMAL;
    return o;
}

// The strategy and ends of a plan from the caller's options (start positions read now, not kept).
cube_status settings_of(const cube_plan_options *given, const robot::Robot &robot, robot::Strategy &s,
                        robot::PlanEnds &ends) {
    cube_plan_options o = default_plan_options();
    cube_status st = read_versioned(given, o, "options");
    if (st != CUBE_OK) return st;
    if ((st = strategy_from(o.strategy, s)) != CUBE_OK) return st;
    if (o.finish != CUBE_PLAN_FINISH_REST && o.finish != CUBE_PLAN_FINISH_ANYWHERE)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "options.finish %d: 0 rest or 1 anywhere", o.finish);
    ends.finish_rest = o.finish == CUBE_PLAN_FINISH_REST;
    const int32_t n = o.start_position_count, actuators = robot.model().actuators();
    if (n == 0) return CUBE_OK;  // at rest
    if (!o.start_positions)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "options.start_positions is NULL but its count is %d", n);
    if (n != actuators)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "options.start_position_count %d: the robot has %d actuators", n,
                         actuators);
    ends.start_positions.assign(o.start_positions, o.start_positions + n);
    return CUBE_OK;
}

cube_action action_of(const robot::Action &a) {
    cube_action value{};
    value.struct_size = sizeof value;
    value.actuator = a.actuator;
    value.kind = a.kind;
    value.param = a.param;
    value.start_us = a.start_us;
    value.end_us = a.end_us;
    value.move_index = a.move_index;
    return value;
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_plan_options_init_sized(cube_plan_options *options, uint32_t size) {
    return lc::init_versioned(options, size, lc::default_plan_options());
}

CUBE_API cube_status cube_plan_new(const cube_robot *robot, const cube_moves *moves, const cube_plan_options *options,
                                   cube_plan **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_robot *r = lc::robot_impl(robot);
        cube_moves *m = r ? lc::moves_impl(moves) : nullptr;
        if (!r || !m) return cube_last_status();
        lc::robot::Strategy s = lc::robot::Strategy::kOptimal;
        lc::robot::PlanEnds ends;
        if ((st = lc::settings_of(options, *r->impl, s, ends)) != CUBE_OK) return st;
        auto p = std::make_unique<cube_plan>();
        lc::robot::PlanQuery query(s);
        query.ends = ends;
        lc::robot::make_plan(r->impl, lc::moves_of(m), query, p->plan);
        *out = p.release();
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_plan_new_if_faster(const cube_robot *robot, const cube_moves *candidate,
                                             const cube_plan_options *options, const cube_plan *than,
                                             cube_plan **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_robot *r = lc::robot_impl(robot);
        cube_moves *m = r ? lc::moves_impl(candidate, "candidate") : nullptr;
        if (!r || !m) return cube_last_status();
        cube_plan *rival = nullptr;
        if (than && !(rival = lc::plan_impl(than, "than"))) return cube_last_status();
        lc::robot::Strategy s = lc::robot::Strategy::kOptimal;
        lc::robot::PlanEnds ends;
        if ((st = lc::settings_of(options, *r->impl, s, ends)) != CUBE_OK) return st;
        int64_t bound = rival ? rival->plan.total_us : -1;
        auto p = std::make_unique<cube_plan>();
        lc::robot::PlanQuery query(s, bound);
        query.ends = ends;
        if (lc::robot::make_plan(r->impl, lc::moves_of(m), query, p->plan)) *out = p.release();
        return CUBE_OK;
    });
}

CUBE_API void cube_plan_free(cube_plan *plan) {
    if (plan && plan->tag.magic == lc::kMagicPlan) delete plan;
}

CUBE_API cube_status cube_plan_total_us(const cube_plan *plan, int64_t *total_us) {
    cube_status st = lc::clear_out(total_us, "total_us");
    if (st != CUBE_OK) return st;
    cube_plan *p = lc::plan_impl(plan);
    if (!p) return cube_last_status();
    *total_us = p->plan.total_us;
    return CUBE_OK;
}

CUBE_API cube_status cube_plan_action_count(const cube_plan *plan, int32_t *count) {
    cube_status st = lc::clear_out(count, "count");
    if (st != CUBE_OK) return st;
    cube_plan *p = lc::plan_impl(plan);
    if (!p) return cube_last_status();
    *count = static_cast<int32_t>(p->plan.actions.size());
    return CUBE_OK;
}

CUBE_API cube_status cube_action_init_sized(cube_action *action, uint32_t size) {
    cube_action zero{};
    zero.struct_size = sizeof zero;
    return lc::init_versioned(action, size, zero);
}

CUBE_API cube_status cube_plan_get_action(const cube_plan *plan, int32_t index, cube_action *action) {
    cube_plan *p = lc::plan_impl(plan);
    if (!p) return cube_last_status();
    if (index < 0 || size_t(index) >= p->plan.actions.size())
        return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "action %d: the plan has %zu", index, p->plan.actions.size());
    return lc::write_versioned(lc::action_of(p->plan.actions[index]), action, "action");
}

CUBE_API cube_status cube_plan_moves(const cube_plan *plan, cube_moves **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_plan *p = lc::plan_impl(plan);
        if (!p) return cube_last_status();
        *out = lc::new_moves_handle(3, p->plan.moves);
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_plan_robot(const cube_plan *plan, cube_robot **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_plan *p = lc::plan_impl(plan);
        if (!p) return cube_last_status();
        *out = lc::new_robot_handle(p->plan.robot);
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_plan_check(const cube_plan *plan) {
    return lc::api_guard([&]() -> cube_status {
        cube_plan *p = lc::plan_impl(plan);
        if (!p) return cube_last_status();
        std::string why = lc::robot::check_plan(p->plan);
        if (!why.empty()) return lc::set_error(CUBE_ERROR_CORRUPT, "plan check failed: %s", why.c_str());
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_plan_format(const cube_plan *plan, int32_t format, char *buffer, int32_t capacity,
                                      int32_t *length) {
    return lc::api_guard([&]() -> cube_status {
        cube_plan *p = lc::plan_impl(plan);
        if (!p) return cube_last_status();
        if (format != CUBE_PLAN_TEXT && format != CUBE_PLAN_JSON)
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "unknown plan format %d", format);
        return lc::copy_out(lc::robot::format_plan(p->plan, format == CUBE_PLAN_JSON), buffer, capacity, length);
    });
}

CUBE_API cube_status cube_plan_start_positions(const cube_plan *plan, int32_t *positions, int32_t capacity,
                                               int32_t *count) {
    return lc::api_guard([&]() -> cube_status {
        if (count) *count = 0;
        cube_plan *p = lc::plan_impl(plan);
        if (!p) return cube_last_status();
        return lc::copy_positions(p->plan.start_positions, positions, capacity, count);
    });
}

CUBE_API cube_status cube_plan_remaining(const cube_plan *plan, int32_t actions_done, cube_moves **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_plan *p = lc::plan_impl(plan);
        if (!p) return cube_last_status();
        if (actions_done < 0) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                                   "actions_done %d is negative", actions_done);
        *out = lc::new_moves_handle(3, lc::robot::remaining_moves(p->plan, size_t(actions_done)));
        return CUBE_OK;
    });
}

}  // extern "C"
