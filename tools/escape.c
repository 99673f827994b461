#include "escape.h"

#include <stdio.h>
#include <string.h>

#include <cube/cube.h>

void cli_escape(const char *text, char *out, size_t capacity) {
    static const char ellipsis[] = "...";
    size_t room = capacity - sizeof ellipsis; /* what is left when the ellipsis and its NUL must still fit */
    size_t n = 0;
    if (!text) text = "";
    for (const unsigned char *c = (const unsigned char *)text; *c; ++c) {
        int printable = *c >= 0x20 && *c < 0x7f;
        size_t width = printable ? 1 : 4;
        if (n + width > room) {
            memcpy(out + n, ellipsis, sizeof ellipsis);
            return;
        }
        if (printable)
            out[n] = (char)*c;
        else
            snprintf(out + n, 5, "\\x%02x", *c);
        n += width;
    }
    out[n] = '\0';
}

const char *cli_last_error(void) {
    static char escaped[4096];
    cli_escape(cube_last_error(), escaped, sizeof escaped);
    return escaped;
}
