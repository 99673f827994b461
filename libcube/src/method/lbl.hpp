// The beginner's layer-by-layer method (see cube/method.h for its stages), on cubies in the solver's frame.
#pragma once
#include <string>
#include <vector>

#include "cubie.hpp"
#include "move.hpp"

namespace lc::method {

// One stage: its name, its moves as performed, and the formulas it performed (one name per use).
struct Stage {
    const char *name;
    MoveList moves;
    std::vector<std::string> formulas;
};

// The stages that solve `c` (a 2x2 uses only the corners), in order. Throws lc::Error(CUBE_ERROR_INTERNAL)
// if a stage fails to reach its goal (a bug).
std::vector<Stage> solve_lbl(int size, CubieCube c);

// The stages, each solving its part of `c` and recording what it did in `out` (stages.cpp, cross.cpp,
// last_layer.cpp).
void solve_cross(CubieCube &c, Stage &out);
void solve_first_layer_corners(CubieCube &c, Stage &out);
void solve_middle_layer(CubieCube &c, Stage &out);
void solve_top_cross(CubieCube &c, Stage &out);
void solve_top_face(CubieCube &c, Stage &out);
void solve_top_corners(CubieCube &c, Stage &out);
void solve_top_edges(CubieCube &c, Stage &out);

}  // namespace lc::method
