// C API: the solver handle, dispatching to the 2x2 optimal solver and the 3x3 two-phase solver.
#include <cube/solver.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "api_util.hpp"
#include "facelets.hpp"
#include "handles.hpp"
#include "solve2/solve2.hpp"
#include "twophase/twophase.hpp"

using namespace lc;

struct cube_solver {
    HandleTag tag{kMagicSolver};
    std::string table_dir;
    cube_progress_fn progress = nullptr;
    void *progress_user = nullptr;
    std::mutex load_mutex;
    std::shared_ptr<const twophase::Tables> tables3;
    ~cube_solver() { tag.magic = 0; }
};

namespace {

cube_solver *solver_impl(cube_solver *s) { return checked<cube_solver>(s, kMagicSolver, "solver"); }

void report_to(cube_progress_fn fn, void *user, const std::string &report) {
    if (fn && !report.empty()) fn(user, report.c_str(), 0.0);
}

const twophase::Tables *tables3(cube_solver *s) {
    std::lock_guard<std::mutex> lock(s->load_mutex);
    if (!s->tables3) {
        twophase::Progress progress;
        progress.fn = s->progress;
        progress.user = s->progress_user;
        std::string report;
        std::string dir = s->table_dir.empty() ? twophase::default_table_dir() : s->table_dir;
        s->tables3 = twophase::load_or_build(dir, progress, &report);
        report_to(s->progress, s->progress_user, report);
    }
    return s->tables3.get();
}

// A solve request with everything checked and both states in the solver's frame.
struct Request {
    int size = 3;
    cube_solve_options options{};
    CubieCube start, target;
};

cube_status prepare_request(const cube_state *state, const cube_solve_options *options, Request &r) {
    cube_state *s = state_impl(state);
    if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
    cube_solve_options_init(&r.options);
    cube_status st = read_versioned(options, r.options, "options");
    if (st != CUBE_OK) return st;
    const cube_solve_options &o = r.options;
    if (o.metric != CUBE_METRIC_HTM && o.metric != CUBE_METRIC_QTM)
        return fail(CUBE_ERROR_INVALID_ARGUMENT, "options.metric %d: the solvers take CUBE_METRIC_HTM or CUBE_METRIC_QTM",
                    o.metric);
    if (o.max_length < 0 || o.max_length > 1000)
        return fail(CUBE_ERROR_INVALID_ARGUMENT, "options.max_length %d: must be 0 (default) to 1000", o.max_length);
    if (o.timeout_ms < 0) return fail(CUBE_ERROR_INVALID_ARGUMENT, "options.timeout_ms %d is negative", o.timeout_ms);
    r.size = s->size;
    if (r.size == 3 && o.metric == CUBE_METRIC_QTM)
        return fail(CUBE_ERROR_UNSUPPORTED, "the 3x3 solver counts in HTM only (QTM is for the 2x2)");
    // Both states are read with the colour names that make the reference (target, or the state itself) home.
    const std::string *reference = &s->letters;
    cube_state *t = nullptr;
    if (o.target) {
        t = state_impl(o.target, "options.target");
        if (!t) return CUBE_ERROR_INVALID_ARGUMENT;
        if (t->size != s->size)
            return fail(CUBE_ERROR_INVALID_ARGUMENT, "target is a %dx%d but the state is a %dx%d", t->size, t->size,
                        s->size, s->size);
        reference = &t->letters;
        if (r.size == 3) {
            const Geometry &g = geometry(3);
            for (int f = 0; f < 6; ++f)
                if (s->letters[g.centre[f]] != t->letters[g.centre[f]])
                    return fail(CUBE_ERROR_UNSOLVABLE,
                                "target has its centres turned another way than the state: face turns cannot reach it");
        }
    }
    const Geometry &g = geometry(r.size);
    r.target = CubieCube::solved();
    if (!read_cubies(g, relabelled_like(r.size, s->letters, *reference), r.start) ||
        (t && !read_cubies(g, relabelled_like(r.size, t->letters, *reference), r.target)))
        return fail(CUBE_ERROR_INTERNAL, "state holds a piece that does not exist");
    if (r.size == 2 && (r.start.cp[DBL] != DBL || r.start.co[DBL] != 0))
        return fail(CUBE_ERROR_UNSOLVABLE,
                    "the target's DBL corner is elsewhere in the state: the 2x2 solver keeps the DBL slot still");
    return CUBE_OK;
}

solve2::Metric metric2(const Request &r) {
    return r.options.metric == CUBE_METRIC_QTM ? solve2::Metric::kQtm : solve2::Metric::kHtm;
}

// The 2x2 position to solve: reaching `target` from `start` is solving target^-1 * start.
CubieCube relative_corners(const Request &r) {
    CubieCube rel = r.target.inverse();
    rel.multiply_corners(r.start);
    return rel;
}

cube_status solve_request(cube_solver *solver, const Request &r, MoveList &out) {
    if (r.size == 2) {
        const solve2::Tables &t = solve2::tables(metric2(r));
        CubieCube rel = relative_corners(r);
        int d = solve2::distance(t, rel);
        if (r.options.max_length > 0 && d > r.options.max_length)
            return fail(CUBE_ERROR_UNSOLVABLE, "the optimal solution has %d moves, more than max_length %d", d,
                        r.options.max_length);
        out = solve2::solve(t, rel);
        return CUBE_OK;
    }
    const twophase::Tables *t = tables3(solver);
    if (!t) return cube_last_status() != CUBE_OK ? cube_last_status() : CUBE_ERROR_INTERNAL;
    twophase::Options o;
    o.max_length = r.options.max_length > 0 ? r.options.max_length : 20;
    o.timeout_us = static_cast<int64_t>(r.options.timeout_ms) * 1000;
    o.min_effort = r.options.min_effort != 0;
    return twophase::solve(*t, r.start, r.target, o, out);
}

cube_moves *new_sequence(int size, MoveList list) {
    auto m = std::make_unique<cube_moves>();
    m->size = size;
    m->list = std::move(list);
    return m.release();
}

cube_status require_2x2(const Request &r, const char *what) {
    if (r.size != 2) return fail(CUBE_ERROR_UNSUPPORTED, "%s is available for the 2x2 only", what);
    return CUBE_OK;
}

}  // namespace

