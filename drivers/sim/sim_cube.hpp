// The cube a sim holds: 54 facelet letters (as cube_state_facelets() writes them), in the robot's frame.
#pragma once
#include <string>

namespace cube_sim {

// A solved cube.
std::string solved_cube();

// A solved cube turned by `moves` (3x3 notation). Throws Failure(CUBE_ERROR_PARSE) with the reason.
std::string scrambled_cube(const std::string &moves);

// Whether every face shows one colour, whichever way the whole cube is turned.
bool is_solved(const std::string &facelets);

}  // namespace cube_sim
