/* A solver whose table notices are printed: a missing or damaged table file is reported, not rebuilt
 * in silence. */
#include "solver_notices.h"

#include <stdio.h>

#include "escape.h"

static int32_t print_notices(void *unused, const cube_progress *p) {
    (void)unused;
    if (p->event != CUBE_PROGRESS_NOTICE) return 0;
    char shown[1024];
    cli_escape(p->stage, shown, sizeof shown);
    fprintf(stderr, "cube: %s\n", shown);
    return 0;
}

cube_status cli_solver_new(cube_solver **out) {
    cube_solver_config config;
    cube_status st = cube_solver_config_init(&config);
    if (st != CUBE_OK) return st;
    config.progress = print_notices;
    return cube_solver_new(&config, out);
}
