// Robot models and the planner: plans replay correctly, known cases take the expected time,
// the optimal plan is never slower than the naive one, and the physics refuses what it must.
#include <random>

#include "facelets.hpp"
#include "geometry.hpp"
#include "robot/orient.hpp"
#include "robot/search.hpp"
#include "robot_util.hpp"

using lc::robot::Strategy;

static const char *const kFamilies[4] = {"six-motor", "four-arm", "two-gripper", "turntable-flipper"};

TEST(orientations_match_the_sticker_model) {
    // After a whole-cube rotation, the centre at each position shows the face the table says.
    const lc::Geometry &g = lc::geometry(3);
    for (int axis = 0; axis < 3; ++axis)
        for (int q = 1; q < 4; ++q) {
            std::string f = lc::solved_facelets(3);
            lc::apply_move(g, f, lc::Move{uint8_t(lc::kRotX + axis), uint8_t(q)});
            const auto &faces = lc::robot::orientations().faces[lc::robot::rotate(0, axis, q)];
            for (int p = 0; p < 6; ++p)
                CHECK_EQ(f[g.centre[p]], "URFDLB"[faces[p]]);
        }
}

TEST(known_optimal_times) {
    struct Case {
        const char *robot, *moves;
        int ms;
    } cases[] = {
        {"six-motor", "R", 20},           {"six-motor", "R2", 35},          {"six-motor", "U D", 20},
        {"six-motor", "U D2 R", 55},      {"six-motor", "R U", 40},         {"six-motor:parallel=0", "U D", 40},
        {"four-arm", "R", 250},           {"four-arm", "R L", 250},         {"four-arm", "R R", 1050},
        {"four-arm", "U", 1350},          {"four-arm", "R2", 950},          {"two-gripper", "D", 300},
        {"two-gripper", "D L", 1200},     {"two-gripper", "R", 1500},       {"turntable-flipper", "D", 600},
        {"turntable-flipper", "U", 2000}, {"turntable-flipper", "F", 1900}, {"turntable-flipper", "U D", 2850},
        {"four-arm", "U D", 1350},
    };
    for (const Case &c : cases) {
        int64_t t = rt::planned(rt::robot(c.robot), rt::moves(c.moves));
        if (t != c.ms * 1000)
            std::printf("  %s \"%s\": %lld us, expected %d ms\n", c.robot, c.moves, (long long)t, c.ms);
        CHECK_EQ(t, c.ms * 1000);
    }
}

TEST(random_sequences_replay_and_optimal_beats_one_move_at_a_time) {
    std::mt19937 rng(5);
    for (const char *fam : kFamilies) {
        auto r = rt::robot(fam);
        for (int i = 0; i < 12; ++i) {
            lc::MoveList m = rt::random_moves(rng, 18);
            int64_t opt = rt::planned(r, m), greedy = rt::planned(r, m, Strategy::kGreedy),
                    naive = rt::planned(r, m, Strategy::kNaive);
            CHECK(opt > 0 && greedy > 0 && naive > 0);
            CHECK(opt <= greedy && opt <= naive);
        }
    }
}

TEST(wide_slice_and_rotation_moves_replay) {
    for (const char *fam : kFamilies)
        for (const char *m : {"Rw U' M2 x", "E S' y R z2 F", "Lw' Bw2 Dw M' x' U", "x y z"})
            CHECK(rt::planned(rt::robot(fam), rt::moves(m)) >= 0);
}

TEST(naive_returns_to_rest_after_every_move) {
    // four-arm "R R": naive unwinds after each turn (2 x (250 + 150 + 250 + 150)); greedy only before the second.
    CHECK_EQ(rt::planned(rt::robot("four-arm"), rt::moves("R R"), Strategy::kNaive), 1600000);
    CHECK_EQ(rt::planned(rt::robot("four-arm"), rt::moves("R R"), Strategy::kGreedy), 1050000);
    CHECK_EQ(rt::planned(rt::robot("six-motor"), rt::moves("U D"), Strategy::kNaive), 40000);
}

TEST(empty_sequence_is_an_empty_plan) {
    lc::robot::Plan p;
    CHECK(lc::robot::make_plan(rt::robot("four-arm"), {}, Strategy::kOptimal, -1, p));
    CHECK_EQ(p.total_us, 0);
    CHECK(p.actions.empty());
    CHECK(lc::robot::check_plan(p).empty());
}

TEST(twist_range_two_needs_fewer_regrips) {
    lc::MoveList m = rt::moves("R R R' F F");
    CHECK(rt::planned(rt::robot("four-arm:range=2"), m) < rt::planned(rt::robot("four-arm"), m));
}

TEST(bound_refuses_plans_that_are_not_faster) {
    auto r = rt::robot("four-arm");
    lc::robot::Plan p;
    CHECK(!lc::robot::make_plan(r, rt::moves("U"), Strategy::kOptimal, 1350000, p));
    CHECK(lc::robot::make_plan(r, rt::moves("U"), Strategy::kOptimal, 1350001, p));
}

TEST(best_plan_picks_the_fastest_candidate) {
    auto r = rt::robot("four-arm");
    std::vector<lc::MoveList> c = {rt::moves("U"), rt::moves("R L"), rt::moves("R R")};
    size_t i = 0;
    lc::robot::Plan p;
    int best = lc::robot::best_plan(
        r, [&](lc::MoveList &m) { return i < c.size() ? (m = c[i++], true) : false; }, Strategy::kOptimal, p);
    CHECK_EQ(best, 1);
    CHECK_EQ(p.total_us, 250000);
}
TEST(lower_bound_keeps_the_search_exact) {
    // A* with the lower bound finds the same optimum as plain Dijkstra.
    std::mt19937 rng(11);
    for (const char *fam : kFamilies) {
        auto r = rt::robot(fam);
        for (int i = 0; i < 6; ++i) {
            auto turns = lc::robot::face_turns(rt::random_moves(rng, 8));
            lc::robot::SearchState start{0, r->model().initial()}, end;
            std::vector<lc::robot::PathStep> path;
            int64_t guided = -1, plain = -2;
            CHECK(lc::robot::search(*r, turns, 0, turns.size(), start, true, -1, path, end, guided, -1, true));
            CHECK(lc::robot::search(*r, turns, 0, turns.size(), start, true, -1, path, end, plain, -1, false));
            CHECK_EQ(guided, plain);
        }
    }
}

TEST(long_sequences_are_planned_in_windows) {
    std::mt19937 rng(9);
    lc::MoveList m = rt::random_moves(rng, 150);  // four-arm: more than one search window
    auto r = rt::robot("four-arm");
    int64_t opt = rt::planned(r, m), naive = rt::planned(r, m, Strategy::kNaive);
    CHECK(opt > 0 && opt <= naive);
}

TEST_MAIN()
