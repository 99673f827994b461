/* POST /v1/solve of `cube serve` for random 3x3 cubes: throughput and latency (p50/p95/p99) at 1, 8 and
 * 64 concurrent clients (each a keep-alive connection), and the server's overhead per request at 1 client:
 * for each cube, the HTTP round trip minus a direct cube_solve() of the same cube in this process (both
 * on the full tables), paired so that the cubes' own solve times cancel out.
 * Usage: bench_serve CUBE [CUBES]   (default 2000 cubes; CUBE_TABLE_DIR names the full tables) */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cube/cube.h>

#include "bench_serve_client.h"

typedef struct job {
    int port;
    int cubes;
    char **bodies;
    double *latency_ms;
    int next; /* the next cube to solve, under lock */
    int failures;
    pthread_mutex_t lock;
} job;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void fail(const char *what) {
    fprintf(stderr, "bench_serve: %s: %s\n", what, cube_last_error());
    exit(1);
}

/* Starts `cube serve --tables full --keep-alive --max-per-ip 128` (the clients reuse their connections, all from
 * 127.0.0.1) on a free port; its process id, and the port in *port. */
static pid_t start_server(const char *cube, int *port) {
    int out[2];
    if (pipe(out) != 0) fail("pipe");
    pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], 1);
        close(out[0]);
        execl(cube, cube, "serve", "--listen", "127.0.0.1:0", "--tables", "full", "--keep-alive", "--max-per-ip", "128",
              (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    FILE *f = fdopen(out[0], "r");
    char line[256] = "";
    if (!f || !fgets(line, sizeof line, f) || sscanf(line, "cube serve: listening on http://127.0.0.1:%d/", port) != 1) {
        fprintf(stderr, "bench_serve: the server did not start: %s\n", line);
        exit(1);
    }
    return pid;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(const double *sorted, int n, double p) {
    return sorted[(int)(p / 100.0 * (n - 1) + 0.5)];
}

/* The mean of the middle 80% of n sorted values. */
static double trimmed_mean(const double *sorted, int n) {
    double sum = 0;
    int from = n / 10, to = n - n / 10;
    for (int i = from; i < to; ++i) sum += sorted[i];
    return sum / (to - from);
}

/* mean, p50, p95, p99 of n values (sorts them). */
static void summary(double *v, int n, char *out, size_t size) {
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += v[i];
    qsort(v, (size_t)n, sizeof *v, by_value);
    snprintf(out, size, "mean %.3f ms, p50 %.3f, p95 %.3f, p99 %.3f", sum / n, percentile(v, n, 50),
             percentile(v, n, 95), percentile(v, n, 99));
}

static void *client(void *p) {
    job *j = p;
    http_client c;
    char answer[4096];
    if (http_connect(&c, j->port) != 0) fail("connect");
    for (;;) {
        pthread_mutex_lock(&j->lock);
        int i = j->next++;
        pthread_mutex_unlock(&j->lock);
        if (i >= j->cubes) break;
        double start = now_ms();
        int status = http_post(&c, "/v1/solve", j->bodies[i], answer, sizeof answer);
        j->latency_ms[i] = now_ms() - start;
        if (status != 200) {
            pthread_mutex_lock(&j->lock);
            ++j->failures;
            pthread_mutex_unlock(&j->lock);
        }
    }
    http_close(&c);
    return NULL;
}

/* All cubes through `clients` connections at once: requests per second and the latencies. */
static void concurrent(job *j, int clients) {
    pthread_t threads[64];
    j->next = 0;
    j->failures = 0;
    double start = now_ms();
    for (int k = 0; k < clients; ++k) pthread_create(&threads[k], NULL, client, j);
    for (int k = 0; k < clients; ++k) pthread_join(threads[k], NULL);
    double spent = now_ms() - start;
    char text[160];
    summary(j->latency_ms, j->cubes, text, sizeof text);
    printf("%2d clients: %7.0f requests/s; latency %s; %d not 200\n", clients, j->cubes / (spent / 1e3), text,
           j->failures);
}

/* The same pairing on a solved cube, whose solve takes microseconds: what HTTP, JSON and the handler add. */
static void solved_overhead(cube_solver *solver, int port) {
    enum { N = 2000 };
    static double overhead[N];
    cube_state *s = NULL;
    const char *facelets = NULL;
    char body[100], answer[4096];
    if (cube_state_new(3, &s) != CUBE_OK || cube_state_facelets(s, &facelets) != CUBE_OK) fail("solved state");
    snprintf(body, sizeof body, "{\"facelets\":\"%s\"}", facelets);
    http_client c;
    if (http_connect(&c, port) != 0) fail("connect");
    for (int i = 0; i < N; ++i) {
        cube_moves *m = NULL;
        double start = now_ms();
        if (cube_solve(solver, s, NULL, &m) != CUBE_OK) fail("solve");
        double direct = now_ms() - start;
        cube_moves_free(m);
        start = now_ms();
        if (http_post(&c, "/v1/solve", body, answer, sizeof answer) != 200) fail("POST of a solved cube");
        overhead[i] = now_ms() - start - direct;
    }
    http_close(&c);
    cube_state_free(s);
    char text[160];
    summary(overhead, N, text, sizeof text);
    printf("the same on a solved cube (%d requests; the solve itself takes microseconds): %s\n", N, text);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench_serve CUBE [CUBES]\n");
        return 2;
    }
    const int cubes = argc > 2 ? atoi(argv[2]) : 2000;
    int port = 0;
    pid_t server = start_server(argv[1], &port);
    cube_solver_config config;
    cube_solver_config_init(&config);
    config.table_policy = CUBE_TABLES_FULL;
    cube_solver *solver = NULL;
    if (cube_solver_new(&config, &solver) != CUBE_OK || cube_solver_prepare(solver, 3, NULL) != CUBE_OK) fail("solver");
    cube_state **states = calloc((size_t)cubes, sizeof *states);
    job j = {.port = port, .cubes = cubes, .bodies = calloc((size_t)cubes, sizeof(char *)),
             .latency_ms = calloc((size_t)cubes, sizeof(double))};
    pthread_mutex_init(&j.lock, NULL);
    double *direct = calloc((size_t)cubes, sizeof(double)), *overhead = calloc((size_t)cubes, sizeof(double));
    for (int i = 0; i < cubes; ++i) {
        const char *facelets = NULL;
        if (cube_state_random(3, 20261202u + (uint64_t)i, &states[i]) != CUBE_OK ||
            cube_state_facelets(states[i], &facelets) != CUBE_OK)
            fail("random state");
        j.bodies[i] = malloc(100);
        snprintf(j.bodies[i], 100, "{\"facelets\":\"%s\"}", facelets);
    }
    /* 1 client, paired with a direct solve of the same cube just before. */
    http_client c;
    char answer[4096];
    if (http_connect(&c, port) != 0) fail("connect");
    for (int i = 0; i < 50; ++i) http_post(&c, "/v1/solve", j.bodies[i], answer, sizeof answer); /* warm up */
    int failures = 0;
    double start_all = now_ms(), http_total = 0;
    for (int i = 0; i < cubes; ++i) {
        cube_moves *m = NULL;
        double start = now_ms();
        if (cube_solve(solver, states[i], NULL, &m) != CUBE_OK) fail("solve");
        direct[i] = now_ms() - start;
        cube_moves_free(m);
        start = now_ms();
        failures += http_post(&c, "/v1/solve", j.bodies[i], answer, sizeof answer) != 200;
        j.latency_ms[i] = now_ms() - start;
        http_total += j.latency_ms[i];
        overhead[i] = j.latency_ms[i] - direct[i];
    }
    double spent = now_ms() - start_all;
    http_close(&c);
    char text[160];
    printf("bench_serve: %d random 3x3 cubes, POST /v1/solve to cube serve --tables full --keep-alive --max-per-ip 128 (defaults otherwise)\n", cubes);
    summary(direct, cubes, text, sizeof text);
    printf("direct cube_solve: %s\n", text);
    summary(j.latency_ms, cubes, text, sizeof text);
    printf(" 1 client:  %7.0f requests/s (HTTP only: %.0f); latency %s; %d not 200\n", cubes / (spent / 1e3),
           cubes / (http_total / 1e3), text, failures);
    summary(overhead, cubes, text, sizeof text);
    printf("server overhead per request at 1 client (HTTP round trip minus the direct solve of the same cube): %s; "
           "trimmed mean (middle 80%%) %.3f ms\n", text, trimmed_mean(overhead, cubes));
    solved_overhead(solver, port);
    concurrent(&j, 8);
    concurrent(&j, 64);
    kill(server, SIGTERM);
    int status = 0;
    waitpid(server, &status, 0);
    printf("server exit status after SIGTERM: %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    for (int i = 0; i < cubes; ++i) {
        cube_state_free(states[i]);
        free(j.bodies[i]);
    }
    free(states);
    free(j.bodies);
    free(j.latency_ms);
    free(direct);
    free(overhead);
    cube_solver_free(solver);
    return 0;
}
