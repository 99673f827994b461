// Tic error bits by name, for fault records and device listings.
#pragma once
#include <cstdint>
#include <string>

namespace cube_tic {

// "motor driver error, low VIN", or "none".
std::string error_names(uint32_t bits);

}  // namespace cube_tic
