/* Benchmark of the optimal 3x3 solver (cube_solve_optimal): the cubes of `cube random --seed S --count N`
 * (cube_state_random(3, S + i)), or random scrambles of L moves, or the superflip, solved one after
 * another. Checks that every answer solves its cube in the length reported (exit 1 if not). Prints per
 * cube its optimal length (or the lower bound reached within the time limit), nodes, wall and process
 * CPU time, and the means over the cubes that finished; for random cubes also how many had each length
 * beside the published distribution (`--count 1000` is the distribution check) and the mean CPU
 * time weighted by it.
 *   bench_optimal [--count N] [--seed S] [--threads T] [--timeout-ms MS] [--max-length L] [--scramble L]
 *                 [--superflip]
 * --max-length: a fixed amount of work per cube (every length to L ruled out), to compare thread counts.
 * The tables are the full 3x3 tables of CUBE_TABLE_DIR (or the search path). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <cube/cube.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double wall_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static const char superflip[] = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";

static cube_state *make_cube(int i, uint64_t seed, int scramble, int flip) {
    cube_state *s = NULL;
    if (flip || scramble > 0) {
        cube_moves *m = NULL;
        if (cube_state_new(3, &s) != CUBE_OK) return NULL;
        if (flip) {
            if (cube_state_apply_text(s, superflip) != CUBE_OK) return NULL;
            return s;
        }
        if (cube_scramble(3, seed + (uint64_t)i, scramble, &m) != CUBE_OK || cube_state_apply(s, m) != CUBE_OK)
            return NULL;
        cube_moves_free(m);
        return s;
    }
    return cube_state_random(3, seed + (uint64_t)i, &s) == CUBE_OK ? s : NULL;
}

/* Whether `m` solves `s` in exactly `length` moves (HTM): every answer is checked before it is counted. */
static int solves_in(const cube_state *s, const cube_moves *m, int32_t length) {
    cube_state *t = NULL;
    int32_t solved = 0;
    int32_t moves = -1;
    int ok = cube_state_copy(s, &t) == CUBE_OK && cube_state_apply(t, m) == CUBE_OK &&
             cube_state_is_solved(t, &solved) == CUBE_OK && cube_moves_length(m, CUBE_METRIC_HTM, &moves) == CUBE_OK;
    cube_state_free(t);
    return ok && solved && moves == length;
}

static double ns_per_node(double cpu, uint64_t nodes) { return nodes ? cpu * 1e9 / (double)nodes : 0.0; }

/* Solves the solved cube optimally (0 moves): loads what the optimal solver loads at its first call. */
static int solve_solved(cube_solver *solver) {
    cube_state *s = NULL;
    if (cube_state_new(3, &s) != CUBE_OK) return 0;
    cube_optimal_options o;
    cube_optimal_options_init(&o);
    cube_optimal_result r;
    cube_optimal_result_init(&r);
    cube_solutions *list = NULL;
    cube_status st = cube_solve_optimal(solver, s, &o, &list, &r);
    cube_solutions_free(list);
    cube_state_free(s);
    return st == CUBE_OK;
}

/* The AnonHugePages line of /proc/self/smaps_rollup (Linux), or a note that it is not there. */
static const char *huge_pages_line(void) {
    static char line[128];
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
    if (!f) return "AnonHugePages: unknown";
    snprintf(line, sizeof line, "AnonHugePages: unknown");
    char buf[128];
    while (fgets(buf, sizeof buf, f))
        if (!strncmp(buf, "AnonHugePages:", 14)) {
            buf[strcspn(buf, "\n")] = 0;
            snprintf(line, sizeof line, "%s", buf);
            break;
        }
    fclose(f);
    return line;
}

/* The optimal lengths of random cubes, as published (Rokicki et al.): 16: 2.6%, 17: 26.7%, 18: 67.0%,
 * 19: 3.4%; 15: 0.21% and 14: 0.016% (cube20.org's counts of positions by distance); 20: about 1e-11. */
static const double kPublishedShare[21] = {[14] = 0.00016, [15] = 0.0021, [16] = 0.026,
                                           [17] = 0.267,   [18] = 0.670,  [19] = 0.034};

/* The lengths found beside the published shares (with the binomial standard error of a share over
 * `finished` cubes), and the mean CPU time weighted by the published shares, as published solver
 * figures are. */
static void print_distribution(const int *by_length, const double *cpu_by_length, int solved) {
    if (solved == 0) return;
    double weighted = 0, weight = 0;
    printf("length  cubes  share  published  (standard error of the published share over %d cubes)\n", solved);
    for (int len = 0; len <= 20; ++len) {
        double p = kPublishedShare[len];
        if (by_length[len] == 0 && p == 0) continue;
        printf("%6d  %5d  %5.1f%%  %8.1f%%  (%.1f%%)\n", len, by_length[len], 100.0 * by_length[len] / solved, 100 * p,
               100 * sqrt(p * (1 - p) / solved));
        if (by_length[len] && p > 0) {
            weighted += p * cpu_by_length[len] / by_length[len];
            weight += p;
        }
    }
    if (weight > 0)
        printf("mean cpu per length, weighted by the published shares of the lengths found (%.1f%% of cubes): %.3f s\n",
               100 * weight, weighted / weight);
}

