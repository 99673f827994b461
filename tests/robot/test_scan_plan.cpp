// Scan sequences of every family and camera: six frames of six different faces, rotations only, ending at
// rest with the cube as it started; random cubes shown frame by frame (the plan replayed on the cube, the
// camera's face read as it is held then) map back to their facelets and resolve to themselves.
#include <cube/scan.h>

#include <random>
#include <string>
#include <vector>

#include "facelets.hpp"
#include "geometry.hpp"
#include "robot/robot_handles.hpp"
#include "robot_util.hpp"  // last: it brings in cmocka

using namespace lc::robot;

namespace {

const char *const kSpecs[] = {
    "six-motor",          "four-arm",           "four-arm:camera=D",   "four-arm:range=2",
    "two-gripper",        "two-gripper:camera=U", "two-gripper:camera=R", "two-gripper:camera=B",
    "two-gripper:range=2", "turntable-flipper",  "turntable-flipper:camera=F", "turntable-flipper:camera=R",
    "turntable-flipper:camera=L", "turntable-flipper:camera=B",
};

// The documented rotation, written out by hand: sample k of a picture in which the face appears turned
// `rotation` quarters clockwise shows this index of the face's state.h layout.
int expected_layout(int k, int rotation) {
    static const int kTurned[4][9] = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8},  // as laid out
        {6, 3, 0, 7, 4, 1, 8, 5, 2},  // a quarter clockwise: the bottom-left sticker is at the top left
        {8, 7, 6, 5, 4, 3, 2, 1, 0},  // upside down
        {2, 5, 8, 1, 4, 7, 0, 3, 6},  // a quarter anticlockwise: the top-right sticker is at the top left
    };
    return kTurned[rotation][k];
}

std::string random_cube(std::mt19937 &rng) {
    std::string cube = lc::solved_facelets(3);
    for (const lc::Move &m : rt::random_moves(rng, 25)) lc::apply_move(lc::geometry(3), cube, m);
    return cube;
}

// What the camera sees in each frame: the plan's steps replayed on `cube`, the nine stickers at the camera's
// position read as that position is laid out. A six-motor robot's faces are shown by hand, as laid out.
std::vector<std::string> pictures(const Plan &plan, std::string cube) {
    const int camera = camera_position(plan.robot->params());
    std::vector<std::string> out;
    uint32_t mech = plan.start_mech;
    size_t done = 0;
    for (size_t f = 0; f < plan.frames.size(); ++f) {
        while (done < size_t(plan.frames[f].actions_done)) {
            CmdSet cs;
            const int32_t start = plan.actions[done].start_us;
            for (; done < plan.actions.size() && plan.actions[done].start_us == start; ++done)
                cs.add({uint8_t(plan.actions[done].actuator), uint8_t(plan.actions[done].kind),
                        int8_t(plan.actions[done].param)});
            uint32_t next = 0;
            Effect eff;
            assert_true(plan.robot->model().simulate(mech, cs, next, eff, nullptr));
            assert_int_equal(eff.nturns, 0);  // never a layer turn
            apply_effect(cube, eff);
            mech = next;
        }
        const int position = camera < 0 ? int(f) : camera;
        out.push_back(cube.substr(size_t(9 * position), 9));
    }
    return out;
}

cube_plan *scan_plan_of(const char *spec) {
    cube_robot *robot = nullptr;
    cube_plan *plan = nullptr;
    assert_int_equal(cube_robot_parse(spec, &robot), CUBE_OK);
    assert_int_equal(cube_robot_scan_plan(robot, &plan), CUBE_OK);
    cube_robot_free(robot);
    return plan;
}

// A distinct sRGB colour per face letter.
const double kPalette[6][3] = {{250, 250, 250}, {200, 20, 30}, {20, 160, 60}, {250, 220, 20}, {250, 120, 10},
                               {20, 60, 200}};

int letter_index(char c) {
    return int(std::string("URFDLB").find(c));
}