extern "C" {

CUBE_API void cube_solver_config_init(cube_solver_config *config) {
    if (!config) return;
    std::memset(config, 0, sizeof *config);
    config->struct_size = sizeof *config;
}

CUBE_API void cube_solve_options_init(cube_solve_options *options) {
    if (!options) return;
    std::memset(options, 0, sizeof *options);
    options->struct_size = sizeof *options;
    options->metric = CUBE_METRIC_HTM;
}

CUBE_API cube_status cube_solver_new(const cube_solver_config *config, cube_solver **out) {
    return api_guard([&] {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        cube_solver_config c;
        cube_solver_config_init(&c);
        if ((st = read_versioned(config, c, "config")) != CUBE_OK) return st;
        auto s = std::make_unique<cube_solver>();
        if (c.table_dir) s->table_dir = c.table_dir;
        s->progress = c.progress;
        s->progress_user = c.progress_user_data;
        *out = s.release();
        return CUBE_OK;
    });
}

CUBE_API void cube_solver_free(cube_solver *solver) {
    if (solver && solver->tag.magic == kMagicSolver) delete solver;
}

CUBE_API cube_status cube_solver_prepare(cube_solver *solver, int32_t size) {
    return api_guard([&] {
        cube_solver *s = solver_impl(solver);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        cube_status st = check_size(size);
        if (st != CUBE_OK) return st;
        if (size == 2) {
            solve2::tables(solve2::Metric::kHtm);
            solve2::tables(solve2::Metric::kQtm);
            return CUBE_OK;
        }
        return tables3(s) ? CUBE_OK : cube_last_status();
    });
}

CUBE_API cube_status cube_solve(cube_solver *solver, const cube_state *state, const cube_solve_options *options,
                                cube_moves **solution) {
    return api_guard([&] {
        cube_status st = check_out(solution, "solution");
        if (st != CUBE_OK) return st;
        cube_solver *s = solver_impl(solver);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        Request r;
        if ((st = prepare_request(state, options, r)) != CUBE_OK) return st;
        MoveList moves;
        if ((st = solve_request(s, r, moves)) != CUBE_OK) return st;
        *solution = new_sequence(r.size, std::move(moves));
        return CUBE_OK;
    });
}

CUBE_API int32_t cube_solve_distance(cube_solver *solver, const cube_state *state, const cube_solve_options *options) {
    return api_guard([&]() -> int32_t {
        if (!solver_impl(solver)) return CUBE_ERROR_INVALID_ARGUMENT;
        Request r;
        cube_status st = prepare_request(state, options, r);
        if (st == CUBE_OK) st = require_2x2(r, "cube_solve_distance");
        if (st != CUBE_OK) return st;
        return solve2::distance(solve2::tables(metric2(r)), relative_corners(r));
    });
}

CUBE_API cube_status cube_solve_all(cube_solver *solver, const cube_state *state, const cube_solve_options *options,
                                    int64_t limit, cube_solution_fn fn, void *user_data, int64_t *produced) {
    return api_guard([&] {
        if (produced) *produced = 0;
        if (!solver_impl(solver)) return CUBE_ERROR_INVALID_ARGUMENT;
        if (!fn) return fail(CUBE_ERROR_INVALID_ARGUMENT, "callback is NULL");
        if (limit < 0) return fail(CUBE_ERROR_INVALID_ARGUMENT, "limit %lld is negative", static_cast<long long>(limit));
        Request r;
        cube_status st = prepare_request(state, options, r);
        if (st == CUBE_OK) st = require_2x2(r, "cube_solve_all");
        if (st != CUBE_OK) return st;
        cube_moves seq;
        seq.size = 2;
        bool stopped = false;
        int64_t given = 0;
        solve2::solve_all(solve2::tables(metric2(r)), relative_corners(r), limit, [&](const MoveList &m) {
            if (stopped) return;
            seq.list = m;
            ++given;
            if (fn(user_data, &seq) != 0) stopped = true;
        });
        if (produced) *produced = given;
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_count_optimal(cube_solver *solver, const cube_state *state,
                                        const cube_solve_options *options, int64_t *count) {
    return api_guard([&] {
        if (!count) return fail(CUBE_ERROR_INVALID_ARGUMENT, "count pointer is NULL");
        *count = 0;
        if (!solver_impl(solver)) return CUBE_ERROR_INVALID_ARGUMENT;
        Request r;
        cube_status st = prepare_request(state, options, r);
        if (st == CUBE_OK) st = require_2x2(r, "cube_count_optimal");
        if (st != CUBE_OK) return st;
        *count = solve2::count_optimal(solve2::tables(metric2(r)), relative_corners(r));
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_solve_batch(cube_solver *solver, const cube_state *const *states, int32_t count,
                                      const cube_solve_options *options, int32_t threads, cube_moves **solutions,
                                      int32_t *statuses) {
    return api_guard([&] {
        cube_solver *s = solver_impl(solver);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        if (count < 0) return fail(CUBE_ERROR_INVALID_ARGUMENT, "count %d is negative", count);
        if (count > 0 && (!states || !solutions))
            return fail(CUBE_ERROR_INVALID_ARGUMENT, "states or solutions array is NULL");
        if (threads < 0 || threads > 1024)
            return fail(CUBE_ERROR_INVALID_ARGUMENT, "threads %d: must be 0 (one per processor) to 1024", threads);
        if (threads == 0) threads = static_cast<int32_t>(std::max(1u, std::thread::hardware_concurrency()));
        threads = std::min(threads, std::max(count, 1));
        for (int32_t i = 0; i < count; ++i) solutions[i] = nullptr;
        std::vector<cube_status> result(static_cast<size_t>(count), CUBE_OK);
        std::vector<std::string> message(static_cast<size_t>(count));
        std::atomic<int32_t> next{0};
        auto work = [&] {
            for (int32_t i; (i = next.fetch_add(1)) < count;) {
                result[i] = cube_solve(s, states[i], options, &solutions[i]);
                if (result[i] != CUBE_OK) message[i] = cube_last_error();
            }
        };
        std::vector<std::thread> pool;
        for (int32_t t = 1; t < threads; ++t) pool.emplace_back(work);
        work();
        for (auto &t : pool) t.join();
        cube_status first = CUBE_OK;
        for (int32_t i = 0; i < count; ++i) {
            if (statuses) statuses[i] = result[i];
            if (first == CUBE_OK && result[i] != CUBE_OK) {
                first = result[i];
                fail(first, "state %d: %s", i, message[i].c_str());
            }
        }
        return first;
    });
}

CUBE_API cube_status cube_tables_generate(const char *table_dir, cube_progress_fn progress, void *user_data) {
    return api_guard([&] {
        twophase::Progress p;
        p.fn = progress;
        p.user = user_data;
        std::string report;
        auto t = twophase::load_or_build(table_dir ? table_dir : twophase::default_table_dir(), p, &report);
        report_to(progress, user_data, report);
        return t ? CUBE_OK : cube_last_status();
    });
}

CUBE_API cube_status cube_tables_verify(const char *table_dir) {
    return api_guard([&] {
        return twophase::verify_file(twophase::table_file_path(table_dir ? table_dir : twophase::default_table_dir()));
    });
}

CUBE_API cube_status cube_tables_path(const char *table_dir, char *buffer, int32_t capacity, int32_t *length) {
    return api_guard([&] {
        return copy_out(twophase::table_file_path(table_dir ? table_dir : twophase::default_table_dir()), buffer,
                        capacity, length);
    });
}

}  // extern "C"
