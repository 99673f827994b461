/* Robot descriptions read with limits: cube_robot_load reads at most 64 KiB and never blocks on a
 * pipe or device, cube_robot_parse reads no byte past 64 KiB, and messages show raw bytes escaped. */
#define _DEFAULT_SOURCE /* mkdtemp, mmap's MAP_ANONYMOUS */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cube/robot.h>

#include "../core/test_util.h"

enum { kCap = 65536 }; /* the documented limit of a robot description */

static char folder[64];

static int make_folder(void **unused) {
    (void)unused;
    snprintf(folder, sizeof folder, "/tmp/cube-robot-load-XXXXXX");
    return mkdtemp(folder) ? 0 : -1;
}

static int remove_folder(void **unused) {
    (void)unused;
    return rmdir(folder);
}

static void path_in_folder(char *path, size_t size, const char *name) {
    snprintf(path, size, "%s/%s", folder, name);
}

/* A description of exactly `size` bytes: a family line, then a comment that pads it out. */
static void write_padded_description(const char *path, size_t size) {
    static const char kHead[] = "model = two-gripper\n#";
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(kHead, f);
    for (size_t i = sizeof kHead - 1; i < size; ++i) fputc('x', f);
    assert_int_equal(fclose(f), 0);
}

static void a_file_at_the_cap_loads(void **unused) {
    (void)unused;
    char path[128];
    path_in_folder(path, sizeof path, "at-cap.robot");
    write_padded_description(path, kCap);
    cube_robot *r = NULL;
    assert_int_equal(cube_robot_load(path, &r), CUBE_OK);
    cube_robot_desc d;
    cube_robot_desc_init(&d, CUBE_ROBOT_SIX_MOTOR);
    assert_int_equal(cube_robot_get_desc(r, &d), CUBE_OK);
    assert_int_equal(d.family, CUBE_ROBOT_TWO_GRIPPER);
    cube_robot_free(r);
    assert_int_equal(unlink(path), 0);
}

static void a_file_just_over_the_cap_is_refused(void **unused) {
    (void)unused;
    char path[128];
    path_in_folder(path, sizeof path, "over-cap.robot");
    write_padded_description(path, kCap + 1);
    cube_robot *r = NULL;
    assert_fails_with(cube_robot_load(path, &r), CUBE_ERROR_INVALID_ARGUMENT, "more than 65536 bytes");
    assert_null(r);
    assert_int_equal(unlink(path), 0);
}

/* An endless input: refused once the cap is passed (before the fix it was read until memory ran out). */
static void dev_zero_is_refused_by_the_cap(void **unused) {
    (void)unused;
    cube_robot *r = NULL;
    assert_fails_with(cube_robot_load("/dev/zero", &r), CUBE_ERROR_INVALID_ARGUMENT, "more than 65536 bytes");
    assert_null(r);
}

/* A FIFO nobody opens for writing: the load returns at once (an empty description) instead of waiting
 * in open() for a writer forever. */
static void a_fifo_with_no_writer_does_not_block(void **unused) {
    (void)unused;
    char path[128];
    path_in_folder(path, sizeof path, "fifo");
    assert_int_equal(mkfifo(path, 0600), 0);
    cube_robot *r = NULL;
    assert_fails_with(cube_robot_load(path, &r), CUBE_ERROR_PARSE, "names no family");
    assert_null(r);
    assert_int_equal(unlink(path), 0);
}

/* A FIFO whose writer stays silent and never closes it: given up on after the documented 1 s. */
static void a_fifo_whose_writer_never_finishes_is_given_up(void **unused) {
    (void)unused;
    char path[128];
    path_in_folder(path, sizeof path, "silent-fifo");
    assert_int_equal(mkfifo(path, 0600), 0);
    int writer = open(path, O_RDWR); /* a FIFO opened for reading and writing does not wait */
    assert_true(writer >= 0);
    assert_int_equal(write(writer, "six-", 4), 4); /* part of a description, and no end */
    cube_robot *r = NULL;
    assert_fails_with(cube_robot_load(path, &r), CUBE_ERROR_IO, "no end of input within 1000 ms");
    assert_null(r);
    assert_int_equal(close(writer), 0);
    assert_int_equal(unlink(path), 0);
}

