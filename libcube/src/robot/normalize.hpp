// A move sequence as outer-face turns in the cube's starting frame (what a robot has to perform).
#pragma once
#include <vector>

#include "move.hpp"

namespace lc::robot {

struct FaceTurn {
    uint8_t face;    // U R F D L B of the cube as it was at the start
    uint8_t amount;  // 1, 2 or 3
    int32_t source;  // index of the move it comes from
};

// Wide turns become the opposite face plus a rotation, slices two faces plus a rotation; rotations
// only change which face later moves name.
std::vector<FaceTurn> face_turns(const MoveList &moves);

}  // namespace lc::robot
