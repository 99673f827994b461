/* cube plan: the timeline of a robot's actuator actions (`cube run` is cmd_run.c, `cube drivers`
 * cmd_drivers.c). Public C API only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cube/driver.h>
#include <cube/robot.h>

#include "answer.h"
#include "batch.h"
#include "batch_scope.h"
#include "cli.h"
#include "commands.h"
#include "json.h"
#include "output.h"
#include "render_cli.h"
#include "robot_input.h"
#include "solver_notices.h"

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

/* ---- plan ---- */

/* One row of --compare: its names, and the plan it makes (of the shortest solution or robot-aware; how). */
typedef struct compare_row {
    const char *name, *label;
    int shortest;
    int32_t strategy;
} compare_row;

static const compare_row rows[4] = {{"naive", "naive, each move from rest to rest", 1, CUBE_PLAN_NAIVE},
                                    {"greedy", "greedy, one move at a time", 1, CUBE_PLAN_GREEDY},
                                    {"optimal", "optimal plan of the same moves", 1, CUBE_PLAN_OPTIMAL},
                                    {"robot-aware", "robot-aware solution", 0, CUBE_PLAN_OPTIMAL}};

/* Prints one row: "LABEL  T ms  (P% less than the first row's *first_ms)" or, as JSON,
 * {"strategy":..,"moves":..,"total_ms":..}. The first row sets *first_ms. */
static int print_row(const compare_row *row, const cube_plan *p, int first, double *first_ms, int json) {
    int64_t total_us = 0;
    cube_moves *moves = NULL;
    const char *text = NULL;
    if (cube_plan_total_us(p, &total_us) != CUBE_OK || cube_plan_moves(p, &moves) != CUBE_OK ||
        cube_moves_text(moves, &text) != CUBE_OK) {
        cube_moves_free(moves);
        return cli_fail("plan", "cannot plan");
    }
    double ms = total_us / 1000.0;
    if (first) *first_ms = ms;
    if (json) {
        out_printf("%s{\"strategy\":\"%s\",", first ? "" : ",", row->name);
        json_member("moves", text, 1);
        out_printf(",\"total_ms\":%.3f}", ms);
    } else {
        out_printf("%-36s %10.1f ms", row->label, ms);
        if (!first && *first_ms > 0) out_printf("  (%.1f%% less)", 100 * (1 - ms / *first_ms));
        out_char('\n');
    }
    cube_moves_free(moves);
    return EXIT_OK;
}

/* --compare: the time of each strategy's plan, as lines or as {"robot":SPEC,"plans":[ROW,...]}. */
static int compare(cube_robot *robot, const plan_input *in, int json) {
    int st = EXIT_OK;
    double first_ms = 0;
    const char *spec = NULL;
    if (json && cube_robot_spec(robot, &spec) != CUBE_OK) return cli_fail("plan", "cannot plan");
    if (json) {
        out_text("{");
        json_member("robot", spec, 1);
        out_text(",\"plans\":[");
    }
    for (int i = 0; i < 4 && st == EXIT_OK; ++i) {
        if (i == 3 && in->moves) break; /* robot-aware choice needs a cube to solve */
        plan_input row = *in;
        row.shortest = rows[i].shortest;
        row.strategy = rows[i].strategy;
        cube_plan *p = NULL;
        if (plan_of(robot, &row, &p) != CUBE_OK)
            st = cli_fail("plan", "cannot plan");
        else
            st = print_row(&rows[i], p, i == 0, &first_ms, json);
        cube_plan_free(p);
    }
    if (json && st == EXIT_OK) out_text("]}\n");
    return st;
}

