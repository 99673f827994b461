// How the Maestro driver's C++ parts report a failure: a status and a message, caught at the table's
// edge (maestro_table.cpp, plugin_entry.hpp) so that nothing is thrown across the C ABI.
#pragma once
#include "plugin_entry.hpp"

namespace cube_maestro {

using Failure = cube_plugin::Failure;

}  // namespace cube_maestro
