/* Fuzz target: the table-file reader behind cube_tables_verify. Each input is written as the 3x3 table
 * file (named by cube_tables_path) into a private temporary folder, which is then verified. Inputs are
 * at most a few KiB (run with -max_len=8192), so none can be a whole table file: every one must be
 * refused with a message, never accepted and never crash. */
/* mkdtemp is POSIX 2008, hidden by -std=c11 without this. */
#define _POSIX_C_SOURCE 200809L

#include <cube/cube.h>

#include "fuzz_common.h"

#include <stdio.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char table_dir[4096];
static char table_file[4096];

static void remove_table_dir(void) {
    unlink(table_file);
    rmdir(table_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(table_dir, sizeof table_dir, "%s/cube-fuzz-tables-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    FUZZ_CHECK(mkdtemp(table_dir) != NULL);
    int32_t length = 0;
    FUZZ_CHECK(cube_tables_path(table_dir, table_file, sizeof table_file, &length) == CUBE_OK);
    atexit(remove_table_dir);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FILE *file = fopen(table_file, "wb");
    FUZZ_CHECK(file != NULL);
    FUZZ_CHECK(fwrite(data, 1, size, file) == size);
    FUZZ_CHECK(fclose(file) == 0);

    cube_status status = cube_tables_verify(table_dir);
    FUZZ_CHECK(status != CUBE_OK);
    FUZZ_CHECK(status != CUBE_ERROR_INTERNAL);
    FUZZ_CHECK(cube_last_error()[0] != '\0');
    return 0;
}
