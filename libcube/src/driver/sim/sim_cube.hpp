// The cube a sim holds: 54 facelet letters (as cube_state_facelets() writes them), in the robot's frame.
#pragma once
#include <string>

namespace cube_sim {

// A solved cube.
std::string solved_cube();

// A solved cube turned by `moves` (3x3 notation). Throws Failure(CUBE_ERROR_PARSE) with the reason.
std::string scrambled_cube(const std::string &moves);

// A cube whose 54 facelets are all different labels: a step of the robot's physics turns it into the
// sources of its facelets, which turned() applies to any cube.
std::string labelled_cube();

// `cube` turned as a step turned labelled_cube() into `moves`.
std::string turned(const std::string &cube, const std::string &moves);

// Whether every face shows one colour, whichever way the whole cube is turned.
bool is_solved(const std::string &facelets);

}  // namespace cube_sim
