// How fast a robot could solve a cube at all, ignoring planning time: for each random cube (the same
// seeds as bench_robot), the naive plan of the default solution (a), today's robot-aware plan (c),
// the quickest of every solution a two-phase search meets with a large node limit, with every phase-2
// ending, up to the shortest found length L + 2, and the quickest that a branch and bound in robot
// time (time_search.hpp) finds of at most L + 2 moves within the same node limit ("done" when it
// finished: then nothing of at most L + 2 moves is quicker). Candidates are timed by SequenceCost,
// which is checked against the planner on a sample and on every answer.
// Usage: bench_robot_reach [CUBES=20] [FAMILY=turntable-flipper] [NODES=20000000] [FIRST=0] [EXTRA=2]
//        [BB_NODES=NODES]   (NODES for the collector, BB_NODES for the branch and bound)
// Needs the full 3x3 tables ($CUBE_TABLE_DIR). Deterministic: all work is counted in nodes.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>

#include "../twophase/helpers.hpp"
#include "error.hpp"
#include "notation.hpp"
#include "random.hpp"
#include "robot/plan.hpp"
#include "robot/robot.hpp"
#include "robot/robot_solve.hpp"
#include "robot/sequence_cost.hpp"
#include "robot_time_search.hpp"
#include "twophase/twophase.hpp"

using namespace lc;
using namespace lc::robot;

namespace {

double cpu_s() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + t.tv_nsec / 1e9;
}

[[noreturn]] void die(const std::string &what) {
    std::fprintf(stderr, "bench_robot_reach: %s\n", what.c_str());
    std::exit(1);
}

int64_t plan_us(const std::shared_ptr<const Robot> &robot, const MoveList &m, Strategy s) {
    Plan p;
    make_plan(robot, m, lc::robot::PlanQuery(s), p);
    const std::string why = check_plan(p);
    if (!why.empty()) die("plan check: " + why);
    return p.total_us;
}

// The default solution as robot_solve finds it: the default solve, then 20 ms of nodes for a shorter one.
MoveList default_solution(const twophase::Tables &t, const CubieCube &c) {
    twophase::Options o;
    MoveList first, shorter;
    if (tp_test::solve_status(t, c, CubieCube::solved(), o, first) != CUBE_OK) die("solve");
    if (first.size() <= 1) return first;
    o.max_length = int(first.size()) - 1;
    o.node_limit = 240000;
    o.min_effort = true;
    return tp_test::solve_status(t, c, CubieCube::solved(), o, shorter) == CUBE_OK ? shorter : first;
}

struct Best {
    int64_t us = SequenceCost::kNever;
    MoveList moves;
};

// The quickest of every solution of at most `length` moves the collector meets within `nodes`; the
// first `check` of them are also planned and must agree with SequenceCost.
Best collected(const twophase::Tables &t, const std::shared_ptr<const Robot> &robot, const SequenceCost &cost,
               const CubieCube &c, int length, uint64_t nodes, int check, bool every = true) {
    Best best;
    std::function<bool(const MoveList &)> collect = [&](const MoveList &m) {
        const int64_t us = cost.time(face_turns(m), best.us);
        if (check > 0) {
            --check;
            if (cost.time(face_turns(m)) != plan_us(robot, m, Strategy::kOptimal)) die("SequenceCost differs");
        }
        if (us < best.us) best = {us, m};
        return true;
    };
    twophase::Options o;
    o.max_length = length;
    o.node_limit = nodes;
    o.collect = &collect;
    o.collect_every_ending = every;
    MoveList none;
    if (tp_test::solve_status(t, c, CubieCube::solved(), o, none) != CUBE_OK) die("collect");
    return best;
}

// As collected(), over the cube and the cube with each face move fixed first or last (37 searches,
// `nodes` shared equally), as robot_solve collects.
Best collected_shapes(const twophase::Tables &t, const SequenceCost &cost, const CubieCube &c, int length,
                      uint64_t nodes, bool every) {
    Best best;
    MoveList head, tail;
    std::function<bool(const MoveList &)> collect = [&](const MoveList &m) {
        MoveList whole = head;
        whole.insert(whole.end(), m.begin(), m.end());
        whole.insert(whole.end(), tail.begin(), tail.end());
        const int64_t us = cost.time(face_turns(whole), best.us);
        if (us < best.us) best = {us, whole};
        return true;
    };
    for (int k = 0; k < 37; ++k) {
        head.clear();
        tail.clear();
        if (k > 0) {
            const int m = (k - 1) % 18;
            (k <= 18 ? head : tail).push_back(Move{uint8_t(m / 3), uint8_t(1 + m % 3)});
        }
        CubieCube from = c, to = CubieCube::solved();
        apply_face_turns(from, head);
        apply_face_turns(to, inverted(tail));
        twophase::Options o;
        o.max_length = length - int(head.size() + tail.size());
        o.node_limit = nodes / 37;
        o.collect = &collect;
        o.collect_every_ending = every;
        MoveList none;
        if (tp_test::solve_status(t, from, to, o, none) != CUBE_OK) die("collect");
    }
    return best;
}

double pct(double a, double b) {
    return 100.0 * (1.0 - b / a);
}

}  // namespace

