// Benchmark of robot plans over random cubes, per mechanism: mean plan time of
//   (a) the shortest solution found, expanded naively one move at a time (each move on its own, from
//       the mechanism's rest state back to rest), and, for reference, greedily (each move as quick as
//       possible from where the last one left the robot),
//   (b) the same solution planned optimally,
//   (c) robot-aware selection (cube_robot_solve: the fastest plan among several short solutions).
// Usage: bench_robot [STATES=200] [FAMILY|all] [CANDIDATES] [PLAN_MS] ; needs the 3x3 tables ($CUBE_TABLE_DIR or
//        the default folder). CANDIDATES and PLAN_MS: cube_robot_solve_options.candidates and .plan_ms
//        (defaults 5000 and 150). "(c) CPU": the mean CPU time of one cube_robot_solve().
//        bench_robot --scrambles [N=200] [FAMILY] ; (a) and (b) only, on the inverses of random
//        25-move scrambles (no solver needed).
//        BENCH_ROBOT_OVERLAP=300 sets the six-motor overlap (overlap_permille) for both.
// Every plan is checked by replay (cube_plan_check).
#include <cube/cube.h>
#include <cube/robot.h>
#include <cube/solver.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

// CPU time of this process in milliseconds (the robot-aware solve runs on the calling thread).
static double cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void die(const char *what) {
    std::fprintf(stderr, "bench_robot: %s: %s\n", what, cube_last_error());
    std::exit(1);
}

static int32_t count_of(const cube_moves *m) {
    int32_t n = 0;
    if (cube_moves_count(m, &n) != CUBE_OK) die("moves count");
    return n;
}

static const char *family_name(int32_t family) {
    const char *name = nullptr;
    if (cube_robot_family_name(family, &name) != CUBE_OK) die("family name");
    return name;
}

static cube_plan_options plan_options(int32_t strategy) {
    cube_plan_options o;
    cube_plan_options_init(&o);
    o.strategy = strategy;
    return o;
}

// A robot of `family` with the family's default timings; six-motor with the overlap (permille) of
// $BENCH_ROBOT_OVERLAP when set.
static cube_robot *default_robot(int32_t family) {
    cube_robot_desc desc;
    cube_robot_desc_init(&desc, family);
    const char *overlap = std::getenv("BENCH_ROBOT_OVERLAP");
    if (overlap && family == CUBE_ROBOT_SIX_MOTOR) desc.overlap_permille = std::atoi(overlap);
    cube_robot *robot = nullptr;
    if (cube_robot_new(&desc, &robot) != CUBE_OK) die("robot");
    return robot;
}

static double plan_ms(cube_plan *p) {
    int64_t us = 0;
    if (cube_plan_check(p) != CUBE_OK || cube_plan_total_us(p, &us) != CUBE_OK) die("plan check");
    return us / 1000.0;
}

// The shortest solution as cube_robot_solve() finds it: a first solution, then a shorter one if the
// solver finds it within `ms`.
static cube_moves *shortest_solution(cube_solver *solver, const cube_state *s, int32_t ms) {
    cube_solve_options so;
    cube_solve_options_init(&so);
    cube_moves *first = nullptr, *shorter = nullptr;
    if (cube_solve(solver, s, &so, &first) != CUBE_OK) die("solve");
    so.min_effort = 1;
    so.timeout_ms = ms;
    so.max_length = count_of(first) - 1;
    if (ms > 0 && so.max_length > 0 && cube_solve(solver, s, &so, &shorter) == CUBE_OK) {
        cube_moves_free(first);
        return shorter;
    }
    return first;
}

// The least time any turntable-flipper plan of `moves` can take: each turn is made with the holder
// clamped, and every turn after the first needs its face brought to the bottom, which takes at least
// one flip with the holder released: clamp + turns + (moves - 1) x (release + flip + clamp).
static double turntable_floor_ms(const cube_moves *moves, const cube_robot_desc &d) {
    int32_t n = count_of(moves);
    double us = n > 0 ? d.grip_us + double(n - 1) * (2 * d.grip_us + d.flip_us) : 0;
    for (int32_t i = 0; i < n; ++i) {
        int32_t kind = 0, amount = 0;
        cube_moves_get(moves, i, &kind, &amount);
        us += amount == 2 ? d.turn180_us : d.turn90_us;
    }
    return us / 1000.0;
}

