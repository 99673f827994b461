/* cube scan: the most likely valid cube from 54 camera colour samples, with its confidences. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer.h"
#include "cli.h"
#include "commands.h"
#include "json.h"
#include "output.h"

static const char scan_help[] =
    "usage: cube scan FILE|- [--alternatives K] [--json]\n"
    "Resolves a colour scan (54 samples: JSON, or six lines of nine #rrggbb colours in URFDLB order; see the\n"
    "README, \"Colour scans\") into the most likely valid cube. Prints its facelets, the cube's confidence, the\n"
    "doubtful stickers (face and 1-based index: re-scan these) and the next best cubes with their likelihood\n"
    "ratio to the best. --alternatives K: how many (0..32, default 3). Reads at most 1 MiB.\n"
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

static void sticker_name(int32_t index, char name[4]) {
    name[0] = "URFDLB"[index / 9];
    name[1] = (char)('1' + index % 9);
    name[2] = '\0';
}

static int print_result(const cube_scan_result *r, int json) {
    double confidence = 0;
    int32_t low = 0, doubtful_count = 0, alternatives = 0;
    int32_t doubtful[54];
    char name[4];
    cube_scan_result_confidence(r, &confidence, &low);
    cube_scan_result_doubtful(r, doubtful, 54, &doubtful_count);
    cube_scan_result_alternative_count(r, &alternatives);
    if (json) {
        out_text("{\"ok\":true,");
        json_member("facelets", cube_scan_result_facelets(r), 1);
        out_printf(",\"confidence\":%.6f,\"low_confidence\":%s,\"doubtful\":[", confidence, low ? "true" : "false");
        for (int32_t i = 0; i < doubtful_count; ++i) {
            double c = 0;
            cube_scan_result_sticker_confidence(r, doubtful[i], &c);
            sticker_name(doubtful[i], name);
            out_printf("%s{\"sticker\":\"%s\",\"index\":%d,\"confidence\":%.6f}", i ? "," : "", name, doubtful[i], c);
        }
        out_text("],\"alternatives\":[");
        for (int32_t i = 0; i < alternatives; ++i) {
            const char *facelets = NULL;
            double ratio = 0;
            cube_scan_result_alternative(r, i, &facelets, &ratio);
            out_text(i ? ",{" : "{");
            json_member("facelets", facelets, 1);
            out_printf(",\"ratio\":%.6g}", ratio);
        }
        out_text("]}\n");
        return EXIT_OK;
    }
    out_printf("facelets: %s\n", cube_scan_result_facelets(r));
    out_printf("confidence: %.4f%s\n", confidence, low ? " (low: re-scan the doubtful stickers)" : "");
    out_text("doubtful:");
    if (doubtful_count == 0) out_text(" none");
    for (int32_t i = 0; i < doubtful_count; ++i) {
        sticker_name(doubtful[i], name);
        out_printf(" %s", name);
    }
    out_char('\n');
    for (int32_t i = 0; i < alternatives; ++i) {
        const char *facelets = NULL;
        double ratio = 0;
        cube_scan_result_alternative(r, i, &facelets, &ratio);
        out_printf("alternative %d: %s ratio %.3g\n", i + 1, facelets, ratio);
    }
    return EXIT_OK;
}

int cmd_scan(int argc, char **argv) {
    const char *json = NULL, *alternatives = NULL;
    cli_option opts[] = {{"json", 0, &json}, {"alternatives", 1, &alternatives}, {NULL, 0, NULL}};
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
    char *text = read_scan_text(a.argv[0]);
    if (!text) return EXIT_BAD_INPUT;
    cube_scan_input *input = NULL;
    cube_scan_result *result = NULL;
    int st = EXIT_OK;
    if (cube_scan_input_parse(text, &input) != CUBE_OK || cube_scan_resolve(input, &options, &result) != CUBE_OK)
        st = answer_last_error(json != NULL, 0);
    else
        st = print_result(result, json != NULL);
    cube_scan_result_free(result);
    cube_scan_input_free(input);
    free(text);
    return st;
}
