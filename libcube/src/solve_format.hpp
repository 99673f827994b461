// Solve answers as text or JSON (cube_solution_format(), cube_solutions_format()).
#pragma once
#include <string>
#include <vector>

#include "move.hpp"

namespace lc {

// One solution as `cube solve` prints it: "U R2 F\n", or (json) {"ok":true,"solution":..,"length":N,"metric":..}.
std::string format_solution(const MoveList &solution, int metric, bool json);

// Every solution as `cube solve --all` prints them: "A, B\n", or (json) {"ok":true,"solutions":[..],..}; the
// length is the first one's (0 for none).
std::string format_solution_list(const std::vector<MoveList> &solutions, int metric, bool json);

}  // namespace lc
