/* Subcommands for robots: plan (timeline of actuator actions), run (on a driver), drivers (list them).
 * Public C API only. */
#define _POSIX_C_SOURCE 200809L /* isatty */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cube/driver.h>
#include <cube/robot.h>
#include <cube/solver.h>

#include "cli.h"
#include "commands.h"
#include "escape.h"
#include "output.h"
#include "solver_notices.h"
#include "stop_signals.h"

/* A robot from "SPEC" or "@FILE". */
static cube_status robot_from(const char *arg, cube_robot **out) {
    if (arg[0] == '@') return cube_robot_load(arg + 1, out);
    return cube_robot_parse(arg, out);
}

static int print_plan(const cube_plan *p, int json) {
    int32_t len = 0;
    int32_t fmt = json ? CUBE_PLAN_JSON : CUBE_PLAN_TEXT;
    cube_plan_format(p, fmt, NULL, 0, &len);
    char *buf = malloc((size_t)len + 1);
    if (!buf || cube_plan_format(p, fmt, buf, len + 1, NULL) != CUBE_OK) {
        free(buf);
        return EXIT_BAD_INPUT;
    }
    out_text(buf);
    free(buf);
    return EXIT_OK;
}

/* What to plan: the given moves, or the cube given as facelets solved robot-aware (or shortest). */
typedef struct plan_input {
    const char *moves, *facelets;
    int shortest;
    int32_t strategy; /* cube_plan_strategy */
} plan_input;

static cube_status plan_of(const char *command, cube_robot *robot, const plan_input *in, cube_plan **out) {
    cube_plan_options po;
    cube_plan_options_init(&po);
    po.strategy = in->strategy;
    if (in->moves) {
        cube_moves *m = NULL;
        cube_status st = cube_moves_parse(in->moves, 3, &m);
        if (st == CUBE_OK) st = cube_plan_new(robot, m, &po, out);
        cube_moves_free(m);
        return st;
    }
    cube_state *s = NULL;
    cube_solver *solver = NULL;
    cube_moves *m = NULL;
    cube_status st = cube_state_from_facelets(in->facelets, 3, &s);
    if (st == CUBE_OK) st = cli_solver_new(&solver);
    if (st == CUBE_OK && in->shortest) {
        /* A first solution, then a shorter one if found within 100 ms (as robot-aware solving does). */
        cube_solve_options so;
        cube_solve_options_init(&so);
        st = cube_solve(solver, s, &so, &m);
        cube_moves *shorter = NULL;
        so.min_effort = 1;
        so.timeout_ms = 100;
        int32_t length = 0;
        if (st == CUBE_OK) st = cube_moves_count(m, &length);
        so.max_length = length - 1;
        if (st == CUBE_OK && so.max_length > 0 && cube_solve(solver, s, &so, &shorter) == CUBE_OK) {
            cube_moves_free(m);
            m = shorter;
        }
        if (st == CUBE_OK) st = cube_plan_new(robot, m, &po, out);
    } else if (st == CUBE_OK) {
        cube_robot_solve_options ro;
        cube_robot_solve_options_init(&ro);
        ro.strategy = po.strategy;
        st = cube_robot_solve(robot, solver, s, &ro, out);
    }
    (void)command;
    cube_moves_free(m);
    cube_solver_free(solver);
    cube_state_free(s);
    return st;
}

static int plan_input_from(const char *command, const cli_args *a, const char *moves, plan_input *in) {
    in->moves = moves;
    in->facelets = NULL;
    if (moves && a->argc) return cli_usage_error(command, "give either FACELETS or --moves, not both");
    if (!moves && a->argc != 1) return cli_usage_error(command, "expected one facelet string, or --moves");
    if (!moves) in->facelets = a->argv[0];
    return EXIT_OK;
}

/* ---- plan ---- */

static int compare(cube_robot *robot, const plan_input *in) {
    static const struct {
        const char *label;
        int shortest;
        int32_t strategy;
    } rows[4] = {{"naive, each move from rest to rest", 1, CUBE_PLAN_NAIVE},
                 {"greedy, one move at a time", 1, CUBE_PLAN_GREEDY},
                 {"optimal plan of the same moves", 1, CUBE_PLAN_OPTIMAL},
                 {"robot-aware solution", 0, CUBE_PLAN_OPTIMAL}};
    int st = EXIT_OK;
    double first = 0;
    for (int i = 0; i < 4 && st == EXIT_OK; ++i) {
        if (i == 3 && in->moves) break; /* robot-aware choice needs a cube to solve */
        plan_input row = *in;
        row.shortest = rows[i].shortest;
        row.strategy = rows[i].strategy;
        cube_plan *p = NULL;
        int64_t total_us = 0;
        if (plan_of("plan", robot, &row, &p) != CUBE_OK || cube_plan_total_us(p, &total_us) != CUBE_OK) {
            st = cli_fail("plan", "cannot plan");
        } else {
            double ms = total_us / 1000.0;
            if (i == 0) first = ms;
            out_printf("%-36s %10.1f ms", rows[i].label, ms);
            if (i > 0 && first > 0) out_printf("  (%.1f%% less)", 100 * (1 - ms / first));
            out_char('\n');
        }
        cube_plan_free(p);
    }
    return st;
}

