/* Benchmark of the layer-by-layer method through the public C API (run on demand): over N random cubes of
 * each size (the seeds 0..N-1 of cube_state_random), the mean and max HTM length, each stage's share of
 * the moves, and the time per solve (mean, p99; the first solve, which computes the small tables, apart).
 * Usage: bench_lbl [cubes=10000] */
#define _POSIX_C_SOURCE 200809L
#include <cube/cube.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { MAX_STAGES = 8 };

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int32_t length_of(const cube_moves *m) {
    int32_t n = 0;
    return cube_moves_length(m, CUBE_METRIC_HTM, &n) == CUBE_OK ? n : -1;
}

static int run(cube_solver *solver, int32_t size, int32_t cubes) {
    double *times = malloc(sizeof(double) * (size_t)cubes);
    int64_t stage_moves[MAX_STAGES] = {0}, total = 0;
    const char *names[MAX_STAGES] = {0};
    int32_t stages = 0, longest = 0;
    double first_us = 0;
    if (!times) return 1;
    for (int32_t i = 0; i < cubes; ++i) {
        cube_state *s = NULL;
        cube_method_solution *sol = NULL;
        if (cube_state_random(size, (uint64_t)i, &s) != CUBE_OK) return 1;
        double t0 = now_us();
        cube_status st = cube_solve_method(solver, s, CUBE_METHOD_LBL, NULL, &sol);
        times[i] = now_us() - t0;
        if (st != CUBE_OK) {
            fprintf(stderr, "cube %d: %s\n", i, cube_last_error());
            return 1;
        }
        if (i == 0) first_us = times[0];
        cube_method_solution_stage_count(sol, &stages);
        int32_t length = 0;
        for (int32_t k = 0; k < stages && k < MAX_STAGES; ++k) {
            cube_moves *m = NULL;
            cube_method_solution_stage_name(sol, k, &names[k]);
            cube_method_solution_stage_moves(sol, k, &m);
            stage_moves[k] += length_of(m);
            length += length_of(m);
            cube_moves_free(m);
        }
        /* The names stay valid only with their solution: keep the last one's until the report. */
        total += length;
        if (length > longest) longest = length;
        if (i + 1 < cubes) cube_method_solution_free(sol);
        else {
            printf("%dx%d, %d random cubes (seeds 0..%d): mean %.1f moves (HTM), max %d\n", size, size, cubes,
                   cubes - 1, (double)total / cubes, longest);
            for (int32_t k = 0; k < stages && k < MAX_STAGES; ++k)
                printf("  %-20s mean %5.1f moves, %4.1f%% of the moves\n", names[k], (double)stage_moves[k] / cubes,
                       100.0 * (double)stage_moves[k] / (double)total);
            cube_method_solution_free(sol);
        }
        cube_state_free(s);
    }
    double sum = 0;
    for (int32_t i = 1; i < cubes; ++i) sum += times[i];
    qsort(times + 1, (size_t)(cubes - 1), sizeof *times, compare_doubles);
    printf("  time per solve: mean %.1f us, p99 %.1f us, max %.1f us (first solve, building the tables: %.1f ms)\n",
           cubes > 1 ? sum / (cubes - 1) : 0.0, cubes > 1 ? times[1 + (size_t)((cubes - 1) * 99 / 100)] : 0.0,
           cubes > 1 ? times[cubes - 1] : 0.0, first_us / 1e3);
    free(times);
    return 0;
}

int main(int argc, char **argv) {
    int32_t cubes = argc > 1 ? (int32_t)atoi(argv[1]) : 10000;
    if (cubes < 2) {
        fprintf(stderr, "usage: bench_lbl [cubes>=2]\n");
        return 2;
    }
    cube_solver *solver = NULL;
    if (cube_solver_new(NULL, &solver) != CUBE_OK) return 1;
    int failed = run(solver, 3, cubes) || run(solver, 2, cubes);
    cube_solver_free(solver);
    return failed;
}
