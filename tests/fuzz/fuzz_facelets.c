/* Fuzz target: facelet strings (cube_state_from_facelets, cube_validate_facelets).
 * The first byte is the size argument as a digit ('0', '2', '3'; any other byte gives a size that must be
 * refused); the rest is the facelet string.
 * Checks: both calls agree; a failure leaves NULL and a message; an accepted cube round-trips through
 * its URFDLB text and prints as a net. */
#include <cube/cube.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    int32_t cube_size = (int32_t)data[0] - '0';
    char *text = fuzz_text(data + 1, size - 1);

    cube_state *state = (cube_state *)text; /* not NULL: the call must reset it */
    cube_status status = cube_state_from_facelets(text, cube_size, &state);
    FUZZ_CHECK(cube_validate_facelets(text, cube_size) == status);
    if (status != CUBE_OK) {
        FUZZ_CHECK(state == NULL);
        FUZZ_CHECK(cube_last_error()[0] != '\0');
        free(text);
        return 0;
    }

    const char *facelets = NULL;
    FUZZ_CHECK(cube_state_facelets(state, &facelets) == CUBE_OK);
    int32_t state_size = 0;
    FUZZ_CHECK(cube_state_size(state, &state_size) == CUBE_OK);
    FUZZ_CHECK(strlen(facelets) == (state_size == 3 ? 54u : 24u));
    cube_state *again = NULL;
    FUZZ_CHECK(cube_state_from_facelets(facelets, state_size, &again) == CUBE_OK);
    int32_t equal = 0;
    FUZZ_CHECK(cube_state_equal(state, again, &equal) == CUBE_OK);
    FUZZ_CHECK(equal == 1);
    char net[1024];
    int32_t net_length = 0;
    FUZZ_CHECK(cube_state_format_net(state, CUBE_NET_PLAIN, net, sizeof net, &net_length) == CUBE_OK);
    FUZZ_CHECK(net_length == (int32_t)strlen(net));

    cube_state_free(again);
    cube_state_free(state);
    free(text);
    return 0;
}