static const char plan_help[] =
    "usage: cube plan --robot SPEC|@FILE FACELETS [--shortest] [--naive|--greedy] [--json] [--compare]\n"
    "       cube plan --robot SPEC|@FILE --moves \"R U R' ...\" [--naive|--greedy] [--json] [--compare]\n"
    "Prints the timeline of actuator actions that solves the cube (or performs the moves) on a robot.\n"
    "SPEC: six-motor, four-arm, two-gripper or turntable-flipper, optionally with times in ms,\n"
    "e.g. \"four-arm:turn90=200,turn180=330,grip=120\"; @FILE reads it from a file.\n"
    "By default the cube is solved robot-aware: of several short solutions, the one fastest on\n"
    "the robot, planned optimally. --shortest plans the shortest solution found instead.\n"
    "--naive expands each move on its own (from the robot's rest state back to rest); --greedy one\n"
    "move at a time from where the last left the robot. --compare prints the times of all of these.";

int cmd_plan(int argc, char **argv) {
    const char *robot_arg = NULL, *moves = NULL, *json = NULL, *cmp = NULL, *shortest = NULL, *naive = NULL,
               *greedy = NULL;
    cli_option opts[] = {{"robot", 1, &robot_arg},   {"moves", 1, &moves}, {"json", 0, &json},     {"compare", 0, &cmp},
                         {"shortest", 0, &shortest}, {"naive", 0, &naive}, {"greedy", 0, &greedy}, {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("plan", plan_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (!robot_arg) return cli_usage_error("plan", "--robot is required");
    if (naive && greedy) return cli_usage_error("plan", "give --naive or --greedy, not both");
    plan_input in = {NULL, NULL, shortest != NULL,
                     naive    ? CUBE_PLAN_NAIVE
                     : greedy ? CUBE_PLAN_GREEDY
                              : CUBE_PLAN_OPTIMAL};
    int st = plan_input_from("plan", &a, moves, &in);
    if (st != EXIT_OK) return st;
    cube_robot *robot = NULL;
    if (robot_from(robot_arg, &robot) != CUBE_OK) return cli_fail("plan", "bad robot");
    if (cmp) {
        st = compare(robot, &in);
    } else {
        cube_plan *p = NULL;
        if (plan_of("plan", robot, &in, &p) != CUBE_OK)
            st = cli_fail("plan", "cannot plan");
        else
            st = print_plan(p, json != NULL);
        cube_plan_free(p);
    }
    cube_robot_free(robot);
    return st;
}

/* ---- run ---- */

static int32_t show_progress(void *quiet, int32_t done, int32_t total, int64_t t) {
    if (!*(int *)quiet) fprintf(stderr, "\r%d/%d actions, %.1f s of plan", done, total, t / 1e6);
    return 0;
}

/* Prints the net of the cube the driver reports (query "cube"), if it reports one. */
static void print_driver_cube(cube_driver *d, int quiet) {
    char facelets[64];
    cube_state *s = NULL;
    char net[1024];
    if (quiet || cube_driver_query(d, "cube", facelets, sizeof facelets, NULL) != CUBE_OK) return;
    if (cube_state_from_facelets(facelets, 0, &s) == CUBE_OK &&
        cube_state_format_net(s, isatty(1) ? CUBE_NET_COLOR : CUBE_NET_PLAIN, net, sizeof net, NULL) == CUBE_OK)
        out_printf("cube in the robot after the run:\n%s", net);
    cube_state_free(s);
}

static const char run_help[] =
    "usage: cube run --driver URI [--robot SPEC|@FILE] FACELETS|--moves \"...\" [--quiet] [--path DIRS]\n"
    "Plans the solution robot-aware (or the given moves) and runs it on a driver, e.g.\n"
    "--driver sim:  or  --driver \"sim:model=four-arm,speed=10\" (speed=0: instant).\n"
    "The robot defaults to the one the driver drives. Progress goes to stderr on a terminal\n"
    "(unless --quiet); at the end the driver is asked whether the cube is solved. Drivers are\n"
    "searched in --path, else $CUBE_DRIVER_PATH and the installed folder (see 'cube drivers').\n"
    "Ctrl-C (SIGINT) or SIGTERM stops the robot, closes the driver and exits 130 or 143.";

/* Exit status after a signal: 128 + its number, as shells report it. */
static int signal_exit(int sig) { return 128 + sig; }

int cmd_run(int argc, char **argv) {
    const char *uri = NULL, *robot_arg = NULL, *moves = NULL, *quiet = NULL, *path = NULL;
    cli_option opts[] = {{"driver", 1, &uri},  {"robot", 1, &robot_arg}, {"moves", 1, &moves},
                         {"quiet", 0, &quiet}, {"path", 1, &path},       {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("run", run_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (!uri) return cli_usage_error("run", "--driver is required");
    plan_input in = {NULL, NULL, 0, CUBE_PLAN_OPTIMAL};
    int st = plan_input_from("run", &a, moves, &in);
    if (st != EXIT_OK) return st;
    cube_driver_registry *reg = NULL;
    cube_driver *d = NULL;
    cube_robot *robot = NULL;
    cube_plan *p = NULL;
    int q = quiet != NULL || !isatty(2); /* progress only on a terminal */
    if (stop_signals_start() != 0) {
        fprintf(stderr, "cube: run: cannot watch for Ctrl-C; not starting a robot\n");
        return EXIT_BAD_INPUT;
    }
    if (cube_driver_registry_new(path, &reg) != CUBE_OK || cube_driver_open(reg, uri, &d) != CUBE_OK) {
        st = cli_fail("run", "cannot open the driver");
        goto done;
    }
    if (!robot_arg) {
        /* The robot the driver drives; a driver that leaves it open (sim without model=) gets six-motor. */
        const char *spec = cube_driver_robot_spec(d);
        robot_arg = spec && spec[0] ? spec : "six-motor";
    }
    if (robot_from(robot_arg, &robot) != CUBE_OK) {
        st = cli_fail("run", "bad robot");
        goto done;
    }
    if (plan_of("run", robot, &in, &p) != CUBE_OK) {
        st = cli_fail("run", "cannot plan");
        goto done;
    }
    cube_run_report rep;
    cube_run_report_init(&rep);
    if (stop_signals_received()) goto done; /* interrupted while planning: the robot has not moved */
    stop_signals_watch(d);
    cube_status ran = cube_driver_run(d, p, show_progress, &q, &rep);
    stop_signals_watch(NULL);
    if (ran != CUBE_OK) {
        if (!q) fputc('\n', stderr);
        fprintf(stderr, "cube: run: stopped after %d of %d actions (%.1f s of plan): %s\n", rep.actions_done,
                rep.action_count, rep.plan_time_us / 1e6, cli_last_error());
        st = EXIT_BAD_INPUT;
        goto done;
    }
    if (!q) fputc('\n', stderr);
    char solved[8] = "";
    int asked = cube_driver_query(d, "solved", solved, sizeof solved, NULL) == CUBE_OK;
    out_printf("ran %d actions, %.3f s of plan in %.3f s%s\n", rep.action_count, rep.plan_time_us / 1e6,
           rep.elapsed_us / 1e6, asked ? (strcmp(solved, "1") == 0 ? "; cube solved" : "; cube NOT solved") : "");
    if (asked && strcmp(solved, "1") != 0) st = EXIT_BAD_INPUT;
    print_driver_cube(d, quiet != NULL);
done:
    cube_plan_free(p);
    cube_robot_free(robot);
    cube_driver_close(d); /* stops the robot, then closes */
    cube_driver_registry_free(reg);
    stop_signals_end();
    int sig = stop_signals_received();
    if (sig) {
        fprintf(stderr, "cube: run: %s: robot stopped, driver closed\n", sig == SIGINT ? "interrupted" : "terminated");
        return signal_exit(sig);
    }
    return st;
}

/* ---- drivers ---- */

static const char drivers_help[] =
    "usage: cube drivers [--path DIRS]\n"
    "Lists the robot drivers: built-in ones, then plugins (cube-driver-NAME.so) found in DIRS\n"
    "(':'-separated), else in $CUBE_DRIVER_PATH and the installed driver folder. Plugins that\n"
    "were refused or shadowed by an earlier one of the same name are listed after them.";

int cmd_drivers(int argc, char **argv) {
    const char *path = NULL;
    cli_option opts[] = {{"path", 1, &path}, {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("drivers", drivers_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc) return cli_usage_error("drivers", "takes no arguments");
    cube_driver_registry *reg = NULL;
    if (cube_driver_registry_new(path, &reg) != CUBE_OK) return cli_fail("drivers", "cannot list drivers");
    for (int32_t i = 0; i < cube_driver_registry_count(reg); ++i) {
        char name[256], description[1024], where[4096];
        cli_escape(cube_driver_registry_name(reg, i), name, sizeof name);
        cli_escape(cube_driver_registry_description(reg, i), description, sizeof description);
        cli_escape(cube_driver_registry_path(reg, i), where, sizeof where);
        out_printf("%-14s %s\n%-14s %s\n", name, description, "", where);
    }
    int32_t problems = cube_driver_registry_problem_count(reg);
    if (problems > 0) out_printf("\nnot used:\n");
    for (int32_t i = 0; i < problems; ++i) {
        char problem[4096];
        cli_escape(cube_driver_registry_problem(reg, i), problem, sizeof problem);
        out_printf("  %s\n", problem);
    }
    cube_driver_registry_free(reg);
    return EXIT_OK;
}
