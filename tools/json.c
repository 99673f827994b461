#include "json.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "output.h"

int json_string(const char *text) {
    if (!text) text = "";
    size_t capacity = 4 * strlen(text) + 8;
    char *shown = malloc(capacity);
    char *quoted = malloc(2 * capacity + 3);
    int st = -1;
    if (shown && quoted) {
        cli_escape(text, shown, capacity);
        size_t n = 0;
        quoted[n++] = '"';
        for (const char *c = shown; *c; ++c) {
            if (*c == '"' || *c == '\\') quoted[n++] = '\\';
            quoted[n++] = *c;
        }
        quoted[n++] = '"';
        quoted[n] = '\0';
        st = out_text(quoted);
    } else {
        st = out_text("\"\""); /* out of memory: an empty string keeps the line one JSON object */
    }
    free(shown);
    free(quoted);
    return st;
}

int json_member(const char *key, const char *text, int first) {
    out_printf("%s\"%s\":", first ? "" : ",", key);
    return json_string(text);
}
