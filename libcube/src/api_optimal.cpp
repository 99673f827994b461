// C API: optimal 3x3 solving (cube_solve_optimal) over the solver's full 3x3 tables.
#include <cube/solver.h>

#include <chrono>
#include <exception>
#include <string>

#include "api_util.hpp"
#include "handles.hpp"
#include "optimal/h48_table.hpp"
#include "optimal/optimal.hpp"
#include "optimal/std_table.hpp"
#include "optimal/symmetry_cut.hpp"
#include "tablefile/table_places.hpp"
#include "solutions.hpp"
#include "solver_impl.hpp"
#include "versioned.hpp"

namespace lc {
namespace {

constexpr int32_t kDefaultOptimalLimit = 1000;
constexpr int32_t kMaxOptimalLimit = 10000000;
constexpr int32_t kMaxOptimalThreads = 256;
constexpr int32_t kMaxOptimalLength = 1000;

cube_optimal_options default_optimal_options() {
    cube_optimal_options o = sized_struct<cube_optimal_options>();
    o.metric = CUBE_METRIC_HTM;
    return o;
}

// A caller's options (NULL: the defaults), checked, as the search's options.
cube_status read_optimal_options(const cube_optimal_options *in, cube_optimal_options &o,
                                 const std::atomic<int32_t> *&cancel) {
    o = default_optimal_options();
    cube_status st = read_versioned(in, o, "options");
    if (st != CUBE_OK) return st;
    if (o.metric != CUBE_METRIC_HTM && o.metric != CUBE_METRIC_QTM)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "options.metric %d: must be CUBE_METRIC_HTM or CUBE_METRIC_QTM",
                         o.metric);
    if (o.max_length < 0 || o.max_length > kMaxOptimalLength)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "options.max_length %d: must be 0 (no limit) to %d", o.max_length,
                         kMaxOptimalLength);
    if (o.reserved != 0)
        return set_error(CUBE_ERROR_UNSUPPORTED,
                         "options.reserved is %d: this libcube knows no field there", o.reserved);
    if (o.timeout_ms < 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                           "options.timeout_ms %d is negative", o.timeout_ms);
    if (o.limit < 0 || o.limit > kMaxOptimalLimit)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "options.limit %d: must be 0 (default) to %d", o.limit,
                         kMaxOptimalLimit);
    if (o.threads < 0 || o.threads > kMaxOptimalThreads)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                         "options.threads %d: must be 0 to %d", o.threads, kMaxOptimalThreads);
    return cancel_flag(o.cancel, cancel, "options.cancel");
}

optimal::Options search_options(const cube_optimal_options &o, const StopFlag &stop) {
    optimal::Options s;
    s.metric = o.metric == CUBE_METRIC_QTM ? optimal::Metric::kQtm : optimal::Metric::kHtm;
    s.max_length = o.max_length == 0 ? optimal::kGodsNumberQtm : o.max_length;
    s.timeout_us = int64_t{o.timeout_ms} * 1000;
    s.stop = &stop;
    s.all_solutions = o.all_solutions != 0;
    s.limit = o.all_solutions ? (o.limit == 0 ? kDefaultOptimalLimit : o.limit) : 1;
    s.threads = o.threads < 1 ? 1 : o.threads;
    if (o.progress) {
        cube_optimal_progress_fn fn = o.progress;
        void *user = o.progress_user_data;
        s.progress = [fn, user](const optimal::Progress &p) {
            cube_optimal_progress r = sized_struct<cube_optimal_progress>();
            r.depth = p.depth;
            r.nodes = static_cast<int64_t>(p.nodes);
            r.elapsed_us = p.elapsed_us;
            r.nodes_per_second = p.elapsed_us > 0 ? double(p.nodes) * 1e6 / double(p.elapsed_us) : 0.0;
            return fn(user, &r) != 0;
        };
    }
    return s;
}

// The search's findings in the caller's result struct (if any). The call's own status is kept.
void report_result(const optimal::Result &found, int64_t elapsed_us, cube_optimal_result *out) {
    if (!out) return;
    cube_optimal_result r = sized_struct<cube_optimal_result>();
    r.length = found.length;
    r.proven_optimal = found.proven_optimal ? 1 : 0;
    r.lower_bound = found.lower_bound;
    r.nodes = static_cast<int64_t>(found.nodes);
    r.elapsed_us = elapsed_us;
    r.standard_table = found.standard_table ? 1 : 0;
    r.small_table = found.small_table ? 1 : 0;
    r.h48_table = found.h48_table ? 1 : 0;
    cube_status saved = cube_last_status();
    std::string message = cube_last_error();
    write_versioned(r, out, "result");
    if (saved != CUBE_OK) set_error(saved, "%s", message.c_str());
}

