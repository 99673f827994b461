/* A solver whose table notices are printed: a missing or damaged table file is reported, not rebuilt in
 * silence. With auto the reports come from the solver's background thread; the state below is shared
 * with it under a lock. */
#include "solver_notices.h"

#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "progress_bar.h"
#include "terminal.h"

static pthread_mutex_t notices_lock = PTHREAD_MUTEX_INITIALIZER;

/* What the background load of auto has told, and what the command did. */
static struct {
    int32_t policy;
    int announced; /* a notice of the load was printed before its end */
    int loaded;    /* the load reported fraction 1: the full tables are ready */
    int ended;     /* the load's last notice came (ready, or why not) */
    int solved_3x3;
    int hinted;
} seen;

int cli_table_policy(const char *command, const char *text, int32_t *policy) {
    *policy = CUBE_TABLES_AUTO;
    if (!text || strcmp(text, "auto") == 0) return EXIT_OK;
    if (strcmp(text, "compact") == 0) {
        *policy = CUBE_TABLES_COMPACT;
        return EXIT_OK;
    }
    if (strcmp(text, "full") == 0) {
        *policy = CUBE_TABLES_FULL;
        return EXIT_OK;
    }
    return cli_usage_error(command, "--tables takes auto, compact or full");
}

/* The background load of auto. Its notices are lines; the last one (fraction 1) says the full tables
 * are ready, which is told only when an earlier notice announced the load, or why they are not. */
static int32_t background_report(void *unused, const cube_progress *p) {
    (void)unused;
    pthread_mutex_lock(&notices_lock);
    int print = 0;
    if (p->event != CUBE_PROGRESS_NOTICE) {
        if (p->fraction >= 1.0) seen.loaded = 1;
    } else if (p->fraction < 1.0) {
        seen.announced = print = 1;
    } else {
        seen.ended = 1;
        print = seen.announced || !seen.loaded;
    }
    pthread_mutex_unlock(&notices_lock);
    if (print) progress_notice(p->stage);
    return 0;
}

cube_status cli_solver_new(int32_t policy, cube_solver **out) {
    cube_solver_config config;
    cube_status st = cube_solver_config_init(&config);
    if (st != CUBE_OK) return st;
    config.table_policy = policy;
    config.progress = policy == CUBE_TABLES_AUTO ? background_report : progress_report;
    seen.policy = policy;
    return cube_solver_new(&config, out);
}

void cli_solver_solving(int32_t size) {
    if (size != 3) return;
    pthread_mutex_lock(&notices_lock);
    seen.solved_3x3 = 1;
    pthread_mutex_unlock(&notices_lock);
}

/* Whether the full table file is missing where a solver would look first (a build would be needed). */
static int table_file_missing(void) {
    char path[4096];
    return cube_tables_path(NULL, path, sizeof path, NULL) != CUBE_OK || access(path, F_OK) != 0;
}

void cli_solver_free(cube_solver *solver) {
    pthread_mutex_lock(&notices_lock);
    int hint = seen.policy == CUBE_TABLES_AUTO && seen.solved_3x3 && !seen.loaded && !seen.ended && !seen.hinted &&
               (terminal_is(2) || seen.announced);
    int announced = seen.announced;
    if (hint) seen.hinted = 1;
    pthread_mutex_unlock(&notices_lock);
    if (hint && (announced || table_file_missing()))
        progress_notice("answered with the compact tables; 'cube tables generate' builds the full ones once "
                        "(about 320 MB, a minute) for faster solves");
    cube_solver_free(solver);
    progress_end();
}
