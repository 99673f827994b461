/* Pictures (cube/render.h): microseconds per picture and its size in bytes, for each kind: text nets
 * (24-bit colours), SVG nets and 3-D views of 2x2 and 3x3, the SVG of a 20-move sequence, and the SVG
 * timeline of a 20-move plan on each robot family. Medians of ROUNDS rounds.
 * Usage: bench_render [ROUNDS]   (default 2000) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <cube/cube.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void check(cube_status st, const char *what) {
    if (st == CUBE_OK) return;
    fprintf(stderr, "bench_render: %s: %s\n", what, cube_last_error());
    exit(1);
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a;
    double y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One picture: what to draw (a state, with moves a sequence, or a plan) and how. */
typedef struct picture {
    const char *name;
    const cube_state *state;
    const cube_moves *moves;
    const cube_plan *plan;
    cube_render_options options;
} picture;

static cube_status draw(const picture *p, char *buffer, int32_t capacity, int32_t *length) {
    if (p->plan) return cube_render_plan(p->plan, &p->options, buffer, capacity, length);
    if (p->moves) return cube_render_sequence(p->state, p->moves, &p->options, buffer, capacity, length);
    return cube_render_state(p->state, &p->options, buffer, capacity, length);
}

static void measure(const picture *p, int rounds) {
    static char buffer[1 << 22];
    double *times = malloc(sizeof(double) * (size_t)rounds);
    int32_t length = 0;
    for (int i = 0; i < rounds; ++i) {
        double start = now_us();
        check(draw(p, buffer, sizeof buffer, &length), p->name);
        times[i] = now_us() - start;
    }
    qsort(times, (size_t)rounds, sizeof(double), by_value);
    printf("%-34s %10.1f %10d\n", p->name, times[rounds / 2], length);
    free(times);
}

static cube_render_options options_of(int32_t format, int32_t view, int32_t color) {
    cube_render_options o;
    check(cube_render_options_init(&o), "options");
    o.format = format;
    o.view = view;
    o.color = color;
    return o;
}

int main(int argc, char **argv) {
    const int rounds = argc > 1 ? atoi(argv[1]) : 2000;
    if (rounds < 1) return 2;
    cube_state *cubes[2] = {NULL, NULL};
    check(cube_state_random(2, 18, &cubes[0]), "2x2");
    check(cube_state_random(3, 18, &cubes[1]), "3x3");
    cube_moves *moves = NULL;
    check(cube_scramble(3, 18, 20, &moves), "scramble");
    printf("%-34s %10s %10s\n", "picture", "median us", "bytes");
    for (int c = 0; c < 2; ++c) {
        char names[3][40];
        snprintf(names[0], sizeof names[0], "%dx%d text net, 24-bit", c + 2, c + 2);
        snprintf(names[1], sizeof names[1], "%dx%d SVG net", c + 2, c + 2);
        snprintf(names[2], sizeof names[2], "%dx%d SVG 3-D view", c + 2, c + 2);
        picture text = {names[0], cubes[c], NULL, NULL, options_of(CUBE_RENDER_TEXT, CUBE_VIEW_NET, CUBE_COLOR_24BIT)};
        picture net = {names[1], cubes[c], NULL, NULL, options_of(CUBE_RENDER_SVG, CUBE_VIEW_NET, 0)};
        picture iso = {names[2], cubes[c], NULL, NULL, options_of(CUBE_RENDER_SVG, CUBE_VIEW_3D, 0)};
        measure(&text, rounds);
        measure(&net, rounds);
        measure(&iso, rounds);
    }
    picture steps = {"3x3 SVG steps of 20 moves", cubes[1], moves, NULL, options_of(CUBE_RENDER_SVG, CUBE_VIEW_NET, 0)};
    measure(&steps, rounds / 10 + 1);
    const char *const families[] = {"six-motor", "four-arm", "two-gripper", "turntable-flipper"};
    for (int f = 0; f < 4; ++f) {
        cube_robot *robot = NULL;
        cube_plan *plan = NULL;
        check(cube_robot_parse(families[f], &robot), families[f]);
        check(cube_plan_new(robot, moves, NULL, &plan), "plan");
        char name[64];
        snprintf(name, sizeof name, "plan timeline, %s", families[f]);
        picture timeline = {name, NULL, NULL, plan, options_of(CUBE_RENDER_SVG, CUBE_VIEW_NET, 0)};
        measure(&timeline, rounds / 10 + 1);
        cube_plan_free(plan);
        cube_robot_free(robot);
    }
    cube_moves_free(moves);
    cube_state_free(cubes[0]);
    cube_state_free(cubes[1]);
    return 0;
}
