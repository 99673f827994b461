// Scan results as text or JSON (cube_scan_result_format()).
#pragma once
#include <string>

#include "scan_handles.hpp"

namespace lc {

// The result as `cube scan` prints it, or (json) as one JSON object without a newline.
std::string format_scan_result(const cube_scan_result &result, bool json);

}  // namespace lc
