#include "batch_scope.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "answer_line.h"
#include "batch.h"
#include "cli.h"
#include "escape.h"
#include "terminal.h"

/* Most shards a batch may be split into. */
#define SHARDS_MAX 1000000

/* Reads the `len` digits at `text` as a whole number from 1 to `max`; 0, or -1 if they are not one. */
static int read_count(const char *text, size_t len, int64_t max, int64_t *out) {
    int64_t v = 0;
    if (len == 0 || len > 16) return -1;
    for (size_t i = 0; i < len; ++i) {
        if (text[i] < '0' || text[i] > '9') return -1;
        v = v * 10 + (text[i] - '0');
    }
    if (v < 1 || v > max) return -1;
    *out = v;
    return 0;
}

/* "cube COMMAND: --OPTION 'VALUE': WHY" as a usage error. */
static int bad_value(const char *command, const char *option, const char *value, const char *why) {
    char shown[128];
    char message[320];
    cli_escape(value, shown, sizeof shown);
    snprintf(message, sizeof message, "--%s '%s': %s", option, shown, why);
    return cli_usage_error(command, message);
}

/* --lines FIRST:LAST, FIRST: or N. */
static int lines_from(const char *command, const char *text, batch_scope *scope) {
    const char *colon = strchr(text, ':');
    size_t first_len = colon ? (size_t)(colon - text) : strlen(text);
    if (read_count(text, first_len, ANSWER_LINE_MAX, &scope->first) != 0)
        return bad_value(command, "lines", text, "expected FIRST:LAST, FIRST: or N, line numbers from 1");
    scope->last = scope->first;
    if (colon && colon[1] == '\0') scope->last = INT64_MAX;
    else if (colon && read_count(colon + 1, strlen(colon + 1), ANSWER_LINE_MAX, &scope->last) != 0)
        return bad_value(command, "lines", text, "expected FIRST:LAST, FIRST: or N, line numbers from 1");
    if (scope->last < scope->first) return bad_value(command, "lines", text, "the last line is before the first");
    return EXIT_OK;
}

/* --shard K/N. */
static int shard_from(const char *command, const char *text, batch_scope *scope) {
    const char *slash = strchr(text, '/');
    if (!slash || read_count(text, (size_t)(slash - text), SHARDS_MAX, &scope->shard) != 0 ||
        read_count(slash + 1, strlen(slash + 1), SHARDS_MAX, &scope->shards) != 0)
        return bad_value(command, "shard", text, "expected K/N, whole numbers with 1 <= K <= N <= 1000000");
    if (scope->shard > scope->shards) return bad_value(command, "shard", text, "K is more than N");
    return EXIT_OK;
}

int batch_scope_wants(const batch_scope *scope, int64_t line) {
    return line >= scope->first && line <= scope->last && line > scope->done &&
           (line - 1) % scope->shards == scope->shard - 1;
}

int batch_scope_past_end(const batch_scope *scope, int64_t line) {
    return line > scope->last;
}

int batch_scope_end(const batch_scope *scope, int64_t lines) {
    if (scope->done <= lines) return EXIT_OK;
    fprintf(stderr, "error: the --resume file answers input line %lld, past the input's end (%lld lines): it is "
            "not this batch's\n", (long long)scope->done, (long long)lines);
    return EXIT_BAD_INPUT;
}

int64_t batch_scope_next(const batch_scope *scope, int64_t line) {
    int64_t next = line < scope->first ? scope->first : line + 1;
    int64_t offset = ((next - 1) % scope->shards - (scope->shard - 1) + scope->shards) % scope->shards;
    if (offset) next += scope->shards - offset;
    return next > scope->last ? scope->last + 1 : next;
}

/* A --resume FILE being checked: its path (escaped, for messages), the command. */
typedef struct resume_file {
    const char *command;
    char shown[256];
} resume_file;

static int resume_io_error(const resume_file *f, const char *what) {
    fprintf(stderr, "cube %s: --resume %s: %s: %s\n", f->command, f->shown, what, strerror(errno ? errno : EIO));
    return EXIT_IO_ERROR;
}

/* "cube CMD: --resume FILE: line N of the file ...: WHY; the file is left as it is". */
static int not_ours(const resume_file *f, int64_t line, const char *why) {
    fprintf(stderr, "cube %s: --resume %s: line %lld of the file is not an answer of this batch: %s; the file is "
            "left as it is\n", f->command, f->shown, (long long)line, why);
    return EXIT_BAD_INPUT;
}

