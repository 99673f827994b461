// C API: solve answers as text or JSON (cube/solver.h: cube_solution_format(), cube_solutions_format(),
// cube_optimal_result_format(), cube_optimal_count_format()).
#include <cube/solver.h>

#include "api_util.hpp"
#include "handles.hpp"
#include "solutions.hpp"
#include "solve_format.hpp"
#include "versioned.hpp"

using namespace lc;

namespace {

cube_status check_kind(int32_t metric, int32_t format) {
    if (metric < CUBE_METRIC_HTM || metric > CUBE_METRIC_STM)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "unknown metric %d", metric);
    if (format != CUBE_SOLVE_FORMAT_TEXT && format != CUBE_SOLVE_FORMAT_JSON)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                         "unknown solve format %d (CUBE_SOLVE_FORMAT_TEXT or _JSON)", format);
    return CUBE_OK;
}

// Every solution of a list, or the status (and message) of its first entry that has none.
cube_status solutions_of(const cube_solutions *l, std::vector<MoveList> &solutions) {
    for (int32_t i = 0; i < l->count(); ++i) {
        if (l->statuses[static_cast<size_t>(i)] != CUBE_OK)
            return set_error(l->statuses[static_cast<size_t>(i)], "entry %d: %s", i, l->message(i).c_str());
        solutions.push_back(l->entry_moves(i));
    }
    return CUBE_OK;
}

}  // namespace

extern "C" {

CUBE_API cube_status cube_solution_format(const cube_moves *solution, int32_t metric, int32_t format, char *buffer,
                                          int32_t capacity, int32_t *length) {
    return api_guard([&]() -> cube_status {
        cube_moves *m = moves_impl(solution, "solution");
        if (!m) return CUBE_ERROR_INVALID_ARGUMENT;
        cube_status st = check_kind(metric, format);
        if (st != CUBE_OK) return st;
        return copy_out(format_solution(m->list(), metric, format == CUBE_SOLVE_FORMAT_JSON), buffer, capacity,
                        length);
    });
}

CUBE_API cube_status cube_solutions_format(const cube_solutions *list, int32_t metric, int32_t format, char *buffer,
                                           int32_t capacity, int32_t *length) {
    return api_guard([&]() -> cube_status {
        const cube_solutions *l = checked<const cube_solutions>(list, kMagicSolutions, "list");
        if (!l) return CUBE_ERROR_INVALID_ARGUMENT;
        cube_status st = check_kind(metric, format);
        if (st != CUBE_OK) return st;
        std::vector<MoveList> solutions;
        if ((st = solutions_of(l, solutions)) != CUBE_OK) return st;
        return copy_out(format_solution_list(solutions, metric, format == CUBE_SOLVE_FORMAT_JSON), buffer, capacity,
                        length);
    });
}

CUBE_API cube_status cube_optimal_result_format(const cube_optimal_result *result, const cube_solutions *list,
                                                int32_t metric, int32_t format, char *buffer, int32_t capacity,
                                                int32_t *length) {
    return api_guard([&]() -> cube_status {
        if (!result) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "result is NULL");
        cube_optimal_result r{};
        cube_status st = read_versioned(result, r, "result");
        if (st != CUBE_OK) return st;
        const cube_solutions *l = checked<const cube_solutions>(list, kMagicSolutions, "list");
        if (!l) return CUBE_ERROR_INVALID_ARGUMENT;
        if (format < CUBE_OPTIMAL_FORMAT_TEXT || format > CUBE_OPTIMAL_FORMAT_JSON_ALL)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "unknown optimal format %d (CUBE_OPTIMAL_FORMAT_TEXT, _JSON, _TEXT_ALL or _JSON_ALL)",
                             format);
        if ((st = check_kind(metric, CUBE_SOLVE_FORMAT_TEXT)) != CUBE_OK) return st;
        OptimalAnswer answer;
        if ((st = solutions_of(l, answer.solutions)) != CUBE_OK) return st;
        answer.every = format == CUBE_OPTIMAL_FORMAT_TEXT_ALL || format == CUBE_OPTIMAL_FORMAT_JSON_ALL;
        answer.proven = r.proven_optimal != 0;
        answer.nodes = r.nodes;
        answer.standard_table = r.standard_table != 0;
        answer.small_table = r.small_table != 0;
        answer.h48_table = r.h48_table != 0;
        const bool json = format == CUBE_OPTIMAL_FORMAT_JSON || format == CUBE_OPTIMAL_FORMAT_JSON_ALL;
        return copy_out(format_optimal(answer, metric, json), buffer, capacity, length);
    });
}

CUBE_API cube_status cube_optimal_count_format(int64_t count, int32_t distance, int32_t metric, int32_t format,
                                               char *buffer, int32_t capacity, int32_t *length) {
    return api_guard([&]() -> cube_status {
        if (count < 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "count %lld is negative", (long long)count);
        if (distance < 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "distance %d is negative", distance);
        cube_status st = check_kind(metric, format);
        if (st != CUBE_OK) return st;
        return copy_out(format_optimal_count(count, distance, metric, format == CUBE_SOLVE_FORMAT_JSON), buffer,
                        capacity, length);
    });
}

}  // extern "C"
