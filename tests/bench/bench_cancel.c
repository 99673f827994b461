/* Benchmark of cancellation through the public C API: the time from cube_cancel_trigger() to the return
 * of the call watching the token, min / median / max over N repetitions, for
 *   (a) 3x3 table generation into a fresh temporary folder (triggered after 1-3 s),
 *   (b) a 3x3 solve with min_effort and no time limit (triggered after 50 ms),
 *   (c) a batch of 1000 random 3x3 states (triggered after 100 ms),
 *   (d) a robot-aware solve on a four-arm robot trying all 307 candidates (triggered 30-1000 ms in,
 *       spread over the repetitions: during the first solve, later solves and the planning of candidates).
 * (b)-(d) use the tables in $CUBE_TABLE_DIR (built first if missing). Target: under 20 ms each.
 *   bench_cancel [repetitions=10] [--only table|solve|batch|robot] */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, nanosleep, clock_gettime */
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cube/cube.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

static void sleep_ms(double ms) {
    struct timespec t = {(time_t)(ms / 1000), (long)((ms - (double)(time_t)(ms / 1000) * 1000) * 1e6)};
    nanosleep(&t, NULL);
}

/* Triggers `token` `delay_ms` after it starts and records when. */
typedef struct {
    cube_cancel *token;
    double delay_ms;
    double triggered_at;
    pthread_t thread;
} trigger;

static void *trigger_main(void *arg) {
    trigger *t = arg;
    sleep_ms(t->delay_ms);
    t->triggered_at = now_ms();
    cube_cancel_trigger(t->token);
    return NULL;
}

static void start_trigger(trigger *t, cube_cancel *token, double delay_ms) {
    cube_cancel_reset(token);
    t->token = token;
    t->delay_ms = delay_ms;
    t->triggered_at = 0;
    if (pthread_create(&t->thread, NULL, trigger_main, t) != 0) {
        perror("pthread_create");
        exit(1);
    }
}

/* Waits for the trigger thread; the latency of a call that returned at `returned_at`, or -1 if the call
 * ended before the token was triggered. */
static double finish_trigger(trigger *t, double returned_at) {
    pthread_join(t->thread, NULL);
    return returned_at >= t->triggered_at ? returned_at - t->triggered_at : -1;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void summary(const char *what, double *ms, int n, int early, int wrong) {
    qsort(ms, (size_t)n, sizeof *ms, by_value);
    if (n == 0) {
        printf("%-44s no cancelled run (%d ended before the trigger, %d other results)\n", what, early, wrong);
        return;
    }
    printf("%-44s min %6.2f ms  median %6.2f ms  max %6.2f ms  (%d runs", what, ms[0], ms[n / 2], ms[n - 1], n);
    if (early) printf(", %d ended before the trigger", early);
    if (wrong) printf(", %d did not return CUBE_ERROR_CANCELLED", wrong);
    printf(")\n");
}

/* Counts what is left in a folder (the build must leave nothing), then removes it. */
static int leftovers_removed(const char *dir) {
    int left = 0;
    DIR *d = opendir(dir);
    char path[512];
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        ++left;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    if (d) closedir(d);
    rmdir(dir);
    return left;
}

/* Runs `call` `reps` times with the token triggered `delay_ms(i)` after the start; prints the summary. */
typedef cube_status (*cancellable)(void *context, cube_cancel *token, int rep);

static void measure(const char *what, cancellable call, void *context, cube_cancel *token, int reps,
                    double (*delay_ms)(int rep)) {
    double *ms = malloc(sizeof(double) * (size_t)reps);
    int n = 0, early = 0, wrong = 0;
    for (int i = 0; i < reps; ++i) {
        trigger t;
        start_trigger(&t, token, delay_ms(i));
        cube_status st = call(context, token, i);
        double latency = finish_trigger(&t, now_ms());
        if (latency < 0)
            ++early;
        else if (st != CUBE_ERROR_CANCELLED)
            ++wrong;
        else
            ms[n++] = latency;
    }
    summary(what, ms, n, early, wrong);
    free(ms);
}

/* ---- (a) table generation --------------------------------------------------------------------- */

static int g_left_behind;

static cube_status generate_tables(void *context, cube_cancel *token, int rep) {
    (void)context, (void)rep;
    char dir[] = "/tmp/libcube-bench-cancel-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        exit(1);
    }
    cube_tables_options o;
    cube_tables_options_init(&o);
    o.table_dir = dir;
    o.cancel = token;
    cube_status st = cube_tables_generate(&o);
    g_left_behind += leftovers_removed(dir);
    return st;
}

