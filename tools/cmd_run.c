/* cube run: plans a solve (or given moves) and runs it on a robot driver; on a failure it prints the
 * driver's fault and, with --retry, plans the rest from where the robot stopped and runs it once more.
 * Ctrl-C and SIGTERM cancel the run: the robot stops and the driver is closed. Public C API only. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <cube/driver.h>
#include <cube/driver_plugin.h> /* the query keys of concurrent steps and a simulator's speed */
#include <stdlib.h>

#include "cli.h"
#include "commands.h"
#include "driver_log.h"
#include "escape.h"
#include "output.h"
#include "robot_input.h"
#include "stop_signals.h"
#include "terminal.h"

static int32_t show_progress(void *quiet, int32_t done, int32_t total, int64_t t) {
    if (!*(int *)quiet) fprintf(stderr, "\r%d/%d actions, %.1f s of plan", done, total, t / 1e6);
    return 0;
}

/* The run's wall time, and for a simulator at another speed the robot time it stands for (wall time x
 * speed); ", steps concurrent" when the driver ran overlapping steps at once. */
static void describe_timing(cube_driver *d, const cube_run_report *rep, char *out, size_t capacity) {
    char concurrent[8] = "";
    char speed_text[32] = "";
    const int overlapped = cube_driver_query(d, CUBE_DRIVER_QUERY_CONCURRENT_STEPS, concurrent, sizeof concurrent,
                                             NULL) == CUBE_OK &&
                           strcmp(concurrent, "yes") == 0;
    double speed = 1;
    if (cube_driver_query(d, CUBE_DRIVER_QUERY_SPEED, speed_text, sizeof speed_text, NULL) == CUBE_OK)
        speed = strtod(speed_text, NULL);
    const double wall = rep->elapsed_us / 1e6;
    if (speed > 0 && speed != 1)
        snprintf(out, capacity, "%.3f s (%.3f s of robot time at speed %g)%s", wall, wall * speed, speed,
                 overlapped ? ", steps concurrent" : "");
    else
        snprintf(out, capacity, "%.3f s%s", wall, overlapped ? ", steps concurrent" : "");
}

/* Prints the net of the cube the driver reports (query "cube"), if it reports one. */
static void print_driver_cube(cube_driver *d, int quiet) {
    char facelets[64];
    cube_state *s = NULL;
    char net[1024];
    if (quiet || cube_driver_query(d, "cube", facelets, sizeof facelets, NULL) != CUBE_OK) return;
    if (cube_state_from_facelets(facelets, 0, &s) == CUBE_OK &&
        cube_state_format_net(s, terminal_is(1) ? CUBE_NET_COLOR : CUBE_NET_PLAIN, net, sizeof net, NULL) == CUBE_OK)
        out_printf("cube in the robot after the run:\n%s", net);
    cube_state_free(s);
}

/* Whether the fault is one a retry may go on from (once every actuator's position is known). */
static int can_resume(const cube_driver_fault *f) {
    return f->code != CUBE_FAULT_MISMATCH && f->code != CUBE_FAULT_HUNG && f->code != CUBE_FAULT_CANCELLED &&
           f->code != CUBE_FAULT_NONE;
}

/* When an actuator is not at a known position: the driver's words (which one, where, how to recover). */
static void report_positions(cube_driver *d) {
    int32_t at[64];
    if (cube_driver_positions(d, at, 64, NULL) == CUBE_OK) return;
    char text[2048];
    cli_escape(cli_last_error(), text, sizeof text);
    fprintf(stderr, "cube: run: %s\n", text);
}

/* configure("recover", how); a driver without it (the sim: its positions are always known) is no error. */
static int recover_driver(cube_driver *d, const char *how) {
    cube_status st = cube_driver_configure(d, "recover", how);
    if (st == CUBE_ERROR_UNSUPPORTED) {
        fprintf(stderr, "cube: run: --recover: driver %s has no recovery (nothing to do)\n", cube_driver_name(d));
        return EXIT_OK;
    }
    if (st != CUBE_OK) return cli_fail("run", "--recover failed");
    fprintf(stderr, "cube: run: recovered (recover=%s)\n", how);
    return EXIT_OK;
}

/* After a failed run: how far it got, the driver's message and its fault record. Returns the fault. */
static cube_driver_fault report_failure(cube_driver *d, const cube_run_report *rep, int quiet) {
    if (!quiet) fputc('\n', stderr);
    fprintf(stderr, "cube: run: stopped after %d of %d actions (%.1f s of plan): %s\n", rep->actions_done,
            rep->action_count, rep->plan_time_us / 1e6, cli_last_error());
    cube_driver_fault f;
    cube_driver_fault_init(&f);
    if (cube_driver_get_fault(d, &f) != CUBE_OK) return f;
    char text[1024];
    cli_escape(f.text ? f.text : "", text, sizeof text);
    fprintf(stderr, "cube: run: fault %s", cube_fault_name(f.code));
    if (f.action_index >= 0) fprintf(stderr, " at action %d", f.action_index);
    if (f.actuator >= 0) fprintf(stderr, " (actuator %d)", f.actuator);
    fprintf(stderr, ": %s; positions %s\n", text, f.positions_known ? "known" : "not known");
    if (!f.positions_known) report_positions(d);
    return f;
}

