// How the sim's C++ parts report a refusal: a status and a message, caught at the table's edge
// (plugin_entry.hpp).
#pragma once
#include "plugin_entry.hpp"

namespace cube_sim {

using Failure = cube_plugin::Failure;

}  // namespace cube_sim
