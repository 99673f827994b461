/* Fuzz target: the stdin batch of `cube solve -`, `cube validate -` and the other batch commands: the
 * CLI's line reader (batch_read in tools/batch.c, compiled in) over the input as a stream, each usable
 * line through the library's facelet parser as the batch does (cube_state_from_facelets with size 0),
 * and each error message through the CLI's escaping (cli_escape in tools/escape.c).
 * Checks: every line comes out, numbered from 1 (one per '\n', plus an unterminated last one); a line is
 * refused exactly when it holds a NUL byte (inputs stay far below the 1 MiB line limit); a usable line
 * holds no '\n' and no blank at either end; cube_validate_facelets agrees with cube_state_from_facelets;
 * an escaped message is printable ASCII. */
/* fmemopen is POSIX 2008, hidden by -std=c11 without this. */
#define _POSIX_C_SOURCE 200809L

#include <cube/cube.h>

#include "batch.h"
#include "escape.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Where each input line starts and how long it is, as the reader must see it. */
typedef struct raw_line {
    const uint8_t *start;
    size_t length;
} raw_line;

/* Splits the input at '\n': one line per newline, and one more for bytes after the last newline. */
static size_t split_lines(const uint8_t *data, size_t size, raw_line *lines) {
    size_t count = 0;
    size_t start = 0;
    for (size_t i = 0; i <= size; ++i) {
        int ends_line = i < size ? data[i] == '\n' : i > start;
        if (!ends_line) continue;
        lines[count].start = data + start;
        lines[count].length = i - start;
        ++count;
        start = i + 1;
    }
    return count;
}

static int is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

static void check_escaped(const char *message) {
    char shown[128];
    cli_escape(message, shown, sizeof shown);
    size_t length = strlen(shown);
    FUZZ_CHECK(length < sizeof shown);
    for (size_t i = 0; i < length; ++i) FUZZ_CHECK(shown[i] >= 0x20 && shown[i] <= 0x7e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    raw_line *expected = malloc((size + 1) * sizeof *expected);
    FUZZ_CHECK(expected != NULL);
    size_t expected_count = split_lines(data, size, expected);
    FILE *in = fmemopen((void *)data, size, "rb");
    FUZZ_CHECK(in != NULL);

    batch_reader reader;
    batch_reader_init(&reader, in);
    size_t count = 0;
    char *line = NULL;
    int got = 0;
    while ((got = batch_read(&reader, &line)) == 1) {
        FUZZ_CHECK(count < expected_count);
        FUZZ_CHECK(reader.line == (int64_t)count + 1);
        int has_nul = memchr(expected[count].start, '\0', expected[count].length) != NULL;
        FUZZ_CHECK(has_nul == (reader.refusal[0] != '\0'));
        ++count;
        if (reader.refusal[0] != '\0') {
            FUZZ_CHECK(line[0] == '\0');
            check_escaped(reader.refusal);
            free(line);
            continue;
        }
        size_t length = strlen(line);
        FUZZ_CHECK(strchr(line, '\n') == NULL);
        FUZZ_CHECK(length == 0 || (!is_blank(line[0]) && !is_blank(line[length - 1])));
        cube_state *state = NULL;
        cube_status status = cube_state_from_facelets(line, 0, &state);
        FUZZ_CHECK(cube_validate_facelets(line, 0) == status);
        FUZZ_CHECK((status == CUBE_OK) == (state != NULL));
        if (status != CUBE_OK) check_escaped(cube_last_error());
        cube_state_free(state);
        free(line);
    }
    FUZZ_CHECK(got == 0);
    FUZZ_CHECK(count == expected_count);

    fclose(in);
    free(expected);
    return 0;
}
