/* Reading back one answer line of a split or resumed batch (`cube solve|plan - --json` with "line":N), for
 * --resume and `cube merge`: a JSON object on one line, of which the members below are taken (others skipped). */
#ifndef CUBE_CLI_ANSWER_LINE_H
#define CUBE_CLI_ANSWER_LINE_H

#include <stdint.h>

/* Largest input line number an answer may name. */
#define ANSWER_LINE_MAX INT64_C(1000000000000000)

typedef struct answer_line {
    int64_t line;            /* "line": the input line answered (1..ANSWER_LINE_MAX) */
    int ok;                  /* "ok": 1 or 0; 1 when absent (a plan's answer) */
    const char *solution;    /* "solution" (cube solve) or "moves" (cube plan), decoded; NULL if absent */
    char **solutions;        /* "solutions" (--all), decoded; NULL if absent */
    int32_t solution_count;
    char error[128];         /* why the line cannot be read, when answer_line_parse() fails */
} answer_line;

/* Reads `text` (one line, without its newline; changed in place: the strings are decoded into it) into *out.
 * Returns 0, or -1 with out->error set: not one JSON object, nesting deeper than 32, a member given twice, no
 * "line" (a positive integer of at most 16 digits), an "ok" that is not true or false. Free with answer_line_free(),
 * after a failure too. */
int answer_line_parse(char *text, answer_line *out);

void answer_line_free(answer_line *a);

#endif