int main(int argc, char **argv) {
    const int cubes = argc > 1 ? std::atoi(argv[1]) : 20;
    const std::string family_text = argc > 2 ? argv[2] : "turntable-flipper";
    const uint64_t nodes = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 20000000;
    const int first = argc > 4 ? std::atoi(argv[4]) : 0;
    const int extra = argc > 5 ? std::atoi(argv[5]) : 2;
    const uint64_t bb_nodes = argc > 6 ? std::strtoull(argv[6], nullptr, 10) : nodes;
    Family family;
    if (!family_from_name(family_text, family)) die("unknown family " + family_text);
    auto robot = std::make_shared<const Robot>(default_params(family));
    const SequenceCost cost(*robot);
    if (!cost.supported()) die("SequenceCost does not support this robot");
    auto tables = twophase::load_or_build(twophase::default_table_dir(), twophase::Progress{});
    if (!tables) die("tables");
    if (std::getenv("REACH_TUNE")) {
        // Collector variants at `nodes` each: one search or 37 shapes, every ending or the first.
        double sa = 0, sc = 0, v[4] = {0, 0, 0, 0}, cpu[4] = {0, 0, 0, 0};
        for (int i = first; i < first + cubes; ++i) {
            Rng rng(1000 + uint64_t(i));
            const CubieCube c = random_cubie(rng);
            const MoveList a = default_solution(*tables, c);
            const int L = int(a.size());
            const int64_t naive = plan_us(robot, a, Strategy::kNaive);
            const Plan today = robot_solve(robot, *tables, c, CubieCube::solved(), work_for(150, 20), nullptr, {});
            sa += naive, sc += today.total_us;
            std::printf("%4d %3d %9.0f today %5.1f%%", i, L, naive / 1e3, pct(naive, today.total_us));
            for (int variant = 0; variant < 4; ++variant) {
                const double t0 = cpu_s();
                const Best b = variant < 2 ? collected(*tables, robot, cost, c, L + extra, nodes, 0, variant == 0)
                                           : collected_shapes(*tables, cost, c, L + extra, nodes, variant == 2);
                cpu[variant] += cpu_s() - t0;
                v[variant] += double(std::min(b.us, today.total_us));
                std::printf(" | %5.1f%% %2d", pct(naive, b.us), int(b.moves.size()));
            }
            std::printf("\n");
            std::fflush(stdout);
        }
        const int n = cubes;
        std::printf("mean: today %.1f%%; one search every ending %.1f%% (%.0f ms), first ending %.1f%%, "
                    "37 shapes every "
                    "ending %.1f%% (%.0f ms), 37 shapes first ending %.1f%% (%.0f ms)  [%llu nodes, L + %d]\n",
                    pct(sa, sc), pct(sa, v[0]), cpu[0] * 1e3 / n, pct(sa, v[1]), pct(sa, v[2]), cpu[2] * 1e3 / n,
                    pct(sa, v[3]), cpu[3] * 1e3 / n, (unsigned long long)nodes, extra);
        return 0;
    }
    std::printf("%4s %3s %9s | %9s %6s %3s | %9s %6s %3s | %9s %6s %3s %5s %11s | %6s\n", "cube", "L", "(a) ms",
                "today", "%", "len", "collect", "%", "len", "B&B", "%", "len", "done", "nodes", "cpu s");
    double sa = 0, sc = 0, sk = 0, sb = 0;
    int n = 0, done = 0;
    for (int i = first; i < first + cubes; ++i) {
        const double t0 = cpu_s();
        Rng rng(1000 + uint64_t(i));
        const CubieCube c = random_cubie(rng);
        const MoveList a = default_solution(*tables, c);
        const int L = int(a.size());
        const int64_t naive = plan_us(robot, a, Strategy::kNaive);
        const Plan today = robot_solve(robot, *tables, c, CubieCube::solved(), work_for(150, 20), nullptr, {});
        const Best k = collected(*tables, robot, cost, c, L + extra, nodes, i == first ? 300 : 0);
        TimeSearch ts;
        ts.max_length = L + extra;
        ts.bound_us = today.total_us + 1;
        ts.node_limit = bb_nodes;
        time_search(*tables, cost, c, ts);
        int64_t b = today.total_us;
        if (!ts.moves.empty() || ts.us < SequenceCost::kNever) {
            CubieCube check = c;
            apply_face_turns(check, ts.moves);
            if (check != CubieCube::solved()) die("the time search's solution does not solve the cube");
            if (plan_us(robot, ts.moves, Strategy::kOptimal) != ts.us) die("SequenceCost differs from the planner");
            b = ts.us;
        }
        if (plan_us(robot, k.moves, Strategy::kOptimal) != k.us) die("SequenceCost differs from the planner");
        std::printf("%4d %3d %9.0f | %9.0f %5.1f%% %3d | %9.0f %5.1f%% %3d | %9.0f %5.1f%% %3d %5s %11llu | %6.1f\n",
                    i, L, naive / 1e3, today.total_us / 1e3, pct(naive, today.total_us), int(today.moves.size()),
                    k.us / 1e3, pct(naive, k.us), int(k.moves.size()),
                    b / 1e3, pct(naive, b), int(ts.moves.empty() ? today.moves.size() : ts.moves.size()),
                    ts.complete ? "yes" : "no", (unsigned long long)ts.nodes, cpu_s() - t0);
        std::fflush(stdout);
        sa += naive, sc += today.total_us, sk += k.us, sb += b;
        done += ts.complete;
        ++n;
    }
    std::printf("mean of %d: (a) %.0f ms, today %.0f (%.1f%%), collect %.0f (%.1f%%), B&B %.0f (%.1f%%), %d done; "
                "%llu collector nodes, %llu B&B nodes, length <= L + %d\n",
                n, sa / n / 1e3, sc / n / 1e3, pct(sa, sc), sk / n / 1e3, pct(sa, sk), sb / n / 1e3, pct(sa, sb), done,
                (unsigned long long)nodes, (unsigned long long)bb_nodes, extra);
    return 0;
}
