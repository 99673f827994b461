#include "merge_report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "escape.h"
#include "json.h"
#include "output.h"

/* Problems kept with their text (wrong, unreadable, incomplete); more are counted only. */
enum { DETAILS_MAX = 1000 };
/* Items a text report shows of each list. */
enum { SHOWN_MAX = 20 };

/* Line numbers as FIRST:LAST ranges, in the order they were added (increasing). */
typedef struct ranges {
    int64_t (*items)[2];
    size_t count, cap;
    int64_t lines;
} ranges;

/* A line of an answer file or of the input, and what is wrong with it. */
typedef struct detail {
    char *file; /* NULL: an input line */
    int64_t line;
    int64_t count; /* merge_duplicated: the answers */
    char why[160];
} detail;

typedef struct details {
    detail *items;
    size_t count, cap;
    int64_t total;
} details;

struct merge_report {
    int64_t lines, answered, verified, input_errors;
    ranges missing, unsolved;
    details duplicated, wrong, unreadable, incomplete;
    int out_of_memory;
};

merge_report *merge_report_new(void) {
    return calloc(1, sizeof(merge_report));
}

static void free_details(details *d) {
    for (size_t i = 0; i < d->count; ++i) free(d->items[i].file);
    free(d->items);
}

void merge_report_free(merge_report *rep) {
    if (!rep) return;
    free(rep->missing.items);
    free(rep->unsolved.items);
    free_details(&rep->duplicated);
    free_details(&rep->wrong);
    free_details(&rep->unreadable);
    free_details(&rep->incomplete);
    free(rep);
}

void merge_input_line(merge_report *rep) {
    ++rep->lines;
}

void merge_answered(merge_report *rep) {
    ++rep->answered;
}

void merge_verified(merge_report *rep) {
    ++rep->verified;
}

void merge_input_error(merge_report *rep) {
    ++rep->input_errors;
}

static void add_line(merge_report *rep, ranges *r, int64_t line) {
    ++r->lines;
    if (r->count && r->items[r->count - 1][1] == line - 1) {
        r->items[r->count - 1][1] = line;
        return;
    }
    if (r->count == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        int64_t(*bigger)[2] = realloc(r->items, cap * sizeof *bigger);
        if (!bigger) {
            rep->out_of_memory = 1;
            return;
        }
        r->items = bigger;
        r->cap = cap;
    }
    r->items[r->count][0] = line;
    r->items[r->count][1] = line;
    ++r->count;
}

void merge_missing(merge_report *rep, int64_t line) {
    add_line(rep, &rep->missing, line);
}

void merge_unsolved(merge_report *rep, int64_t line) {
    add_line(rep, &rep->unsolved, line);
}

static void add_detail(merge_report *rep, details *d, const char *file, int64_t line, int64_t count,
                       const char *why) {
    ++d->total;
    if (d->count == DETAILS_MAX) return;
    if (d->count == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 16;
        detail *bigger = realloc(d->items, cap * sizeof *bigger);
        if (!bigger) {
            rep->out_of_memory = 1;
            return;
        }
        d->items = bigger;
        d->cap = cap;
    }
    detail *x = &d->items[d->count];
    x->file = file ? strdup(file) : NULL;
    if (file && !x->file) {
        rep->out_of_memory = 1;
        return;
    }
    x->line = line;
    x->count = count;
    cli_escape(why, x->why, sizeof x->why);
    ++d->count;
}

void merge_duplicated(merge_report *rep, int64_t line, int64_t count) {
    add_detail(rep, &rep->duplicated, NULL, line, count, "");
}

void merge_wrong(merge_report *rep, int64_t line, const char *why) {
    add_detail(rep, &rep->wrong, NULL, line, 0, why);
}

void merge_beyond(merge_report *rep, int64_t line, int64_t lines) {
    char why[96];
    snprintf(why, sizeof why, "it answers a line past the input's end (the input has %lld lines)", (long long)lines);
    add_detail(rep, &rep->wrong, NULL, line, 0, why);
}

void merge_unreadable(merge_report *rep, const char *file, int64_t file_line, const char *why) {
    add_detail(rep, &rep->unreadable, file, file_line, 0, why);
}

void merge_incomplete(merge_report *rep, const char *file, int64_t file_line) {
    add_detail(rep, &rep->incomplete, file, file_line, 0, "incomplete last line (no newline): a killed run");
}

int merge_exit_status(const merge_report *rep) {
    if (rep->out_of_memory) return EXIT_BAD_INPUT;
    if (rep->duplicated.total || rep->wrong.total || rep->unreadable.total) return EXIT_BAD_INPUT;
    if (rep->missing.lines || rep->unsolved.lines) return EXIT_MERGE_RESUBMIT;
    return EXIT_OK;
}

/* One range as --lines takes it: "N" or "FIRST:LAST". */
static void print_range(const int64_t range[2], int json) {
    const char *quote = json ? "\"" : "";
    if (range[0] == range[1])
        out_printf("%s%lld%s", quote, (long long)range[0], quote);
    else
        out_printf("%s%lld:%lld%s", quote, (long long)range[0], (long long)range[1], quote);
}

static void json_ranges(const char *key, const ranges *r) {
    out_printf(",\"%s\":[", key);
    for (size_t i = 0; i < r->count; ++i) {
        if (i) out_char(',');
        print_range(r->items[i], 1);
    }
    out_char(']');
}

