// How the sim's C++ parts report a refusal: a status and a message, caught at the table's edge.
#pragma once
#include <cstdint>
#include <string>

namespace cube_sim {

struct Failure {
    int32_t status;
    std::string message;
};

}  // namespace cube_sim
