/* Robot-aware solving with the 3x3 solver: the chosen plan passes its replay check and solves the cube
 * (its moves solve it). Prints how it compares with the plan of the shortest solution found.
 * The 3x3 tables come from $CUBE_TABLE_DIR (generated there on first use). */
#include <stdio.h>
#include <string.h>

#include <cube/robot.h>
#include <cube/solver.h>

static int failures = 0;
#define CHECK(c)                                                                         \
    do {                                                                                 \
        if (!(c)) {                                                                      \
            printf("%s:%d: %s failed: %s\n", __FILE__, __LINE__, #c, cube_last_error()); \
            ++failures;                                                                  \
        }                                                                                \
    } while (0)

int main(void) {
    cube_solver *solver = NULL;
    CHECK(cube_solver_new(NULL, &solver) == CUBE_OK);
    for (int32_t family = 1; family <= 4; ++family) {
        cube_robot_desc d;
        cube_robot *robot = NULL;
        cube_robot_desc_init(&d, family);
        CHECK(cube_robot_new(&d, &robot) == CUBE_OK);
        for (uint64_t seed = 1; seed <= 2; ++seed) {
            cube_state *s = NULL, *after = NULL;
            cube_moves *shortest = NULL, *chosen = NULL;
            cube_plan *best = NULL, *plain = NULL;
            CHECK(cube_state_random(3, seed, &s) == CUBE_OK);
            cube_solve_options so;
            cube_solve_options_init(&so);
            so.min_effort = 1;
            so.timeout_ms = 100;
            CHECK(cube_solve(solver, s, &so, &shortest) == CUBE_OK);
            CHECK(cube_plan_new(robot, shortest, NULL, &plain) == CUBE_OK);
            CHECK(cube_robot_solve(robot, solver, s, NULL, &best) == CUBE_OK);
            CHECK(cube_plan_check(best) == CUBE_OK);
            CHECK(cube_plan_moves(best, &chosen) == CUBE_OK);
            CHECK(cube_state_copy(s, &after) == CUBE_OK && cube_state_apply(after, chosen) == CUBE_OK);
            CHECK(cube_state_is_solved(after) == 1);
            printf("%-18s seed %d: shortest %d moves %.0f ms, robot-aware %d moves %.0f ms\n",
                   cube_robot_family_name(family), (int)seed, cube_moves_count(shortest),
                   cube_plan_total_us(plain) / 1e3, cube_moves_count(chosen), cube_plan_total_us(best) / 1e3);
            cube_plan_free(best);
            cube_plan_free(plain);
            cube_moves_free(chosen);
            cube_moves_free(shortest);
            cube_state_free(after);
            cube_state_free(s);
        }
        cube_robot_free(robot);
    }
    cube_solver_free(solver);
    printf("%d failures\n", failures);
    return failures ? 1 : 0;
}
