// Solve answers as text or JSON (cube_solution_format(), cube_solutions_format(), cube_optimal_result_format(),
// cube_optimal_count_format()).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "move.hpp"

namespace lc {

// One solution as `cube solve` prints it: "U R2 F\n", or (json) {"ok":true,"solution":..,"length":N,"metric":..}.
std::string format_solution(const MoveList &solution, int metric, bool json);

// Every solution as `cube solve --all` prints them: "A, B\n", or (json) {"ok":true,"solutions":[..],..}; the
// length is the first one's (0 for none).
std::string format_solution_list(const std::vector<MoveList> &solutions, int metric, bool json);

// What an optimal search found, as `cube solve --optimal` prints it.
struct OptimalAnswer {
    std::vector<MoveList> solutions;
    bool every = false;  // every solution ("A, B" / "solutions":[..]), else the first ("solution":..)
    bool proven = false;
    int64_t nodes = 0;
    bool standard_table = false;
    bool small_table = false;
    bool h48_table = false;
};

// "A\n" (every: "A, B\n"), or (json) {"ok":true,"solution":..,"optimal":..,"nodes":N,"standard_table":..,
// "h48_table":..,"small_table":..,"length":N,"metric":..} (every: "solutions":[..]); the length is the first
// solution's (0 for none).
std::string format_optimal(const OptimalAnswer &answer, int metric, bool json);

// The number of optimal solutions as `cube solve --count` prints it: "N\n", or (json)
// {"ok":true,"count":N,"length":D,"metric":..}.
std::string format_optimal_count(int64_t count, int distance, int metric, bool json);

}  // namespace lc
