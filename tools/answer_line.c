#include "answer_line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Deepest nesting of arrays and objects a value may have. */
enum { DEPTH_MAX = 32 };

/* The text being read: where the next byte is, where the decoded strings go. */
typedef struct reader {
    char *at;
    answer_line *out;
} reader;

static int refuse(reader *r, const char *why) {
    if (!r->out->error[0]) snprintf(r->out->error, sizeof r->out->error, "%s", why);
    return -1;
}

static void skip_blanks(reader *r) {
    while (*r->at == ' ' || *r->at == '\t' || *r->at == '\r' || *r->at == '\n') ++r->at;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Reads a string at r->at (its opening quote) and decodes it in place; *value is the decoded text, or NULL when
 * the caller does not keep it. An escape \uXXXX must be ASCII (the answers hold ASCII only). */
static int read_string(reader *r, char **value) {
    if (*r->at != '"') return refuse(r, "expected a string");
    char *dst = ++r->at;
    char *start = dst;
    for (;;) {
        char c = *r->at++;
        if (c == '\0') return refuse(r, "a string is not closed");
        if ((unsigned char)c < 0x20) return refuse(r, "a control byte in a string");
        if (c == '"') break;
        if (c == '\\') {
            char e = *r->at++;
            const char *plain = strchr("\"\\/bfnrt", e);
            if (e == '\0' || (!plain && e != 'u')) return refuse(r, "a bad escape in a string");
            if (e == 'u') {
                int code = 0;
                for (int i = 0; i < 4; ++i) {
                    int d = hex_digit(r->at[i]);
                    if (d < 0) return refuse(r, "a bad \\u escape in a string");
                    code = code * 16 + d;
                }
                if (code == 0 || code > 0x7f) return refuse(r, "a \\u escape outside ASCII");
                r->at += 4;
                c = (char)code;
            } else {
                c = "\"\\/\b\f\n\r\t"[plain - "\"\\/bfnrt"];
            }
        }
        *dst++ = c;
    }
    *dst = '\0'; /* dst is before the closing quote, which was read */
    if (value) *value = start;
    return 0;
}

/* Reads a number; *integer is its value when it is a positive integer of at most 16 digits, else -1. */
static int read_number(reader *r, int64_t *integer) {
    const char *start = r->at;
    if (*r->at == '-') ++r->at;
    if (*r->at < '0' || *r->at > '9') return refuse(r, "expected a value");
    int digits = 0;
    int64_t v = 0;
    while (*r->at >= '0' && *r->at <= '9') {
        if (digits < 17) v = v * 10 + (*r->at - '0');
        ++digits;
        ++r->at;
    }
    int whole = *start != '-' && digits <= 16 && !(digits > 1 && *start == '0');
    if (*r->at == '.') {
        whole = 0;
        ++r->at;
        if (*r->at < '0' || *r->at > '9') return refuse(r, "a bad number");
        while (*r->at >= '0' && *r->at <= '9') ++r->at;
    }
    if (*r->at == 'e' || *r->at == 'E') {
        whole = 0;
        ++r->at;
        if (*r->at == '+' || *r->at == '-') ++r->at;
        if (*r->at < '0' || *r->at > '9') return refuse(r, "a bad number");
        while (*r->at >= '0' && *r->at <= '9') ++r->at;
    }
    *integer = whole ? v : -1;
    return 0;
}

static int read_word(reader *r, const char *word) {
    size_t n = strlen(word);
    if (strncmp(r->at, word, n) != 0) return refuse(r, "expected a value");
    r->at += n;
    return 0;
}

static int skip_value(reader *r, int depth);

/* Reads an array or object (r->at at its bracket), skipping its values. */
static int skip_container(reader *r, int depth) {
    char close = *r->at == '[' ? ']' : '}';
    if (depth >= DEPTH_MAX) return refuse(r, "nested deeper than 32");
    ++r->at;
    skip_blanks(r);
    if (*r->at == close) {
        ++r->at;
        return 0;
    }
    for (;;) {
        skip_blanks(r);
        if (close == '}') {
            if (read_string(r, NULL) != 0) return -1;
            skip_blanks(r);
            if (*r->at++ != ':') return refuse(r, "expected ':' after a member name");
            skip_blanks(r);
        }
        if (skip_value(r, depth + 1) != 0) return -1;
        skip_blanks(r);
        char c = *r->at++;
        if (c == close) return 0;
        if (c != ',') return refuse(r, "expected ',' or the end of an array or object");
    }
}

static int skip_value(reader *r, int depth) {
    int64_t ignored = 0;
    switch (*r->at) {
    case '"': return read_string(r, NULL);
    case '[':
    case '{': return skip_container(r, depth);
    case 't': return read_word(r, "true");
    case 'f': return read_word(r, "false");
    case 'n': return read_word(r, "null");
    default: return read_number(r, &ignored);
    }
}

/* "solutions": an array of strings, kept. */
static int read_solutions(reader *r) {
    answer_line *a = r->out;
    if (*r->at++ != '[') return refuse(r, "\"solutions\" is not an array");
    skip_blanks(r);
    if (*r->at == ']') {
        ++r->at;
        return 0;
    }
    for (;;) {
        skip_blanks(r);
        char *text = NULL;
        if (read_string(r, &text) != 0) return -1;
        char **more = realloc(a->solutions, sizeof *more * ((size_t)a->solution_count + 1));
        if (!more) return refuse(r, "out of memory");
        a->solutions = more;
        a->solutions[a->solution_count++] = text;
        skip_blanks(r);
        char c = *r->at++;
        if (c == ']') return 0;
        if (c != ',') return refuse(r, "expected ',' or ']' in \"solutions\"");
    }
}

/* One member of the top object: the ones answers are checked by are kept, others skipped. `seen` marks the kept
 * ones read so far (bits). */
static int read_member(reader *r, unsigned *seen) {
    static const char *const kept[] = {"line", "ok", "solution", "moves", "solutions"};
    char *name = NULL;
    if (read_string(r, &name) != 0) return -1;
    skip_blanks(r);
    if (*r->at++ != ':') return refuse(r, "expected ':' after a member name");
    skip_blanks(r);
    int which = -1;
    for (int i = 0; i < 5; ++i)
        if (strcmp(name, kept[i]) == 0) which = i;
    if (which < 0) return skip_value(r, 1);
    if (*seen & (1u << which)) return refuse(r, "a member is given twice");
    *seen |= 1u << which;
    answer_line *a = r->out;
    if (which == 0) {
        int64_t v = -1;
        if (read_number(r, &v) != 0 || v < 1 || v > ANSWER_LINE_MAX)
            return refuse(r, "\"line\" is not a line number (1 or more)");
        a->line = v;
        return 0;
    }
    if (which == 1) {
        a->ok = *r->at == 't';
        return read_word(r, a->ok ? "true" : "false") == 0 ? 0 : refuse(r, "\"ok\" is not true or false");
    }
    if (which == 4) return read_solutions(r);
    if (a->solution) return refuse(r, "both \"solution\" and \"moves\"");
    char *text = NULL;
    if (read_string(r, &text) != 0) return -1;
    a->solution = text;
    return 0;
}

int answer_line_parse(char *text, answer_line *out) {
    memset(out, 0, sizeof *out);
    reader r = {text, out};
    unsigned seen = 0;
    skip_blanks(&r);
    if (*r.at++ != '{') return refuse(&r, "not a JSON object");
    skip_blanks(&r);
    if (*r.at == '}') {
        ++r.at;
    } else {
        for (;;) {
            skip_blanks(&r);
            if (read_member(&r, &seen) != 0) return -1;
            skip_blanks(&r);
            char c = *r.at++;
            if (c == '}') break;
            if (c != ',') return refuse(&r, "expected ',' or '}' after a member");
        }
    }
    skip_blanks(&r);
    if (*r.at != '\0') return refuse(&r, "text after the JSON object");
    if (!(seen & 1u)) return refuse(&r, "no \"line\" member");
    if (!(seen & 2u)) out->ok = 1; /* a plan has no "ok"; every error answer has "ok":false */
    return 0;
}

void answer_line_free(answer_line *a) {
    free(a->solutions);
    a->solutions = NULL;
    a->solution_count = 0;
}
