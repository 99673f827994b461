/* cmocka tests of the CLI's split batches (tools/batch_scope.c, tools/answer_line.c, compiled in): which lines
 * a scope wants, the next one after each (against counting one by one), and the answer-line reader's
 * acceptances and refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "answer_line.h"
#include "batch_scope.h"

/* A scope of lines first..last, shard k of n, lines up to `done` answered. */
static batch_scope scope_of(int64_t first, int64_t last, int64_t k, int64_t n, int64_t done) {
    batch_scope s;
    memset(&s, 0, sizeof s);
    s.first = first;
    s.last = last;
    s.shard = k;
    s.shards = n;
    s.done = done;
    s.numbered = 1;
    return s;
}

/* batch_scope_next agrees with counting: the first wanted line after `line`, or last + 1. */
static void next_is_the_first_wanted_line(void **state) {
    (void)state;
    for (int64_t n = 1; n <= 5; ++n)
        for (int64_t k = 1; k <= n; ++k)
            for (int64_t first = 1; first <= 4; ++first)
                for (int64_t last = first; last <= 12; ++last)
                    for (int64_t line = 0; line <= 13; ++line) {
                        batch_scope s = scope_of(first, last, k, n, 0);
                        int64_t expected = line + 1;
                        while (expected <= last && !batch_scope_wants(&s, expected)) ++expected;
                        if (expected > last) expected = last + 1;
                        assert_int_equal(batch_scope_next(&s, line), expected);
                    }
}

static void shards_cover_every_line_once(void **state) {
    (void)state;
    for (int64_t n = 1; n <= 7; ++n)
        for (int64_t line = 1; line <= 50; ++line) {
            int owners = 0;
            for (int64_t k = 1; k <= n; ++k) {
                batch_scope s = scope_of(1, INT64_MAX, k, n, 0);
                owners += batch_scope_wants(&s, line);
            }
            assert_int_equal(owners, 1);
        }
}

static void resumed_lines_are_not_wanted_and_the_end_is_checked(void **state) {
    (void)state;
    batch_scope s = scope_of(1, INT64_MAX, 2, 3, 5);
    assert_false(batch_scope_wants(&s, 5));
    assert_true(batch_scope_wants(&s, 8));
    assert_int_equal(batch_scope_end(&s, 13), 0);
    assert_int_not_equal(batch_scope_end(&s, 4), 0); /* the file answers line 5 of a 4-line input */
    batch_scope r = scope_of(3, 6, 1, 1, 0);
    assert_false(batch_scope_past_end(&r, 6));
    assert_true(batch_scope_past_end(&r, 7));
}

/* Parses `text` (copied) and returns the result; *a is filled (free it). */
static int parse(const char *text, answer_line *a, char *buffer, size_t size) {
    snprintf(buffer, size, "%s", text);
    return answer_line_parse(buffer, a);
}

static void answer_lines_read(void **state) {
    (void)state;
    char buffer[512];
    answer_line a;
    assert_int_equal(parse("{\"line\":3,\"ok\":true,\"solution\":\"U R2 F\",\"length\":3}", &a, buffer, sizeof buffer), 0);
    assert_int_equal(a.line, 3);
    assert_int_equal(a.ok, 1);
    assert_string_equal(a.solution, "U R2 F");
    answer_line_free(&a);
    assert_int_equal(parse(" {\"ok\":false,\"line\":12,\"error\":\"a \\\"b\\\" \\u0041\"} ", &a, buffer, sizeof buffer), 0);
    assert_int_equal(a.ok, 0);
    assert_null(a.solution);
    answer_line_free(&a);
    assert_int_equal(parse("{\"line\":1,\"ok\":true,\"solutions\":[\"R\",\"U\\/F\"]}", &a, buffer, sizeof buffer), 0);
    assert_int_equal(a.solution_count, 2);
    assert_string_equal(a.solutions[1], "U/F");
    answer_line_free(&a);
    assert_int_equal(parse("{\"line\":7,\"robot\":\"x\",\"moves\":\"R U\",\"actions\":[{\"a\":[1,2.5e3,-1]},null]}", &a,
                           buffer, sizeof buffer), 0);
    assert_int_equal(a.ok, 1); /* a plan has no "ok" */
    assert_string_equal(a.solution, "R U");
    answer_line_free(&a);
}

static void answer_lines_refused(void **state) {
    (void)state;
    static const char *const bad[] = {
        "", "[]", "{\"ok\":true}", "{\"line\":0,\"ok\":true}", "{\"line\":-1,\"ok\":true}", "{\"line\":1.5,\"ok\":true}",
        "{\"line\":01,\"ok\":true}", "{\"line\":12345678901234567,\"ok\":true}", "{\"line\":1,\"line\":2,\"ok\":true}",
        "{\"line\":1,\"ok\":1}", "{\"line\":1,\"ok\":true} x", "{\"line\":1,\"ok\":true,\"solution\":\"R\",\"moves\":\"U\"}",
        "{\"line\":1,\"ok\":true,\"solution\":\"\\u00e9\"}", "{\"line\":1,\"ok\":true,\"solution\":\"\\q\"}",
        "{\"line\":1,\"ok\":true,\"solution\":\"R", "{\"line\":1,\"ok\":true,",
        "{\"line\":1,\"ok\":true,\"x\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
        "{\"line\":1,\"ok\":true,\"solutions\":[\"R\",2]}", "{\"line\":1 \"ok\":true}", "{line:1,\"ok\":true}"};
    char buffer[512];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
        answer_line a;
        if (parse(bad[i], &a, buffer, sizeof buffer) == 0) fail_msg("accepted: %s", bad[i]);
        assert_true(a.error[0] != '\0');
        answer_line_free(&a);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(next_is_the_first_wanted_line),
        cmocka_unit_test(shards_cover_every_line_once),
        cmocka_unit_test(resumed_lines_are_not_wanted_and_the_end_is_checked),
        cmocka_unit_test(answer_lines_read),
        cmocka_unit_test(answer_lines_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
