/* cube scan: the most likely valid cube from 54 camera colour samples, with its confidences. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cube/robot.h>

#include "answer.h"
#include "cli.h"
#include "commands.h"
#include "formatted.h"
#include "robot_input.h"

static const char scan_help[] =
    "usage: cube scan FILE|- [--robot SPEC|@FILE] [--alternatives K] [--json]\n"
    "Resolves a colour scan (54 samples: JSON, or six lines of nine #rrggbb colours in URFDLB order; see the\n"
    "README, \"Colour scans\") into the most likely valid cube. Prints its facelets, the cube's confidence, the\n"
    "doubtful stickers (face and 1-based index: re-scan these) and the next best cubes with their likelihood\n"
    "ratio to the best. --alternatives K: how many (0..32, default 3). Reads at most 1 MiB.\n"
    "--robot SPEC: the samples are in the order the robot's scan sequence takes its six frames (nine per\n"
    "frame, row by row as the camera sees them; 'cube plan --robot SPEC --scan' shows the frames), not in\n"
    "URFDLB order: they are put in facelet order by the frames' faces and rotations, then resolved.\n"
    "A line \"search: stopped at its limit\" (JSON \"search_complete\": false) says the piece search ended\n"
    "before it was exhaustive: the answer is the best found and flagged low.\n"
    "Exit status: 0 resolved, 1 bad input, 2 usage.";

/* Reads all of `path` ("-" = stdin), at most CUBE_SCAN_TEXT_MAX bytes; NULL with a message on failure. */
static char *read_scan_text(const char *path) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "error: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    char *text = malloc((size_t)CUBE_SCAN_TEXT_MAX + 2);
    size_t n = text ? fread(text, 1, (size_t)CUBE_SCAN_TEXT_MAX + 1, f) : 0;
    int failed = !text || ferror(f);
    if (f != stdin) fclose(f);
    if (failed) {
        fprintf(stderr, "error: cannot read %s\n", path);
        free(text);
        return NULL;
    }
    if (n > (size_t)CUBE_SCAN_TEXT_MAX) {
        fprintf(stderr, "error: %s is longer than %d bytes: not a scan\n", path, CUBE_SCAN_TEXT_MAX);
        free(text);
        return NULL;
    }
    if (memchr(text, '\0', n)) {
        fprintf(stderr, "error: %s holds a NUL byte: not a scan\n", path);
        free(text);
        return NULL;
    }
    text[n] = '\0';
    return text;
}

static cube_status format_scan(const void *answer, int32_t kind, char *buffer, int32_t capacity, int32_t *length) {
    return cube_scan_result_format(answer, kind, buffer, capacity, length);
}

static int print_result(const cube_scan_result *r, int json) {
    cube_status st = print_formatted(format_scan, r, json ? CUBE_SCAN_FORMAT_JSON : CUBE_SCAN_FORMAT_TEXT,
                                     json ? "\n" : "");
    return st == CUBE_OK ? EXIT_OK : answer_last_error(json, 0);
}

/* The samples of `text`, in facelet order: as read, or (with a robot) mapped from its scan frames' order. */
static cube_status scan_input_of(const char *text, const cube_robot *robot, cube_scan_input **out) {
    cube_scan_input *read = NULL;
    cube_plan *plan = NULL;
    cube_status st = cube_scan_input_parse(text, &read);
    if (st != CUBE_OK || !robot) {
        *out = read;
        return st;
    }
    st = cube_robot_scan_plan(robot, &plan);
    if (st == CUBE_OK) st = cube_scan_input_from_frames(plan, read, out);
    cube_plan_free(plan);
    cube_scan_input_free(read);
    return st;
}

int cmd_scan(int argc, char **argv) {
    const char *json = NULL, *alternatives = NULL, *robot_arg = NULL;
    cli_option opts[] = {{"json", 0, &json}, {"alternatives", 1, &alternatives}, {"robot", 1, &robot_arg},
                         {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("scan", scan_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc != 1) return cli_usage_error("scan", "expected one scan file (or '-' for stdin)");
    if (a.size == 2) return cli_usage_error("scan", "only 3x3 scans can be resolved");
    cube_scan_options options;
    cube_scan_options_init(&options);
    if (alternatives) {
        int64_t k = 0;
        int st = cli_parse_int("scan", "alternatives", alternatives, 0, CUBE_SCAN_ALTERNATIVES_MAX, &k);
        if (st != EXIT_OK) return st;
        options.alternatives = k == 0 ? -1 : (int32_t)k;
    }
    cube_robot *robot = NULL;
    if (robot_arg) {
        int st = robot_from("scan", robot_arg, &robot);
        if (st != EXIT_OK) return st;
    }
    char *text = read_scan_text(a.argv[0]);
    if (!text) {
        cube_robot_free(robot);
        return EXIT_BAD_INPUT;
    }
    cube_scan_input *input = NULL;
    cube_scan_result *result = NULL;
    int st = EXIT_OK;
    if (scan_input_of(text, robot, &input) != CUBE_OK || cube_scan_resolve(input, &options, &result) != CUBE_OK)
        st = answer_last_error(json != NULL, 0);
    else
        st = print_result(result, json != NULL);
    cube_scan_result_free(result);
    cube_scan_input_free(input);
    cube_robot_free(robot);
    free(text);
    return st;
}
