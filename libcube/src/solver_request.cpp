// Solve requests: reading the options, checking the states, and one solve of either size.
#include <cstdint>
#include <string>

#include "facelets.hpp"
#include "handles.hpp"
#include "solve2/solve2.hpp"
#include "solver_impl.hpp"
#include "versioned.hpp"

namespace lc {
namespace {

// min_effort without a max_length: no length cap (twophase caps it at a length every cube stays within), so
// the first solution found counts even above 20 moves and is shortened while time remains.
constexpr int kNoLengthCap3 = 1000;

// Both states are read with the colour names that make the reference (target, or the state itself) home.
void read_states(const cube_state *s, const cube_state *t, Request &r) {
    const std::string &reference = t ? t->letters : s->letters;
    const Geometry &g = geometry(r.size);
    r.target = CubieCube::solved();
    if (!read_cubies(g, relabelled_like(r.size, s->letters, reference), r.start) ||
        (t && !read_cubies(g, relabelled_like(r.size, t->letters, reference), r.target)))
        throw Error(CUBE_ERROR_INTERNAL, "state holds a piece that does not exist");
}

// A target the state can reach: same size, and (3x3) the centres where the state has them.
void check_target(const cube_state *s, const cube_state *t) {
    if (t->size != s->size)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, error_text("target is a %dx%d but the state is a %dx%d", t->size,
                                                            t->size, s->size, s->size));
    if (s->size != 3) return;
    const Geometry &g = geometry(3);
    for (int f = 0; f < 6; ++f)
        if (s->letters[g.centre[f]] != t->letters[g.centre[f]])
            throw Error(CUBE_ERROR_UNSOLVABLE,
                        "target has its centres turned another way than the state: face turns cannot reach it");
}

void solve2x2(const Request &r, MoveList &out) {
    const solve2::Tables &t = solve2::tables(metric2(r));
    CubieCube rel = relative_corners(r);
    int d = solve2::distance(t, rel);
    if (r.options.max_length > 0 && d > r.options.max_length)
        throw Error(CUBE_ERROR_UNSOLVABLE, error_text("the optimal solution has %d moves, more than max_length %d",
                                                      d, r.options.max_length));
    out = solve2::solve(t, rel);
}

void solve3x3(cube_solver *solver, const Request &r, StopFlag &stop, MoveList &out) {
    const Tables3 t = solver_tables3(solver, stop);
    twophase::Options o;
    const int default_length = r.options.min_effort ? kNoLengthCap3 : kDefaultMaxLength3;
    o.max_length = r.options.max_length > 0 ? r.options.max_length : default_length;
    o.timeout_is_default = r.options.timeout_ms == 0;
    const int64_t timeout_ms = o.timeout_is_default ? kDefaultTimeoutMs3 : r.options.timeout_ms;
    o.timeout_us = timeout_ms * 1000;
    o.min_effort = r.options.min_effort != 0;
    o.stop = &stop;
    t.solve(r.start, r.target, o, out);
}

}  // namespace

cube_solve_options default_solve_options() {
    cube_solve_options o{};
    o.struct_size = sizeof o;
    o.metric = CUBE_METRIC_HTM;
    return o;
}

solve2::Metric metric2(const Request &r) {
    return r.options.metric == CUBE_METRIC_QTM ? solve2::Metric::kQtm : solve2::Metric::kHtm;
}

CubieCube relative_corners(const Request &r) {
    CubieCube rel = r.target.inverse();
    rel.multiply_corners(r.start);
    return rel;
}

Tables3 solver_tables3(cube_solver *solver, StopFlag &stop) {
    return solver->tables3.get(solver->table_dir, solver->progress, solver->progress_user, stop);
}

Tables3 solver_full_tables3(cube_solver *solver, StopFlag &stop) {
    return solver->tables3.get_full(solver->table_dir, solver->progress, solver->progress_user, stop);
}

cube_status read_solve_options(const cube_solve_options *in, cube_solve_options &out,
                               const std::atomic<int32_t> *&cancel) {
    out = default_solve_options();
    cube_status st = read_versioned(in, out, "options");
    if (st != CUBE_OK) return st;
    if (out.metric != CUBE_METRIC_HTM && out.metric != CUBE_METRIC_QTM)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                         "options.metric %d: the solvers take CUBE_METRIC_HTM or CUBE_METRIC_QTM",
                         out.metric);
    if (out.max_length < 0 || out.max_length > 1000)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                         "options.max_length %d: must be 0 (default) to 1000", out.max_length);
    if (out.timeout_ms < 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                             "options.timeout_ms %d is negative", out.timeout_ms);
    return cancel_flag(out.cancel, cancel, "options.cancel");
}

void prepare_request(const cube_state *state, const cube_state *target, const cube_solve_options &options,
                     Request &r) {
    const cube_state *s = &state_ref(state);
    const cube_state *t = target ? &state_ref(target, "target") : nullptr;
    if (t) check_target(s, t);
    r.options = options;
    r.size = s->size;
    if (r.size == 3 && options.metric == CUBE_METRIC_QTM)
        throw Error(CUBE_ERROR_UNSUPPORTED, "the 3x3 solver counts in HTM only (QTM is for the 2x2)");
    read_states(s, t, r);
    if (r.size == 2 && (r.start.cp[DBL] != DBL || r.start.co[DBL] != 0))
        throw Error(CUBE_ERROR_UNSOLVABLE,
                    "the target's DBL corner is elsewhere in the state: the 2x2 solver keeps the DBL slot still");
}

void solve_request(cube_solver *solver, const Request &r, StopFlag &stop, MoveList &out) {
    if (stop.stopped()) throw Error(CUBE_ERROR_CANCELLED, "cancelled before the solve began");
    if (r.size == 2) {
        solve2x2(r, out);
    } else {
        solve3x3(solver, r, stop, out);
    }
}

}  // namespace lc