void test_every_face_once_and_back_at_rest(void **) {
    for (const char *spec : kSpecs) {
        cube_plan *handle = scan_plan_of(spec);
        const Plan &p = handle->plan;
        assert_int_equal(p.frames.size(), 6);
        int seen = 0, last_done = 0;
        for (const ScanFrame &f : p.frames) {
            seen |= 1 << f.face;
            assert_true(f.actions_done >= last_done);
            last_done = f.actions_done;
            for (int k = 0; k < 9; ++k) assert_int_equal(f.facelets[size_t(k)], 9 * f.face + expected_layout(k, f.rotation));
        }
        assert_int_equal(seen, 63);
        assert_true(p.turns.empty());
        assert_true(p.finish_rest);
        const std::string why = check_plan(p);  // ends at rest, the cube as it started
        if (!why.empty()) print_error("%s: %s\n", spec, why.c_str());
        assert_true(why.empty());
        std::string labels(54, '\0');
        for (int i = 0; i < 54; ++i) labels[size_t(i)] = char(i);
        for (const lc::Move &m : p.moves) lc::apply_move(lc::geometry(3), labels, m);
        for (int i = 0; i < 54; ++i) assert_int_equal(labels[size_t(i)], i);  // the rotations add up to none
        assert_int_equal(p.actions.empty(), camera_position(p.robot->params()) < 0);
        cube_plan_free(handle);
    }
}

void test_random_cubes_map_back(void **) {
    std::mt19937 rng(17);
    for (const char *spec : kSpecs) {
        cube_plan *handle = scan_plan_of(spec);
        for (int trial = 0; trial < 20; ++trial) {
            const std::string cube = random_cube(rng);
            const std::vector<std::string> seen = pictures(handle->plan, cube);
            cube_scan_input *frames = nullptr, *mapped = nullptr;
            assert_int_equal(cube_scan_input_new(3, CUBE_SCAN_SRGB, &frames), CUBE_OK);
            for (int i = 0; i < 54; ++i) {
                const double *c = kPalette[letter_index(seen[size_t(i / 9)][size_t(i % 9)])];
                assert_int_equal(cube_scan_input_set(frames, i, c[0], c[1], c[2], 1.0), CUBE_OK);
            }
            assert_int_equal(cube_scan_input_from_frames(handle, frames, &mapped), CUBE_OK);
            for (int i = 0; i < 54; ++i) {
                double v[3];
                assert_int_equal(cube_scan_input_get(mapped, i, v, nullptr), CUBE_OK);
                assert_true(v[0] == kPalette[letter_index(cube[size_t(i)])][0]);
                assert_true(v[2] == kPalette[letter_index(cube[size_t(i)])][2]);
            }
            if (trial == 0) {
                cube_scan_result *r = nullptr;
                assert_int_equal(cube_scan_resolve(mapped, nullptr, &r), CUBE_OK);
                assert_string_equal(cube_scan_result_facelets(r), cube.c_str());
                cube_scan_result_free(r);
            }
            cube_scan_input_free(mapped);
            cube_scan_input_free(frames);
        }
        cube_plan_free(handle);
    }
}

void test_scan_then_solve_is_one_valid_plan(void **) {
    std::mt19937 rng(5);
    for (const char *spec : {"six-motor", "four-arm", "two-gripper", "turntable-flipper"}) {
        cube_plan *scan = scan_plan_of(spec);
        Plan solve;
        make_plan(scan->plan.robot, rt::random_moves(rng, 12), lc::robot::PlanQuery(Strategy::kOptimal), solve);
        const Plan both = concat_plans(scan->plan, solve);
        const std::string why = check_plan(both);
        if (!why.empty()) print_error("%s: %s\n", spec, why.c_str());
        assert_true(why.empty());
        assert_int_equal(both.actions.size(), scan->plan.actions.size() + solve.actions.size());
        assert_int_equal(both.total_us, scan->plan.total_us + solve.total_us);
        assert_int_equal(both.frames.size(), 6);
        assert_int_equal(both.turns.size(), solve.turns.size());
        for (size_t i = 0; i < both.turns.size(); ++i) assert_int_equal(both.turns[i].face, solve.turns[i].face);
        assert_string_equal(lc::format_moves(remaining_moves(both, scan->plan.actions.size())).c_str(),
                            lc::format_moves(solve.moves).c_str());
        cube_plan_free(scan);
    }
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_face_once_and_back_at_rest),
        cmocka_unit_test(test_random_cubes_map_back),
        cmocka_unit_test(test_scan_then_solve_is_one_valid_plan),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
