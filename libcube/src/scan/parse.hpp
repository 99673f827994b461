// Scan text: the JSON form and the six-lines-of-hex form (README "Colour scans").
#pragma once
#include <cube/common.h>

#include "scan_handles.hpp"

namespace lc {

// Reads `text` (NUL-terminated, at most CUBE_SCAN_TEXT_MAX bytes) into `out`, every sample set. A failure
// throws an Error naming the line and the sample index.
void parse_scan_text(const char *text, cube_scan_input &out);

// "sample 4 (U5)": how messages name a sample.
std::string sample_name(int index);

}  // namespace lc
