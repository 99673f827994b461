// Prints the plan of a move sequence on a robot: plan_tool SPEC "MOVES" [naive|greedy].
#include <cstdio>
#include <cstring>
#include <memory>

#include "error.hpp"
#include "notation.hpp"
#include "robot/plan.hpp"

static lc::robot::Strategy strategy_named(const char *name) {
    if (name && !std::strcmp(name, "naive")) return lc::robot::Strategy::kNaive;
    if (name && !std::strcmp(name, "greedy")) return lc::robot::Strategy::kGreedy;
    return lc::robot::Strategy::kOptimal;
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    try {
        lc::MoveList moves = lc::parse_moves(argv[2], 3);
        auto robot = std::make_shared<const lc::robot::Robot>(lc::robot::parse_spec(argv[1]));
        lc::robot::Plan p;
        lc::robot::make_plan(robot, moves, lc::robot::PlanQuery(strategy_named(argc > 3 ? argv[3] : nullptr)), p);
        std::fputs(lc::robot::format_plan(p, false).c_str(), stdout);
        std::string why = lc::robot::check_plan(p);
        std::printf("check: %s\n", why.empty() ? "ok" : why.c_str());
    } catch (const lc::Error &e) {
        std::fprintf(stderr, "plan_tool: %s\n", e.what());
        return 1;
    }
    return 0;
}
