// POST /v1/solve and POST /v1/validate.
#include "handlers.h"

#include <memory>

#include "answer.h"

namespace serve {

using json = nlohmann::json;

namespace {

// Frees library handles when a handler returns.
struct state_ptr {
    cube_state *p = nullptr;
    ~state_ptr() { cube_state_free(p); }
};
struct moves_ptr {
    cube_moves *p = nullptr;
    ~moves_ptr() { cube_moves_free(p); }
};
struct solutions_ptr {
    cube_solutions *p = nullptr;
    ~solutions_ptr() { cube_solutions_free(p); }
};

// "moves": each move of `m`, and "states": the cube before the first and after each (URFDLB letters).
bool add_steps(const cube_state *start, const cube_moves *m, json &out) {
    state_ptr at;
    int32_t count = 0, size = 0;
    const char *facelets = nullptr;
    if (cube_state_copy(start, &at.p) != CUBE_OK || cube_moves_count(m, &count) != CUBE_OK ||
        cube_state_size(start, &size) != CUBE_OK || cube_state_facelets(at.p, &facelets) != CUBE_OK)
        return false;
    json moves = json::array();
    json states = json::array({facelets});
    for (int32_t i = 0; i < count; ++i) {
        int32_t kind = 0, amount = 0;
        moves_ptr one;
        const char *text = nullptr;
        if (cube_moves_get(m, i, &kind, &amount) != CUBE_OK || cube_moves_new(size, &one.p) != CUBE_OK ||
            cube_moves_push(one.p, kind, amount) != CUBE_OK || cube_moves_text(one.p, &text) != CUBE_OK)
            return false;
        moves.push_back(text);
        if (cube_state_apply(at.p, one.p) != CUBE_OK || cube_state_facelets(at.p, &facelets) != CUBE_OK) return false;
        states.push_back(facelets);
    }
    out["moves"] = std::move(moves);
    out["states"] = std::move(states);
    return true;
}

// The solution's answer as cube_solution_format() writes it, the same as `cube solve --json`, with "method".
bool solution_answer(const cube_moves *m, int32_t metric, const char *method, json &out) {
    std::string text;
    auto write = [&](char *b, int32_t c, int32_t *l) {
        return cube_solution_format(m, metric, CUBE_SOLVE_FORMAT_JSON, b, c, l);
    };
    if (!library_text(write, text)) return false;
    out = json::parse(text, nullptr, false);
    if (!out.is_object()) return false;
    out["method"] = method;
    return true;
}

// The layer-by-layer answer as cube_method_solution_format() writes it, the same as `cube solve --method lbl --json`.
bool lbl_answer(const cube_method_solution *sol, json &out) {
    std::string text;
    auto write = [&](char *b, int32_t c, int32_t *l) {
        return cube_method_solution_format(sol, CUBE_METHOD_FORMAT_JSON, b, c, l);
    };
    if (!library_text(write, text)) return false;
    out = json::parse(text, nullptr, false);
    return out.is_object();
}

// The method a request gets: its own, or the size's default; a failure for a method the size has not.
bool method_for(const solve_request &req, int32_t size, solve_method &out, failure &why) {
    out = req.method;
    if (out == solve_method::automatic) out = size == 2 ? solve_method::optimal : solve_method::twophase;
    if (out == solve_method::twophase && size != 3)
        why = failure{422, CUBE_ERROR_UNSUPPORTED, "the two-phase method (\"twophase\") is for the 3x3"};
    else if (out == solve_method::optimal && size == 3 && (!req.target.empty() || req.min_effort))
        why = failure{400, CUBE_ERROR_INVALID_ARGUMENT, "method \"optimal\" on a 3x3 takes no target or min_effort"};
    else if (req.all && (out != solve_method::optimal || size != 3))
        why = failure{422, CUBE_ERROR_UNSUPPORTED, "\"all\" is for method \"optimal\" on a 3x3"};
    else if (out == solve_method::lbl && (!req.target.empty() || req.max_length || req.timeout_ms || req.min_effort ||
                                          req.metric != CUBE_METRIC_HTM))
        why = failure{400, CUBE_ERROR_INVALID_ARGUMENT,
                      "method \"lbl\" takes no target, max_length, timeout_ms, min_effort or metric"};
    else
        return true;
    return false;
}

// The layer-by-layer solution of `s`.
response solve_lbl(context &ctx, const solve_request &req, const cube_state *s) {
    cube_method_solution *sol = nullptr;
    moves_ptr all;
    json out;
    bool ok = cube_solve_method(ctx.solver, s, CUBE_METHOD_LBL, nullptr, &sol) == CUBE_OK && lbl_answer(sol, out) &&
              cube_method_solution_moves(sol, &all.p) == CUBE_OK && (!req.steps || add_steps(s, all.p, out));
    response r = ok ? json_response(out) : error_response(library_failure(""));
    cube_method_solution_free(sol);
    return r;
}

// The two-phase (3x3) or optimal (2x2) solution of `s`, to solved or to the request's target.
response solve_search(context &ctx, const solve_request &req, const cube_state *s, solve_method method) {
    int32_t size = 0;
    cube_state_size(s, &size);
    state_ptr target;
    failure why;
    if (!req.target.empty() && !make_state(cube_input{req.target, "", size}, &target.p, why)) {
        why.message = "target: " + why.message;
        return error_response(why);
    }
    cube_solve_options options;
    cube_solve_options_init(&options);
    options.metric = req.metric;
    options.max_length = req.max_length;
    options.timeout_ms = time_limit(ctx, req.timeout_ms);
    options.min_effort = req.min_effort;
    options.cancel = ctx.stop;
    moves_ptr m;
    cube_status st = target.p ? cube_solve_to(ctx.solver, s, target.p, &options, &m.p)
                              : cube_solve(ctx.solver, s, &options, &m.p);
    if (st != CUBE_OK) return error_response(library_failure(""));
    json out;
    const char *name = method == solve_method::optimal ? "optimal" : "twophase";
    if (!solution_answer(m.p, req.metric, name, out) || (req.steps && !add_steps(s, m.p, out)))
        return error_response(library_failure(""));
    return json_response(out);
}

// The members an optimal 3x3 search adds to its answer, also to a failure once it has searched.
json search_members(const cube_optimal_result &r) {
    return {{"optimal", r.proven_optimal != 0}, {"lower_bound", r.lower_bound}, {"nodes", r.nodes},
            {"standard_table", r.standard_table != 0}, {"h48_table", r.h48_table != 0},
            {"small_table", r.small_table != 0}};
}

// The shortest solution of the 3x3 `s` (or every one with `all`), proven shortest, within the request's time
// limit; the answer has the members of `cube solve --optimal --json` with "method" and "lower_bound". A time
// out, a cancel or "nothing within max_length" answers the failure with the lower bound reached.
response solve_optimal_3x3(context &ctx, const solve_request &req, const cube_state *s) {
    cube_optimal_options options;
    cube_optimal_result result;
    if (cube_optimal_options_init(&options) != CUBE_OK || cube_optimal_result_init(&result) != CUBE_OK)
        return error_response(library_failure(""));
    options.metric = req.metric;
    options.max_length = req.max_length;
    options.timeout_ms = time_limit(ctx, req.timeout_ms);
    options.all_solutions = req.all;
    options.limit = req.limit;
    options.cancel = ctx.stop;
    solutions_ptr list;
    cube_status st = cube_solve_optimal(ctx.solver, s, &options, &list.p, &result);
    if (st == CUBE_ERROR_TIMEOUT || st == CUBE_ERROR_CANCELLED || st == CUBE_ERROR_UNSOLVABLE)
        return error_response(library_failure(""), search_members(result));
    if (st != CUBE_OK) return error_response(library_failure(""));
    // The answer of `cube solve --optimal --json` (cube_optimal_result_format()) with "method" and "lower_bound".
    std::string text;
    int32_t kind = req.all ? CUBE_OPTIMAL_FORMAT_JSON_ALL : CUBE_OPTIMAL_FORMAT_JSON;
    auto write = [&](char *b, int32_t c, int32_t *l) {
        return cube_optimal_result_format(&result, list.p, req.metric, kind, b, c, l);
    };
    if (!library_text(write, text)) return error_response(library_failure(""));
    json out = json::parse(text, nullptr, false);
    moves_ptr first;
    if (!out.is_object() || cube_solutions_get(list.p, 0, &first.p) != CUBE_OK)
        return error_response(library_failure(""));
    out["method"] = "optimal";
    out["lower_bound"] = result.lower_bound;
    if (req.steps && !add_steps(s, first.p, out)) return error_response(library_failure(""));
    return json_response(out);
}

} // namespace

response handle_solve(context &ctx, std::string_view body) {
    solve_request req;
    failure why;
    state_ptr s;
    if (!parse_solve(body, req, why) || !make_state(req.cube, &s.p, why)) return error_response(why);
    int32_t size = 0;
    solve_method method = solve_method::automatic;
    if (cube_state_size(s.p, &size) != CUBE_OK) return error_response(library_failure(""));
    if (!method_for(req, size, method, why)) return error_response(why);
    slot_guard slot(*ctx.solves, ctx.limit.queue_ms);
    if (!slot.held()) return busy_response(ctx);
    if (method == solve_method::lbl) return solve_lbl(ctx, req, s.p);
    if (method == solve_method::optimal && size == 3) return solve_optimal_3x3(ctx, req, s.p);
    return solve_search(ctx, req, s.p, method);
}

response handle_validate(context &ctx, std::string_view body) {
    (void)ctx;
    validate_request req;
    failure why;
    state_ptr s;
    if (!parse_validate(body, req, why) || !make_state(req.cube, &s.p, why)) return error_response(why);
    int32_t size = 0, solved = 0;
    const char *facelets = nullptr;
    if (cube_state_size(s.p, &size) != CUBE_OK || cube_state_is_solved(s.p, &solved) != CUBE_OK ||
        cube_state_facelets(s.p, &facelets) != CUBE_OK)
        return error_response(library_failure(""));
    return json_response({{"ok", true}, {"size", size}, {"facelets", facelets}, {"solved", solved != 0}});
}

} // namespace serve
