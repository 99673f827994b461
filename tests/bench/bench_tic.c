/* The Tic driver's own overhead per step (USB round trips and polling) against six emulated boards
 * (tests/driver/tic/fake_tic.c): a 100-move plan's wall-clock time minus its plan time, per step.
 * Run under umockdev-wrapper: bench_tic PLUGIN_FOLDER (meson test --benchmark bench_tic). */
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

int main(int argc, char **argv) {
    const char *preload = getenv("LD_PRELOAD");
    if (!preload || !strstr(preload, "libumockdev-preload")) {
        printf("skipped: run under umockdev-wrapper\n");
        return 77;
    }
    if (argc < 2) return 2;
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
    cube_driver_registry_free(registry);
    fake_bus_free(bus);
    return ok ? 0 : 1;
}