static void json_details(const char *key, const details *d) {
    out_printf(",\"%s\":[", key);
    for (size_t i = 0; i < d->count; ++i) {
        const detail *x = &d->items[i];
        if (i) out_char(',');
        if (x->count) {
            out_printf("{\"line\":%lld,\"answers\":%lld}", (long long)x->line, (long long)x->count);
            continue;
        }
        out_char('{');
        if (x->file) {
            json_member("file", x->file, 1);
            out_char(',');
        }
        out_printf("\"line\":%lld,", (long long)x->line);
        json_member("error", x->why, 1);
        out_char('}');
    }
    out_char(']');
}

static void print_json(const merge_report *rep, const char *output) {
    out_printf("{\"ok\":%s,\"lines\":%lld,\"answered\":%lld,\"verified\":%lld,\"input_errors\":%lld",
               merge_exit_status(rep) == EXIT_OK ? "true" : "false", (long long)rep->lines,
               (long long)rep->answered, (long long)rep->verified, (long long)rep->input_errors);
    json_ranges("missing", &rep->missing);
    json_ranges("unsolved", &rep->unsolved);
    json_details("duplicated", &rep->duplicated);
    json_details("wrong", &rep->wrong);
    json_details("unreadable", &rep->unreadable);
    json_details("incomplete", &rep->incomplete);
    out_text(",\"output\":");
    if (output) json_string(output);
    else out_text("null");
    out_text("}\n");
}

static void text_ranges(const char *what, const ranges *r) {
    if (!r->lines) return;
    out_printf("%s: %lld lines:", what, (long long)r->lines);
    for (size_t i = 0; i < r->count && i < SHOWN_MAX; ++i) {
        out_char(' ');
        print_range(r->items[i], 0);
    }
    if (r->count > SHOWN_MAX) out_printf(" ... (%zu ranges more)", r->count - SHOWN_MAX);
    out_char('\n');
}

static void text_details(const char *what, const details *d) {
    if (!d->total) return;
    out_printf("%s: %lld\n", what, (long long)d->total);
    for (size_t i = 0; i < d->count && i < SHOWN_MAX; ++i) {
        const detail *x = &d->items[i];
        char shown[256];
        if (x->file) cli_escape(x->file, shown, sizeof shown);
        if (x->count)
            out_printf("  line %lld: %lld answers\n", (long long)x->line, (long long)x->count);
        else if (x->file)
            out_printf("  %s line %lld: %s\n", shown, (long long)x->line, x->why);
        else
            out_printf("  line %lld: %s\n", (long long)x->line, x->why);
    }
    if (d->total > SHOWN_MAX) out_printf("  ... (%lld more)\n", (long long)(d->total - SHOWN_MAX));
}

static void print_text(const merge_report *rep, const char *output) {
    out_printf("lines: %lld, answered once: %lld, verified: %lld (of them errors for lines that are not cubes: %lld)\n",
               (long long)rep->lines, (long long)rep->answered, (long long)rep->verified,
               (long long)rep->input_errors);
    text_ranges("missing", &rep->missing);
    text_ranges("unsolved", &rep->unsolved);
    text_details("duplicated", &rep->duplicated);
    text_details("wrong", &rep->wrong);
    text_details("unreadable answer lines", &rep->unreadable);
    text_details("incomplete", &rep->incomplete);
    char shown[256];
    if (output) cli_escape(output, shown, sizeof shown);
    if (output) out_printf("merged: %s\n", shown);
    else if (merge_exit_status(rep) == EXIT_OK) out_text("complete and verified\n");
    else if (merge_exit_status(rep) == EXIT_MERGE_RESUBMIT)
        out_text("not merged: answer the lines above again (--resume the shard that stopped, or cube solve --lines) "
                 "and merge once more\n");
    else
        out_text("not merged: the answer files above hold duplicated, wrong or unreadable answers\n");
}

/* The lines to answer again, one a line, to `path`. */
static int write_missing(const merge_report *rep, const char *path) {
    errno = 0;
    FILE *f = fopen(path, "w");
    int ok = f != NULL;
    const ranges *lists[2] = {&rep->missing, &rep->unsolved};
    for (int k = 0; ok && k < 2; ++k)
        for (size_t i = 0; ok && i < lists[k]->count; ++i)
            for (int64_t line = lists[k]->items[i][0]; ok && line <= lists[k]->items[i][1]; ++line)
                ok = fprintf(f, "%lld\n", (long long)line) > 0;
    if (f && fclose(f) != 0) ok = 0;
    if (ok) return EXIT_OK;
    char shown[256];
    cli_escape(path, shown, sizeof shown);
    fprintf(stderr, "cube merge: writing %s: %s\n", shown, strerror(errno ? errno : EIO));
    return EXIT_IO_ERROR;
}

int merge_print(const merge_report *rep, int json, const char *output, const char *missing_path) {
    if (rep->out_of_memory) {
        fprintf(stderr, "cube merge: out of memory\n");
        return EXIT_IO_ERROR;
    }
    if (json) print_json(rep, output);
    else print_text(rep, output);
    if (missing_path && write_missing(rep, missing_path) != EXIT_OK) return EXIT_IO_ERROR;
    if (out_answered(0) != EXIT_OK) return EXIT_IO_ERROR;
    return merge_exit_status(rep);
}
