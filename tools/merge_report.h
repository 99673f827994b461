/* What `cube merge` found, line by line, and its report as text or JSON (cmd_merge.c gathers it). */
#ifndef CUBE_CLI_MERGE_REPORT_H
#define CUBE_CLI_MERGE_REPORT_H

#include <stdint.h>

/* The merge's exit status when only lines to answer again were found (missing or unsolved). */
enum { EXIT_MERGE_RESUBMIT = 3 };

typedef struct merge_report merge_report;

merge_report *merge_report_new(void); /* NULL when memory ran out */
void merge_report_free(merge_report *rep);

/* An input line read; one with exactly one answer; one whose answer is right (an error answer included). */
void merge_input_line(merge_report *rep);
void merge_answered(merge_report *rep);
void merge_verified(merge_report *rep);
/* A verified error answer of a line that is not a cube. */
void merge_input_error(merge_report *rep);

/* Input lines to answer again: without an answer; answered with an error although they are cubes. */
void merge_missing(merge_report *rep, int64_t line);
void merge_unsolved(merge_report *rep, int64_t line);

/* Errors: a line answered `count` times; an answer that is not right (why); an answer of a line past the input's
 * `lines`; an answer file's line that cannot be read; its incomplete last line (a killed run). */
void merge_duplicated(merge_report *rep, int64_t line, int64_t count);
void merge_wrong(merge_report *rep, int64_t line, const char *why);
void merge_beyond(merge_report *rep, int64_t line, int64_t lines);
void merge_unreadable(merge_report *rep, const char *file, int64_t file_line, const char *why);
void merge_incomplete(merge_report *rep, const char *file, int64_t file_line);

/* EXIT_OK, EXIT_MERGE_RESUBMIT or EXIT_BAD_INPUT (duplicated, wrong or unreadable answers). */
int merge_exit_status(const merge_report *rep);

/* Prints the report (text, or one JSON object); `output` is the merged file written (NULL: none); with
 * `missing_path` writes the lines to answer again there, one a line. Returns merge_exit_status(), or
 * EXIT_IO_ERROR (reported) if memory ran out while gathering or the missing file cannot be written. */
int merge_print(const merge_report *rep, int json, const char *output, const char *missing_path);

#endif
