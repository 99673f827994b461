// How the Maestro driver's C++ parts report a failure: a status and a message, caught at the table's
// edge (maestro_table.cpp) so that nothing is thrown across the C ABI.
#pragma once
#include <cstdint>
#include <string>

namespace cube_maestro {

struct Failure {
    int32_t status;
    std::string message;
};

}  // namespace cube_maestro
