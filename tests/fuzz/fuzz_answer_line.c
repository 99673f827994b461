/* Fuzz target: the answer-line reader of --resume and `cube merge` (answer_line_parse in tools/answer_line.c,
 * compiled in): one line of a split batch's answer file, `{"line":N,"ok":true,"solution":"..."}` and the like.
 * Checks: an accepted line has a line number in 1..ANSWER_LINE_MAX and ok 0 or 1; its decoded strings (solution,
 * every one of solutions) lie inside the input's buffer and hold no NUL before their end; a refusal says why;
 * the same input gives the same result twice (the reader keeps no state). */
#include "answer_line.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether `s` lies in text[0..size] (its NUL included). */
static int inside(const char *s, const char *text, size_t size) {
    return s >= text && s + strlen(s) <= text + size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    char *again = fuzz_text(data, size);
    size_t length = strlen(text);
    answer_line a, b;
    int got = answer_line_parse(text, &a);
    FUZZ_CHECK(answer_line_parse(again, &b) == got);
    if (got != 0) {
        FUZZ_CHECK(a.error[0] != '\0');
        FUZZ_CHECK(strcmp(a.error, b.error) == 0);
    } else {
        FUZZ_CHECK(a.line >= 1 && a.line <= ANSWER_LINE_MAX && a.line == b.line);
        FUZZ_CHECK((a.ok == 0 || a.ok == 1) && a.ok == b.ok);
        FUZZ_CHECK(!a.solution || inside(a.solution, text, length));
        FUZZ_CHECK((a.solution == NULL) == (b.solution == NULL));
        FUZZ_CHECK(!a.solution || strcmp(a.solution, b.solution) == 0);
        FUZZ_CHECK(a.solution_count == b.solution_count && a.solution_count >= 0);
        for (int32_t i = 0; i < a.solution_count; ++i) FUZZ_CHECK(inside(a.solutions[i], text, length));
    }
    answer_line_free(&a);
    answer_line_free(&b);
    free(text);
    free(again);
    return 0;
}
