/* Printing an answer that a library formatter writes (cube_scan_result_format(), ...): one formatter per
 * answer, shared with the server and the bindings. */
#ifndef CUBE_CLI_FORMATTED_H
#define CUBE_CLI_FORMATTED_H

#include <cube/cube.h>

/* A library formatter with its answer's handle as `const void *`: snprintf-style, the length in *length. */
typedef cube_status (*formatter)(const void *answer, int32_t kind, char *buffer, int32_t capacity, int32_t *length);

/* Prints what `format` writes of `answer` in `kind`, then `end` ("\n" after JSON, "" after text lines).
 * Returns CUBE_OK, or the library's status (nothing printed) if it refuses. */
cube_status print_formatted(formatter format, const void *answer, int32_t kind, const char *end);

#endif
