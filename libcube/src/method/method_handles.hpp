// What the public method solution handle holds.
#pragma once
#include <cube/method.h>

#include <string>
#include <vector>

#include "error.hpp"
#include "move.hpp"

// A solution by a method: per stage its name, moves, the cube after it and the formulas it performed.
struct cube_method_solution {
    struct Stage {
        std::string name;
        lc::MoveList moves;
        std::string facelets;
        std::vector<std::string> formulas;
    };
    lc::HandleTag tag{lc::kMagicMethodSolution};
    int size = 3;
    std::vector<Stage> stages;
    ~cube_method_solution() { tag.magic = 0; }
};
