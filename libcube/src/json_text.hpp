// Pieces of the JSON answers the library's formatters write (scan, solve, method answers).
#pragma once
#include <string>

namespace lc {

// `text` as a JSON string: quoted, '"' and '\' escaped, control characters left out.
std::string json_quoted(const std::string &text);

// "true" or "false".
const char *json_bool(bool value);

// printf-style formatting into a std::string (the answers' numbers: "%.6f", "%.3g").
std::string printed(const char *format, double value);

}  // namespace lc
