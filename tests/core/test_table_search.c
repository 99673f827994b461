/* cube_table_search_run() and its accessors and cube_table_search_format(): the state of the 3x3 table search
 * path as `cube tables path --search` prints it, on folders of the test's own ($CUBE_TABLE_DIR, the user cache
 * and the system folder in a temporary folder: missing, damaged and sound files, a name with a control
 * character), and every bad input refused (NULL or foreign handle, NULL out, index out of range, unknown
 * format, buffers). */
#define _POSIX_C_SOURCE 200809L /* setenv, mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test_util.h"

static char work[64];         /* the temporary folder */
static char suite_tables[4096]; /* the suite's $CUBE_TABLE_DIR, "" if unset */

/* `work`/`name` in `out`. */
static void in_work(char *out, size_t capacity, const char *name) {
    snprintf(out, capacity, "%s/%s", work, name);
}

/* Points the search path at work/env, work/cache/libcube and work/system (or `env` as $CUBE_TABLE_DIR). */
static void use_folders(const char *env) {
    char path[4096];
    in_work(path, sizeof path, "env");
    assert_int_equal(setenv("CUBE_TABLE_DIR", env ? env : path, 1), 0);
    in_work(path, sizeof path, "cache");
    assert_int_equal(setenv("XDG_CACHE_HOME", path, 1), 0);
    in_work(path, sizeof path, "system");
    assert_int_equal(setenv("CUBE_SYSTEM_TABLE_DIR", path, 1), 0);
}

/* The table file's name in `dir`. */
static void file_in(const char *dir, char *out, int32_t capacity) {
    assert_int_equal(cube_tables_path(dir, out, capacity, NULL), CUBE_OK);
}

