// Method solutions as text or JSON (cube_method_solution_format()).
#pragma once
#include <string>

#include "method/method_handles.hpp"

namespace lc::method {

// The solution as `cube solve --method lbl` prints it: `kind` is a ::cube_method_format_kind.
std::string format_solution(const cube_method_solution &solution, int32_t kind);

}  // namespace lc::method
