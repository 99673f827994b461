/* `cube serve` in a build without libmicrohttpd or nlohmann-json (meson option serve). */
#include <stdio.h>

#include "cli.h"
#include "commands.h"

int cmd_serve(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "cube serve: this cube was built without the HTTP server (it needs libmicrohttpd-dev and "
                    "nlohmann-json3-dev when meson configures the build)\n");
    return EXIT_USAGE;
}
