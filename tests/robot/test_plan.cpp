// Robot models and the planner: plans replay correctly, known cases take the expected time,
// the optimal plan is never slower than the naive one, and the physics refuses what it must.
#include <cstring>
#include <random>
#include <vector>

#include "cancel.hpp"
#include "error.hpp"
#include "facelets.hpp"
#include "geometry.hpp"
#include "robot/orient.hpp"
#include "robot/search.hpp"
#include "robot_util.hpp"  // last: it brings in cmocka

using lc::robot::Strategy;

namespace {

const char *const kFamilies[4] = {"six-motor", "four-arm", "two-gripper", "turntable-flipper"};

void orientations_match_the_sticker_model(void **) {
    // After a whole-cube rotation, the centre at each position shows the face the table says.
    const lc::Geometry &g = lc::geometry(3);
    for (int axis = 0; axis < 3; ++axis)
        for (int q = 1; q < 4; ++q) {
            std::string f = lc::solved_facelets(3);
            lc::apply_move(g, f, lc::Move{uint8_t(lc::kRotX + axis), uint8_t(q)});
            const auto &faces = lc::robot::orientations().faces[lc::robot::rotate(0, axis, q)];
            for (int p = 0; p < 6; ++p)
                assert_int_equal(f[g.centre[p]], "URFDLB"[faces[p]]);
        }
}

struct KnownTime {
    const char *robot, *moves;
    int ms;
};

void expect_times(const KnownTime *cases, size_t n, const lc::robot::PlanEnds &ends) {
    for (size_t i = 0; i < n; ++i) {
        const KnownTime &c = cases[i];
        int64_t t = rt::planned(rt::robot(c.robot), rt::moves(c.moves), Strategy::kOptimal, ends);
        if (t != c.ms * 1000) print_error("%s \"%s\": %lld us, expected %d ms\n", c.robot, c.moves, (long long)t, c.ms);
        assert_int_equal(t, c.ms * 1000);
    }
}

// Plans end at rest: four-arm and two-gripper untwist and re-engage their arms (retract 150, twist
// 250, engage 150), the turntable releases its holder (250).
void known_optimal_times(void **) {
    const KnownTime cases[] = {
        {"six-motor", "R", 20},           {"six-motor", "R2", 35},          {"six-motor", "U D", 20},
        {"six-motor", "U D2 R", 55},      {"six-motor", "R U", 40},         {"six-motor:parallel=0", "U D", 40},
        {"four-arm", "R", 800},           {"four-arm", "R L", 800},         {"four-arm", "R R", 1200},
        {"four-arm", "U", 1350},          {"four-arm", "R2", 1500},         {"two-gripper", "D", 900},
        {"two-gripper", "D L", 1200},     {"two-gripper", "R", 1500},       {"turntable-flipper", "D", 850},
        {"turntable-flipper", "U", 2250}, {"turntable-flipper", "F", 2150}, {"turntable-flipper", "U D", 3100},
        {"four-arm", "U D", 1600},
    };
    expect_times(cases, sizeof cases / sizeof cases[0], lc::robot::PlanEnds{});
}

// Plans that may end anywhere stop after the last turn.
void known_times_ending_anywhere(void **) {
    const KnownTime cases[] = {
        {"four-arm", "R", 250},           {"four-arm", "R L", 250},         {"four-arm", "R R", 1050},
        {"four-arm", "U", 1350},          {"four-arm", "R2", 950},          {"two-gripper", "D", 300},
        {"turntable-flipper", "D", 600},  {"turntable-flipper", "U D", 2850}, {"four-arm", "U D", 1350},
    };
    lc::robot::PlanEnds anywhere;
    anywhere.finish_rest = false;
    expect_times(cases, sizeof cases / sizeof cases[0], anywhere);
}

void random_sequences_replay_and_optimal_beats_one_move_at_a_time(void **) {
    std::mt19937 rng(5);
    for (const char *fam : kFamilies) {
        auto r = rt::robot(fam);
        for (int i = 0; i < 12; ++i) {
            lc::MoveList m = rt::random_moves(rng, 18);
            int64_t opt = rt::planned(r, m);
            int64_t greedy = rt::planned(r, m, Strategy::kGreedy);
            int64_t naive = rt::planned(r, m, Strategy::kNaive);
            assert_true(opt > 0);
            assert_true(opt <= greedy);
            assert_true(opt <= naive);
        }
    }
}

void wide_slice_and_rotation_moves_replay(void **) {
    for (const char *fam : kFamilies)
        for (const char *m : {"Rw U' M2 x", "E S' y R z2 F", "Lw' Bw2 Dw M' x' U", "x y z"})
            rt::planned(rt::robot(fam), rt::moves(m));
}

void naive_returns_to_rest_after_every_move(void **) {
    // four-arm "R R": naive unwinds after each turn (2 x (250 + 150 + 250 + 150)); greedy turns the
    // second R from the other end of the twist range and so ends at neutral (250 + 150 + 400 + 150 + 250).
    assert_int_equal(rt::planned(rt::robot("four-arm"), rt::moves("R R"), Strategy::kNaive), 1600000);
    assert_int_equal(rt::planned(rt::robot("four-arm"), rt::moves("R R"), Strategy::kGreedy), 1200000);
    assert_int_equal(rt::planned(rt::robot("six-motor"), rt::moves("U D"), Strategy::kNaive), 40000);
}

void empty_sequence_is_an_empty_plan(void **) {
    lc::robot::Plan p;
    assert_true(lc::robot::make_plan(rt::robot("four-arm"), {}, lc::robot::PlanQuery(Strategy::kOptimal), p));
    assert_int_equal(p.total_us, 0);
    assert_true(p.actions.empty());
    assert_true(lc::robot::check_plan(p).empty());
}

void twist_range_two_needs_fewer_regrips(void **) {
    lc::MoveList m = rt::moves("R R R' F F");
    assert_true(rt::planned(rt::robot("four-arm:range=2"), m) < rt::planned(rt::robot("four-arm"), m));
}

void bound_refuses_plans_that_are_not_faster(void **) {
    auto r = rt::robot("four-arm");
    lc::robot::Plan p;
    assert_false(lc::robot::make_plan(r, rt::moves("U"), lc::robot::PlanQuery(Strategy::kOptimal, 1350000), p));
    assert_true(lc::robot::make_plan(r, rt::moves("U"), lc::robot::PlanQuery(Strategy::kOptimal, 1350001), p));
}

void best_plan_picks_the_fastest_candidate(void **) {
    auto r = rt::robot("four-arm");
    std::vector<lc::MoveList> c = {rt::moves("U"), rt::moves("R L"), rt::moves("R R")};
    size_t i = 0;
    lc::robot::Plan p;
    auto next = [&](lc::MoveList &m) {
        if (i == c.size()) return false;
        m = c[i++];
        return true;
    };
    assert_int_equal(lc::robot::best_plan(r, next, Strategy::kOptimal, p), 1);
    assert_int_equal(p.total_us, 800000);
}

void lower_bound_keeps_the_search_exact(void **) {
    // A* with the lower bound finds the same optimum as plain Dijkstra.
    std::mt19937 rng(11);
    for (const char *fam : kFamilies) {
        auto r = rt::robot(fam);
        for (int i = 0; i < 6; ++i) {
            auto turns = lc::robot::face_turns(rt::random_moves(rng, 8));
            lc::robot::SearchQuery q;
            q.end = turns.size();
            q.start = {0, r->model().initial()};
            q.pairs = true;
            lc::robot::SearchResult guided, plain;
            assert_true(lc::robot::search(*r, turns, q, guided));
            q.guided = false;
            assert_true(lc::robot::search(*r, turns, q, plain));
            assert_int_equal(guided.cost, plain.cost);
        }
    }
}

void long_sequences_are_planned_in_windows(void **) {
    std::mt19937 rng(9);
    lc::MoveList m = rt::random_moves(rng, 150);  // four-arm: more than one search window
    auto r = rt::robot("four-arm");
    int64_t opt = rt::planned(r, m);
    int64_t naive = rt::planned(r, m, Strategy::kNaive);
    assert_true(opt > 0);
    assert_true(opt <= naive);
}

// The status make_plan ends with under `stop`: CUBE_OK if it returned, else the status it threw.
cube_status status_of_planning(const char *robot, const lc::MoveList &m, Strategy s, const lc::StopFlag &stop) {
    lc::robot::Plan p;
    try {
        lc::robot::PlanQuery query(s);
        query.stop = &stop;
        lc::robot::make_plan(rt::robot(robot), m, query, p);
    } catch (const lc::Error &e) {
        return e.status;
    }
    return CUBE_OK;
}

void a_stop_flag_cancels_planning(void **) {
    std::mt19937 rng(3);
    lc::MoveList m = rt::random_moves(rng, 22);
    lc::StopFlag stop;
    assert_int_equal(status_of_planning("four-arm", m, Strategy::kOptimal, stop), CUBE_OK);
    stop.stop();
    assert_int_equal(status_of_planning("four-arm", m, Strategy::kOptimal, stop), CUBE_ERROR_CANCELLED);
    assert_int_equal(status_of_planning("two-gripper", m, Strategy::kGreedy, stop), CUBE_ERROR_CANCELLED);
}

// A sequence longer than a plan may be is refused before any work: even a stop flag that is already
// set is not looked at (the planner would see it within its first search steps).
void a_sequence_over_the_limit_is_refused_before_any_work(void **) {
    std::mt19937 rng(4);
    lc::MoveList m = rt::random_moves(rng, int(lc::robot::kMaxPlanMoves) + 1);
    lc::StopFlag stop;
    stop.stop();
    assert_int_equal(status_of_planning("four-arm", m, Strategy::kOptimal, stop), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(status_of_planning("four-arm", m, Strategy::kNaive, stop), CUBE_ERROR_INVALID_ARGUMENT);
    lc::robot::Plan p;
    try {
        lc::robot::make_plan(rt::robot("six-motor"), m, lc::robot::PlanQuery(Strategy::kOptimal), p);
        fail();
    } catch (const lc::Error &e) {
        assert_non_null(std::strstr(e.what(), "at most 1000"));
    }
}

// The longest allowed sequence is planned.
void a_sequence_at_the_limit_is_planned(void **) {
    std::mt19937 rng(6);
    lc::MoveList m = rt::random_moves(rng, int(lc::robot::kMaxPlanMoves));
    assert_true(rt::planned(rt::robot("six-motor"), m) > 0);
}

// Each step a search tries takes one from the budget; a search that needs more is refused.
void the_search_budget_bounds_the_work(void **) {
    auto r = rt::robot("four-arm");
    auto turns = lc::robot::face_turns(rt::moves("U R F D L B"));
    lc::robot::SearchQuery q;
    q.end = turns.size();
    q.start = {0, r->model().initial()};
    q.pairs = true;
    lc::robot::SearchResult found;
    lc::robot::SearchBudget enough{uint64_t(1) << 30, uint64_t(1) << 30};
    q.budget = &enough;
    assert_true(lc::robot::search(*r, turns, q, found));
    const uint64_t used = enough.limit - enough.left;
    assert_true(used > 100);
    lc::robot::SearchBudget small{100, 100};
    try {
        q.budget = &small;
        lc::robot::search(*r, turns, q, found);
        fail();
    } catch (const lc::Error &e) {
        assert_int_equal(e.status, CUBE_ERROR_UNSUPPORTED);
        assert_non_null(std::strstr(e.what(), "more than 100 search steps"));
    }
    assert_int_equal(small.left, 0);
}

// A plan whose time passes what its timestamps hold is refused with the reason (as soon as the
// planned part passes it: here within the first search window).
void a_plan_over_35_minutes_is_refused(void **) {
    std::mt19937 rng(8);
    lc::MoveList m = rt::random_moves(rng, 200);
    lc::StopFlag never;
    for (Strategy s : {Strategy::kOptimal, Strategy::kNaive})
        assert_int_equal(status_of_planning("turntable-flipper:flip=600000,grip=600000", m, s, never),
                         CUBE_ERROR_UNSUPPORTED);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(orientations_match_the_sticker_model),
        cmocka_unit_test(known_optimal_times),
        cmocka_unit_test(known_times_ending_anywhere),
        cmocka_unit_test(random_sequences_replay_and_optimal_beats_one_move_at_a_time),
        cmocka_unit_test(wide_slice_and_rotation_moves_replay),
        cmocka_unit_test(naive_returns_to_rest_after_every_move),
        cmocka_unit_test(empty_sequence_is_an_empty_plan),
        cmocka_unit_test(twist_range_two_needs_fewer_regrips),
        cmocka_unit_test(bound_refuses_plans_that_are_not_faster),
        cmocka_unit_test(best_plan_picks_the_fastest_candidate),
        cmocka_unit_test(lower_bound_keeps_the_search_exact),
        cmocka_unit_test(long_sequences_are_planned_in_windows),
        cmocka_unit_test(a_stop_flag_cancels_planning),
        cmocka_unit_test(a_sequence_over_the_limit_is_refused_before_any_work),
        cmocka_unit_test(a_sequence_at_the_limit_is_planned),
        cmocka_unit_test(the_search_budget_bounds_the_work),
        cmocka_unit_test(a_plan_over_35_minutes_is_refused),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