// The tables that bound a cube's search, of those in `folders`: the H48 table (the fastest on random
// cubes), else the standard table, else the small one; a cube with symmetries takes the standard table
// first (near the superflip the H48 table's bounds fall back on h0's, which know no flips: many times slower).
struct OptimalTables {
    std::shared_ptr<const optimal::h48::H48Table> h48;
    std::shared_ptr<const optimal::StdTable> table;
};

OptimalTables find_optimal_tables(const std::vector<std::string> &folders, const CubieCube &cube,
                                  std::string &why) {
    OptimalTables found;
    const bool symmetric = optimal::SymmetryCut(cube).symmetries() > 1;
    if (symmetric) found.table = optimal::find_std(folders, optimal::kStdLayout, why);
    if (!found.table) found.h48 = optimal::h48::find_h48(folders, optimal::h48::kH48Layout, why);
    if (!found.table && !found.h48 && !symmetric) found.table = optimal::find_std(folders, optimal::kStdLayout, why);
    if (!found.table && !found.h48) found.table = optimal::find_std(folders, optimal::kSmallLayout, why);
    return found;
}

cube_status solve_optimal(cube_solver *solver, const cube_state *state, const cube_optimal_options *options,
                          cube_solutions **out, cube_optimal_result *result) {
    cube_status st = check_out(out);
    if (st != CUBE_OK) return st;
    if (result) {
        uint32_t size = result->struct_size;
        if ((st = cube_optimal_result_init_sized(result, size)) != CUBE_OK)
            return set_error(st, "result.struct_size %u: fill it with cube_optimal_result_init()", size);
    }
    cube_solver *s = solver_impl(solver);
    if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
    SolverCall call(s);
    cube_optimal_options o;
    const std::atomic<int32_t> *token = nullptr;
    if ((st = read_optimal_options(options, o, token)) != CUBE_OK) return st;
    Request r;
    prepare_request(state, nullptr, default_solve_options(), r);
    if (r.size != 3) return set_error(CUBE_ERROR_UNSUPPORTED, "state is a 2x2: optimal solving here is for the 3x3 "
                                                         "(the 2x2 solver is optimal already: cube_solve_all())");
    StopFlag stop(token);
    if (stop.stopped()) return set_error(CUBE_ERROR_CANCELLED, "cancelled before the search began");
    Tables3 tables = solver_full_tables3(s, stop);
    std::string why;
    std::vector<std::string> folders =
        s->table_dir.empty() ? tablefile::search_path().folders : std::vector<std::string>{s->table_dir};
    const OptimalTables found_tables = find_optimal_tables(folders, r.start, why);
    auto started = std::chrono::steady_clock::now();
    optimal::Result found;
    optimal::Options search = search_options(o, stop);
    search.h48 = found_tables.h48.get();
    search.table = found_tables.table.get();
    // The result struct gets what the search found also when it ends without a solution.
    std::exception_ptr failure;
    try {
        optimal::solve(*tables.full, r.start, search, found);
    } catch (const Error &) {
        failure = std::current_exception();
    }
    int64_t elapsed =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started).count();
    if (!found.solutions.empty()) {
        SolutionsBuilder list;
        for (const MoveList &m : found.solutions) list.add_solution(3, m);
        *out = list.release();
    }
    report_result(found, elapsed, result);
    if (failure) std::rethrow_exception(failure);
    return CUBE_OK;
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_optimal_options_init_sized(cube_optimal_options *options, uint32_t size) {
    return lc::api_guard(
        [&]() -> cube_status { return lc::init_versioned(options, size, lc::default_optimal_options()); });
}

CUBE_API cube_status cube_optimal_result_init_sized(cube_optimal_result *result, uint32_t size) {
    return lc::api_guard([&]() -> cube_status {
        cube_optimal_result zero{};
        zero.length = -1;
        return lc::init_versioned(result, size, zero);
    });
}

CUBE_API cube_status cube_solve_optimal(cube_solver *solver, const cube_state *state,
                                        const cube_optimal_options *options, cube_solutions **out,
                                        cube_optimal_result *result) {
    return lc::api_guard([&]() -> cube_status { return lc::solve_optimal(solver, state, options, out, result); });
}

}  // extern "C"
