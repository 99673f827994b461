// C API: plans, robot-aware choice among candidates, the replay check.
#include "api_util.hpp"
#include "../handles.hpp"
#include "robot/robot_handles.hpp"

namespace lc {
namespace {

cube_status strategy_of(const cube_plan_options *o, robot::Strategy &s) {
    s = robot::Strategy::kOptimal;
    cube_plan_options options;
    cube_plan_options_init(&options);
    cube_status st = read_versioned(o, options, "options", sizeof(cube_plan_options));
    if (st != CUBE_OK) return st;
    switch (options.strategy) {
        case CUBE_PLAN_OPTIMAL:
            s = robot::Strategy::kOptimal;
            break;
        case CUBE_PLAN_GREEDY:
            s = robot::Strategy::kGreedy;
            break;
        case CUBE_PLAN_NAIVE:
            s = robot::Strategy::kNaive;
            break;
        default:
            return fail(CUBE_ERROR_INVALID_ARGUMENT, "unknown plan strategy %d", o->strategy);
    }
    return CUBE_OK;
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_plan_options_init(cube_plan_options *options) {
    if (!options) return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "options is NULL");
    *options = cube_plan_options{sizeof(cube_plan_options), CUBE_PLAN_OPTIMAL};
    return CUBE_OK;
}

CUBE_API cube_status cube_plan_new(const cube_robot *robot, const cube_moves *moves, const cube_plan_options *options,
                                   cube_plan **out) {
    return lc::api_guard([&] {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_robot *r = lc::robot_impl(robot);
        cube_moves *m = lc::moves_impl(moves);
        if (!r || !m) return cube_last_status();
        lc::robot::Strategy s;
        if ((st = lc::strategy_of(options, s)) != CUBE_OK) return st;
        auto p = std::make_unique<cube_plan>();
        lc::robot::make_plan(r->impl, lc::moves_of(m), s, -1, p->plan);
        *out = p.release();
        return CUBE_OK;
    });
}

CUBE_API int32_t cube_plan_consider(const cube_robot *robot, const cube_moves *candidate,
                                    const cube_plan_options *options, cube_plan **best) {
    return lc::api_guard([&]() -> int32_t {
        if (!best) return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "best pointer is NULL");
        cube_robot *r = lc::robot_impl(robot);
        cube_moves *m = lc::moves_impl(candidate, "candidate");
        if (!r || !m) return cube_last_status();
        if (*best && !lc::plan_impl(*best, "*best")) return cube_last_status();
        lc::robot::Strategy s;
        cube_status st = lc::strategy_of(options, s);
        if (st != CUBE_OK) return st;
        int64_t bound = *best ? (*best)->plan.total_us : -1;
        auto p = std::make_unique<cube_plan>();
        if (!lc::robot::make_plan(r->impl, lc::moves_of(m), s, bound, p->plan)) return 0;
        cube_plan_free(*best);
        *best = p.release();
        return 1;
    });
}

CUBE_API void cube_plan_free(cube_plan *plan) {
    if (plan && plan->tag.magic == lc::kMagicPlan) delete plan;
}

CUBE_API int64_t cube_plan_total_us(const cube_plan *plan) {
    cube_plan *p = lc::plan_impl(plan);
    return p ? p->plan.total_us : int64_t(cube_last_status());
}

CUBE_API int32_t cube_plan_action_count(const cube_plan *plan) {
    cube_plan *p = lc::plan_impl(plan);
    return p ? static_cast<int32_t>(p->plan.actions.size()) : cube_last_status();
}

CUBE_API cube_status cube_plan_get_action(const cube_plan *plan, int32_t index, cube_action *action) {
    cube_plan *p = lc::plan_impl(plan);
    if (!p) return cube_last_status();
    cube_status st = lc::check_versioned(action, "action", sizeof(cube_action));
    if (st != CUBE_OK) return st;
    if (index < 0 || size_t(index) >= p->plan.actions.size())
        return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "action %d: the plan has %zu", index, p->plan.actions.size());
    const lc::robot::Action &a = p->plan.actions[index];
    cube_action value{sizeof(cube_action), a.actuator, a.kind, a.param, a.start_us, a.end_us, a.move_index};
    return lc::write_versioned(value, action, "action", sizeof(cube_action));
}

CUBE_API cube_status cube_plan_moves(const cube_plan *plan, cube_moves **out) {
    return lc::api_guard([&] {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_plan *p = lc::plan_impl(plan);
        if (!p) return cube_last_status();
        cube_moves *m = nullptr;
        if ((st = cube_moves_new(3, &m)) != CUBE_OK) return st;
        m->list = p->plan.moves;
        *out = m;
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_plan_robot(const cube_plan *plan, cube_robot **out) {
    return lc::api_guard([&] {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_plan *p = lc::plan_impl(plan);
        if (!p) return cube_last_status();
        *out = lc::new_robot_handle(p->plan.robot);
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_plan_check(const cube_plan *plan) {
    return lc::api_guard([&] {
        cube_plan *p = lc::plan_impl(plan);
        if (!p) return cube_last_status();
        std::string why = lc::robot::check_plan(p->plan);
        if (!why.empty()) return lc::fail(CUBE_ERROR_CORRUPT, "plan check failed: %s", why.c_str());
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_plan_format(const cube_plan *plan, int32_t format, char *buffer, int32_t capacity,
                                      int32_t *length) {
    return lc::api_guard([&] {
        cube_plan *p = lc::plan_impl(plan);
        if (!p) return cube_last_status();
        if (format != CUBE_PLAN_TEXT && format != CUBE_PLAN_JSON)
            return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "unknown plan format %d", format);
        return lc::copy_out(lc::robot::format_plan(p->plan, format == CUBE_PLAN_JSON), buffer, capacity, length);
    });
}

}  // extern "C"