static void a_folder_or_a_missing_file_is_refused(void **unused) {
    (void)unused;
    cube_robot *r = NULL;
    assert_fails_with(cube_robot_load(folder, &r), CUBE_ERROR_IO, "is a folder");
    char path[128];
    path_in_folder(path, sizeof path, "missing.robot");
    assert_fails_with(cube_robot_load(path, &r), CUBE_ERROR_NOT_FOUND, path);
    assert_null(r);
}

static void a_nul_byte_is_refused(void **unused) {
    (void)unused;
    char path[128];
    path_in_folder(path, sizeof path, "nul.robot");
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fwrite("six-motor\0junk", 1, 14, f), 14);
    assert_int_equal(fclose(f), 0);
    cube_robot *r = NULL;
    assert_fails_with(cube_robot_load(path, &r), CUBE_ERROR_PARSE, "NUL byte at offset 9");
    assert_null(r);
    assert_int_equal(unlink(path), 0);
}

/* `size` bytes of text with no NUL, ending where an inaccessible page begins: reading past them crashes. */
typedef struct {
    unsigned char *base;
    size_t length;
    char *text;
} GuardedText;

static GuardedText guarded_text(size_t size) {
    GuardedText g;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t pages = (size + page - 1) / page;
    g.length = (pages + 1) * page;
    g.base = mmap(NULL, g.length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(g.base != MAP_FAILED);
    assert_int_equal(mprotect(g.base + pages * page, page, PROT_NONE), 0);
    g.text = (char *)g.base + pages * page - size;
    memset(g.text, ',', size);
    memcpy(g.text, "six-motor", 9);
    return g;
}

/* Text over the cap is refused having read one byte past it, not to its end (here: no end at all). */
static void parse_reads_no_further_than_the_cap(void **unused) {
    (void)unused;
    GuardedText g = guarded_text(kCap + 1);
    cube_robot *r = NULL;
    assert_fails_with(cube_robot_parse(g.text, &r), CUBE_ERROR_INVALID_ARGUMENT, "longer than 65536 bytes");
    assert_null(r);
    g.text[kCap] = '\0'; /* exactly at the cap: accepted */
    assert_int_equal(cube_robot_parse(g.text, &r), CUBE_OK);
    cube_robot_free(r);
    assert_int_equal(munmap(g.base, g.length), 0);
}

/* A form feed and a lone UTF-8 lead byte come back as \xNN: one line of valid text. */
static void messages_show_raw_bytes_escaped(void **unused) {
    (void)unused;
    cube_robot *r = NULL;
    assert_fails_with(cube_robot_parse("six-motor:turn90=\f\xC3", &r), CUBE_ERROR_PARSE, "\"\\x0C\\xC3\"");
    assert_null(strchr(cube_last_error(), '\f'));
    assert_null(strchr(cube_last_error(), '\xC3'));
    assert_fails_with(cube_robot_parse("robot\xC3", &r), CUBE_ERROR_PARSE, "unknown family \"robot\\xC3\"");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_file_at_the_cap_loads),
        cmocka_unit_test(a_file_just_over_the_cap_is_refused),
        cmocka_unit_test(dev_zero_is_refused_by_the_cap),
        cmocka_unit_test(a_fifo_with_no_writer_does_not_block),
        cmocka_unit_test(a_fifo_whose_writer_never_finishes_is_given_up),
        cmocka_unit_test(a_folder_or_a_missing_file_is_refused),
        cmocka_unit_test(a_nul_byte_is_refused),
        cmocka_unit_test(parse_reads_no_further_than_the_cap),
        cmocka_unit_test(messages_show_raw_bytes_escaped),
    };
    return cmocka_run_group_tests(tests, make_folder, remove_folder);
}
