/* `cube serve` in a Windows build: the HTTP server needs libmicrohttpd, which Debian does not build for
 * MinGW (docs/windows.md). */
#include <stdio.h>

#include "cli.h"
#include "commands.h"

int cmd_serve(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "cube serve: not available in the Windows build (the HTTP server needs libmicrohttpd, which "
                    "has no MinGW build); run cube serve on Linux, or use the library through its C API\n");
    return EXIT_USAGE;
}