/* The search written in `kind` into `out`, its length learned first with a NULL buffer. */
static void search_text(const cube_table_search *s, int32_t kind, char *out, int32_t capacity) {
    int32_t length = -1;
    assert_int_equal(cube_table_search_format(s, kind, NULL, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_true(length > 0 && length < capacity);
    int32_t again = -1;
    assert_int_equal(cube_table_search_format(s, kind, out, length + 1, &again), CUBE_OK);
    assert_int_equal(again, length);
    assert_int_equal((int32_t)strlen(out), length);
}

static int set_up(void **unused) {
    (void)unused;
    const char *tables = getenv("CUBE_TABLE_DIR");
    snprintf(suite_tables, sizeof suite_tables, "%s", tables ? tables : "");
    snprintf(work, sizeof work, "/tmp/test_table_search.XXXXXX");
    return mkdtemp(work) ? 0 : -1;
}

static int tear_down(void **unused) {
    (void)unused;
    char command[256];
    snprintf(command, sizeof command, "rm -rf '%s'", work);
    return system(command) == 0 ? 0 : -1;
}

/* Nothing anywhere but a damaged file in the user cache: no file used, a build saves in $CUBE_TABLE_DIR. */
static void missing_and_damaged(void **unused) {
    (void)unused;
    use_folders(NULL);
    char env[4096], cache[4096], system_dir[4096], env_file[4096], cache_file[4096], system_file[4096];
    in_work(env, sizeof env, "env");
    in_work(cache, sizeof cache, "cache/libcube");
    in_work(system_dir, sizeof system_dir, "system");
    file_in(env, env_file, sizeof env_file);
    file_in(cache, cache_file, sizeof cache_file);
    file_in(system_dir, system_file, sizeof system_file);
    char made[4096];
    in_work(made, sizeof made, "cache");
    assert_int_equal(mkdir(made, 0700), 0);
    assert_int_equal(mkdir(cache, 0700), 0);
    FILE *f = fopen(cache_file, "wb");
    assert_non_null(f);
    fputs("not a table file", f);
    assert_int_equal(fclose(f), 0);

    cube_table_search *s = NULL;
    assert_int_equal(cube_table_search_run(&s), CUBE_OK);
    int32_t count = -1;
    assert_int_equal(cube_table_search_count(s, &count), CUBE_OK);
    assert_int_equal(count, 3);
    const char *path = NULL;
    int32_t used = 5, saves = 5;
    assert_int_equal(cube_table_search_choice(s, &path, &used, &saves), CUBE_OK);
    assert_string_equal(path, env_file);
    assert_int_equal(used, -1);
    assert_int_equal(saves, 0);
    static const int32_t roles[] = {CUBE_TABLE_FOLDER_ENV, CUBE_TABLE_FOLDER_CACHE, CUBE_TABLE_FOLDER_SYSTEM};
    static const int32_t states[] = {CUBE_TABLE_FILE_MISSING, CUBE_TABLE_FILE_DAMAGED, CUBE_TABLE_FILE_MISSING};
    const char *folders[] = {env, cache, system_dir};
    const char *files[] = {env_file, cache_file, system_file};
    for (int32_t i = 0; i < 3; ++i) {
        int32_t role = -1, state = -1;
        const char *folder = NULL, *file = NULL, *error = NULL, *other = NULL, *notice = NULL;
        assert_int_equal(cube_table_search_folder(s, i, &role, &folder, &file, &state, &error), CUBE_OK);
        assert_int_equal(role, roles[i]);
        assert_string_equal(folder, folders[i]);
        assert_string_equal(file, files[i]);
        assert_int_equal(state, states[i]);
        assert_int_equal(error[0] != '\0', i == 1);
        assert_int_equal(cube_table_search_other_order(s, i, &other, &notice), CUBE_OK);
        assert_string_equal(other, "");
        assert_string_equal(notice, "");
    }
    /* Every out-parameter may be NULL. */
    assert_int_equal(cube_table_search_folder(s, 1, NULL, NULL, NULL, NULL, NULL), CUBE_OK);
    assert_int_equal(cube_table_search_other_order(s, 1, NULL, NULL), CUBE_OK);
    assert_int_equal(cube_table_search_choice(s, NULL, NULL, NULL), CUBE_OK);

    const char *error = NULL;
    assert_int_equal(cube_table_search_folder(s, 1, NULL, NULL, NULL, NULL, &error), CUBE_OK);
    char expected[32768], text[32768];
    snprintf(expected, sizeof expected,
             "CUBE_TABLE_DIR  %s: missing (a build saves here)\n"
             "user cache      %s: damaged: %s\n"
             "system          %s: missing\n",
             env_file, cache_file, error, system_file);
    search_text(s, CUBE_TABLE_SEARCH_FORMAT_TEXT, text, sizeof text);
    assert_string_equal(text, expected);
    snprintf(expected, sizeof expected,
             "{\"ok\":true,\"path\":\"%s\",\"search\":[{\"role\":\"env\",\"file\":\"%s\",\"state\":\"missing\","
             "\"build_saves_here\":true},{\"role\":\"cache\",\"file\":\"%s\",\"state\":\"damaged\",\"error\":\"%s\"},"
             "{\"role\":\"system\",\"file\":\"%s\",\"state\":\"missing\"}]}",
             env_file, env_file, cache_file, error, system_file);
    search_text(s, CUBE_TABLE_SEARCH_FORMAT_JSON, text, sizeof text);
    assert_string_equal(text, expected);
    cube_table_search_free(s);
}

/* The suite's sound file in $CUBE_TABLE_DIR is the one used (skipped without the suite's tables). */
static void sound_file_used(void **unused) {
    (void)unused;
    if (!suite_tables[0] || cube_tables_verify(suite_tables) != CUBE_OK) skip();
    use_folders(suite_tables);
    char file[4096];
    file_in(suite_tables, file, sizeof file);
    cube_table_search *s = NULL;
    assert_int_equal(cube_table_search_run(&s), CUBE_OK);
    const char *path = NULL;
    int32_t used = 5, saves = 5, state = -1;
    assert_int_equal(cube_table_search_choice(s, &path, &used, &saves), CUBE_OK);
    assert_string_equal(path, file);
    assert_int_equal(used, 0);
    assert_int_equal(saves, -1);
    assert_int_equal(cube_table_search_folder(s, 0, NULL, NULL, NULL, &state, NULL), CUBE_OK);
    assert_int_equal(state, CUBE_TABLE_FILE_SOUND);
    char text[16384], expected[8192];
    search_text(s, CUBE_TABLE_SEARCH_FORMAT_TEXT, text, sizeof text);
    snprintf(expected, sizeof expected, "CUBE_TABLE_DIR  %s: sound (used)\n", file);
    assert_memory_equal(text, expected, strlen(expected));
    cube_table_search_free(s);
}

/* A control character in a folder's name: as it is in the text, \xNN in JSON. */
static void control_character_shown(void **unused) {
    (void)unused;
    char env[4096];
    in_work(env, sizeof env, "tab\there");
    use_folders(env);
    cube_table_search *s = NULL;
    assert_int_equal(cube_table_search_run(&s), CUBE_OK);
    char text[16384];
    search_text(s, CUBE_TABLE_SEARCH_FORMAT_TEXT, text, sizeof text);
    assert_non_null(strstr(text, "tab\there/"));
    search_text(s, CUBE_TABLE_SEARCH_FORMAT_JSON, text, sizeof text);
    assert_non_null(strstr(text, "tab\\\\x09here/"));
    assert_null(strchr(text, '\t'));
    cube_table_search_free(s);
}

static void bad_input(void **unused) {
    (void)unused;
    use_folders(NULL);
    assert_refused(cube_table_search_run(NULL), "out pointer is NULL");
    int32_t count = 0;
    char text[8];
    assert_refused(cube_table_search_count(NULL, &count), "search is NULL");
    assert_refused(cube_table_search_choice(NULL, NULL, NULL, NULL), "search is NULL");
    assert_refused(cube_table_search_folder(NULL, 0, NULL, NULL, NULL, NULL, NULL), "search is NULL");
    assert_refused(cube_table_search_other_order(NULL, 0, NULL, NULL), "search is NULL");
    assert_refused(cube_table_search_format(NULL, CUBE_TABLE_SEARCH_FORMAT_TEXT, text, sizeof text, NULL),
                   "search is NULL");
    /* Another kind of handle. */
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_new(3, &m), CUBE_OK);
    assert_refused(cube_table_search_count((const cube_table_search *)(const void *)m, &count), "not a valid handle");
    cube_moves_free(m);

    cube_table_search *s = NULL;
    assert_int_equal(cube_table_search_run(&s), CUBE_OK);
    assert_refused(cube_table_search_count(s, NULL), "count pointer is NULL");
    assert_refused(cube_table_search_folder(s, -1, NULL, NULL, NULL, NULL, NULL), "folder index -1 is out of range");
    assert_refused(cube_table_search_folder(s, 3, NULL, NULL, NULL, NULL, NULL), "folder index 3 is out of range");
    assert_refused(cube_table_search_other_order(s, 3, NULL, NULL), "folder index 3 is out of range");
    assert_refused(cube_table_search_format(s, 2, NULL, 0, NULL), "unknown table search format 2");
    assert_refused(cube_table_search_format(s, -1, NULL, 0, NULL), "unknown table search format -1");
    assert_refused(cube_table_search_format(s, CUBE_TABLE_SEARCH_FORMAT_TEXT, text, -1, NULL), "negative");
    assert_refused(cube_table_search_format(s, CUBE_TABLE_SEARCH_FORMAT_TEXT, NULL, 5, NULL), "buffer is NULL");
    /* Too small: the length needed, the buffer left alone. */
    int32_t needed = -1;
    memset(text, 'x', sizeof text);
    cube_clear_error();
    assert_fails_with(cube_table_search_format(s, CUBE_TABLE_SEARCH_FORMAT_JSON, text, sizeof text, &needed),
                      CUBE_ERROR_BUFFER_TOO_SMALL, "cannot hold");
    assert_true(needed > (int32_t)sizeof text);
    assert_int_equal(text[0], 'x');
    cube_table_search_free(s);
    cube_table_search_free(NULL);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(missing_and_damaged),
        cmocka_unit_test(sound_file_used),
        cmocka_unit_test(control_character_shown),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, set_up, tear_down);
}
