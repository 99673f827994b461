/* JSON output of the commands that take --json: one object per answer, on one line. */
#ifndef CUBE_CLI_JSON_H
#define CUBE_CLI_JSON_H

/* Writes `text` as a JSON string on stdout: bytes outside printable ASCII as \xNN first (as in every message,
 * so the output stays ASCII), then " and \ escaped; NULL as "". Returns out_text()'s result. */
int json_string(const char *text);

/* Writes "key": and `text` as a JSON string, after a comma unless `first`. */
int json_member(const char *key, const char *text, int first);

#endif
