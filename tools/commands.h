/* The subcommands of the `cube` program: each takes the arguments after its name. */
#ifndef CUBE_COMMANDS_H
#define CUBE_COMMANDS_H

int cmd_show(int argc, char **argv);
int cmd_apply(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_random(int argc, char **argv);
int cmd_scramble(int argc, char **argv);
int cmd_invert(int argc, char **argv);
int cmd_simplify(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_tables(int argc, char **argv);
int cmd_plan(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_drivers(int argc, char **argv);
int cmd_scan(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_serve(int argc, char **argv);

#endif