/* Spread over the build: 1.0, 1.5, 2.0, 2.5, 3.0 s, then again. */
static double table_delay(int rep) { return 1000.0 + 500.0 * (rep % 5); }

/* ---- (b) a min_effort solve, (c) a batch, (d) a robot solve ----------------------------------- */

typedef struct {
    cube_solver *solver;
    cube_state *states[1000];
    cube_robot *robot;
} solving;

static cube_status solve_min_effort(void *context, cube_cancel *token, int rep) {
    solving *s = context;
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.min_effort = 1;
    o.cancel = token;
    cube_moves *m = NULL;
    cube_status st = cube_solve(s->solver, s->states[rep % 1000], &o, &m);
    cube_moves_free(m);
    return st;
}

static cube_status solve_batch(void *context, cube_cancel *token, int rep) {
    solving *s = context;
    (void)rep;
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.cancel = token;
    cube_solutions *list = NULL;
    cube_status st = cube_solve_batch(s->solver, (const cube_state *const *)s->states, 1000, NULL, &o, 0, &list);
    cube_solutions_free(list);
    return st;
}

static cube_status solve_for_robot(void *context, cube_cancel *token, int rep) {
    solving *s = context;
    cube_robot_solve_options o;
    cube_robot_solve_options_init(&o);
    o.candidates = 307;
    o.cancel = token;
    cube_plan *plan = NULL;
    cube_status st = cube_robot_solve(s->robot, s->solver, s->states[rep % 1000], &o, &plan);
    cube_plan_free(plan);
    return st;
}

static double solve_delay(int rep) { return (void)rep, 50.0; }
static double batch_delay(int rep) { return (void)rep, 100.0; }
static double robot_delay(int rep) { return 30.0 + (double)((rep * 97) % 971); }

static int wanted(const char *only, const char *name) { return !only || strcmp(only, name) == 0; }

int main(int argc, char **argv) {
    int reps = 10;
    const char *only = NULL;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (atoi(argv[i]) > 0)
            reps = atoi(argv[i]);
        else {
            fprintf(stderr, "usage: %s [repetitions=10] [--only table|solve|batch|robot]\n", argv[0]);
            return 2;
        }
    }
    cube_cancel *token = NULL;
    if (cube_cancel_new(&token) != CUBE_OK) return 1;
    printf("cancel latency: from cube_cancel_trigger() to the call's return, %d repetitions\n", reps);

    if (wanted(only, "table")) {
        measure("(a) table generation (trigger at 1-3 s)", generate_tables, NULL, token, reps, table_delay);
        printf("    files left behind by cancelled builds: %d\n", g_left_behind);
    }
    if (!wanted(only, "solve") && !wanted(only, "batch") && !wanted(only, "robot")) return 0;

    static solving s;
    if (cube_solver_new(NULL, &s.solver) != CUBE_OK || cube_solver_prepare(s.solver, 3, NULL) != CUBE_OK) {
        fprintf(stderr, "3x3 tables: %s\n", cube_last_error());
        return 1;
    }
    for (int i = 0; i < 1000; ++i)
        if (cube_state_random(3, 20251201 + (uint64_t)i, &s.states[i]) != CUBE_OK) return 1;
    if (wanted(only, "solve"))
        measure("(b) 3x3 solve, min_effort, no time limit", solve_min_effort, &s, token, reps, solve_delay);
    if (wanted(only, "batch"))
        measure("(c) batch of 1000 3x3 states (trigger at 100 ms)", solve_batch, &s, token, reps, batch_delay);
    if (wanted(only, "robot")) {
        if (cube_robot_parse("four-arm", &s.robot) != CUBE_OK) {
            fprintf(stderr, "robot: %s\n", cube_last_error());
            return 1;
        }
        measure("(d) robot solve, 307 candidates (30-1000 ms)", solve_for_robot, &s, token, reps, robot_delay);
        cube_robot_free(s.robot);
    }
    for (int i = 0; i < 1000; ++i) cube_state_free(s.states[i]);
    cube_solver_free(s.solver);
    cube_cancel_free(token);
    return 0;
}
