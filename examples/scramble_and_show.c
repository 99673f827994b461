/* libcube in one page: scramble a cube, show it, read a facelet string, report what is wrong with a bad one. */
#include <cube/cube.h>
#include <stdio.h>
#include <stdlib.h>

static int check(cube_status st, const char *what) {
    if (st == CUBE_OK) return 0;
    fprintf(stderr, "%s: %s (%s)\n", what, cube_last_error(), cube_status_name(st));
    return 1;
}

int main(void) {
    cube_moves *scramble = NULL;
    cube_state *cube = NULL;
    if (check(cube_scramble(3, 2026, 0, &scramble), "scramble")) return 1;
    if (check(cube_state_new(3, &cube), "new") || check(cube_state_apply(cube, scramble), "apply")) return 1;

    /* Text owned by a handle comes back through an out-parameter, valid until the handle changes. */
    const char *scramble_text = NULL;
    const char *facelets = NULL;
    char net[2048];
    if (check(cube_moves_text(scramble, &scramble_text), "text")) return 1;
    if (check(cube_state_facelets(cube, &facelets), "facelets")) return 1;
    if (check(cube_state_format_net(cube, CUBE_NET_PLAIN, net, sizeof net, NULL), "net")) return 1;
    printf("scramble: %s\n%s", scramble_text, net);
    printf("facelets: %s\n", facelets);

    /* A string with one edge flipped is refused, with the reason. */
    cube_state *bad = NULL;
    cube_status st = cube_state_from_facelets("UUUUUUUFURRRRRRRRRFUFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", 0, &bad);
    printf("flipped edge: %s: %s\n", cube_status_name(st), cube_last_error());

    cube_state_free(cube);
    cube_moves_free(scramble);
    return st == CUBE_ERROR_INVALID_CUBE ? EXIT_SUCCESS : EXIT_FAILURE;
}