static const char plan_help[] =
    "usage: cube plan --robot SPEC|@FILE FACELETS [--shortest] [--naive|--greedy] [--json] [--compare]\n"
    "                 [--svg] [--scan] [--plan-ms MS]\n"
    "       cube plan --robot SPEC|@FILE --moves \"R U R' ...\" [--size 2|3] [--naive|--greedy] [--json]\n"
    "                 [--compare]\n"
    "       cube plan --driver URI [--path DIRS] FACELETS|--moves \"...\" [...]\n"
    "       cube plan --robot SPEC|@FILE --describe\n"
    "Prints the timeline of actuator actions that solves the cube (or performs the moves) on a robot.\n"
    "A 2x2 (24 facelets, or --size 2 for --moves) is turned by the same faces: its optimal\n"
    "solution fastest on the robot is planned (--shortest: the first one found).\n"
    "SPEC: six-motor, four-arm, two-gripper, turntable-flipper, hold-and-flip or described, optionally with\n"
    "times in ms, e.g. \"four-arm:turn90=200,turn180=330,grip=120\", and per-actuator keys such as\n"
    "\"table.spin90=300\" or \"cover.close-flip=600\" (see cube_robot_parse()); @FILE reads it from a file.\n"
    "A described robot is a mechanism of your own, one line per actuator and rule (README \"Describing\n"
    "your robot\"); --describe prints the robot as such a file, a family written out, to start from.\n"
    "A six-motor robot may cut corners: \"six-motor:overlap=0.3\" starts a turn on an adjacent face\n"
    "when the layer before has done 70% of its turn (README \"The timeline: when each step starts\").\n"
    "Each step starts as soon as its actuators are free and the steps it depends on have ended.\n"    "--driver plans for the robot a driver drives, with the times of its motors (e.g. a Tic driver's\n"
    "configuration); the driver is opened but nothing moves. Drivers are searched in --path, else\n"
    "$CUBE_DRIVER_PATH and the installed driver folder.\n"
    "By default the cube is solved robot-aware: of many short solutions, the one fastest on the\n"
    "robot. --plan-ms MS (1..60000, default 150) sets how much search that may take, in ms of the\n"
    "reference machine: counted in search nodes, so one cube always gives one plan. --shortest plans\n"
    "the shortest solution found instead.\n"
    "--naive expands each move on its own (from the robot's rest state back to rest); --greedy one\n"
    "move at a time from where the last left the robot. --compare prints the times of all of these.\n"
    "--json: the plan as {\"robot\":SPEC,\"moves\":\"...\",\"start\":[...],\"total_ms\":T,\"steps\":N,\n"
    "\"actions\":[{\"actuator\",\"kind\",\"param\",\"start_ms\",\"end_ms\",\"move\"},...]}; with --compare\n"
    "{\"robot\":SPEC,\"plans\":[{\"strategy\":\"naive\",\"moves\":\"...\",\"total_ms\":T},...]} (strategies\n"
    "naive, greedy, optimal, and robot-aware for a cube).\n"
    "--tables auto|compact|full: which 3x3 tables solve the cube, as for 'cube solve'.\n"
    "--svg: the plan as an SVG timeline instead: a row per actuator, a bar per action (turns, grips\n"
    "and flips in their colours) labelled with the move it serves, under a time axis in ms.\n"
    "--scan: the robot's scan sequence first (whole-cube rotations that show each face to its camera,\n"
    "back to rest as the cube started), then the plan; the moves begin with the scan's rotations, a\n"
    "line \"camera  frame N: face F, turned R quarters clockwise\" marks each picture, and the JSON has\n"
    "\"frames\":[{\"face\",\"rotation\",\"after_action\",\"time_ms\"},...]. With no cube or moves,\n"
    "the scan sequence alone. The camera is the robot's camera= key (README \"Scanning with a robot\").\n"
    "With '-' instead of FACELETS (and --json), plans one cube per stdin line, one JSON plan a line in input\n"
    "order (an error object for a line that cannot be planned; the batch goes on), with one solver:\n"
    BATCH_SCOPE_HELP;

/* The robot driver `uri` drives (with its times), without moving it: EXIT_OK, or EXIT_BAD_INPUT (printed). */
static int robot_of_driver(const char *uri, const char *path, cube_robot **out) {
    cube_driver_registry *reg = NULL;
    cube_driver *d = NULL;
    int st = EXIT_OK;
    if (cube_driver_registry_new(path, &reg) != CUBE_OK || cube_driver_open(reg, uri, &d) != CUBE_OK) {
        st = cli_fail("plan", "cannot open the driver");
    } else {
        const char *spec = cube_driver_robot_spec(d);
        if (!spec || !*spec) {
            fprintf(stderr, "cube plan: the driver does not say which robot it drives; give --robot\n");
            st = EXIT_BAD_INPUT;
        } else if (cube_robot_parse(spec, out) != CUBE_OK) {
            st = cli_fail("plan", "the driver's robot");
        }
    }
    cube_driver_close(d);
    cube_driver_registry_free(reg);
    return st;
}

/* Puts the robot's scan sequence before *p (replaced by the joined plan; freed on failure). */
static cube_status scan_first(const cube_robot *robot, cube_plan **p) {
    cube_plan *scan = NULL, *joined = NULL;
    cube_status st = cube_robot_scan_plan(robot, &scan);
    if (st == CUBE_OK) st = cube_plan_concat(scan, *p, &joined);
    cube_plan_free(scan);
    cube_plan_free(*p);
    *p = joined;
    return st;
}

