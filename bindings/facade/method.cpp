// lcb::MethodSolution over cube_method_solution (cube/method.h).
#include "call.hpp"

namespace lcb {

static_assert(static_cast<int32_t>(Method::Lbl) == CUBE_METHOD_LBL, "Method::Lbl != CUBE_METHOD_LBL");

MethodSolution::MethodSolution(cube_method_solution *solution) : solution_(solution) {}

MethodSolution::~MethodSolution() { cube_method_solution_free(solution_); }

MethodSolution *MethodSolution::solve(Solver &solver, const Cube &cube, Method method, bool asPerformed) {
    cube_method_options options;
    detail::check(cube_method_options_init(&options));
    options.flags = asPerformed ? static_cast<uint32_t>(CUBE_METHOD_AS_PERFORMED) : 0u;
    cube_method_solution *solution = nullptr;
    detail::check(cube_solve_method(solver.handle(), cube.handle(), static_cast<int32_t>(method), &options, &solution));
    return new MethodSolution(solution);
}

Moves *MethodSolution::moves() const {
    cube_moves *moves = nullptr;
    detail::check(cube_method_solution_moves(solution_, &moves));
    return Moves::adopt(moves);
}

int32_t MethodSolution::stageCount() const {
    int32_t count = 0;
    detail::check(cube_method_solution_stage_count(solution_, &count));
    return count;
}

std::string MethodSolution::stageName(int32_t stage) const {
    const char *name = nullptr;
    detail::check(cube_method_solution_stage_name(solution_, stage, &name));
    return name;
}

Moves *MethodSolution::stageMoves(int32_t stage) const {
    cube_moves *moves = nullptr;
    detail::check(cube_method_solution_stage_moves(solution_, stage, &moves));
    return Moves::adopt(moves);
}

std::string MethodSolution::stageFacelets(int32_t stage) const {
    const char *facelets = nullptr;
    detail::check(cube_method_solution_stage_facelets(solution_, stage, &facelets));
    return facelets;
}

int32_t MethodSolution::algorithmCount(int32_t stage) const {
    int32_t count = 0;
    detail::check(cube_method_solution_algorithm_count(solution_, stage, &count));
    return count;
}

std::string MethodSolution::algorithm(int32_t stage, int32_t index) const {
    const char *name = nullptr;
    detail::check(cube_method_solution_algorithm(solution_, stage, index, &name));
    return name;
}

std::string MethodSolution::algorithmMoves(const std::string &name) {
    const char *moves = nullptr;
    detail::check(cube_method_algorithm_moves(name.c_str(), &moves));
    return moves;
}

std::string MethodSolution::text() const {
    return detail::readFormat(cube_method_solution_format, solution_, CUBE_METHOD_FORMAT_TEXT);
}

std::string MethodSolution::line() const {
    return detail::readFormat(cube_method_solution_format, solution_, CUBE_METHOD_FORMAT_LINE);
}

std::string MethodSolution::json() const {
    return detail::readFormat(cube_method_solution_format, solution_, CUBE_METHOD_FORMAT_JSON);
}

} // namespace lcb
