/* Fuzz target: move notation (cube_moves_parse), then text, simplify and invert on what parses.
 * The first byte is the size argument as a digit ('2' or '3'; any other byte gives a size that must be
 * refused); the rest is the notation.
 * Checks: the canonical text parses back to itself; simplifying keeps the effect on a cube; a sequence
 * followed by its inverse changes nothing. */
#include <cube/cube.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The text of a sequence, copied so it outlives changes to the sequence. */
static char *text_of(const cube_moves *moves) {
    const char *text = NULL;
    FUZZ_CHECK(cube_moves_text(moves, &text) == CUBE_OK);
    size_t length = strlen(text);
    return fuzz_text((const uint8_t *)text, length);
}

/* A solved cube with `moves` applied. */
static cube_state *applied(int32_t cube_size, const cube_moves *moves) {
    cube_state *state = NULL;
    FUZZ_CHECK(cube_state_new(cube_size, &state) == CUBE_OK);
    FUZZ_CHECK(cube_state_apply(state, moves) == CUBE_OK);
    return state;
}

static int same_state(const cube_state *a, const cube_state *b) {
    int32_t equal = 0;
    FUZZ_CHECK(cube_state_equal(a, b, &equal) == CUBE_OK);
    return equal;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    int32_t cube_size = (int32_t)data[0] - '0';
    char *notation = fuzz_text(data + 1, size - 1);

    cube_moves *moves = (cube_moves *)notation; /* not NULL: the call must reset it */
    cube_status status = cube_moves_parse(notation, cube_size, &moves);
    if (status != CUBE_OK) {
        FUZZ_CHECK(moves == NULL);
        FUZZ_CHECK(cube_last_error()[0] != '\0');
        free(notation);
        return 0;
    }

    int32_t count = 0;
    FUZZ_CHECK(cube_moves_count(moves, &count) == CUBE_OK);
    for (int32_t metric = CUBE_METRIC_HTM; metric <= CUBE_METRIC_STM; ++metric) {
        int32_t length = -1;
        FUZZ_CHECK(cube_moves_length(moves, metric, &length) == CUBE_OK);
        FUZZ_CHECK(length >= 0);
    }

    /* The canonical text parses back to the same text. */
    char *text = text_of(moves);
    cube_moves *reparsed = NULL;
    FUZZ_CHECK(cube_moves_parse(text, cube_size, &reparsed) == CUBE_OK);
    char *text_again = text_of(reparsed);
    FUZZ_CHECK(strcmp(text, text_again) == 0);

    /* Simplifying keeps what the sequence does to a cube. */
    cube_state *before = applied(cube_size, moves);
    cube_moves *simplified = NULL;
    FUZZ_CHECK(cube_moves_copy(moves, &simplified) == CUBE_OK);
    FUZZ_CHECK(cube_moves_simplify(simplified) == CUBE_OK);
    int32_t simplified_count = 0;
    FUZZ_CHECK(cube_moves_count(simplified, &simplified_count) == CUBE_OK);
    FUZZ_CHECK(simplified_count <= count);
    cube_state *after_simplify = applied(cube_size, simplified);
    FUZZ_CHECK(same_state(before, after_simplify));

    /* The inverse undoes the sequence. */
    cube_moves *inverse = NULL;
    FUZZ_CHECK(cube_moves_copy(moves, &inverse) == CUBE_OK);
    FUZZ_CHECK(cube_moves_invert(inverse) == CUBE_OK);
    FUZZ_CHECK(cube_state_apply(before, inverse) == CUBE_OK);
    cube_state *solved = NULL;
    FUZZ_CHECK(cube_state_new(cube_size, &solved) == CUBE_OK);
    FUZZ_CHECK(same_state(before, solved));

    cube_state_free(solved);
    cube_moves_free(inverse);
    cube_state_free(after_simplify);
    cube_moves_free(simplified);
    cube_state_free(before);
    free(text_again);
    cube_moves_free(reparsed);
    free(text);
    cube_moves_free(moves);
    free(notation);
    return 0;
}
