// C API: solving by a human method (cube/method.h).
#include <cube/method.h>

#include <memory>
#include <string>
#include <vector>

#include "api_util.hpp"
#include "facelets.hpp"
#include "geometry.hpp"
#include "handles.hpp"
#include "method/formulas.hpp"
#include "method/format.hpp"
#include "method/lbl.hpp"
#include "method/method_handles.hpp"
#include "solver_impl.hpp"
#include "versioned.hpp"

namespace lc {
namespace {

cube_method_options default_method_options() {
    return sized_struct<cube_method_options>();
}

cube_status read_method_options(const cube_method_options *in, cube_method_options &out) {
    out = default_method_options();
    cube_status st = read_versioned(in, out, "options");
    if (st != CUBE_OK) return st;
    if (out.flags & ~static_cast<uint32_t>(CUBE_METHOD_AS_PERFORMED))
        return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                         "options.flags 0x%x: unknown flags (CUBE_METHOD_AS_PERFORMED is 0x%x)",
                         out.flags, static_cast<unsigned>(CUBE_METHOD_AS_PERFORMED));
    return CUBE_OK;
}

const cube_method_solution *solution_impl(const cube_method_solution *s) {
    return checked<const cube_method_solution>(s, kMagicMethodSolution, "solution");
}

// The stage `index` of a solution; nullptr (and an error) if there is none.
const cube_method_solution::Stage *stage_of(const cube_method_solution *solution, int32_t index) {
    const cube_method_solution *s = solution_impl(solution);
    if (!s) return nullptr;
    if (index < 0 || index >= static_cast<int32_t>(s->stages.size())) {
        set_error(CUBE_ERROR_INVALID_ARGUMENT, "stage %d: the solution has stages 0 to %d", index,
                  static_cast<int>(s->stages.size()) - 1);
        return nullptr;
    }
    return &s->stages[static_cast<size_t>(index)];
}

std::unique_ptr<cube_method_solution> solve_by_lbl(const cube_state &state, const cube_method_options &options) {
    auto out = std::make_unique<cube_method_solution>();
    out->size = state.size;
    const Geometry &g = geometry(state.size);
    std::string letters = state.letters;
    for (method::Stage &stage : method::solve_lbl(state.size, cubies_of(state.size, state.letters))) {
        MoveList moves = (options.flags & CUBE_METHOD_AS_PERFORMED) ? stage.moves : simplified(stage.moves);
        for (const Move &m : moves) apply_move(g, letters, m);
        out->stages.push_back({stage.name, std::move(moves), letters, std::move(stage.formulas)});
    }
    return out;
}

}  // namespace
}  // namespace lc

using namespace lc;

extern "C" {

CUBE_API cube_status cube_method_options_init_sized(cube_method_options *options, uint32_t size) {
    return api_guard([&]() -> cube_status { return init_versioned(options, size, default_method_options()); });
}

CUBE_API cube_status cube_solve_method(cube_solver *solver, const cube_state *state, int32_t method,
                                       const cube_method_options *options, cube_method_solution **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        cube_solver *sv = solver_impl(solver);
        if (!sv) return CUBE_ERROR_INVALID_ARGUMENT;
        SolverCall call(sv);
        const cube_state *s = state_impl(state);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        if (method != CUBE_METHOD_LBL)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "method %d: the methods are CUBE_METHOD_LBL (%d)", method,
                             static_cast<int>(CUBE_METHOD_LBL));
        cube_method_options o;
        if ((st = read_method_options(options, o)) != CUBE_OK) return st;
        *out = solve_by_lbl(*s, o).release();
        return CUBE_OK;
    });
}

CUBE_API void cube_method_solution_free(cube_method_solution *solution) {
    if (solution && solution->tag.magic == kMagicMethodSolution) delete solution;
}

