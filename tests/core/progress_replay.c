/* Feeds the `cube` program's table progress printer (tools/progress_bar.c) reports read from stdin, so that
 * test_cli_progress.sh can check what it prints, on a terminal and off one, without building tables.
 * One report per line:
 *   S FRACTION ELAPSED_MS STAGE...   a stage report (CUBE_PROGRESS_STAGE)
 *   N TEXT...                        a notice (CUBE_PROGRESS_NOTICE)
 *   C                                progress_clear()
 *   E                                progress_end() */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progress_bar.h"

int main(void) {
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        cube_progress p;
        memset(&p, 0, sizeof p);
        p.struct_size = sizeof p;
        if (line[0] == 'S') {
            double fraction = 0;
            long ms = 0;
            int used = 0;
            if (sscanf(line + 1, "%lf %ld %n", &fraction, &ms, &used) < 2) return 2;
            p.event = CUBE_PROGRESS_STAGE;
            p.fraction = p.stage_fraction = fraction;
            p.elapsed_us = ms * 1000;
            p.stage = line + 1 + used;
            progress_report(NULL, &p);
        } else if (line[0] == 'N') {
            p.event = CUBE_PROGRESS_NOTICE;
            p.stage = line[1] ? line + 2 : "";
            progress_report(NULL, &p);
        } else if (line[0] == 'C') {
            progress_clear();
        } else if (line[0] == 'E') {
            progress_end();
        } else {
            return 2;
        }
    }
    return 0;
}
