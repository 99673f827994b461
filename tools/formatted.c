#include "formatted.h"

#include <stdlib.h>

#include "output.h"

cube_status print_formatted(formatter format, const void *answer, int32_t kind, const char *end) {
    int32_t length = 0;
    cube_status st = format(answer, kind, NULL, 0, &length);
    if (st != CUBE_OK && st != CUBE_ERROR_BUFFER_TOO_SMALL) return st;
    char *text = malloc((size_t)length + 1);
    if (!text) return CUBE_ERROR_NO_MEMORY;
    st = format(answer, kind, text, length + 1, NULL);
    if (st == CUBE_OK) {
        out_text(text);
        out_text(end);
    }
    free(text);
    return st;
}
