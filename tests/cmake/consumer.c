/* Applies moves through the installed library and prints the version it was built against and runs with. */
#include <cube/cube.h>
#include <stdio.h>

int main(void) {
    cube_state *state = NULL;
    const char *facelets = NULL;
    if (cube_state_new(3, &state) != CUBE_OK || cube_state_apply_text(state, "R U R' U'") != CUBE_OK) {
        return 1;
    }
    if (cube_state_facelets(state, &facelets) != CUBE_OK) {
        return 1;
    }
    printf("libcube %s: %s\n", cube_version_string(), facelets);
    cube_state_free(state);
    return cube_version() == CUBE_VERSION_NUMBER ? 0 : 1;
}
