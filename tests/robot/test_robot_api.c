/* The public robot API from C: descriptions, parsing and loading, plans, robot-aware choice,
 * formats, versioned structs, and the rules for bad input (statuses and messages, never a crash). */
#define _DEFAULT_SOURCE /* mkstemp, fdopen, mmap's MAP_ANONYMOUS */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cube/robot.h>

#include "../core/test_util.h"

static cube_moves *moves(const char *text) {
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse(text, 3, &m), CUBE_OK);
    return m;
}

static cube_robot *robot_of(const char *spec) {
    cube_robot *r = NULL;
    assert_int_equal(cube_robot_parse(spec, &r), CUBE_OK);
    return r;
}

static const char *spec_of(const cube_robot *r) {
    const char *spec = NULL;
    assert_int_equal(cube_robot_spec(r, &spec), CUBE_OK);
    return spec;
}

static int64_t total_us(const cube_plan *p) {
    int64_t us = -1;
    assert_int_equal(cube_plan_total_us(p, &us), CUBE_OK);
    return us;
}

static const char *text_of(const cube_moves *m) {
    const char *text = NULL;
    assert_int_equal(cube_moves_text(m, &text), CUBE_OK);
    return text;
}

/* ---- Guard bytes and guard pages: what the library may write and read of a caller's struct ---- */

#define GUARD 0xA5

/* Room for any robot struct, a future tail and guard bytes, aligned for all of them. */
typedef union {
    cube_robot_desc desc;
    cube_plan_options plan_options;
    cube_action action;
    cube_robot_solve_options solve_options;
    unsigned char bytes[96];
} Buffer;

static void fill_guard(Buffer *b) {
    memset(b->bytes, GUARD, sizeof b->bytes);
}

/* Every byte from `from` to the end of the buffer still holds the guard pattern. */
static void assert_guard_from(const Buffer *b, size_t from) {
    for (size_t i = from; i < sizeof b->bytes; ++i) {
        if (b->bytes[i] != GUARD) print_error("byte %zu was written\n", i);
        assert_int_equal(b->bytes[i], GUARD);
    }
}

/* `size` usable bytes that end where an inaccessible page begins: reading past them crashes. */
typedef struct {
    unsigned char *base;
    size_t page;
    void *bytes;
} GuardedBytes;

