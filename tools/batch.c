#include "batch.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "answer.h"
#include "batch_scope.h"
#include "cli.h"
#include "output.h"

void batch_reader_init(batch_reader *reader, FILE *in) {
    memset(reader, 0, sizeof *reader);
    reader->in = in;
}

static int is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

/* Appends c to the growing line *s (len bytes used of *cap); 0, or -1 when memory ran out. */
static int append(char **s, size_t *len, size_t *cap, char c) {
    if (*len + 1 == *cap) {
        char *bigger = realloc(*s, *cap * 2);
        if (!bigger) return -1;
        *s = bigger;
        *cap *= 2;
    }
    (*s)[(*len)++] = c;
    return 0;
}

/* Cuts the blanks around s (len bytes) in place; its new length. */
static size_t trim(char *s, size_t len) {
    size_t start = 0;
    while (start < len && is_blank(s[start])) ++start;
    while (len > start && is_blank(s[len - 1])) --len;
    memmove(s, s + start, len - start);
    return len - start;
}

/* Reads the next line of the input, wanted or not; batch_read()'s results. */
static int read_line(batch_reader *reader, char **text) {
    size_t cap = 128;
    size_t len = 0;
    int has_nul = 0;
    int too_long = 0;
    int c;
    char *s = malloc(cap);
    *text = NULL;
    reader->refusal[0] = '\0';
    ++reader->line;
    if (!s) {
        reader->read_error = ENOMEM;
        return -1;
    }
    while ((c = getc(reader->in)) != EOF && c != '\n') {
        has_nul |= c == '\0';
        if (len == BATCH_LINE_MAX) too_long = 1;
        if (too_long) continue; /* read on to the end of the line, keeping nothing more */
        if (append(&s, &len, &cap, (char)c) != 0) {
            free(s);
            reader->read_error = ENOMEM;
            return -1;
        }
    }
    if (c == EOF && ferror(reader->in)) {
        free(s);
        reader->read_error = errno ? errno : EIO;
        return -1;
    }
    if (c == EOF && len == 0 && !has_nul) {
        free(s);
        --reader->line;
        return 0;
    }
    reader->ended = c == '\n';
    if (has_nul)
        snprintf(reader->refusal, sizeof reader->refusal, "line %lld contains a NUL byte", (long long)reader->line);
    else if (too_long)
        snprintf(reader->refusal, sizeof reader->refusal, "line %lld is longer than %d bytes", (long long)reader->line,
                 BATCH_LINE_MAX);
    len = reader->refusal[0] ? 0 : trim(s, len);
    s[len] = '\0';
    *text = s;
    return 1;
}

int batch_read(batch_reader *reader, char **text) {
    for (;;) {
        *text = NULL;
        if (reader->scope && batch_scope_past_end(reader->scope, reader->line + 1)) return 0;
        int got = read_line(reader, text);
        if (got <= 0 || !reader->scope || batch_scope_wants(reader->scope, reader->line)) return got;
        free(*text);
    }
}

int batch_report_read_error(const batch_reader *reader) {
    fprintf(stderr, "error: reading line %lld: %s\n", (long long)reader->line, strerror(reader->read_error));
    return EXIT_IO_ERROR;
}

int batch_answer_lines(FILE *in, batch_answer_fn answer, void *ctx, int json) {
    return batch_answer_scope(in, NULL, answer, ctx, json);
}

int batch_answer_scope(FILE *in, const batch_scope *scope, batch_answer_fn answer, void *ctx, int json) {
    batch_reader reader;
    batch_reader_init(&reader, in);
    reader.scope = scope;
    int status = EXIT_OK;
    char *line = NULL;
    int got;
    while ((got = batch_read(&reader, &line)) > 0) {
        int answered = EXIT_BAD_INPUT;
        if (json && scope && scope->numbered) out_number_next(reader.line);
        if (reader.refusal[0])
            answer_error(json, 1, CUBE_ERROR_INVALID_ARGUMENT, reader.refusal);
        else
            answered = answer(line, 1, ctx);
        free(line);
        if (answered == EXIT_IO_ERROR) return EXIT_IO_ERROR;
        if (answered != EXIT_OK) status = EXIT_BAD_INPUT;
        if (out_answered(reader.line) != EXIT_OK) return EXIT_IO_ERROR;
    }
    if (got < 0) return batch_report_read_error(&reader);
    if (scope && batch_scope_end(scope, reader.line) != EXIT_OK) return EXIT_BAD_INPUT;
    return status;
}
