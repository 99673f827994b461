/* First use of the 3x3 solver with the default table policy (CUBE_TABLES_AUTO): solves random cubes one after
 * another on a new solver for SECONDS, and reports the first answer's time after the solver was made, when
 * the solver switched to the full tables (its notice), the longest solve before and after the switch, and
 * the mean solve time on each table set: the switch happens without a pause in the answers.
 * The full tables come from the search path: point CUBE_TABLE_DIR at a folder holding them to measure a
 * switch after a load (a few seconds), or at an empty folder to measure one after a build (about a minute).
 * Usage: bench_first_use [SECONDS]   (default 20) */
#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cube/cube.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void check(cube_status st, const char *what) {
    if (st == CUBE_OK) return;
    fprintf(stderr, "bench_first_use: %s: %s\n", what, cube_last_error());
    exit(1);
}

/* The time of the switch notice (0 until it comes), written by the solver's background thread. */
static _Atomic double switched_at_ms;
static double start_ms;

static int32_t watch(void *user, const cube_progress *progress) {
    (void)user;
    if (progress->event == CUBE_PROGRESS_NOTICE && strstr(progress->stage, "ready") != NULL)
        atomic_store(&switched_at_ms, now_ms() - start_ms);
    return 0;
}

typedef struct {
    int count;
    double total_ms;
    double longest_ms;
    int longest_index; /* 0-based among this set's solves */
} solve_stats;

static void add(solve_stats *s, double ms) {
    if (ms > s->longest_ms) {
        s->longest_ms = ms;
        s->longest_index = s->count;
    }
    s->count++;
    s->total_ms += ms;
}

static void print_stats(const char *name, const solve_stats *s) {
    if (s->count == 0) {
        printf("  %-26s no solves\n", name);
        return;
    }
    printf("  %-26s %6d solves, mean %7.3f ms, longest %7.3f ms (solve %d of them)\n", name, s->count,
           s->total_ms / s->count, s->longest_ms, s->longest_index + 1);
}

int main(int argc, char **argv) {
    const double seconds = argc > 1 ? atof(argv[1]) : 20.0;
    cube_solver_config config;
    check(cube_solver_config_init(&config), "config");
    config.progress = watch;
    start_ms = now_ms();
    cube_solver *solver = NULL;
    check(cube_solver_new(&config, &solver), "solver");
    solve_stats before = {0, 0, 0, 0}, after = {0, 0, 0, 0};
    double first_answer_ms = -1;
    for (uint64_t seed = 1; now_ms() - start_ms < seconds * 1e3; ++seed) {
        cube_state *cube = NULL;
        check(cube_state_random(3, seed, &cube), "random cube");
        cube_moves *solution = NULL;
        const double t0 = now_ms();
        check(cube_solve(solver, cube, NULL, &solution), "solve");
        const double t1 = now_ms();
        if (first_answer_ms < 0) first_answer_ms = t1 - start_ms;
        const double switched = atomic_load(&switched_at_ms);
        add(switched > 0 && t0 - start_ms >= switched ? &after : &before, t1 - t0);
        cube_moves_free(solution);
        cube_state_free(cube);
    }
    const double switched = atomic_load(&switched_at_ms);
    printf("bench_first_use: %.0f s of random 3x3 solves on a new solver (policy auto)\n", seconds);
    printf("  first answer %.1f ms after cube_solver_new\n", first_answer_ms);
    if (switched > 0)
        printf("  switched to the full tables %.0f ms after cube_solver_new\n", switched);
    else
        printf("  no switch within the run (the full tables were still loading or building)\n");
    print_stats("compact tables (before)", &before);
    print_stats("full tables (after)", &after);
    cube_solver_free(solver);
    return 0;
}
