// Plans from and to a robot state: positions and their physics, plans that end at rest from any start,
// the moves left after part of a plan (resume), move indices of paired turns, robots refused when described.
#include <cstring>
#include <random>
#include <vector>

#include "error.hpp"
#include "facelets.hpp"
#include "geometry.hpp"
#include "robot/positions.hpp"
#include "robot_util.hpp"  // last: it brings in cmocka

using namespace lc::robot;

namespace {

const char *const kFamilies[4] = {"six-motor", "four-arm", "two-gripper", "turntable-flipper"};

// Start positions off rest, one per family (in the order of kFamilies): motors anywhere, the four-arm
// robot's L arm retracted at +1, the two-gripper robot's bottom wrist at +1, the turntable clamped.
const std::vector<int32_t> kOffRest[4] = {
    {5, -3, 0, 2, 1, 0},
    {1, 0, 0, 1, 0, 1, 0, 1},
    {1, 1, 0, 1},
    {3, 0, 1},
};

using rt::says;

// The status and message of an lc::Error thrown by `body`, CUBE_OK if it returns.
template <typename Fn>
cube_status thrown(Fn &&body, std::string *message = nullptr) {
    try {
        body();
    } catch (const lc::Error &e) {
        if (message) *message = e.what();
        return e.status;
    }
    return CUBE_OK;
}

Plan plan_of(const char *spec, const lc::MoveList &moves, Strategy s = Strategy::kOptimal,
             const std::vector<int32_t> &start = {}, bool finish_rest = true) {
    Plan p;
    PlanEnds ends;
    ends.start_positions = start;
    ends.finish_rest = finish_rest;
    make_plan(rt::robot(spec), moves, rt::ended(s, ends), p);
    std::string why = check_plan(p);
    if (!why.empty()) print_error("invalid plan on %s: %s\n", spec, why.c_str());
    assert_true(why.empty());
    return p;
}

// Where a step of the plan ends (the index after its last action).
size_t step_end(const Plan &p, size_t first) {
    size_t j = first;
    while (j < p.actions.size() && p.actions[j].start_us == p.actions[first].start_us)
        ++j;
    return j;
}

// Replays actions [from, to) (whole steps) on `positions` and the held cube `facelets`.
void replay(const Plan &p, size_t from, size_t to, std::vector<int32_t> &positions, std::string &facelets) {
    for (size_t i = from; i < to;) {
        const size_t j = step_end(p, i);
        CmdSet cs;
        for (size_t k = i; k < j; ++k)
            cs.add({uint8_t(p.actions[k].actuator), uint8_t(p.actions[k].kind), int8_t(p.actions[k].param)});
        positions = step_positions(*p.robot, positions, cs, &facelets);
        i = j;
    }
}

// The cube a plan solves, as the robot holds it at the start.
std::string scrambled_by(const Plan &p) {
    std::string f = lc::solved_facelets(3);
    for (const lc::Move &m : lc::inverted(p.moves))
        lc::apply_move(lc::geometry(3), f, m);
    return f;
}

bool same_mech(const Robot &r, const std::vector<int32_t> &a, const std::vector<int32_t> &b) {
    return mech_of(r, a) == mech_of(r, b);
}

void rest_positions_per_family(void **) {
    assert_true(rest_positions(*rt::robot("six-motor")) == std::vector<int32_t>(6, 0));
    assert_true(rest_positions(*rt::robot("four-arm")) == (std::vector<int32_t>{0, 1, 0, 1, 0, 1, 0, 1}));
    assert_true(rest_positions(*rt::robot("two-gripper:range=2")) == (std::vector<int32_t>{0, 1, 0, 1}));
    assert_true(rest_positions(*rt::robot("turntable-flipper")) == (std::vector<int32_t>{0, 0, 0}));
    for (const char *fam : kFamilies) {
        auto r = rt::robot(fam);
        assert_int_equal(mech_of(*r, rest_positions(*r)), r->model().initial());
    }
}

void positions_and_mechanical_states_match(void **) {
    for (int f = 0; f < 4; ++f) {
        auto r = rt::robot(kFamilies[f]);
        const std::vector<int32_t> &pos = kOffRest[f];
        assert_true(positions_of(*r, mech_of(*r, pos), &pos) == pos);
    }
    auto six = rt::robot("six-motor");  // motors turn freely: any angle is the one state
    assert_int_equal(mech_of(*six, {INT32_MAX, INT32_MIN, 7, -9, 0, 1}), six->model().initial());
    std::vector<int32_t> far = {INT32_MAX, 0, 0, 0, 0, 0};
    CmdSet u;
    u.add({0, kTurn, 1});
    assert_int_equal(step_positions(*six, far, u, nullptr)[0], 0);  // 2^31 wraps to the same angle, 0 mod 4
}

void bad_positions_are_refused_with_the_reason(void **) {
    struct Case {
        const char *robot;
        std::vector<int32_t> positions;
        const char *says;
    } cases[] = {
        {"four-arm", {0, 1, 0, 1}, "4 positions given: the four-arm robot has 8 actuators"},
        {"four-arm", {2, 1, 0, 1, 0, 1, 0, 1}, "L.twist at 2: past its range of 1"},
        {"four-arm:range=2", {0, 1, 0, 1, -3, 1, 0, 1}, "F.twist at -3"},
        {"four-arm", {0, 2, 0, 1, 0, 1, 0, 1}, "L.slide at 2"},
        {"four-arm", {0, 0, 0, 1, 0, 0, 0, 1}, "would not be held"},
        {"two-gripper", {0, 0, 0, 0}, "would not be held"},
        {"two-gripper", {0, 1, 0, -1}, "L.grip at -1"},
        {"turntable-flipper", {0, 1, 0}, "flipper at 1"},
        {"turntable-flipper", {0, 0, 2}, "holder at 2"},
        {"six-motor", {}, "0 positions given"},
    };
    for (const Case &c : cases) {
        auto r = rt::robot(c.robot);
        std::string why;
        assert_int_equal(thrown([&] { mech_of(*r, c.positions); }, &why), CUBE_ERROR_INVALID_ARGUMENT);
        assert_true(says(why, c.says));
        if (c.positions.empty()) continue;  // to make_plan, no positions means rest
        Plan p;
        PlanEnds ends;
        ends.start_positions = c.positions;
        assert_int_equal(thrown([&] { make_plan(r, rt::moves("R"), rt::ended(Strategy::kOptimal, ends), p); }),
                         CUBE_ERROR_INVALID_ARGUMENT);
    }
}

void a_refused_step_says_which_rule(void **) {
    auto r = rt::robot("four-arm");
    CmdSet twist2;
    twist2.add({2, kTurn, 2});
    std::string why;
    assert_int_equal(thrown([&] { step_positions(*r, rest_positions(*r), twist2, nullptr); }, &why),
                     CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(says(why, "end stop"));
    CmdSet retract;
    retract.add({1, kGrip, 0});
    std::vector<int32_t> after = step_positions(*r, rest_positions(*r), retract, nullptr);
    assert_true(after == (std::vector<int32_t>{0, 0, 0, 1, 0, 1, 0, 1}));
}

void plans_end_at_rest(void **) {
    std::mt19937 rng(21);
    for (const char *fam : kFamilies) {
        auto r = rt::robot(fam);
        for (int i = 0; i < 8; ++i) {
            const lc::MoveList m = rt::random_moves(rng, 12);
            for (Strategy s : {Strategy::kOptimal, Strategy::kGreedy, Strategy::kNaive}) {
                Plan p = plan_of(fam, m, s);
                assert_true(p.start_positions == rest_positions(*r));
                std::vector<int32_t> pos = p.start_positions;
                std::string cube = scrambled_by(p);
                replay(p, 0, p.actions.size(), pos, cube);
                assert_true(lc::faces_uniform(3, cube));
                assert_true(same_mech(*r, pos, rest_positions(*r)));
            }
        }
    }
}

void plans_from_positions_off_rest_end_at_rest(void **) {
    for (int f = 0; f < 4; ++f) {
        auto r = rt::robot(kFamilies[f]);
        for (Strategy s : {Strategy::kOptimal, Strategy::kGreedy, Strategy::kNaive}) {
            Plan p = plan_of(kFamilies[f], rt::moves("R U2 F' D L B'"), s, kOffRest[f]);
            assert_true(p.start_positions == kOffRest[f]);
            std::vector<int32_t> pos = p.start_positions;
            std::string cube = scrambled_by(p);
            replay(p, 0, p.actions.size(), pos, cube);
            assert_true(lc::faces_uniform(3, cube));
            assert_true(same_mech(*r, pos, rest_positions(*r)));
        }
    }
}

void no_moves_off_rest_is_the_way_back_to_rest(void **) {
    for (int f = 0; f < 4; ++f) {
        auto r = rt::robot(kFamilies[f]);
        for (Strategy s : {Strategy::kOptimal, Strategy::kGreedy, Strategy::kNaive}) {
            Plan p = plan_of(kFamilies[f], {}, s, kOffRest[f]);
            const bool at_rest = same_mech(*r, kOffRest[f], rest_positions(*r));
            assert_int_equal(p.actions.empty(), at_rest);  // only the six-motor robot is there already
            std::vector<int32_t> pos = p.start_positions;
            std::string cube = lc::solved_facelets(3);
            replay(p, 0, p.actions.size(), pos, cube);
            assert_true(same_mech(*r, pos, rest_positions(*r)));
            for (const Action &a : p.actions)
                assert_int_equal(a.move_index, -1);
        }
    }
}

void finishing_anywhere_can_be_quicker(void **) {
    Plan rest = plan_of("four-arm", rt::moves("R"));
    Plan anywhere = plan_of("four-arm", rt::moves("R"), Strategy::kOptimal, {}, false);
    assert_int_equal(anywhere.total_us, 250000);
    assert_true(rest.total_us > anywhere.total_us);
    assert_false(anywhere.finish_rest);
    Plan tt = plan_of("turntable-flipper", rt::moves("D"), Strategy::kGreedy, {}, false);
    std::vector<int32_t> pos = tt.start_positions;
    std::string cube = scrambled_by(tt);
    replay(tt, 0, tt.actions.size(), pos, cube);
    assert_int_equal(pos[2], 1);  // it ends with the holder clamped
}

// A plan doctored to stop short of rest is caught by the replay check.
void the_check_wants_a_plan_that_ends_at_rest(void **) {
    Plan p = plan_of("turntable-flipper", rt::moves("D"));
    Plan anywhere = plan_of("turntable-flipper", rt::moves("D"), Strategy::kOptimal, {}, false);
    anywhere.finish_rest = true;
    assert_true(says(check_plan(anywhere), "end at rest"));
    assert_true(check_plan(p).empty());
}

// Each turning action names the move whose face it turns, also when two opposite faces turn in one step.
void paired_turns_carry_their_own_move(void **) {
    for (const char *fam : {"six-motor", "four-arm"}) {
        Plan p = plan_of(fam, rt::moves("L' R U R2 L"));
        std::vector<int> seen(5, 0);
        bool paired = false;
        for (size_t i = 0; i < p.actions.size();) {
            const size_t j = step_end(p, i);
            int turning = 0;
            for (size_t k = i; k < j; ++k) {
                const Action &a = p.actions[k];
                if (a.move_index < 0) continue;
                ++turning;
                ++seen[size_t(a.move_index)];
                const char *name = p.robot->model().actuator_name(a.actuator);
                const char face = "LRURL"[a.move_index];  // four-arm turns U with its F arm after an x
                if (std::strcmp(fam, "six-motor") == 0 || face != 'U') assert_int_equal(name[0], face);
            }
            paired |= turning == 2;
            i = j;
        }
        assert_true(paired);
        for (int n : seen)
            assert_int_equal(n, 1);
    }
}

// Cuts a plan after every `every`-th step: the moves left, done on the cube held at the cut, solve it;
// and a plan of them from the positions at the cut finishes the solve at rest.
void check_remaining(const Plan &p, size_t every) {
    size_t steps = 0;
    for (size_t cut = 0;; cut = step_end(p, cut), ++steps) {
        if (steps % every == 0 || cut == p.actions.size()) {
            std::vector<int32_t> pos = p.start_positions;
            std::string cube = scrambled_by(p);
            replay(p, 0, cut, pos, cube);
            const lc::MoveList left = remaining_moves(p, cut);
            if (cut == p.actions.size()) assert_true(left.empty());
            std::string check = cube;
            for (const lc::Move &m : left)
                lc::apply_move(lc::geometry(3), check, m);
            assert_true(lc::faces_uniform(3, check));
            Plan resume;
            PlanEnds ends;
            ends.start_positions = pos;
            make_plan(p.robot, left, rt::ended(Strategy::kOptimal, ends), resume);
            replay(resume, 0, resume.actions.size(), pos, cube);
            assert_true(lc::faces_uniform(3, cube));
            assert_true(same_mech(*p.robot, pos, rest_positions(*p.robot)));
        }
        if (cut == p.actions.size()) break;
    }
}

void the_moves_left_at_a_step_boundary_finish_the_solve(void **) {
    std::mt19937 rng(17);
    for (int f = 0; f < 4; ++f) {
        check_remaining(plan_of(kFamilies[f], rt::random_moves(rng, 10)), 3);
        check_remaining(plan_of(kFamilies[f], rt::moves("L' R U R2 L Rw U' M2 x E S' y F"), Strategy::kOptimal,
                                kOffRest[f]),
                        4);
        check_remaining(plan_of(kFamilies[f], rt::moves("U D' F B2"), Strategy::kGreedy), 1);
    }
    // Corner cutting: every step starts before the one before it ends; each boundary still cuts cleanly.
    check_remaining(plan_of("six-motor:overlap=0.3", rt::random_moves(rng, 10)), 1);
}

void a_cut_inside_a_step_or_past_the_end_is_refused(void **) {
    Plan p = plan_of("six-motor", rt::moves("L' R U"));
    assert_int_equal(p.actions[0].start_us, p.actions[1].start_us);  // L' and R together
    std::string why;
    assert_int_equal(thrown([&] { remaining_moves(p, 1); }, &why), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(says(why, "splits a step"));
    assert_int_equal(thrown([&] { remaining_moves(p, p.actions.size() + 1); }, &why), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(says(why, "the plan has 3 actions"));
    assert_true(remaining_moves(p, 2).size() == 1);
    assert_true(remaining_moves(p, 0).size() == 3);
}

void robots_that_cannot_turn_a_face_are_refused(void **) {
    for (const char *spec : {"four-arm:parallel=0", "four-arm:range=2,parallel=0"}) {
        std::string why;
        assert_int_equal(thrown([&] { rt::robot(spec); }, &why), CUBE_ERROR_INVALID_ARGUMENT);
        assert_true(says(why, "cannot turn U (U, U2, U') or D (D, D2, D')"));
        assert_true(says(why, "cannot rotate the cube"));
    }
    for (const char *fam : kFamilies)
        for (const char *opts : {"", ":range=2", ":parallel=0", ":range=2,parallel=0"}) {
            const std::string spec = std::string(fam) + opts;
            if (spec.rfind("four-arm:", 0) == 0 && spec.find("parallel=0") != std::string::npos) continue;
            assert_int_equal(thrown([&] { rt::robot(spec.c_str()); }), CUBE_OK);
        }
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rest_positions_per_family),
        cmocka_unit_test(positions_and_mechanical_states_match),
        cmocka_unit_test(bad_positions_are_refused_with_the_reason),
        cmocka_unit_test(a_refused_step_says_which_rule),
        cmocka_unit_test(plans_end_at_rest),
        cmocka_unit_test(plans_from_positions_off_rest_end_at_rest),
        cmocka_unit_test(no_moves_off_rest_is_the_way_back_to_rest),
        cmocka_unit_test(finishing_anywhere_can_be_quicker),
        cmocka_unit_test(the_check_wants_a_plan_that_ends_at_rest),
        cmocka_unit_test(paired_turns_carry_their_own_move),
        cmocka_unit_test(the_moves_left_at_a_step_boundary_finish_the_solve),
        cmocka_unit_test(a_cut_inside_a_step_or_past_the_end_is_refused),
        cmocka_unit_test(robots_that_cannot_turn_a_face_are_refused),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
