/* Every public function given NULL, wrong handles and out-of-range values: an error, never a crash. */
#include "test_util.h"

static void null_arguments(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    cube_moves *m = NULL;
    char buf[64];
    int32_t k, a;
    assert_int_equal(cube_state_new(3, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_fails_with(cube_state_from_facelets(NULL, 0, &s), CUBE_ERROR_INVALID_ARGUMENT, "facelet string is NULL");
    assert_int_equal(cube_state_from_facelets(SOLVED3, 0, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_validate_facelets(NULL, 0), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_copy(NULL, &s), CUBE_ERROR_INVALID_ARGUMENT);
    cube_state_free(NULL);
    assert_fails_with(cube_state_size(NULL), CUBE_ERROR_INVALID_ARGUMENT, "state is NULL");
    assert_int_equal(cube_state_equal(NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_is_solved(NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_null(cube_state_facelets(NULL));
    assert_int_equal(cube_state_copy_facelets(NULL, buf, 64, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_format_net(NULL, 0, buf, 64, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_random(3, 1, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_apply(NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_apply_text(NULL, "R"), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_new(3, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_parse(NULL, 3, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_parse("R", 3, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_copy(NULL, &m), CUBE_ERROR_INVALID_ARGUMENT);
    cube_moves_free(NULL);
    assert_int_equal(cube_moves_count(NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_length(NULL, 0), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_get(NULL, 0, &k, &a), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_push(NULL, 0, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_append(NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_invert(NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_simplify(NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_null(cube_moves_text(NULL));
    assert_int_equal(cube_moves_copy_text(NULL, buf, 64, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scramble(3, 1, 10, NULL), CUBE_ERROR_INVALID_ARGUMENT);

    assert_int_equal(cube_state_new(3, &s), CUBE_OK);
    assert_int_equal(cube_state_apply_text(s, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_apply(s, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_equal(s, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_fails_with(cube_state_copy_facelets(s, NULL, 10, NULL), CUBE_ERROR_INVALID_ARGUMENT, "buffer is NULL");
    assert_int_equal(cube_moves_new(3, &m), CUBE_OK);
    assert_int_equal(cube_moves_get(m, 0, NULL, &a), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_append(m, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    cube_moves_free(m);
    cube_state_free(s);
}

static void wrong_kind_of_handle(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    cube_moves *m = NULL;
    assert_int_equal(cube_state_new(3, &s), CUBE_OK);
    assert_int_equal(cube_moves_parse("R", 3, &m), CUBE_OK);
    assert_fails_with(cube_state_is_solved((cube_state *)m), CUBE_ERROR_INVALID_ARGUMENT, "not a valid handle");
    assert_fails_with(cube_moves_count((cube_moves *)s), CUBE_ERROR_INVALID_ARGUMENT, "not a valid handle");
    assert_int_equal(cube_state_apply(s, (cube_moves *)s), CUBE_ERROR_INVALID_ARGUMENT);
    /* A buffer of zeros is no handle either. */
    uint64_t zeros[16] = {0};
    assert_int_equal(cube_state_size((cube_state *)zeros), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_invert((cube_moves *)zeros), CUBE_ERROR_INVALID_ARGUMENT);
    cube_state_free((cube_state *)m); /* ignored: not a state */
    cube_moves_free((cube_moves *)s); /* ignored: not a sequence */
    assert_int_equal(cube_moves_count(m), 1);
    cube_moves_free(m);
    cube_state_free(s);
}

static void out_of_range_values(void **unused) {
    (void)unused;
    cube_state *s = NULL, *two = NULL;
    cube_moves *m = NULL;
    char buf[8];
    assert_fails_with(cube_state_new(4, &s), CUBE_ERROR_INVALID_ARGUMENT, "cube size 4");
    assert_int_equal(cube_state_new(-1, &s), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_from_facelets(SOLVED3, 5, &s), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_random(0, 1, &s), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_new(1, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scramble(3, 1, -5, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scramble(3, 1, 100000, &m), CUBE_ERROR_INVALID_ARGUMENT);

    assert_int_equal(cube_state_new(3, &s), CUBE_OK);
    assert_int_equal(cube_state_new(2, &two), CUBE_OK);
    assert_int_equal(cube_state_equal(s, two), 0);
    assert_fails_with(cube_state_format_net(s, 0x80, buf, sizeof buf, NULL), CUBE_ERROR_INVALID_ARGUMENT, "flags");
    assert_int_equal(cube_state_copy_facelets(s, buf, -1, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_copy_facelets(s, buf, sizeof buf, NULL), CUBE_ERROR_BUFFER_TOO_SMALL);

    assert_int_equal(cube_moves_new(3, &m), CUBE_OK);
    assert_fails_with(cube_moves_push(m, 18, 1), CUBE_ERROR_INVALID_ARGUMENT, "unknown move kind 18");
    assert_int_equal(cube_moves_push(m, -1, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_fails_with(cube_moves_push(m, 0, 4), CUBE_ERROR_INVALID_ARGUMENT, "move amount 4");
    assert_int_equal(cube_moves_push(m, 0, 0), CUBE_ERROR_INVALID_ARGUMENT);
    int32_t k, a;
    assert_fails_with(cube_moves_get(m, 0, &k, &a), CUBE_ERROR_INVALID_ARGUMENT, "out of range");
    assert_int_equal(cube_moves_get(m, -1, &k, &a), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_push(m, CUBE_MOVE_M, 1), CUBE_OK);
    assert_fails_with(cube_state_apply(two, m), CUBE_ERROR_INVALID_ARGUMENT, "cannot be applied to a 2x2");
    cube_moves *m2 = NULL;
    assert_int_equal(cube_moves_new(2, &m2), CUBE_OK);
    assert_int_equal(cube_moves_push(m2, CUBE_MOVE_M, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_append(m2, m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_count(m2), 0);
    cube_moves_free(m2);
    cube_moves_free(m);
    cube_state_free(s);
    cube_state_free(two);
}

static void garbage_text(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    cube_moves *m = NULL;
    char junk[300];
    for (int i = 0; i < 299; ++i) junk[i] = (char)(1 + (i * 37) % 255);
    junk[299] = '\0';
    assert_int_equal(cube_state_from_facelets(junk, 0, &s), CUBE_ERROR_INVALID_CUBE);
    assert_int_equal(cube_moves_parse(junk, 3, &m), CUBE_ERROR_PARSE);
    junk[54] = '\0';
    assert_int_equal(cube_state_from_facelets(junk, 0, &s), CUBE_ERROR_INVALID_CUBE);
    assert_null(s);
    assert_null(m);
}

static void status_names_and_messages(void **unused) {
    (void)unused;
    assert_string_equal(cube_status_name(CUBE_OK), "CUBE_OK");
    assert_string_equal(cube_status_name(CUBE_ERROR_PARSE), "CUBE_ERROR_PARSE");
    assert_string_equal(cube_status_name(12345), "CUBE_STATUS_UNKNOWN");
    for (int32_t st = 0; st >= CUBE_ERROR_INTERNAL; --st) {
        assert_string_not_equal(cube_status_name(st), "CUBE_STATUS_UNKNOWN");
        assert_string_not_equal(cube_status_message(st), "unknown status");
    }
    assert_string_equal(cube_status_message(CUBE_ERROR_INVALID_CUBE), "invalid cube");
}

static void version_macros_agree(void **unused) {
    (void)unused;
    assert_int_equal(cube_version(), CUBE_VERSION_NUMBER);
    assert_string_equal(cube_version_string(), CUBE_VERSION_STRING);
    char expect[32];
    snprintf(expect, sizeof expect, "%d.%d.%d", CUBE_VERSION_MAJOR, CUBE_VERSION_MINOR, CUBE_VERSION_PATCH);
    assert_string_equal(cube_version_string(), expect);
}

static void net_of_solved_cube(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    assert_int_equal(cube_state_new(2, &s), CUBE_OK);
    char buf[1024];
    int32_t len = 0;
    assert_int_equal(cube_state_format_net(s, CUBE_NET_PLAIN, NULL, 0, &len), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(cube_state_format_net(s, CUBE_NET_PLAIN, buf, sizeof buf, NULL), CUBE_OK);
    assert_int_equal((int32_t)strlen(buf), len);
    assert_string_equal(buf, "    U U\n    U U\nL L F F R R B B\nL L F F R R B B\n    D D\n    D D\n");
    assert_int_equal(cube_state_format_net(s, CUBE_NET_COLOR, buf, sizeof buf, NULL), CUBE_OK);
    assert_non_null(strstr(buf, "\x1b["));
    cube_state_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(null_arguments),
        cmocka_unit_test(wrong_kind_of_handle),
        cmocka_unit_test(out_of_range_values),
        cmocka_unit_test(garbage_text),
        cmocka_unit_test(status_names_and_messages),
        cmocka_unit_test(version_macros_agree),
        cmocka_unit_test(net_of_solved_cube),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
