/* Fuzz target: robot spec text (cube_robot_parse). On success: the canonical spec parses back to itself,
 * the description and actuator names can be read, a short fixed sequence is planned and checked, and so is
 * the robot's scan sequence. */
#include <cube/cube.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Three moves: a short plan, as making the robot (every mechanical state and step) already costs more. */
static const char planned_moves[] = "R U' F2";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);

    cube_robot *robot = (cube_robot *)text; /* not NULL: the call must reset it */
    cube_status status = cube_robot_parse(text, &robot);
    if (status != CUBE_OK) {
        FUZZ_CHECK(robot == NULL);
        FUZZ_CHECK(cube_last_error()[0] != '\0');
        free(text);
        return 0;
    }

    /* The canonical spec parses back to the same spec. */
    const char *spec = NULL;
    FUZZ_CHECK(cube_robot_spec(robot, &spec) == CUBE_OK);
    cube_robot *reparsed = NULL;
    FUZZ_CHECK(cube_robot_parse(spec, &reparsed) == CUBE_OK);
    const char *spec_again = NULL;
    FUZZ_CHECK(cube_robot_spec(reparsed, &spec_again) == CUBE_OK);
    FUZZ_CHECK(strcmp(spec, spec_again) == 0);

    cube_robot_desc desc;
    FUZZ_CHECK(cube_robot_desc_init(&desc, CUBE_ROBOT_SIX_MOTOR) == CUBE_OK);
    FUZZ_CHECK(cube_robot_get_desc(robot, &desc) == CUBE_OK);
    int32_t actuators = 0;
    FUZZ_CHECK(cube_robot_actuator_count(robot, &actuators) == CUBE_OK);
    FUZZ_CHECK(actuators > 0);
    for (int32_t i = 0; i < actuators; ++i) {
        const char *name = NULL;
        FUZZ_CHECK(cube_robot_actuator_name(robot, i, &name) == CUBE_OK);
        FUZZ_CHECK(name != NULL);
    }

    /* A plan of a fixed sequence: the timings come from the fuzzed spec. */
    cube_moves *moves = NULL;
    FUZZ_CHECK(cube_moves_parse(planned_moves, 3, &moves) == CUBE_OK);
    cube_plan *plan = NULL;
    status = cube_plan_new(robot, moves, NULL, &plan);
    FUZZ_CHECK(status == CUBE_OK || status == CUBE_ERROR_UNSOLVABLE);
    if (status == CUBE_OK) {
        FUZZ_CHECK(cube_plan_check(plan) == CUBE_OK);
        int64_t total_us = 0;
        FUZZ_CHECK(cube_plan_total_us(plan, &total_us) == CUBE_OK);
        FUZZ_CHECK(total_us > 0);
    }

    /* The scan sequence: six frames, a valid plan that ends at rest (or refused as longer than a plan holds). */
    cube_plan *scan = NULL;
    status = cube_robot_scan_plan(robot, &scan);
    FUZZ_CHECK(status == CUBE_OK || status == CUBE_ERROR_UNSUPPORTED);
    if (status == CUBE_OK) {
        int32_t frames = 0;
        FUZZ_CHECK(cube_plan_scan_frame_count(scan, &frames) == CUBE_OK && frames == 6);
        FUZZ_CHECK(cube_plan_check(scan) == CUBE_OK);
    }

    cube_plan_free(scan);
    cube_plan_free(plan);
    cube_moves_free(moves);
    cube_robot_free(reparsed);
    cube_robot_free(robot);
    free(text);
    return 0;
}
