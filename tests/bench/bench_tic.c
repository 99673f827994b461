/* The Tic driver against six emulated boards (tests/driver/tic/fake_tic.c):
 * - its own overhead per step (USB round trips and polling): a 100-move plan's wall-clock time minus its
 *   plan time, per step;
 * - concurrent steps against one step at a time (concurrent=0): a 50-move plan for a six-motor robot
 *   without and with corner cutting (overlap=0.3), the two modes in alternating runs (the machine's speed
 *   drifts), each run's wall-clock time and the ratio of the medians.
 * Run under umockdev-wrapper: bench_tic PLUGIN_FOLDER [RUNS] (meson test --benchmark bench_tic). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cube/cube.h>
#include <cube/driver.h>

#include "../driver/tic/fake_tic.h"

static int check(cube_status st, const char *what) {
    if (st != CUBE_OK) fprintf(stderr, "bench_tic: %s: %s\n", what, cube_last_error());
    return st == CUBE_OK;
}

static int by_value(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static double median(double *values, int n) {
    qsort(values, (size_t)n, sizeof *values, by_value);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* One run of the plan of `moves` on a new driver (`uri`): the run's wall-clock ms, or -1. */
static double run_ms(cube_driver_registry *registry, const char *uri, const cube_moves *moves, double *plan_ms) {
    cube_driver *driver = NULL;
    cube_robot *robot = NULL;
    cube_plan *plan = NULL;
    cube_run_report report;
    int ok = check(cube_driver_open(registry, uri, &driver), "open") &&
             check(cube_robot_parse(cube_driver_robot_spec(driver), &robot), "robot") &&
             check(cube_plan_new(robot, moves, NULL, &plan), "plan") && check(cube_run_report_init(&report), "report") &&
             check(cube_driver_run_plan(driver, plan, NULL, &report), "run");
    if (ok) *plan_ms = report.plan_time_us / 1000.0;
    cube_plan_free(plan);
    cube_robot_free(robot);
    cube_driver_close(driver);
    return ok ? report.elapsed_us / 1000.0 : -1;
}

/* Concurrent steps against one step at a time on `model`, in alternating runs. */
static int compare_modes(cube_driver_registry *registry, const char *boards, const char *model, int runs) {
    cube_moves *moves = NULL;
    if (!check(cube_scramble(3, 42, 50, &moves), "scramble")) return 0;
    double concurrent[16], one_by_one[16], plan_ms = 0;
    char uri[640];
    int ok = 1;
    for (int r = 0; r < runs && ok; ++r) {
        snprintf(uri, sizeof uri, "%s,model=%s", boards, model);
        concurrent[r] = run_ms(registry, uri, moves, &plan_ms);
        snprintf(uri, sizeof uri, "%s,model=%s,concurrent=0", boards, model);
        one_by_one[r] = run_ms(registry, uri, moves, &plan_ms);
        ok = concurrent[r] >= 0 && one_by_one[r] >= 0;
        if (ok) printf("  %-24s run %d: concurrent %7.1f ms, one step at a time %7.1f ms\n", model, r, concurrent[r],
                       one_by_one[r]);
    }
    if (ok) {
        double c = median(concurrent, runs), o = median(one_by_one, runs);
        printf("tic %-24s plan %.1f ms: medians concurrent %.1f ms, one step at a time %.1f ms: ratio %.3f (%.1f%% less)\n",
               model, plan_ms, c, o, c / o, 100.0 * (1 - c / o));
    }
    cube_moves_free(moves);
    return ok;
}

int main(int argc, char **argv) {
    const char *preload = getenv("LD_PRELOAD");
    if (!preload || !strstr(preload, "libumockdev-preload")) {
        printf("skipped: run under umockdev-wrapper\n");
        return 77;
    }
    if (argc < 2) return 2;
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    if (runs < 1 || runs > 16) runs = 5;
    fake_bus *bus = fake_bus_new(6);
    char uri[512];
    snprintf(uri, sizeof uri, "tic:steps=200,microstep=8,speed=40000,accel=4000000,U=%s,R=%s,F=%s,D=%s,L=%s,B=%s",
             fake_tic_serial(bus, 0), fake_tic_serial(bus, 1), fake_tic_serial(bus, 2), fake_tic_serial(bus, 3),
             fake_tic_serial(bus, 4), fake_tic_serial(bus, 5));
    cube_driver_registry *registry = NULL;
    cube_driver *driver = NULL;
    cube_robot *robot = NULL;
    cube_moves *moves = NULL;
    cube_plan *plan = NULL;
    int ok = check(cube_driver_registry_new(argv[1], &registry), "registry") &&
             check(cube_driver_open(registry, uri, &driver), "open") &&
             check(cube_robot_parse(cube_driver_robot_spec(driver), &robot), "robot") &&
             check(cube_scramble(3, 99, 100, &moves), "scramble") && check(cube_plan_new(robot, moves, NULL, &plan), "plan") &&
             check(cube_driver_prepare(driver), "prepare");
    cube_run_report report;
    ok = ok && check(cube_run_report_init(&report), "report") &&
         check(cube_driver_run_plan(driver, plan, NULL, &report), "run");
    if (ok) {
        int32_t actions = 0;
        cube_plan_action_count(plan, &actions);
        /* steps: actions that start at a new time */
        int32_t steps = 0, last_start = -1;
        for (int32_t k = 0; k < actions; ++k) {
            cube_action a;
            cube_action_init(&a);
            cube_plan_get_action(plan, k, &a);
            steps += a.start_us != last_start;
            last_start = a.start_us;
        }
        double overhead_ms = (double)(report.elapsed_us - report.plan_time_us) / 1000.0;
        printf("tic: %d steps, plan %.1f ms, run %.1f ms (with prepare-check and rest): %.3f ms overhead per step\n",
               steps, report.plan_time_us / 1000.0, report.elapsed_us / 1000.0, overhead_ms / steps);
    }
    cube_plan_free(plan);
    cube_moves_free(moves);
    cube_robot_free(robot);
    cube_driver_close(driver);
    ok = ok && compare_modes(registry, uri, "six-motor", runs) && compare_modes(registry, uri, "six-motor:overlap=0.3", runs);
    cube_driver_registry_free(registry);
    fake_bus_free(bus);
    return ok ? 0 : 1;
}
