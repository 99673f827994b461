#include "method/lbl.hpp"

#include "error.hpp"

namespace lc::method {
namespace {

using StageFn = void (*)(CubieCube &, Stage &);

struct StageDef {
    const char *name;
    StageFn solve;
};

constexpr StageDef kStages3[] = {
    {"cross", solve_cross},
    {"first-layer-corners", solve_first_layer_corners},
    {"middle-layer", solve_middle_layer},
    {"top-cross", solve_top_cross},
    {"top-face", solve_top_face},
    {"top-corners", solve_top_corners},
    {"top-edges", solve_top_edges},
};

constexpr StageDef kStages2[] = {
    {"first-layer", solve_first_layer_corners},
    {"top-face", solve_top_face},
    {"top-corners", solve_top_corners},
};

bool solved(int size, const CubieCube &c) {
    CubieCube goal = CubieCube::solved();
    return size == 3 ? c == goal : c.cp == goal.cp && c.co == goal.co;
}

}  // namespace

std::vector<Stage> solve_lbl(int size, CubieCube c) {
    std::vector<Stage> stages;
    auto run = [&](const StageDef &def) {
        Stage s{def.name, {}, {}};
        def.solve(c, s);
        stages.push_back(std::move(s));
    };
    if (size == 3)
        for (const StageDef &def : kStages3) run(def);
    else
        for (const StageDef &def : kStages2) run(def);
    if (!solved(size, c)) throw Error(CUBE_ERROR_INTERNAL, "the layer-by-layer stages did not solve the cube");
    return stages;
}

}  // namespace lc::method