/* Reads FILE (open as fd) from its start: each complete line must answer the next line the scope wants. Sets
 * scope->done, scope->had_failures, and *keep (the bytes of complete answers). */
static int check_answers(const resume_file *f, int fd, batch_scope *scope, off_t *keep) {
    int copy = dup(fd);
    FILE *in = copy >= 0 ? fdopen(copy, "r") : NULL;
    if (!in) {
        if (copy >= 0) close(copy);
        return resume_io_error(f, "cannot read it");
    }
    batch_reader reader;
    batch_reader_init(&reader, in);
    int status = EXIT_OK;
    char *text = NULL;
    int got;
    *keep = 0;
    while (status == EXIT_OK && (got = batch_read(&reader, &text)) > 0) {
        if (!reader.ended) break; /* an incomplete last line: cut */
        answer_line a;
        memset(&a, 0, sizeof a);
        char why[160];
        int64_t expected = batch_scope_next(scope, scope->done);
        if (reader.refusal[0])
            status = not_ours(f, reader.line, reader.refusal);
        else if (answer_line_parse(text, &a) != 0)
            status = not_ours(f, reader.line, a.error);
        else if (a.line != expected) {
            if (expected > scope->last)
                snprintf(why, sizeof why, "it answers input line %lld, after the last this batch answers",
                         (long long)a.line);
            else
                snprintf(why, sizeof why, "it answers input line %lld, where line %lld was due", (long long)a.line,
                         (long long)expected);
            status = not_ours(f, reader.line, why);
        } else {
            scope->done = a.line;
            scope->had_failures |= !a.ok;
            *keep = ftello(in);
        }
        answer_line_free(&a);
        free(text);
        text = NULL;
    }
    free(text);
    if (status == EXIT_OK && reader.read_error) {
        errno = reader.read_error;
        status = resume_io_error(f, "cannot read it");
    }
    fclose(in);
    return status;
}

/* --resume FILE: checked, its incomplete last line cut, locked and made stdout. */
static int resume_from(const char *command, const char *path, batch_scope *scope) {
    resume_file f = {command, ""};
    cli_escape(path, f.shown, sizeof f.shown);
    errno = 0;
    int fd = terminal_open_rw(path);
    if (fd < 0) return resume_io_error(&f, "cannot open it");
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        fprintf(stderr, "cube %s: --resume %s: not a regular file\n", command, f.shown);
        return EXIT_BAD_INPUT;
    }
    int locked = terminal_lock_file(fd);
    if (locked != 0) {
        errno = locked;
        int busy = locked == EWOULDBLOCK;
        if (busy) fprintf(stderr, "cube %s: --resume %s: another cube process is writing it\n", command, f.shown);
        int status = busy ? EXIT_BAD_INPUT : resume_io_error(&f, "cannot lock it");
        close(fd);
        return status;
    }
    off_t keep = 0;
    int status = check_answers(&f, fd, scope, &keep);
    if (status == EXIT_OK && keep < st.st_size) {
        fprintf(stderr, "cube %s: --resume %s: cut an incomplete last answer (%lld bytes) left by a stopped run\n",
                command, f.shown, (long long)(st.st_size - keep));
        if (ftruncate(fd, keep) != 0) status = resume_io_error(&f, "cannot cut its incomplete last line");
    }
    if (status == EXIT_OK && lseek(fd, 0, SEEK_END) < 0) status = resume_io_error(&f, "cannot seek to its end");
    if (status == EXIT_OK && (fflush(stdout) != 0 || dup2(fd, STDOUT_FILENO) < 0))
        status = resume_io_error(&f, "cannot write to it");
    close(fd); /* the lock stays with stdout */
    return status;
}

int batch_scope_from(const char *command, const batch_scope_flags *flags, int json, int batch, batch_scope *scope) {
    memset(scope, 0, sizeof *scope);
    scope->first = 1;
    scope->last = INT64_MAX;
    scope->shard = 1;
    scope->shards = 1;
    if (!flags->lines && !flags->shard && !flags->resume) return EXIT_OK;
    if (!batch) return cli_usage_error(command, "--lines, --shard and --resume go with a batch ('-')");
    if (flags->resume && !json) return cli_usage_error(command, "--resume goes with --json");
    if (flags->lines && lines_from(command, flags->lines, scope) != EXIT_OK) return EXIT_USAGE;
    if (flags->shard && shard_from(command, flags->shard, scope) != EXIT_OK) return EXIT_USAGE;
    scope->numbered = 1;
    return flags->resume ? resume_from(command, flags->resume, scope) : EXIT_OK;
}
