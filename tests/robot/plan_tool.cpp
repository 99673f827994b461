// Prints the plan of a move sequence on a robot: plan_tool SPEC "MOVES" [naive|greedy].
#include <cstdio>
#include <cstring>

#include "robot_util.hpp"

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    auto r = rt::robot(argv[1]);
    lc::robot::Plan p;
    lc::robot::make_plan(r, rt::moves(argv[2]),
                         argc > 3 && !std::strcmp(argv[3], "naive")    ? lc::robot::Strategy::kNaive
                         : argc > 3 && !std::strcmp(argv[3], "greedy") ? lc::robot::Strategy::kGreedy
                                                                       : lc::robot::Strategy::kOptimal,
                         -1, p);
    std::fputs(lc::robot::format_plan(p, false).c_str(), stdout);
    std::string why = lc::robot::check_plan(p);
    std::printf("check: %s\n", why.empty() ? "ok" : why.c_str());
    return 0;
}