/* Plans the rest of `plan` after `done` actions from the driver's positions. */
static cube_status plan_rest(cube_driver *d, const cube_robot *robot, const cube_plan *plan, int32_t done,
                             cube_plan **out) {
    int32_t at[64];
    int32_t count = 0;
    cube_moves *left = NULL;
    cube_status st = cube_plan_remaining(plan, done, &left);
    if (st == CUBE_OK) st = cube_driver_positions(d, at, 64, &count);
    cube_plan_options o;
    cube_plan_options_init(&o);
    o.start_positions = at;
    o.start_position_count = count;
    if (st == CUBE_OK) st = cube_plan_new(robot, left, &o, out);
    cube_moves_free(left);
    return st;
}

/* Runs `plan`; after a failure, with `retry`, plans the rest and runs it once more: from the positions the
 * driver reports, once they are all known (after `recover`, when given, for an actuator that stopped
 * between positions). `rep` says how the last run ended. */
static cube_status run_with_retry(cube_driver *d, const cube_robot *robot, const cube_plan *plan,
                                  cube_run_options *o, int retry, const char *recover, cube_run_report *rep) {
    int quiet = *(int *)o->user_data;
    cube_status ran = cube_driver_run_plan(d, plan, o, rep);
    if (ran == CUBE_OK) return ran;
    cube_driver_fault f = report_failure(d, rep, quiet);
    if (!can_resume(&f) || stop_signals_received()) return ran;
    if (!f.positions_known) {
        if (!retry) return ran;
        if (!recover) {
            fprintf(stderr, "cube: run: --retry refused: it would plan from positions the robot is not at; recover "
                            "first (--recover undo --retry, or as the message above says)\n");
            return ran;
        }
        if (recover_driver(d, recover) != EXIT_OK) return ran;
    }
    if (!retry) {
        fprintf(stderr, "cube: run: --retry would plan the rest of the solve from where the robot stopped\n");
        return ran;
    }
    cube_plan *rest = NULL;
    if (plan_rest(d, robot, plan, rep->actions_done, &rest) != CUBE_OK) {
        cli_fail("run", "cannot plan the rest");
        return ran;
    }
    fprintf(stderr, "cube: run: retrying: the rest of the solve from where the robot stopped\n");
    o->resume = 1;
    ran = cube_driver_run_plan(d, rest, o, rep);
    if (ran != CUBE_OK) report_failure(d, rep, quiet);
    cube_plan_free(rest);
    return ran;
}

static const char run_help[] =
    "usage: cube run --driver URI [--robot SPEC|@FILE] FACELETS|--moves \"...\" [--retry] [--quiet]\n"
    "                [--recover undo|nearest|rest] [-v|--verbose] [--path DIRS]\n"
    "Plans the solution robot-aware (or the given moves) and runs it on a driver, e.g.\n"
    "--driver sim:  or  --driver \"sim:model=four-arm,speed=10\" (speed=0: instant). A 2x2 (24\n"
    "facelets, or --size 2 for --moves) is planned as 'cube plan' plans it.\n"
    "The robot defaults to the one the driver drives; a plan that does not fit the driver's robot\n"
    "is refused before anything moves. Progress goes to stderr on a terminal (unless --quiet); at\n"
    "the end the driver is asked whether the cube is solved. A failed run prints the driver's fault\n"
    "(code, action, text); --retry then plans the rest of the solve from where the robot stopped and\n"
    "runs it once more. After a stop or fault every driver reads its actuators back: 'positions known'\n"
    "only when each is at a known position; one stopped between positions is named, with its measured\n"
    "value, and --retry, a resume and the next prepare refuse to plan from there. --recover (also\n"
    "before the run, for a robot a previous run left so) asks the driver to recover first: undo (back\n"
    "to where the interrupted step started; the rest of the plan then resumes), nearest (the nearest\n"
    "known position) or rest (you put every actuator at rest by hand). -v prints the driver's log on stderr. Drivers are searched in --path, else\n"
    "$CUBE_DRIVER_PATH and the installed folder (see 'cube drivers').\n"
    "Ctrl-C (SIGINT) or SIGTERM stops the robot, closes the driver and exits 130 or 143.\n"
    "--tables auto|compact|full: which 3x3 tables solve the cube, as for 'cube solve'.";

