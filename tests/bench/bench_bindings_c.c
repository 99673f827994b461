/* The C baseline of the bindings benchmark (tests/bench/bench_bindings.sh): the same work as the Java and C#
 * bench programs, through the public C API only.
 * Usage: bench_bindings_c MODE COUNT SEED
 *   solve3      COUNT random 3x3 cubes (SEED + i) built first; after one untimed solve has loaded the tables,
 *               times solving each once with the default options on one solver, freeing each solution.
 *   roundtrip2  COUNT random 2x2 cubes (SEED + i) built first; times COUNT solves, freeing each solution.
 * Prints one line: MODE COUNT TOTAL_US (the timed part, whole microseconds). Needs CUBE_TABLE_DIR for solve3. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cube/cube.h>

static int64_t clock_us(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (int64_t)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

static void check(cube_status st, const char *what) {
    if (st == CUBE_OK) return;
    fprintf(stderr, "bench_bindings_c: %s: %s: %s\n", what, cube_status_name(st), cube_last_error());
    exit(1);
}

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[1], "solve3") != 0 && strcmp(argv[1], "roundtrip2") != 0)) {
        fprintf(stderr, "usage: bench_bindings_c solve3|roundtrip2 COUNT SEED\n");
        return 2;
    }
    const char *mode = argv[1];
    const int32_t size = strcmp(mode, "solve3") == 0 ? 3 : 2;
    const long count = strtol(argv[2], NULL, 10);
    const int64_t seed = strtoll(argv[3], NULL, 10);
    if (count < 1 || count > 100000000) {
        fprintf(stderr, "bench_bindings_c: COUNT must be 1 to 100000000\n");
        return 2;
    }

    cube_state **cubes = calloc((size_t)count, sizeof *cubes);
    if (!cubes) check(CUBE_ERROR_NO_MEMORY, "cubes");
    for (long i = 0; i < count; ++i) check(cube_state_random(size, (uint64_t)(seed + i), &cubes[i]), "random cube");
    cube_solver *solver = NULL;
    check(cube_solver_new(NULL, &solver), "solver");
    cube_moves *solution = NULL;
    if (size == 3) { /* load the tables before timing */
        check(cube_solve(solver, cubes[0], NULL, &solution), "first solve");
        cube_moves_free(solution);
    }

    const int64_t start = clock_us(CLOCK_MONOTONIC);
    const int64_t cpu_start = clock_us(CLOCK_PROCESS_CPUTIME_ID);
    for (long i = 0; i < count; ++i) {
        check(cube_solve(solver, cubes[i], NULL, &solution), "solve");
        cube_moves_free(solution);
    }
    const int64_t total = clock_us(CLOCK_MONOTONIC) - start;
    const int64_t cpu = clock_us(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;

    printf("%s %ld %" PRId64 " %" PRId64 "\n", mode, count, total, cpu);
    cube_solver_free(solver);
    for (long i = 0; i < count; ++i) cube_state_free(cubes[i]);
    free(cubes);
    return 0;
}