static GuardedBytes guarded_bytes(size_t size) {
    GuardedBytes g;
    g.page = (size_t)sysconf(_SC_PAGESIZE);
    g.base = mmap(NULL, 2 * g.page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(g.base != MAP_FAILED);
    assert_int_equal(mprotect(g.base + g.page, g.page, PROT_NONE), 0);
    g.bytes = g.base + g.page - size;
    return g;
}

static void free_guarded(GuardedBytes g) {
    munmap(g.base, 2 * g.page);
}

/* ---- Descriptions and robots --------------------------------------------------------------------- */

static void desc_defaults_and_round_trip(void **unused) {
    (void)unused;
    for (int32_t f = CUBE_ROBOT_SIX_MOTOR; f <= CUBE_ROBOT_TURNTABLE_FLIPPER; ++f) {
        cube_robot_desc d, back;
        assert_int_equal(cube_robot_desc_init(&d, f), CUBE_OK);
        assert_int_equal(d.struct_size, sizeof d);
        cube_robot *r = NULL, *again = NULL;
        assert_int_equal(cube_robot_new(&d, &r), CUBE_OK);
        assert_int_equal(cube_robot_desc_init(&back, CUBE_ROBOT_SIX_MOTOR), CUBE_OK);
        assert_int_equal(cube_robot_get_desc(r, &back), CUBE_OK);
        assert_memory_equal(&d, &back, sizeof d);
        assert_int_equal(cube_robot_parse(spec_of(r), &again), CUBE_OK);
        assert_string_equal(spec_of(r), spec_of(again));
        const char *family = NULL;
        assert_int_equal(cube_robot_family_name(f, &family), CUBE_OK);
        assert_non_null(strstr(spec_of(r), family));
        int32_t actuators = 0;
        assert_int_equal(cube_robot_actuator_count(r, &actuators), CUBE_OK);
        assert_true(actuators > 0);
        const char *name = NULL;
        assert_int_equal(cube_robot_actuator_name(r, 0, &name), CUBE_OK);
        assert_non_null(name);
        assert_fails_with(cube_robot_actuator_name(r, actuators, &name), CUBE_ERROR_INVALID_ARGUMENT, "actuator");
        assert_null(name);
        cube_robot_free(r);
        cube_robot_free(again);
    }
    const char *family = "unchanged";
    assert_fails_with(cube_robot_family_name(7, &family), CUBE_ERROR_INVALID_ARGUMENT, "family");
    assert_null(family);
}

static void bad_descriptions_are_refused(void **unused) {
    (void)unused;
    cube_robot_desc d;
    cube_robot *r = NULL;
    assert_fails_with(cube_robot_desc_init(&d, 9), CUBE_ERROR_INVALID_ARGUMENT, "family");
    cube_robot_desc_init(&d, CUBE_ROBOT_FOUR_ARM);
    d.turn90_us = 0;
    assert_fails_with(cube_robot_new(&d, &r), CUBE_ERROR_INVALID_ARGUMENT, "turn90");
    assert_null(r);
    cube_robot_desc_init(&d, CUBE_ROBOT_FOUR_ARM);
    d.struct_size = 4;
    assert_fails_with(cube_robot_new(&d, &r), CUBE_ERROR_INVALID_ARGUMENT, "struct_size");
    assert_fails_with(cube_robot_new(NULL, &r), CUBE_ERROR_INVALID_ARGUMENT, "desc");
    assert_fails_with(cube_robot_parse("four-arm:turn90=fast", &r), CUBE_ERROR_PARSE, "turn90");
    assert_fails_with(cube_robot_parse("robot-arm", &r), CUBE_ERROR_PARSE, "unknown family");
    assert_fails_with(cube_robot_parse(NULL, &r), CUBE_ERROR_INVALID_ARGUMENT, "NULL");
    assert_fails_with(cube_robot_load("/nonexistent/robot.txt", &r), CUBE_ERROR_NOT_FOUND, "robot.txt");
    int32_t count = 5;
    assert_int_equal(cube_robot_actuator_count(NULL, &count), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(count, 0);
    cube_robot_free(NULL);
}

/* overlap_permille (V3): 0 by default, six-motor only, round trip through the desc and the spec. */
static void desc_overlap_of_six_motor_robots(void **unused) {
    (void)unused;
    cube_robot_desc d, back;
    cube_robot *r = NULL, *again = NULL;
    for (int32_t f = CUBE_ROBOT_SIX_MOTOR; f <= CUBE_ROBOT_TURNTABLE_FLIPPER; ++f) {
        assert_int_equal(cube_robot_desc_init(&d, f), CUBE_OK);
        assert_int_equal(d.overlap_permille, 0);
    }
    cube_robot_desc_init(&d, CUBE_ROBOT_SIX_MOTOR);
    d.overlap_permille = 300;
    assert_int_equal(cube_robot_new(&d, &r), CUBE_OK);
    cube_robot_desc_init(&back, CUBE_ROBOT_FOUR_ARM);
    assert_int_equal(cube_robot_get_desc(r, &back), CUBE_OK);
    assert_int_equal(back.overlap_permille, 300);
    assert_non_null(strstr(spec_of(r), ",overlap=0.3"));
    assert_int_equal(cube_robot_parse(spec_of(r), &again), CUBE_OK);
    assert_string_equal(spec_of(r), spec_of(again));
    cube_robot_free(r);
    cube_robot_free(again);
    r = NULL;
    d.overlap_permille = 501;
    assert_fails_with(cube_robot_new(&d, &r), CUBE_ERROR_INVALID_ARGUMENT, "overlap_permille 501: must be 0 to 500");
    d.overlap_permille = -1;
    assert_fails_with(cube_robot_new(&d, &r), CUBE_ERROR_INVALID_ARGUMENT, "overlap_permille -1");
    cube_robot_desc_init(&d, CUBE_ROBOT_TURNTABLE_FLIPPER);
    d.overlap_permille = 200;
    assert_fails_with(cube_robot_new(&d, &r), CUBE_ERROR_INVALID_ARGUMENT, "only a six-motor robot cuts corners");
    assert_fails_with(cube_robot_parse("two-gripper:overlap=0.1", &r), CUBE_ERROR_INVALID_ARGUMENT, "overlap");
    assert_fails_with(cube_robot_parse("six-motor:overlap=1", &r), CUBE_ERROR_PARSE, "0 to 0.5");
    assert_null(r);
    /* A V2 caller knows no overlap: its robots have none. */
    cube_robot_desc_init(&d, CUBE_ROBOT_SIX_MOTOR);
    d.struct_size = CUBE_ROBOT_DESC_SIZE_V2;
    d.overlap_permille = 400; /* past its struct: not read */
    assert_int_equal(cube_robot_new(&d, &r), CUBE_OK);
    assert_null(strstr(spec_of(r), "overlap"));
    cube_robot_free(r);
}

static void desc_of_the_published_size_is_accepted(void **unused) {
    (void)unused;
    cube_robot_desc d;
    cube_robot *r = NULL;
    cube_robot_desc_init(&d, CUBE_ROBOT_TWO_GRIPPER);
    d.struct_size = CUBE_ROBOT_DESC_SIZE_V1;
    assert_int_equal(cube_robot_new(&d, &r), CUBE_OK);
    cube_robot_free(r);
}

static void desc_of_an_unpublished_smaller_size_is_refused_unread(void **unused) {
    (void)unused;
    /* 28 bytes directly before an inaccessible page: reading field 8 (bytes 28..31) would crash. */
    GuardedBytes g = guarded_bytes(28);
    cube_robot_desc full;
    cube_robot_desc_init(&full, CUBE_ROBOT_FOUR_ARM);
    full.struct_size = 28;
    memcpy(g.bytes, &full, 28);
    cube_robot *r = NULL;
    assert_fails_with(cube_robot_new(g.bytes, &r), CUBE_ERROR_INVALID_ARGUMENT, "struct_size is 28");
    assert_null(r);
    free_guarded(g);
}

/* A struct from newer headers: the current fields, then ones this library does not know. */
typedef struct {
    cube_robot_desc v1;
    int32_t future_field;
    int32_t another_future_field;
} future_robot_desc;

static void desc_from_newer_headers_is_accepted_if_its_tail_is_zero(void **unused) {
    (void)unused;
    future_robot_desc d;
    memset(&d, 0, sizeof d);
    assert_int_equal(cube_robot_desc_init_sized(&d.v1, sizeof d, CUBE_ROBOT_FOUR_ARM), CUBE_OK);
    assert_int_equal(d.v1.struct_size, sizeof d);
    cube_robot *r = NULL;
    assert_int_equal(cube_robot_new(&d.v1, &r), CUBE_OK);
    cube_robot_free(r);
    /* Every byte set: the first set byte is the field's first in either byte order (s390x: 3 is in byte 47). */
    d.another_future_field = 0x03030303;
    char expected[32];
    snprintf(expected, sizeof expected, "byte %u", (unsigned)offsetof(future_robot_desc, another_future_field));
    assert_fails_with(cube_robot_new(&d.v1, &r), CUBE_ERROR_UNSUPPORTED, expected);
    assert_null(r);
}

static void load_from_file(void **unused) {
    (void)unused;
    char path[] = "/tmp/cube-robot-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("# our robot\nmodel = two-gripper\nturn90 = 280   # measured\ngrip = 120\n", f);
    fclose(f);
    cube_robot *r = NULL;
    assert_int_equal(cube_robot_load(path, &r), CUBE_OK);
    cube_robot_desc d;
    cube_robot_desc_init(&d, CUBE_ROBOT_SIX_MOTOR);
    assert_int_equal(cube_robot_get_desc(r, &d), CUBE_OK);
    assert_int_equal(d.family, CUBE_ROBOT_TWO_GRIPPER);
    assert_int_equal(d.turn90_us, 280000);
    assert_int_equal(d.grip_us, 120000);
    cube_robot_free(r);
    f = fopen(path, "w");
    fputs("model = two-gripper\nwrist = 3\n", f);
    fclose(f);
    assert_fails_with(cube_robot_load(path, &r), CUBE_ERROR_PARSE, path);
    remove(path);
}

/* ---- Versioned structs: init and the library's writes stay within the caller's size ------------ */

static void inits_never_write_past_the_size_given(void **unused) {
    (void)unused;
    Buffer b;
    fill_guard(&b);
    assert_int_equal(cube_robot_desc_init_sized(&b.desc, CUBE_ROBOT_DESC_SIZE_V1, CUBE_ROBOT_FOUR_ARM), CUBE_OK);
    assert_int_equal(b.desc.struct_size, CUBE_ROBOT_DESC_SIZE_V1);
    assert_int_equal(b.desc.family, CUBE_ROBOT_FOUR_ARM);
    assert_guard_from(&b, CUBE_ROBOT_DESC_SIZE_V1);

    fill_guard(&b);
    assert_int_equal(cube_plan_options_init_sized(&b.plan_options, CUBE_PLAN_OPTIONS_SIZE_V1), CUBE_OK);
    assert_int_equal(b.plan_options.strategy, CUBE_PLAN_OPTIMAL);
    assert_guard_from(&b, CUBE_PLAN_OPTIONS_SIZE_V1);

    fill_guard(&b);
    assert_int_equal(cube_action_init_sized(&b.action, CUBE_ACTION_SIZE_V1), CUBE_OK);
    assert_int_equal(b.action.struct_size, CUBE_ACTION_SIZE_V1);
    assert_int_equal(b.action.end_us, 0);
    assert_guard_from(&b, CUBE_ACTION_SIZE_V1);

    fill_guard(&b);
    assert_int_equal(cube_robot_solve_options_init_sized(&b.solve_options, CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V1),
                     CUBE_OK);
    assert_int_equal(b.solve_options.candidates, 5000);
    assert_null(b.solve_options.cancel);
    assert_guard_from(&b, CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V1);

    fill_guard(&b);
    assert_int_equal(cube_robot_solve_options_init_sized(&b.solve_options, CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V2),
                     CUBE_OK);
    assert_int_equal(b.solve_options.plan_ms, 150);
    assert_int_equal(b.solve_options.max_length, 0);
    assert_guard_from(&b, CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V2);

    /* A larger struct: the unknown tail is zeroed, nothing after it is touched. */
    fill_guard(&b);
    assert_int_equal(cube_robot_desc_init_sized(&b.desc, CUBE_ROBOT_DESC_SIZE_V1 + 8, CUBE_ROBOT_SIX_MOTOR), CUBE_OK);
    assert_int_equal(b.desc.struct_size, CUBE_ROBOT_DESC_SIZE_V1 + 8);
    for (size_t i = CUBE_ROBOT_DESC_SIZE_V1; i < CUBE_ROBOT_DESC_SIZE_V1 + 8; ++i)
        assert_int_equal(b.bytes[i], 0);
    assert_guard_from(&b, CUBE_ROBOT_DESC_SIZE_V1 + 8);

    /* A size that was never published: refused, nothing written. */
    fill_guard(&b);
    assert_fails_with(cube_robot_desc_init_sized(&b.desc, 28, CUBE_ROBOT_FOUR_ARM), CUBE_ERROR_INVALID_ARGUMENT,
                      "struct_size");
    assert_fails_with(cube_action_init_sized(&b.action, 12), CUBE_ERROR_INVALID_ARGUMENT, "struct_size");
    assert_guard_from(&b, 0);
}

static void getters_write_only_the_callers_struct_size(void **unused) {
    (void)unused;
    cube_robot *r = robot_of("four-arm");
    cube_moves *m = moves("R U");
    cube_plan *p = NULL;
    assert_int_equal(cube_plan_new(r, m, NULL, &p), CUBE_OK);
    Buffer b;

    fill_guard(&b);
    b.desc.struct_size = CUBE_ROBOT_DESC_SIZE_V1;
    assert_int_equal(cube_robot_get_desc(r, &b.desc), CUBE_OK);
    assert_int_equal(b.desc.struct_size, CUBE_ROBOT_DESC_SIZE_V1);
    assert_int_equal(b.desc.family, CUBE_ROBOT_FOUR_ARM);
    assert_guard_from(&b, CUBE_ROBOT_DESC_SIZE_V1);

    fill_guard(&b);
    b.action.struct_size = CUBE_ACTION_SIZE_V1;
    assert_int_equal(cube_plan_get_action(p, 0, &b.action), CUBE_OK);
    assert_int_equal(b.action.struct_size, CUBE_ACTION_SIZE_V1);
    assert_int_equal(b.action.start_us, 0);
    assert_guard_from(&b, CUBE_ACTION_SIZE_V1);

    /* A larger struct gets its unknown tail zeroed and nothing more. */
    fill_guard(&b);
    b.action.struct_size = CUBE_ACTION_SIZE_V1 + 4;
    assert_int_equal(cube_plan_get_action(p, 0, &b.action), CUBE_OK);
    assert_int_equal(b.action.struct_size, CUBE_ACTION_SIZE_V1 + 4);
    for (size_t i = CUBE_ACTION_SIZE_V1; i < CUBE_ACTION_SIZE_V1 + 4; ++i)
        assert_int_equal(b.bytes[i], 0);
    assert_guard_from(&b, CUBE_ACTION_SIZE_V1 + 4);

    /* A size never published: refused, nothing but struct_size as it was. */
    fill_guard(&b);
    b.desc.struct_size = 28;
    assert_fails_with(cube_robot_get_desc(r, &b.desc), CUBE_ERROR_INVALID_ARGUMENT, "struct_size");
    assert_guard_from(&b, 4);

    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(r);
}

/* ---- Plans ------------------------------------------------------------------------------------ */

static void plans_and_their_actions(void **unused) {
    (void)unused;
    cube_robot *r = robot_of("four-arm");
    cube_plan *p = NULL;
    cube_moves *m = moves("R U R' U'");
    assert_int_equal(cube_plan_new(r, m, NULL, &p), CUBE_OK);
    assert_int_equal(cube_plan_check(p), CUBE_OK);
    int32_t n = 0;
    assert_int_equal(cube_plan_action_count(p, &n), CUBE_OK);
    assert_true(n >= 4);
    cube_action a, last;
    cube_action_init(&a);
    cube_action_init(&last);
    assert_int_equal(cube_plan_get_action(p, 0, &a), CUBE_OK);
    assert_int_equal(a.start_us, 0);
    assert_int_equal(cube_plan_get_action(p, n - 1, &last), CUBE_OK);
    assert_int_equal(last.end_us, total_us(p));
    assert_fails_with(cube_plan_get_action(p, n, &a), CUBE_ERROR_INVALID_ARGUMENT, "action");
    int32_t turns = 0;
    for (int32_t i = 0; i < n; ++i) {
        assert_int_equal(cube_plan_get_action(p, i, &a), CUBE_OK);
        turns += a.move_index >= 0;
    }
    assert_int_equal(turns, 4);

    cube_plan_options o;
    cube_plan_options_init(&o);
    o.strategy = CUBE_PLAN_NAIVE;
    cube_plan *naive = NULL;
    assert_int_equal(cube_plan_new(r, m, &o, &naive), CUBE_OK);
    assert_int_equal(cube_plan_check(naive), CUBE_OK);
    assert_true(total_us(naive) >= total_us(p));
    o.strategy = 5;
    cube_plan *none = NULL;
    assert_fails_with(cube_plan_new(r, m, &o, &none), CUBE_ERROR_INVALID_ARGUMENT, "strategy");
    assert_null(none);

    cube_moves *back = NULL;
    cube_robot *rb = NULL;
    assert_int_equal(cube_plan_moves(p, &back), CUBE_OK);
    assert_string_equal(text_of(back), "R U R' U'");
    assert_int_equal(cube_plan_robot(p, &rb), CUBE_OK);
    assert_string_equal(spec_of(rb), spec_of(r));
    cube_robot_free(r); /* plans keep their robot */
    assert_int_equal(cube_plan_check(p), CUBE_OK);

    char buf[8];
    int32_t len = 0;
    assert_int_equal(cube_plan_format(p, CUBE_PLAN_JSON, buf, sizeof buf, &len), CUBE_ERROR_BUFFER_TOO_SMALL);
    char *json = malloc((size_t)len + 1);
    assert_int_equal(cube_plan_format(p, CUBE_PLAN_JSON, json, len + 1, NULL), CUBE_OK);
    assert_non_null(strstr(json, "\"total_ms\":"));
    assert_non_null(strstr(json, "\"actuator\":\"R.twist\""));
    free(json);
    assert_int_equal(cube_plan_format(p, CUBE_PLAN_TEXT, NULL, 0, &len), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_true(len > 0);
    assert_fails_with(cube_plan_format(p, 7, NULL, 0, &len), CUBE_ERROR_INVALID_ARGUMENT, "format");

    cube_plan_free(naive);
    cube_plan_free(p);
    cube_moves_free(back);
    cube_moves_free(m);
    cube_robot_free(rb);
    int64_t us = 1;
    assert_int_equal(cube_plan_total_us(NULL, &us), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(us, 0);
    assert_fails_with(cube_plan_check(NULL), CUBE_ERROR_INVALID_ARGUMENT, "plan");
}

static void new_if_faster_plans_only_winners(void **unused) {
    (void)unused;
    cube_robot *r = robot_of("four-arm");
    const char *candidates[] = {"U", "R L", "R R", "F B"};
    const int wins[] = {1, 1, 0, 0};
    cube_plan *best = NULL;
    for (int i = 0; i < 4; ++i) {
        cube_moves *m = moves(candidates[i]);
        cube_plan *faster = (cube_plan *)&faster; /* any non-NULL value: the call must set it */
        int64_t before = best ? total_us(best) : 0;
        assert_int_equal(cube_plan_new_if_faster(r, m, NULL, best, &faster), CUBE_OK);
        if (best) { /* `than` is untouched and still valid */
            assert_int_equal(cube_plan_check(best), CUBE_OK);
            assert_int_equal(total_us(best), before);
        }
        if (wins[i]) {
            assert_non_null(faster);
            assert_true(faster != best);
            if (best) assert_true(total_us(faster) < total_us(best));
            cube_plan_free(best);
            best = faster;
        } else {
            assert_null(faster);
        }
        cube_moves_free(m);
    }
    cube_moves *chosen = NULL;
    assert_int_equal(cube_plan_moves(best, &chosen), CUBE_OK);
    assert_string_equal(text_of(chosen), "R L");
    assert_int_equal(total_us(best), 800000); /* R and L together, then both arms back to rest */
    cube_moves_free(chosen);
    cube_plan *out = NULL;
    assert_fails_with(cube_plan_new_if_faster(r, NULL, NULL, best, &out), CUBE_ERROR_INVALID_ARGUMENT, "candidate");
    cube_moves *m = moves("R");
    assert_fails_with(cube_plan_new_if_faster(r, m, NULL, (const cube_plan *)m, &out), CUBE_ERROR_INVALID_ARGUMENT,
                      "than");
    assert_null(out);
    cube_moves_free(m);
    cube_plan_free(best);
    cube_robot_free(r);
}

/* "R U R' U' ..." of `count` moves, to free with cube_moves_free(). */
static cube_moves *sexy_moves(int count) {
    static const char *const kCycle[4] = {"R", "U", "R'", "U'"};
    char *text = malloc((size_t)count * 3 + 1);
    text[0] = '\0';
    for (int i = 0; i < count; ++i) {
        strcat(text, kCycle[i % 4]);
        strcat(text, " ");
    }
    cube_moves *m = moves(text);
    free(text);
    return m;
}

/* At most 1000 moves: one more is refused (naming the limit) by both planning calls, before any work. */
static void plans_have_at_most_1000_moves(void **unused) {
    (void)unused;
    cube_robot *r = robot_of("six-motor");
    cube_moves *longest = sexy_moves(1000);
    cube_moves *too_long = sexy_moves(1001);
    cube_plan *p = NULL;
    assert_int_equal(cube_plan_new(r, longest, NULL, &p), CUBE_OK);
    assert_int_equal(cube_plan_check(p), CUBE_OK);
    cube_plan *none = (cube_plan *)&none; /* any non-NULL value: the call must clear it */
    assert_fails_with(cube_plan_new(r, too_long, NULL, &none), CUBE_ERROR_INVALID_ARGUMENT, "at most 1000");
    assert_null(none);
    none = (cube_plan *)&none;
    assert_fails_with(cube_plan_new_if_faster(r, too_long, NULL, NULL, &none), CUBE_ERROR_INVALID_ARGUMENT,
                      "at most 1000");
    assert_null(none);
    none = (cube_plan *)&none;
    assert_fails_with(cube_plan_new_if_faster(r, too_long, NULL, p, &none), CUBE_ERROR_INVALID_ARGUMENT,
                      "at most 1000");
    assert_null(none);
    cube_plan_free(p);
    cube_moves_free(too_long);
    cube_moves_free(longest);
    cube_robot_free(r);
}

/* ---- Robot-aware solving: what is refused before any solving (no tables needed) ----------------- */

typedef struct {
    cube_robot *robot;
    cube_solver *solver;
    cube_state *state;
} SolveSetup;

static SolveSetup solve_setup(void) {
    SolveSetup s = {robot_of("four-arm"), NULL, NULL};
    assert_int_equal(cube_solver_new(NULL, &s.solver), CUBE_OK);
    s.state = state_after(3, "R U F");
    return s;
}

static void solve_teardown(SolveSetup s) {
    cube_state_free(s.state);
    cube_solver_free(s.solver);
    cube_robot_free(s.robot);
}

static void robot_solve_refuses_an_unknown_strategy(void **unused) {
    (void)unused;
    SolveSetup s = solve_setup();
    cube_robot_solve_options o;
    cube_robot_solve_options_init(&o);
    o.strategy = 3;
    cube_plan *p = NULL;
    assert_fails_with(cube_robot_solve(s.robot, s.solver, s.state, &o, &p), CUBE_ERROR_INVALID_ARGUMENT, "strategy");
    assert_null(p);
    solve_teardown(s);
}

static void robot_solve_refuses_a_2x2(void **unused) {
    (void)unused;
    SolveSetup s = solve_setup();
    cube_state *small = state_after(2, "R U");
    cube_plan *p = NULL;
    assert_fails_with(cube_robot_solve(s.robot, s.solver, small, NULL, &p), CUBE_ERROR_INVALID_ARGUMENT, "3x3");
    assert_null(p);
    cube_state_free(small);
    solve_teardown(s);
}

static void robot_solve_with_a_triggered_token_is_cancelled(void **unused) {
    (void)unused;
    SolveSetup s = solve_setup();
    cube_cancel *cancel = NULL;
    assert_int_equal(cube_cancel_new(&cancel), CUBE_OK);
    assert_int_equal(cube_cancel_trigger(cancel), CUBE_OK);
    cube_robot_solve_options o;
    cube_robot_solve_options_init(&o);
    o.cancel = cancel;
    cube_plan *p = NULL;
    assert_fails_with(cube_robot_solve(s.robot, s.solver, s.state, &o, &p), CUBE_ERROR_CANCELLED, "cancelled");
    assert_null(p);
    o.cancel = (const cube_cancel *)s.robot; /* not a token */
    assert_fails_with(cube_robot_solve(s.robot, s.solver, s.state, &o, &p), CUBE_ERROR_INVALID_ARGUMENT,
                      "options.cancel");
    cube_cancel_free(cancel);
    solve_teardown(s);
}

static void robot_solve_refuses_bad_handles(void **unused) {
    (void)unused;
    SolveSetup s = solve_setup();
    cube_plan *p = NULL;
    assert_fails_with(cube_robot_solve(s.robot, NULL, s.state, NULL, &p), CUBE_ERROR_INVALID_ARGUMENT, "solver");
    assert_fails_with(cube_robot_solve(s.robot, (cube_solver *)s.robot, s.state, NULL, &p),
                      CUBE_ERROR_INVALID_ARGUMENT, "solver");
    assert_fails_with(cube_robot_solve(NULL, s.solver, s.state, NULL, &p), CUBE_ERROR_INVALID_ARGUMENT, "robot");
    assert_fails_with(cube_robot_solve(s.robot, s.solver, NULL, NULL, &p), CUBE_ERROR_INVALID_ARGUMENT, "state");
    assert_null(p);
    solve_teardown(s);
}

/* ---- NULL out-parameters ---------------------------------------------------------------------- */

static void null_out_parameters_are_refused(void **unused) {
    (void)unused;
    cube_robot *r = robot_of("two-gripper");
    cube_moves *m = moves("D L");
    cube_plan *p = NULL;
    assert_int_equal(cube_plan_new(r, m, NULL, &p), CUBE_OK);
    cube_robot_desc d;
    cube_robot_desc_init(&d, CUBE_ROBOT_SIX_MOTOR);
    cube_solver *solver = NULL;
    assert_int_equal(cube_solver_new(NULL, &solver), CUBE_OK);
    cube_state *state = state_after(3, "R");

    assert_int_equal(cube_robot_desc_init_sized(NULL, sizeof d, CUBE_ROBOT_SIX_MOTOR), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_plan_options_init_sized(NULL, CUBE_PLAN_OPTIONS_SIZE_V1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_action_init_sized(NULL, CUBE_ACTION_SIZE_V1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_robot_solve_options_init_sized(NULL, CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V1),
                     CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_robot_family_name(CUBE_ROBOT_FOUR_ARM, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_robot_new(&d, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_robot_parse("four-arm", NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_robot_load("/nonexistent/robot.txt", NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_robot_get_desc(r, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_robot_spec(r, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_robot_actuator_count(r, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_robot_actuator_name(r, 0, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_plan_new(r, m, NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_plan_new_if_faster(r, m, NULL, p, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_plan_total_us(p, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_plan_action_count(p, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_plan_get_action(p, 0, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_plan_moves(p, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_plan_robot(p, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_robot_solve(r, solver, state, NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);

    cube_state_free(state);
    cube_solver_free(solver);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(desc_defaults_and_round_trip),
        cmocka_unit_test(bad_descriptions_are_refused),
        cmocka_unit_test(desc_overlap_of_six_motor_robots),
        cmocka_unit_test(desc_of_the_published_size_is_accepted),
        cmocka_unit_test(desc_of_an_unpublished_smaller_size_is_refused_unread),
        cmocka_unit_test(desc_from_newer_headers_is_accepted_if_its_tail_is_zero),
        cmocka_unit_test(load_from_file),
        cmocka_unit_test(inits_never_write_past_the_size_given),
        cmocka_unit_test(getters_write_only_the_callers_struct_size),
        cmocka_unit_test(plans_and_their_actions),
        cmocka_unit_test(new_if_faster_plans_only_winners),
        cmocka_unit_test(plans_have_at_most_1000_moves),
        cmocka_unit_test(robot_solve_refuses_an_unknown_strategy),
        cmocka_unit_test(robot_solve_refuses_a_2x2),
        cmocka_unit_test(robot_solve_with_a_triggered_token_is_cancelled),
        cmocka_unit_test(robot_solve_refuses_bad_handles),
        cmocka_unit_test(null_out_parameters_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
