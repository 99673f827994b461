/* The executor's own cost per step: plans run on the built-in sim at speed=0 (no waiting, the sim's physics
 * check only), so the time is the run's checks, the hand-off of every step to the worker thread and back,
 * and the sim. Prints microseconds per step for each family.
 * Usage: bench_run [SEQUENCES]   (default 20 random 20-move sequences per family) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <cube/driver.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int check(cube_status st, const char *what) {
    if (st == CUBE_OK) return 0;
    fprintf(stderr, "bench_run: %s: %s\n", what, cube_last_error());
    exit(1);
}

int main(int argc, char **argv) {
    const int sequences = argc > 1 ? atoi(argv[1]) : 20;
    const char *const families[] = {"six-motor", "four-arm", "two-gripper", "turntable-flipper"};
    cube_driver_registry *reg = NULL;
    check(cube_driver_registry_new("", &reg), "registry");
    printf("%-18s %8s %10s %12s\n", "family", "steps", "run ms", "us per step");
    for (int f = 0; f < 4; ++f) {
        char uri[64];
        snprintf(uri, sizeof uri, "sim:model=%s,speed=0", families[f]);
        cube_driver *d = NULL;
        check(cube_driver_open(reg, uri, &d), "open");
        cube_robot *robot = NULL;
        check(cube_robot_parse(families[f], &robot), "robot");
        long steps = 0;
        double spent = 0;
        for (int i = 0; i < sequences; ++i) {
            cube_moves *m = NULL;
            cube_plan *p = NULL;
            check(cube_scramble(3, (uint64_t)(1000 + i), 20, &m), "scramble");
            check(cube_plan_new(robot, m, NULL, &p), "plan");
            int32_t actions = 0;
            check(cube_plan_action_count(p, &actions), "actions");
            cube_run_report report;
            check(cube_run_report_init(&report), "report");
            double t0 = now_us();
            check(cube_driver_run_plan(d, p, NULL, &report), "run");
            spent += now_us() - t0;
            for (int32_t a = 0; a < actions; ++a) {  /* a step is the actions that start together */
                cube_action x, y;
                check(cube_action_init(&x), "action");
                check(cube_plan_get_action(p, a, &x), "action");
                if (a == 0) {
                    ++steps;
                    continue;
                }
                check(cube_action_init(&y), "action");
                check(cube_plan_get_action(p, a - 1, &y), "action");
                if (x.start_us != y.start_us) ++steps;
            }
            cube_plan_free(p);
            cube_moves_free(m);
        }
        printf("%-18s %8ld %10.1f %12.1f\n", families[f], steps, spent / 1000, spent / (double)steps);
        cube_robot_free(robot);
        cube_driver_close(d);
    }
    cube_driver_registry_free(reg);
    return 0;
}
