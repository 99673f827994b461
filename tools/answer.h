/* How every command answers an input it cannot take: the same for one input and for a batch line. */
#ifndef CUBE_CLI_ANSWER_H
#define CUBE_CLI_ANSWER_H

#include <cube/common.h>

/* Answers a failure: "error: MESSAGE" (on stdout for a batch line, else on stderr), or with `json` the object
 * {"ok":false,"status":"CUBE_ERROR_...","error":"MESSAGE"} on stdout. Returns EXIT_BAD_INPUT. */
int answer_error(int json, int batch, cube_status status, const char *message);

/* answer_error() with the library's last status and message. */
int answer_last_error(int json, int batch);

#endif