/* A batch of cubes to plan on one robot with one solver: a batch_answer_fn's context. */
typedef struct plan_batch {
    cube_robot *robot;
    cube_solver *solver;
    plan_input in;
    int32_t size_option; /* --size, or 0 */
    int scan;            /* --scan: the scan sequence before each plan */
} plan_batch;

/* Plans one stdin line's cube and prints its plan as JSON (or the error object). A batch_answer_fn. */
static int plan_line(const char *facelets, int batch, void *p) {
    plan_batch *b = p;
    b->in.facelets = facelets;
    b->in.size = cli_size_of(facelets, b->size_option);
    cli_solver_solving(b->in.size);
    cube_plan *plan = NULL;
    int st = EXIT_OK;
    if (plan_with_solver(b->robot, b->solver, &b->in, &plan) != CUBE_OK ||
        (b->scan && scan_first(b->robot, &plan) != CUBE_OK) || print_plan(plan, 1) != EXIT_OK)
        st = answer_last_error(1, batch);
    cube_plan_free(plan);
    return st;
}

/* `cube plan --robot SPEC -`: every stdin line (of the scope) planned, one JSON answer a line. */
static int plan_batch_run(cube_robot *robot, const plan_input *in, int32_t size_option, int scan,
                          const batch_scope *scope) {
    plan_batch b = {robot, NULL, *in, size_option, scan};
    if (cli_solver_new(in->table_policy, &b.solver) != CUBE_OK) return cli_fail("plan", NULL);
    int st = batch_answer_scope(stdin, scope, plan_line, &b, 1);
    cli_solver_free(b.solver);
    if (st == EXIT_OK && scope->had_failures) st = EXIT_BAD_INPUT;
    return st;
}

/* Prints the robot of `arg` as a described mechanism, one item a line (a robot file): EXIT_OK or EXIT_BAD_INPUT. */
static int print_described(const char *arg) {
    cube_robot *robot = NULL, *described = NULL;
    int st = robot_from("plan", arg, &robot);
    if (st != EXIT_OK) return st;
    const char *spec = NULL;
    cube_robot_desc desc;
    cube_robot_desc_init(&desc, CUBE_ROBOT_SIX_MOTOR);
    if (cube_robot_spec(robot, &spec) != CUBE_OK || cube_robot_get_desc(robot, &desc) != CUBE_OK) {
        cube_robot_free(robot);
        return cli_fail("plan", "cannot describe the robot");
    }
    if (desc.family != CUBE_ROBOT_DESCRIBED) {
        /* The key described=1 writes a family out as its mechanism. */
        size_t n = strlen(spec);
        char *text = malloc(n + 16);
        if (!text) {
            cube_robot_free(robot);
            return cli_fail("plan", "out of memory");
        }
        memcpy(text, spec, n);
        memcpy(text + n, ",described=1", 13);
        cube_status parsed = cube_robot_parse(text, &described);
        free(text);
        if (parsed != CUBE_OK || cube_robot_spec(described, &spec) != CUBE_OK) {
            cube_robot_free(described);
            cube_robot_free(robot);
            return cli_fail("plan", "cannot describe the robot");
        }
    }
    printf("# %s as a described mechanism (README \"Describing your robot\")\n", arg);
    const char *item = spec;
    for (int first = 1; *item; first = 0) {
        const char *end = strchr(item, ',');
        size_t len = end ? (size_t)(end - item) : strlen(item);
        const char *colon = first ? memchr(item, ':', len) : NULL;
        if (colon) {
            printf("model = %.*s\n", (int)(colon - item), item);
            len -= (size_t)(colon + 1 - item);
            item = colon + 1;
        }
        const char *eq = memchr(item, '=', len);
        if (eq && strncmp(item, "actuator ", 9) && strncmp(item, "require ", 8) && strncmp(item, "held ", 5))
            printf("%.*s = %.*s\n", (int)(eq - item), item, (int)(len - (size_t)(eq + 1 - item)), eq + 1);
        else
            printf("%.*s\n", (int)len, item);
        item += len;
        if (*item == ',') ++item;
    }
    cube_robot_free(described);
    cube_robot_free(robot);
    return EXIT_OK;
}

