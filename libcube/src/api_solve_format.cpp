// C API: solve answers as text or JSON (cube/solver.h: cube_solution_format(), cube_solutions_format()).
#include <cube/solver.h>

#include "api_util.hpp"
#include "handles.hpp"
#include "solutions.hpp"
#include "solve_format.hpp"

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
        for (int32_t i = 0; i < l->count(); ++i) {
            if (l->statuses[static_cast<size_t>(i)] != CUBE_OK)
                return set_error(l->statuses[static_cast<size_t>(i)], "entry %d: %s", i, l->message(i).c_str());
            solutions.push_back(l->entry_moves(i));
        }
        return copy_out(format_solution_list(solutions, metric, format == CUBE_SOLVE_FORMAT_JSON), buffer, capacity,
                        length);
    });
}

}  // extern "C"
