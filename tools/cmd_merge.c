/* cube merge: joins the answer files of a split batch (`cube solve|plan - --json --shard K/N` ...), checks that
 * every input line has exactly one answer, verifies each answer by applying it to its input, and lists the
 * lines to answer again. The report is merge_report.c's. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer_line.h"
#include "batch.h"
#include "cli.h"
#include "commands.h"
#include "escape.h"
#include "merge_report.h"

/* One answer line of an answer file: the input line it answers, where it is. */
typedef struct entry {
    int64_t line;
    int32_t file;
    int64_t offset;
} entry;

/* Every answer line read, with the open answer files. */
typedef struct answers {
    entry *entries;
    size_t count, cap;
    FILE **files;
    char **names;
    int32_t file_count;
} answers;

static int by_line(const void *pa, const void *pb) {
    const entry *a = pa;
    const entry *b = pb;
    if (a->line != b->line) return a->line < b->line ? -1 : 1;
    if (a->file != b->file) return a->file < b->file ? -1 : 1;
    return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static int push(answers *all, entry e) {
    if (all->count == all->cap) {
        size_t cap = all->cap ? all->cap * 2 : 1024;
        entry *bigger = realloc(all->entries, cap * sizeof *bigger);
        if (!bigger) return -1;
        all->entries = bigger;
        all->cap = cap;
    }
    all->entries[all->count++] = e;
    return 0;
}

static int io_error(const char *what, const char *path) {
    char shown[256];
    cli_escape(path, shown, sizeof shown);
    fprintf(stderr, "cube merge: %s %s: %s\n", what, shown, strerror(errno ? errno : EIO));
    return EXIT_IO_ERROR;
}

static int out_of_memory(void) {
    fprintf(stderr, "cube merge: out of memory\n");
    return EXIT_IO_ERROR;
}

/* Reads answer file `index`: an entry per answer line; unreadable lines and an incomplete last line reported. */
static int index_file(answers *all, int32_t index, merge_report *rep) {
    FILE *in = all->files[index];
    batch_reader reader;
    batch_reader_init(&reader, in);
    char *text = NULL;
    int got;
    for (;;) {
        errno = 0;
        int64_t offset = ftello(in);
        if ((got = batch_read(&reader, &text)) <= 0) break;
        answer_line a;
        memset(&a, 0, sizeof a);
        if (!reader.ended)
            merge_incomplete(rep, all->names[index], reader.line);
        else if (reader.refusal[0])
            merge_unreadable(rep, all->names[index], reader.line, reader.refusal);
        else if (answer_line_parse(text, &a) != 0)
            merge_unreadable(rep, all->names[index], reader.line, a.error);
        else if (push(all, (entry){a.line, index, offset}) != 0)
            got = -1;
        answer_line_free(&a);
        free(text);
        if (got < 0) break;
    }
    if (got < 0) {
        errno = reader.read_error ? reader.read_error : ENOMEM;
        return io_error("reading", all->names[index]);
    }
    return EXIT_OK;
}

/* The answer line at `e`, read again (caller frees). */
static int read_entry(const answers *all, const entry *e, char **text) {
    FILE *in = all->files[e->file];
    batch_reader reader;
    batch_reader_init(&reader, in);
    errno = 0;
    if (fseeko(in, e->offset, SEEK_SET) != 0 || batch_read(&reader, text) <= 0) {
        free(*text);
        *text = NULL;
        return io_error("reading", all->names[e->file]);
    }
    return EXIT_OK;
}

/* Whether `moves` solves `state` (any orientation at the end); a reason in *why when not. */
static int solves(const cube_state *state, const char *moves, const char **why) {
    cube_state *s = NULL;
    cube_moves *m = NULL;
    int32_t solved = 0;
    int32_t size = 0;
    *why = "its solution does not solve the cube";
    cube_status st = cube_state_copy(state, &s);
    if (st == CUBE_OK) st = cube_state_size(s, &size);
    if (st == CUBE_OK && cube_moves_parse(moves, size, &m) != CUBE_OK) {
        *why = "its solution cannot be read as moves";
        st = CUBE_ERROR_PARSE;
    }
    if (st == CUBE_OK) st = cube_state_apply(s, m);
    if (st == CUBE_OK) st = cube_state_is_solved(s, &solved);
    cube_moves_free(m);
    cube_state_free(s);
    return st == CUBE_OK && solved;
}

/* Checks the one answer `text` of input line `line` (`input`, or refused for `refusal`): writes it to `out`
 * when it is right. */
static int check_answer(const char *input, const char *refusal, int64_t line, int32_t size, char *text, FILE *out,
                        merge_report *rep) {
    size_t n = strlen(text);
    char *copy = malloc(n + 2);
    if (!copy) return out_of_memory();
    memcpy(copy, text, n);
    copy[n] = '\n';
    copy[n + 1] = '\0';
    answer_line a;
    answer_line_parse(text, &a); /* read once already */
    cube_state *state = NULL;
    int readable = !refusal[0] && cube_state_from_facelets(input, size, &state) == CUBE_OK;
    const char *why = NULL;
    if (!a.ok && !readable) {
        merge_input_error(rep); /* the right answer to such a line */
    } else if (!a.ok) {
        merge_unsolved(rep, line);
        why = "";
    } else if (!readable) {
        why = "it has a solution for a line that is not a cube";
    } else if (!a.solution && a.solution_count == 0) {
        why = "it has no solution or moves to verify";
    } else {
        int right = !a.solution || solves(state, a.solution, &why);
        for (int32_t i = 0; right && i < a.solution_count; ++i) right = solves(state, a.solutions[i], &why);
        if (right) why = NULL;
    }
    if (why && why[0]) merge_wrong(rep, line, why);
    if (!why) merge_verified(rep);
    int status = EXIT_OK;
    if (!why && out && fputs(copy, out) == EOF) status = EXIT_IO_ERROR;
    answer_line_free(&a);
    cube_state_free(state);
    free(copy);
    return status;
}

/* Walks the input and the sorted answers together. */
static int check_lines(answers *all, FILE *input, const char *input_name, int32_t size, FILE *out,
                       merge_report *rep) {
    batch_reader reader;
    batch_reader_init(&reader, input);
    size_t j = 0;
    char *line_text = NULL;
    int got;
    int status = EXIT_OK;
    while (status == EXIT_OK && (got = batch_read(&reader, &line_text)) > 0) {
        int64_t line = reader.line;
        size_t first = j;
        while (j < all->count && all->entries[j].line == line) ++j;
        if (j == first) merge_missing(rep, line);
        if (j - first > 1) merge_duplicated(rep, line, (int64_t)(j - first));
        if (j - first == 1) {
            char *text = NULL;
            merge_answered(rep);
            status = read_entry(all, &all->entries[first], &text);
            if (status == EXIT_OK) status = check_answer(line_text, reader.refusal, line, size, text, out, rep);
            if (status == EXIT_IO_ERROR && out && ferror(out)) status = io_error("writing", "the merged answers");
            free(text);
        }
        merge_input_line(rep);
        free(line_text);
        line_text = NULL;
    }
    if (status == EXIT_OK && got < 0) {
        errno = reader.read_error;
        return io_error("reading", input_name);
    }
    for (; status == EXIT_OK && j < all->count; ++j) merge_beyond(rep, all->entries[j].line, reader.line);
    return status;
}

static const char merge_help[] =
    "usage: cube merge --input FILE [--output FILE] [--missing FILE] [--json] [--size 2|3] ANSWERS...\n"
    "Joins the answer files of a batch that was split (cube solve|plan - --json with --shard, --lines or\n"
    "--resume: each answer carries its input line), checks that every line of the input FILE has exactly\n"
    "one answer, and verifies each answer against its input: its solution (cube solve; every one of\n"
    "--all) or its moves (cube plan) applied to the cube must solve it; an error answer stands for a line\n"
    "that is not a cube. Prints a report, and the lines to answer again as FIRST:LAST ranges, the values\n"
    "'cube solve --lines' takes (resuming the shard that stopped, with its --resume file, answers them\n"
    "too).\n"
    "  --input FILE       the batch's input, one cube per line (as the solves read it)\n"
    "  --output FILE      write the answers in input order to FILE, only when every line has exactly one\n"
    "                     verified answer (written to FILE.part, then renamed)\n"
    "  --missing FILE     write the line numbers to answer again, one per line\n"
    "  --json             the report as one JSON object: {\"ok\":true,\"lines\":N,\"answered\":N,\n"
    "                     \"verified\":N,\"input_errors\":N,\"missing\":[\"FIRST:LAST\",...],\"unsolved\":[...],\n"
    "                     \"duplicated\":[{\"line\",\"answers\"}],\"wrong\":[{\"line\",\"error\"}],\"unreadable\":[{\"file\",\n"
    "                     \"line\",\"error\"}],\"incomplete\":[{\"file\",\"line\"}],\"output\":FILE|null}\n"
    "Missing lines have no answer; unsolved ones were answered with an error although they are cubes (a\n"
    "time limit); an incomplete last line (a run killed while writing) counts as missing. Duplicated,\n"
    "wrong (an answer that does not solve its cube, or of a line past the input's end) and unreadable\n"
    "answer lines are errors.\n"
    "Exit status: 0 every line answered once and verified; 3 only lines to answer again (missing or\n"
    "unsolved); 1 duplicated, wrong or unreadable answers, or a file that cannot be read or written;\n"
    "2 usage.";

/* Opens every answer file. */
static int open_answers(answers *all, int argc, char **argv) {
    all->files = calloc((size_t)argc, sizeof *all->files);
    all->names = argv;
    if (!all->files) return out_of_memory();
    for (int i = 0; i < argc; ++i) {
        errno = 0;
        all->files[i] = fopen(argv[i], "r");
        if (!all->files[i]) return io_error("cannot open", argv[i]);
        all->file_count = i + 1;
    }
    return EXIT_OK;
}

static void close_answers(answers *all) {
    for (int32_t i = 0; i < all->file_count; ++i) fclose(all->files[i]);
    free(all->files);
    free(all->entries);
}

/* Writes the merged answers to `path` through path.part; *out is NULL without --output. */
static int open_output(const char *path, char **part, FILE **out) {
    *out = NULL;
    *part = NULL;
    if (!path) return EXIT_OK;
    *part = malloc(strlen(path) + 6);
    if (!*part) return out_of_memory();
    sprintf(*part, "%s.part", path);
    errno = 0;
    *out = fopen(*part, "w");
    return *out ? EXIT_OK : io_error("cannot write", *part);
}

/* Closes the merged answers: renamed to `path` when the merge is complete, else removed. */
static int close_output(const char *path, char *part, FILE *out, int complete) {
    int status = EXIT_OK;
    if (!out) return status;
    errno = 0;
    if (fclose(out) != 0) status = io_error("writing", part);
    if (status == EXIT_OK && complete && rename(part, path) != 0) status = io_error("cannot rename to", path);
    if (status != EXIT_OK || !complete) remove(part);
    free(part);
    return status;
}

int cmd_merge(int argc, char **argv) {
    const char *input_path = NULL, *output_path = NULL, *missing_path = NULL, *json = NULL;
    cli_option opts[] = {{"input", 1, &input_path}, {"output", 1, &output_path}, {"missing", 1, &missing_path},
                         {"json", 0, &json}, {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("merge", merge_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (!input_path) return cli_usage_error("merge", "--input FILE (the batch's input) is required");
    if (a.argc < 1) return cli_usage_error("merge", "expected one or more answer files");
    answers all;
    memset(&all, 0, sizeof all);
    merge_report *rep = merge_report_new();
    FILE *input = NULL;
    FILE *out = NULL;
    char *part = NULL;
    if (!rep) return out_of_memory();
    int status = open_answers(&all, a.argc, a.argv);
    for (int32_t i = 0; status == EXIT_OK && i < all.file_count; ++i) status = index_file(&all, i, rep);
    if (status == EXIT_OK) {
        qsort(all.entries, all.count, sizeof *all.entries, by_line);
        errno = 0;
        input = fopen(input_path, "r");
        if (!input) status = io_error("cannot open", input_path);
    }
    if (status == EXIT_OK) status = open_output(output_path, &part, &out);
    if (status == EXIT_OK) status = check_lines(&all, input, input_path, a.size, out, rep);
    int complete = status == EXIT_OK && merge_exit_status(rep) == EXIT_OK;
    int closed = close_output(output_path, part, out, complete);
    if (status == EXIT_OK) status = closed;
    if (status == EXIT_OK) status = merge_print(rep, json != NULL, complete ? output_path : NULL, missing_path);
    if (input) fclose(input);
    close_answers(&all);
    merge_report_free(rep);
    return status;
}