int cmd_plan(int argc, char **argv) {
    const char *robot_arg = NULL, *moves = NULL, *json = NULL, *cmp = NULL, *shortest = NULL, *naive = NULL,
               *greedy = NULL, *driver = NULL, *path = NULL, *tables = NULL, *svg = NULL, *scan = NULL,
               *plan_ms = NULL, *describe = NULL;
    batch_scope_flags part = {NULL, NULL, NULL};
    cli_option opts[] = {{"robot", 1, &robot_arg},   {"moves", 1, &moves}, {"json", 0, &json},     {"compare", 0, &cmp},
                         {"shortest", 0, &shortest}, {"naive", 0, &naive}, {"greedy", 0, &greedy}, {"driver", 1, &driver},
                         {"path", 1, &path},         {"tables", 1, &tables}, {"svg", 0, &svg}, {"scan", 0, &scan},
                         {"plan-ms", 1, &plan_ms},   {"describe", 0, &describe}, {"lines", 1, &part.lines},
                         {"shard", 1, &part.shard},  {"resume", 1, &part.resume}, {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("plan", plan_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (robot_arg && driver) return cli_usage_error("plan", "give --robot or --driver, not both");
    if (!robot_arg && !driver) return cli_usage_error("plan", "--robot or --driver is required");
    if (path && !driver) return cli_usage_error("plan", "--path goes with --driver");
    if (naive && greedy) return cli_usage_error("plan", "give --naive or --greedy, not both");
    if (svg && (json || cmp))
        return cli_usage_error("plan", "--svg draws one plan: not with --json or --compare");
    if (scan && cmp) return cli_usage_error("plan", "--scan goes before one plan: not with --compare");
    if (scan && a.size == 2) return cli_usage_error("plan", "--scan: only a 3x3 is scanned");
    if (describe) {
        if (driver || a.argc || moves || json || cmp || shortest || naive || greedy || tables || svg || scan || plan_ms)
            return cli_usage_error("plan", "--describe prints the robot of --robot: nothing else goes with it");
        return print_described(robot_arg);
    }
    plan_input in = {.shortest = shortest != NULL,
                     .strategy = naive    ? CUBE_PLAN_NAIVE
                                 : greedy ? CUBE_PLAN_GREEDY
                                          : CUBE_PLAN_OPTIMAL};
    int scan_only = scan && a.argc == 0 && !moves;
    if (scan_only && (tables || shortest || naive || greedy))
        return cli_usage_error("plan", "--scan alone plans no solve: --tables, --shortest, --naive and --greedy "
                                       "go with a cube or --moves");
    int st = scan_only ? EXIT_OK : plan_input_from("plan", &a, moves, tables, &in);
    if (st != EXIT_OK) return st;
    if (scan && in.size == 2) return cli_usage_error("plan", "--scan: only a 3x3 is scanned");
    if (plan_ms && (moves || shortest || in.size == 2 || scan_only))
        return cli_usage_error("plan", "--plan-ms goes with the robot-aware solve of a 3x3 cube");
    if (plan_ms) {
        int64_t v = 0;
        if (cli_parse_int("plan", "plan-ms", plan_ms, 1, 60000, &v)) return EXIT_USAGE;
        in.plan_ms = (int32_t)v;
    }
    int batch = !moves && a.argc == 1 && strcmp(a.argv[0], "-") == 0;
    if (batch && (!json || cmp || svg))
        return cli_usage_error("plan", "a batch ('-') answers one JSON plan a line: give --json, not --compare or --svg");
    batch_scope scope;
    if ((st = batch_scope_from("plan", &part, json != NULL, batch, &scope)) != EXIT_OK) return st;
    cube_robot *robot = NULL;
    if (driver) {
        st = robot_of_driver(driver, path, &robot);
        if (st != EXIT_OK) return st;
    } else if ((st = robot_from("plan", robot_arg, &robot)) != EXIT_OK) {
        return st;
    }
    if (batch) {
        st = plan_batch_run(robot, &in, a.size, scan != NULL, &scope);
    } else if (cmp) {
        st = compare(robot, &in, json != NULL);
    } else {
        cube_plan *p = NULL;
        if ((scan_only ? cube_robot_scan_plan(robot, &p) : plan_of(robot, &in, &p)) != CUBE_OK ||
            (scan && !scan_only && scan_first(robot, &p) != CUBE_OK))
            st = cli_fail("plan", "cannot plan");
        else if (svg)
            st = render_print_plan("plan", p);
        else
            st = print_plan(p, json != NULL);
        cube_plan_free(p);
    }
    cube_robot_free(robot);
    return st;
}