/* Exit status after a signal: 128 + its number, as shells report it. */
static int signal_exit(int sig) { return 128 + sig; }

int cmd_run(int argc, char **argv) {
    const char *uri = NULL, *robot_arg = NULL, *moves = NULL, *quiet = NULL, *path = NULL, *verbose = NULL,
               *retry = NULL, *tables = NULL, *recover = NULL;
    cli_option opts[] = {{"driver", 1, &uri},     {"robot", 1, &robot_arg}, {"moves", 1, &moves},
                         {"quiet", 0, &quiet},    {"path", 1, &path},       {"verbose", 0, &verbose},
                         {"retry", 0, &retry},    {"tables", 1, &tables},   {"recover", 1, &recover},
                         {NULL, 0, NULL}};
    cli_args a;
    cli_short_option(argc, argv, "-v", "--verbose");
    int parsed = cli_parse("run", run_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (!uri) return cli_usage_error("run", "--driver is required");
    if (recover && strcmp(recover, "undo") != 0 && strcmp(recover, "nearest") != 0 && strcmp(recover, "rest") != 0)
        return cli_usage_error("run", "--recover takes undo, nearest or rest");
    plan_input in = {.shortest = 0, .strategy = CUBE_PLAN_OPTIMAL};
    int st = plan_input_from("run", &a, moves, tables, &in);
    if (st != EXIT_OK) return st;
    cube_driver_registry *reg = NULL;
    cube_driver *d = NULL;
    cube_robot *robot = NULL;
    cube_plan *p = NULL;
    cube_cancel *token = NULL;
    int q = quiet != NULL || !terminal_is(2); /* progress only on a terminal */
    if (robot_arg && (st = robot_from("run", robot_arg, &robot)) != EXIT_OK) return st;
    if (stop_signals_start() != 0) {
        fprintf(stderr, "cube: run: cannot watch for Ctrl-C; not starting a robot\n");
        cube_robot_free(robot);
        return EXIT_BAD_INPUT;
    }
    if (cube_cancel_new(&token) != CUBE_OK || cube_driver_registry_new(path, &reg) != CUBE_OK) {
        st = cli_fail("run", "cannot start");
        goto done;
    }
    if (verbose) driver_log_to_stderr(reg);
    if (cube_driver_open(reg, uri, &d) != CUBE_OK) {
        st = cli_fail("run", "cannot open the driver");
        goto done;
    }
    if (!robot) {
        /* The robot the driver drives; a driver that leaves it open (sim without model=) gets six-motor. */
        const char *spec = cube_driver_robot_spec(d);
        if ((st = robot_from("run", spec && spec[0] ? spec : "six-motor", &robot)) != EXIT_OK) goto done;
    }
    if (plan_of(robot, &in, &p) != CUBE_OK) {
        st = cli_fail("run", "cannot plan");
        goto done;
    }
    cube_run_options o;
    cube_run_options_init(&o);
    o.progress = show_progress;
    o.user_data = &q;
    o.cancel = token;
    cube_run_report rep;
    cube_run_report_init(&rep);
    if (stop_signals_received()) goto done; /* interrupted while planning: the robot has not moved */
    /* Before the run, --recover is for a robot an earlier run left between positions (its driver sees it
     * at prepare); "undo" needs this driver to have seen the stop, so it waits for a failure here. */
    if (recover && strcmp(recover, "undo") != 0 && (st = recover_driver(d, recover)) != EXIT_OK) goto done;
    stop_signals_watch(d, token);
    cube_status ran = run_with_retry(d, robot, p, &o, retry != NULL, recover, &rep);
    stop_signals_watch(NULL, NULL);
    if (ran != CUBE_OK) {
        st = EXIT_BAD_INPUT;
        goto done;
    }
    if (!q) fputc('\n', stderr);
    char solved[8] = "";
    int asked = cube_driver_query(d, "solved", solved, sizeof solved, NULL) == CUBE_OK;
    char timing[128];
    describe_timing(d, &rep, timing, sizeof timing);
    out_printf("ran %d actions, %.3f s of plan in %s%s\n", rep.action_count, rep.plan_time_us / 1e6, timing,
               asked ? (strcmp(solved, "1") == 0 ? "; cube solved" : "; cube NOT solved") : "");
    if (asked && strcmp(solved, "1") != 0) st = EXIT_BAD_INPUT;
    print_driver_cube(d, quiet != NULL);
done:
    cube_plan_free(p);
    cube_robot_free(robot);
    cube_driver_close(d); /* stops the robot, then closes */
    cube_driver_registry_free(reg);
    stop_signals_end();
    cube_cancel_free(token);
    int sig = stop_signals_received();
    if (sig) {
        fprintf(stderr, "cube: run: %s: robot stopped, driver closed\n", sig == SIGINT ? "interrupted" : "terminated");
        return signal_exit(sig);
    }
    return st;
}