int main(int argc, char **argv) {
    int count = 5, threads = 1, timeout_ms = 0, max_length = 0, scramble = 0, flip = 0;
    uint64_t seed = 7;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--count") && i + 1 < argc) count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--timeout-ms") && i + 1 < argc) timeout_ms = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--max-length") && i + 1 < argc) max_length = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--scramble") && i + 1 < argc) scramble = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--superflip")) flip = 1, count = 1;
        else {
            fprintf(stderr, "usage: bench_optimal [--count N] [--seed S] [--threads T] [--timeout-ms MS] "
                            "[--max-length L] [--scramble L] [--superflip]\n");
            return 2;
        }
    }
    cube_solver_config config;
    cube_solver_config_init(&config);
    config.table_policy = CUBE_TABLES_FULL;
    cube_solver *solver = NULL;
    if (cube_solver_new(&config, &solver) != CUBE_OK) {
        fprintf(stderr, "bench_optimal: %s\n", cube_last_error());
        return 1;
    }
    double load_start = wall_s();
    if (cube_solver_prepare(solver, 3, NULL) != CUBE_OK) {
        fprintf(stderr, "bench_optimal: %s\n", cube_last_error());
        return 1;
    }
    printf("tables loaded in %.2f s; %d cube(s), %d thread(s), time limit %s\n", wall_s() - load_start, count,
           threads, timeout_ms ? "per cube" : "none");
    /* The standard optimal table is found (and copied into huge pages) at the first optimal solve: do
     * it on the solved cube here so that the first cube's time is the search alone. */
    double std_wall = wall_s(), std_cpu = cpu_s();
    if (!solve_solved(solver)) {
        fprintf(stderr, "bench_optimal: %s\n", cube_last_error());
        return 1;
    }
    printf("standard table (if any) loaded in %.2f s wall, %.2f s cpu; %s\n", wall_s() - std_wall,
           cpu_s() - std_cpu, huge_pages_line());
    double sum_nodes = 0;
    double sum_wall = 0, sum_cpu = 0;
    int finished = 0, solved = 0;
    int by_length[21] = {0};
    double cpu_by_length[21] = {0};
    for (int i = 0; i < count; ++i) {
        cube_state *s = make_cube(i, seed, scramble, flip);
        if (!s) {
            fprintf(stderr, "bench_optimal: %s\n", cube_last_error());
            return 1;
        }
        cube_optimal_options o;
        cube_optimal_options_init(&o);
        o.threads = threads;
        o.timeout_ms = timeout_ms;
        o.max_length = max_length;
        cube_optimal_result r;
        cube_optimal_result_init(&r);
        cube_solutions *list = NULL;
        double w0 = wall_s(), c0 = cpu_s();
        cube_status st = cube_solve_optimal(solver, s, &o, &list, &r);
        double w = wall_s() - w0, c = cpu_s() - c0;
        if (st == CUBE_OK) {
            cube_moves *m = NULL;
            const char *text = "";
            if (cube_solutions_get(list, 0, &m) != CUBE_OK || cube_moves_text(m, &text) != CUBE_OK ||
                !solves_in(s, m, r.length)) {
                fprintf(stderr, "bench_optimal: cube %d: the answer \"%s\" does not solve it in %d moves\n", i, text,
                        r.length);
                return 1;
            }
            printf("cube %d: %d moves  %.3e nodes  %.2f s wall  %.2f s cpu  %.0f ns/node  %s\n", i, r.length,
                   (double)r.nodes, w, c, ns_per_node(c, r.nodes), text);
            cube_moves_free(m);
            sum_wall += w, sum_cpu += c, sum_nodes += (double)r.nodes, ++finished;
            if (r.length >= 0 && r.length <= 20) {
                ++by_length[r.length];
                cpu_by_length[r.length] += c;
                ++solved;
            }
        } else if (st == CUBE_ERROR_UNSOLVABLE) {
            printf("cube %d: no solution of at most %d moves  %.3e nodes  %.2f s wall  %.2f s cpu  %.0f ns/node\n", i,
                   max_length, (double)r.nodes, w, c, ns_per_node(c, r.nodes));
            sum_wall += w, sum_cpu += c, sum_nodes += (double)r.nodes, ++finished;
        } else {
            printf("cube %d: %s after %.2f s: at least %d moves (%.3e nodes)\n", i, cube_status_name(st), w,
                   r.lower_bound, (double)r.nodes);
        }
        cube_solutions_free(list);
        cube_state_free(s);
    }
    if (finished)
        printf("mean over %d finished cube(s): %.3f s wall, %.3f s cpu, %.3e nodes, %.0f ns/node (cpu)\n", finished,
               sum_wall / finished, sum_cpu / finished, sum_nodes / finished,
               sum_nodes > 0 ? sum_cpu * 1e9 / sum_nodes : 0.0);
    if (!scramble && !flip && (max_length == 0 || max_length >= 20)) print_distribution(by_length, cpu_by_length, solved);
    cube_solver_free(solver);
    return 0;
}
