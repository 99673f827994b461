/* `cube serve` in a build without libmicrohttpd or nlohmann-json (meson option serve), or for Windows, where
 * there is no MinGW libmicrohttpd: tools/meson.build gives the reason, CUBE_SERVE_MISSING_WHY. */
#include <stdio.h>

#include "cli.h"
#include "commands.h"

int cmd_serve(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "cube serve: %s\n", CUBE_SERVE_MISSING_WHY);
    return EXIT_USAGE;
}
