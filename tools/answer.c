#include "answer.h"

#include <stdio.h>

#include "cli.h"
#include "escape.h"
#include "json.h"
#include "output.h"
#include "progress_bar.h"

int answer_error(int json, int batch, cube_status status, const char *message) {
    progress_clear(); /* a table job's bar, if a failed load left one */
    if (json) {
        out_printf("{\"ok\":false,\"status\":\"%s\",", cube_status_name(status));
        json_member("error", message, 1);
        out_text("}\n");
    } else if (batch) {
        out_printf("error: %s\n", message);
    } else {
        fprintf(stderr, "error: %s\n", message);
    }
    return EXIT_BAD_INPUT;
}

int answer_last_error(int json, int batch) {
    return answer_error(json, batch, cube_last_status(), cli_last_error());
}
