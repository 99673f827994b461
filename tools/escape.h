/* Messages stay one line of printable ASCII: other bytes from the input are shown as \xNN. */
#ifndef CUBE_ESCAPE_H
#define CUBE_ESCAPE_H

#include <stddef.h>

/* Copies `text` into `out` (capacity bytes, at least 8) with every byte outside printable ASCII written as
 * \xNN; past capacity - 4 bytes the copy is cut and ends in "...". */
void cli_escape(const char *text, char *out, size_t capacity);

/* cube_last_error(), escaped (in a buffer that the next call reuses). */
const char *cli_last_error(void);

#endif