CUBE_API cube_status cube_method_solution_moves(const cube_method_solution *solution, cube_moves **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        const cube_method_solution *s = solution_impl(solution);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        MoveList all;
        for (const auto &stage : s->stages) all.insert(all.end(), stage.moves.begin(), stage.moves.end());
        *out = new_moves_handle(s->size, std::move(all));
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_method_solution_stage_count(const cube_method_solution *solution, int32_t *count) {
    if (cube_status cleared = clear_out(count, "count"); cleared != CUBE_OK) return cleared;
    const cube_method_solution *s = solution_impl(solution);
    if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
    *count = static_cast<int32_t>(s->stages.size());
    return CUBE_OK;
}

CUBE_API cube_status cube_method_solution_stage_name(const cube_method_solution *solution, int32_t stage,
                                                     const char **name) {
    if (cube_status cleared = clear_out(name, "name"); cleared != CUBE_OK) return cleared;
    const auto *st = stage_of(solution, stage);
    if (!st) return CUBE_ERROR_INVALID_ARGUMENT;
    *name = st->name.c_str();
    return CUBE_OK;
}

CUBE_API cube_status cube_method_solution_stage_moves(const cube_method_solution *solution, int32_t stage,
                                                      cube_moves **out) {
    return api_guard([&]() -> cube_status {
        cube_status status = check_out(out);
        if (status != CUBE_OK) return status;
        const auto *st = stage_of(solution, stage);
        if (!st) return CUBE_ERROR_INVALID_ARGUMENT;
        *out = new_moves_handle(solution->size, st->moves);
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_method_solution_stage_facelets(const cube_method_solution *solution, int32_t stage,
                                                         const char **facelets) {
    if (cube_status cleared = clear_out(facelets, "facelets"); cleared != CUBE_OK) return cleared;
    const auto *st = stage_of(solution, stage);
    if (!st) return CUBE_ERROR_INVALID_ARGUMENT;
    *facelets = st->facelets.c_str();
    return CUBE_OK;
}

CUBE_API cube_status cube_method_solution_algorithm_count(const cube_method_solution *solution, int32_t stage,
                                                          int32_t *count) {
    if (cube_status cleared = clear_out(count, "count"); cleared != CUBE_OK) return cleared;
    const auto *st = stage_of(solution, stage);
    if (!st) return CUBE_ERROR_INVALID_ARGUMENT;
    *count = static_cast<int32_t>(st->formulas.size());
    return CUBE_OK;
}

CUBE_API cube_status cube_method_solution_algorithm(const cube_method_solution *solution, int32_t stage,
                                                    int32_t index, const char **name) {
    if (cube_status cleared = clear_out(name, "name"); cleared != CUBE_OK) return cleared;
    const auto *st = stage_of(solution, stage);
    if (!st) return CUBE_ERROR_INVALID_ARGUMENT;
    if (index < 0 || index >= static_cast<int32_t>(st->formulas.size()))
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "algorithm %d: stage %d performed %d", index, stage,
                         static_cast<int>(st->formulas.size()));
    *name = st->formulas[static_cast<size_t>(index)].c_str();
    return CUBE_OK;
}

CUBE_API cube_status cube_method_algorithm_moves(const char *name, const char **moves) {
    return api_guard([&]() -> cube_status {
        if (cube_status cleared = clear_out(moves, "moves"); cleared != CUBE_OK) return cleared;
        if (!name) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "name is NULL");
        const method::Formula *f = method::find_formula(name);
        if (!f) return set_error(CUBE_ERROR_NOT_FOUND, "no formula is named \"%s\"", name);
        *moves = f->moves;
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_method_solution_format(const cube_method_solution *solution, int32_t format, char *buffer,
                                                 int32_t capacity, int32_t *length) {
    return api_guard([&]() -> cube_status {
        const cube_method_solution *s = solution_impl(solution);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        if (format != CUBE_METHOD_FORMAT_TEXT && format != CUBE_METHOD_FORMAT_LINE && format != CUBE_METHOD_FORMAT_JSON)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "unknown method solution format %d (CUBE_METHOD_FORMAT_TEXT, _LINE or _JSON)", format);
        return copy_out(method::format_solution(*s, format), buffer, capacity, length);
    });
}

}  // extern "C"
