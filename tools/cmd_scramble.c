/* Subcommands that make random cubes: random (states) and scramble (random moves, or a random state's
 * solution inverted, as the WCA's scramblers do). */
#include "cli.h"
#include "commands.h"
#include "output.h"
#include "solver_notices.h"

/* ---- random ---- */

static const char random_help[] =
    "usage: cube random [--seed S] [--count K] [--size 2|3]\n"
    "Prints K (default 1) uniformly random reachable states as facelet strings, one per line.\n"
    "The same seed gives the same states on every machine (state i uses seed S+i).";

int cmd_random(int argc, char **argv) {
    const char *seed_text = NULL, *count_text = NULL;
    cli_option opts[] = {{"seed", 1, &seed_text}, {"count", 1, &count_text}, {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("random", random_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc) return cli_usage_error("random", "takes no positional arguments");
    uint64_t seed = 0;
    int64_t count = 1;
    if (seed_text ? cli_parse_u64("random", "seed", seed_text, &seed) : (seed = cli_random_seed(), 0)) return EXIT_USAGE;
    if (count_text && cli_parse_int("random", "count", count_text, 0, 100000000, &count)) return EXIT_USAGE;
    for (int64_t i = 0; i < count; ++i) {
        cube_state *s = NULL;
        if (cube_state_random(a.size ? a.size : 3, seed + (uint64_t)i, &s) != CUBE_OK) return cli_fail("random", NULL);
        int st = cli_put_facelets(s);
        cube_state_free(s);
        if (st != EXIT_OK) return cli_fail("random", NULL);
        if (out_listed(i + 1) != EXIT_OK) return EXIT_IO_ERROR;
    }
    return EXIT_OK;
}

/* ---- scramble ---- */

/* The scramble of a uniformly random state (the one `cube random --seed S` prints): its solution, inverted. */
static cube_status random_state_scramble(int32_t size, uint64_t seed, int32_t policy, cube_moves **out) {
    cube_state *s = NULL;
    cube_solver *solver = NULL;
    cube_status st = cube_state_random(size, seed, &s);
    if (st == CUBE_OK) st = cli_solver_new(policy, &solver);
    cli_solver_solving(size);
    if (st == CUBE_OK) st = cube_solve(solver, s, NULL, out);
    if (st == CUBE_OK) st = cube_moves_invert(*out);
    cli_solver_free(solver);
    cube_state_free(s);
    return st;
}

static const char scramble_help[] =
    "usage: cube scramble [--seed S] [--length N] [--size 2|3]\n"
    "       cube scramble --random-state [--seed S] [--size 2|3] [--tables auto|compact|full]\n"
    "Prints a random-move scramble (default 25 moves for the 3x3, 11 for the 2x2, which turns U, R, F).\n"
    "--random-state: the scramble of a uniformly random state (the one 'cube random --seed S' prints),\n"
    "its solution inverted, as the WCA's scramblers do: optimal on the 2x2, at most 20 moves on the 3x3\n"
    "(--tables: which 3x3 tables answer, as for 'cube solve').";

int cmd_scramble(int argc, char **argv) {
    const char *seed_text = NULL, *length_text = NULL, *random_state = NULL, *tables = NULL;
    cli_option opts[] = {{"seed", 1, &seed_text},
                         {"length", 1, &length_text},
                         {"random-state", 0, &random_state},
                         {"tables", 1, &tables},
                         {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("scramble", scramble_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc) return cli_usage_error("scramble", "takes no positional arguments");
    if (random_state && length_text) return cli_usage_error("scramble", "give --random-state or --length, not both");
    if (tables && !random_state) return cli_usage_error("scramble", "--tables goes with --random-state");
    int32_t policy = 0;
    if (cli_table_policy("scramble", tables, &policy) != EXIT_OK) return EXIT_USAGE;
    uint64_t seed = 0;
    int64_t length = 0;
    if (seed_text ? cli_parse_u64("scramble", "seed", seed_text, &seed) : (seed = cli_random_seed(), 0))
        return EXIT_USAGE;
    if (length_text && cli_parse_int("scramble", "length", length_text, 1, 10000, &length)) return EXIT_USAGE;
    int32_t size = a.size ? a.size : 3;
    cube_moves *m = NULL;
    cube_status made = random_state ? random_state_scramble(size, seed, policy, &m)
                                    : cube_scramble(size, seed, (int32_t)length, &m);
    if (made != CUBE_OK) {
        cube_moves_free(m);
        return cli_fail("scramble", NULL);
    }
    int st = cli_put_moves(m);
    cube_moves_free(m);
    return st == EXIT_OK ? EXIT_OK : cli_fail("scramble", NULL);
}