// (a) and (b) on the inverse of random scrambles, for use before the solver is available.
static int scrambles(int n, const char *only) {
    cube_plan_options naive = plan_options(CUBE_PLAN_NAIVE), greedy = plan_options(CUBE_PLAN_GREEDY);
    std::printf("%-18s %6s %10s %10s %10s %8s %8s\n", "mechanism", "seqs", "(a) ms", "greedy ms", "(b) ms", "b vs a",
                "b vs gr");
    for (int family = 1; family <= CUBE_ROBOT_HOLD_FLIP; ++family) {
        if (only && std::strcmp(only, family_name(family)) != 0) continue;
        cube_robot *robot = default_robot(family);
        double a = 0, b = 0, gr = 0;
        for (int i = 0; i < n; ++i) {
            cube_moves *m = nullptr;
            cube_plan *pa = nullptr, *pb = nullptr, *pg = nullptr;
            if (cube_scramble(3, 1000 + uint64_t(i), 25, &m) != CUBE_OK || cube_moves_invert(m) != CUBE_OK)
                die("scramble");
            if (cube_plan_new(robot, m, &naive, &pa) != CUBE_OK || cube_plan_new(robot, m, nullptr, &pb) != CUBE_OK ||
                cube_plan_new(robot, m, &greedy, &pg) != CUBE_OK)
                die("plan");
            a += plan_ms(pa);
            b += plan_ms(pb);
            gr += plan_ms(pg);
            cube_plan_free(pa);
            cube_plan_free(pb);
            cube_plan_free(pg);
            cube_moves_free(m);
        }
        std::printf("%-18s %6d %10.1f %10.1f %10.1f %7.1f%% %7.1f%%\n", family_name(family), n, a / n,
                    gr / n, b / n, 100 * (1 - b / a), 100 * (1 - b / gr));
        cube_robot_free(robot);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && std::strcmp(argv[1], "--scrambles") == 0)
        return scrambles(argc > 2 ? std::atoi(argv[2]) : 200, argc > 3 ? argv[3] : nullptr);
    int states = argc > 1 ? std::atoi(argv[1]) : 200;
    const char *only = argc > 2 && std::strcmp(argv[2], "all") != 0 ? argv[2] : nullptr;
    cube_solver *solver = nullptr;
    cube_solver_config config;  // the full tables from the start: the benchmark measures the steady state
    cube_solver_config_init(&config);
    config.table_policy = CUBE_TABLES_FULL;
    if (cube_solver_new(&config, &solver) != CUBE_OK || cube_solver_prepare(solver, 3, nullptr) != CUBE_OK)
        die("solver");
    cube_robot_solve_options ro;
    cube_robot_solve_options_init(&ro);
    if (argc > 3) ro.candidates = std::atoi(argv[3]);
    if (argc > 4) ro.plan_ms = std::atoi(argv[4]);
    cube_plan_options naive = plan_options(CUBE_PLAN_NAIVE), greedy = plan_options(CUBE_PLAN_GREEDY);
    std::printf("%-18s %6s %10s %10s %10s %10s %8s %8s %8s %8s %8s %9s\n", "mechanism", "states", "(a) ms", "greedy ms",
                "(b) ms", "(c) ms", "b vs a", "c vs a", "c vs gr", "moves a", "moves c", "(c) CPU");
    for (int family = 1; family <= CUBE_ROBOT_HOLD_FLIP; ++family) {
        if (only && std::strcmp(only, family_name(family)) != 0) continue;
        cube_robot *robot = default_robot(family);
        double a = 0, gr = 0, b = 0, c = 0, la = 0, lc = 0, floor_a = 0, floor_c = 0, cpu = 0;
        cube_robot_desc desc;
        cube_robot_desc_init(&desc, family);
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < states; ++i) {
            cube_state *s = nullptr;
            cube_moves *shortest = nullptr;
            cube_plan *pa = nullptr, *pg = nullptr, *pb = nullptr, *pc = nullptr;
            if (cube_state_random(3, 1000 + uint64_t(i), &s) != CUBE_OK) die("random state");
            shortest = shortest_solution(solver, s, ro.shortest_ms);
            cube_state *check = nullptr;
            int32_t solved = 0;
            cube_state_copy(s, &check);
            cube_state_apply(check, shortest);
            if (cube_state_is_solved(check, &solved) != CUBE_OK || solved != 1)
                die("the 3x3 solver's solution does not solve the cube (solver not wired?)");
            cube_state_free(check);
            if (cube_plan_new(robot, shortest, &naive, &pa) != CUBE_OK) die("plan (a)");
            if (cube_plan_new(robot, shortest, &greedy, &pg) != CUBE_OK) die("plan (greedy)");
            if (cube_plan_new(robot, shortest, nullptr, &pb) != CUBE_OK) die("plan (b)");
            const double cpu0 = cpu_ms();
            if (cube_robot_solve(robot, solver, s, &ro, &pc) != CUBE_OK) die("robot solve (c)");
            cpu += cpu_ms() - cpu0;
            a += plan_ms(pa);
            gr += plan_ms(pg);
            b += plan_ms(pb);
            c += plan_ms(pc);
            cube_moves *mc = nullptr;
            cube_plan_moves(pc, &mc);
            la += count_of(shortest);
            lc += count_of(mc);
            floor_a += turntable_floor_ms(shortest, desc);
            floor_c += turntable_floor_ms(mc, desc);
            cube_moves_free(mc);
            cube_plan_free(pa);
            cube_plan_free(pg);
            cube_plan_free(pb);
            cube_plan_free(pc);
            cube_moves_free(shortest);
            cube_state_free(s);
        }
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("%-18s %6d %10.1f %10.1f %10.1f %10.1f %7.1f%% %7.1f%% %7.1f%% %8.2f %8.2f %6.1f ms   (%.0f s)\n",
                    family_name(family), states, a / states, gr / states, b / states, c / states,
                    100 * (1 - b / a), 100 * (1 - c / a), 100 * (1 - c / gr), la / states, lc / states,
                    cpu / states, secs);
        if (family == CUBE_ROBOT_TURNTABLE_FLIPPER) {
            // All-quarter-turn solutions of the same mean length, the most favourable case.
            double per_move = 2 * desc.grip_us + desc.flip_us + desc.turn90_us;
            double quarters = (desc.grip_us + desc.turn90_us + (la / states - 1) * per_move) / 1000.0;
            std::printf("%-18s floor: no plan can beat %.1f ms for the (a) solutions (%.1f%% below a), "
                        "%.1f ms for the (c) ones (%.1f%%), %.1f ms for all-quarter-turn ones of the same "
                        "length (%.1f%%)\n",
                        "", floor_a / states, 100 * (1 - floor_a / a), floor_c / states, 100 * (1 - floor_c / a),
                        quarters, 100 * (1 - quarters * states / a));
        }
        std::fflush(stdout);
        cube_robot_free(robot);
    }
    cube_solver_free(solver);
    return 0;
}
