/* cube drivers: the robot drivers found, the devices each can see (--devices) and the plugins refused, as
 * text or as one JSON object. Public C API only. */
#include <cube/driver.h>

#include "cli.h"
#include "commands.h"
#include "driver_log.h"
#include "escape.h"
#include "json.h"
#include "output.h"

/* How the listing is printed, and how many devices the driver being listed has shown. */
typedef struct listing {
    int json;
    int count;
} listing;

/* Prints one device a driver found. */
static int32_t print_device(void *user, const cube_driver_device *device) {
    listing *l = user;
    if (l->json) {
        out_text(l->count ? ",{" : "{");
        json_member("uri", device->uri, 1);
        json_member("product", device->product, 0);
        json_member("serial", device->serial, 0);
        json_member("detail", device->detail, 0);
        out_char('}');
    } else {
        char uri[512], product[256], serial[256], detail[1024];
        cli_escape(device->uri, uri, sizeof uri);
        cli_escape(device->product, product, sizeof product);
        cli_escape(device->serial, serial, sizeof serial);
        cli_escape(device->detail, detail, sizeof detail);
        out_printf("%-14s device %s  %s%s%s%s%s\n", "", uri, product, serial[0] ? " serial " : "", serial,
                   detail[0] ? "  " : "", detail);
    }
    ++l->count;
    return 0;
}

/* The devices of driver `index`, or why there are none: text lines, or ,"devices":[...] (null with
 * "devices_error" when the driver cannot list them). */
static void print_devices(const cube_driver_registry *reg, int32_t index, int json) {
    listing l = {json, 0};
    if (json) out_text(",\"devices\":[");
    cube_status st = cube_driver_registry_list_devices(reg, index, print_device, &l);
    const char *why = st == CUBE_ERROR_UNSUPPORTED ? "cannot list devices" : st != CUBE_OK ? cli_last_error() : NULL;
    if (json) {
        out_char(']');
        if (why) {
            out_text(",\"devices_error\":");
            json_string(why);
        }
    } else if (st == CUBE_ERROR_UNSUPPORTED) {
        out_printf("%-14s (cannot list devices)\n", "");
    } else if (st != CUBE_OK) {
        out_printf("%-14s (listing devices failed: %s)\n", "", why);
    } else if (l.count == 0) {
        out_printf("%-14s (no devices found)\n", "");
    }
}

static void print_driver(const cube_driver_registry *reg, int32_t i, int devices, int json) {
    if (json) {
        out_text(i ? ",{" : "{");
        json_member("name", cube_driver_registry_name(reg, i), 1);
        json_member("description", cube_driver_registry_description(reg, i), 0);
        json_member("path", cube_driver_registry_path(reg, i), 0);
        if (devices) print_devices(reg, i, 1);
        out_char('}');
        return;
    }
    char name[256], description[1024], where[4096];
    cli_escape(cube_driver_registry_name(reg, i), name, sizeof name);
    cli_escape(cube_driver_registry_description(reg, i), description, sizeof description);
    cli_escape(cube_driver_registry_path(reg, i), where, sizeof where);
    out_printf("%-14s %s\n%-14s %s\n", name, description, "", where);
    if (devices) print_devices(reg, i, 0);
}

static void print_problems(const cube_driver_registry *reg, int json) {
    int32_t problems = cube_driver_registry_problem_count(reg);
    if (json) out_text("],\"not_used\":[");
    if (!json && problems > 0) out_printf("\nnot used:\n");
    for (int32_t i = 0; i < problems; ++i) {
        if (json) {
            if (i) out_char(',');
            json_string(cube_driver_registry_problem(reg, i));
            continue;
        }
        char problem[4096];
        cli_escape(cube_driver_registry_problem(reg, i), problem, sizeof problem);
        out_printf("  %s\n", problem);
    }
    if (json) out_text("]}\n");
}

static const char drivers_help[] =
    "usage: cube drivers [--devices] [-v|--verbose] [--path DIRS] [--json]\n"
    "Lists the robot drivers: built-in ones, then plugins (cube-driver-NAME.so) found in DIRS\n"
    "(':'-separated), else in $CUBE_DRIVER_PATH and the installed driver folder. Plugins that\n"
    "were refused or shadowed by an earlier one of the same name are listed after them.\n"
    "--devices lists under each driver the devices it can see (boards, serial ports) with the URI\n"
    "that opens each; -v prints the drivers' log on stderr.\n"
    "--json: {\"drivers\":[{\"name\",\"description\",\"path\"[,\"devices\":[{\"uri\",\"product\",\"serial\",\n"
    "\"detail\"},...][,\"devices_error\":\"...\"]]},...],\"not_used\":[\"...\",...]} on one line.";

int cmd_drivers(int argc, char **argv) {
    const char *path = NULL, *devices = NULL, *verbose = NULL, *json = NULL;
    cli_option opts[] = {{"path", 1, &path}, {"devices", 0, &devices}, {"verbose", 0, &verbose}, {"json", 0, &json},
                         {NULL, 0, NULL}};
    cli_args a;
    cli_short_option(argc, argv, "-v", "--verbose");
    int parsed = cli_parse("drivers", drivers_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc) return cli_usage_error("drivers", "takes no arguments");
    cube_driver_registry *reg = NULL;
    if (cube_driver_registry_new(path, &reg) != CUBE_OK) return cli_fail("drivers", "cannot list drivers");
    if (verbose) driver_log_to_stderr(reg);
    if (json) out_text("{\"drivers\":[");
    for (int32_t i = 0; i < cube_driver_registry_count(reg); ++i) print_driver(reg, i, devices != NULL, json != NULL);
    print_problems(reg, json != NULL);
    cube_driver_registry_free(reg);
    return EXIT_OK;
}
