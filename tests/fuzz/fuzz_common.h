/* Helpers shared by the libFuzzer targets of tests/fuzz. */
#ifndef CUBE_FUZZ_COMMON_H
#define CUBE_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A NUL-terminated copy of the input; an embedded NUL ends the string early, as it would for a C caller.
 * The caller frees it. */
static inline char *fuzz_text(const uint8_t *data, size_t size) {
    char *text = (char *)malloc(size + 1);
    if (!text) abort();
    if (size > 0) memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* Ends the run as a crash (libFuzzer then saves the input) when a promise of the API does not hold. */
#define FUZZ_CHECK(condition)                                                                        \
    do {                                                                                             \
        if (!(condition)) {                                                                          \
            fprintf(stderr, "fuzz check failed at %s:%d: %s\n", __FILE__, __LINE__, #condition);     \
            abort();                                                                                 \
        }                                                                                            \
    } while (0)

#endif
