// RotationBound: the orientation-aware bound that guides the planner's search on robots with many
// mechanical states (four-arm). It must never exceed the time still needed, so that the search stays
// exact; its estimate orders robot-aware solving's candidates.
#include <random>
#include <vector>

#include "robot/normalize.hpp"
#include "robot/orient.hpp"
#include "robot/rotation_bound.hpp"
#include "robot/search.hpp"
#include "robot_util.hpp"  // last: it brings in cmocka

using lc::robot::RotationBound;
using lc::robot::RotationChain;

namespace {

// Four-arm robots: the default, longer twists, per-actuator times, other times.
const char *const kRobots[] = {"four-arm", "four-arm:range=2", "four-arm:R.twist.spin90=300,F.twist.turn-cw90=350",
                               "four-arm:grip=200,turn90=250,turn180=400"};

// The least sum of step times for `turns` from rest back to rest: guided (A*) or plain Dijkstra.
int64_t least_time(const lc::robot::Robot &robot, const std::vector<lc::robot::FaceTurn> &turns, bool guided) {
    lc::robot::SearchQuery q;
    q.end = turns.size();
    q.start = {0, robot.model().initial()};
    q.pairs = true;
    q.goal_mech = int64_t(robot.model().initial());
    q.guided = guided;
    lc::robot::SearchResult found;
    found.cost = -1;
    assert_true(lc::robot::search(robot, turns, q, found));
    return found.cost;
}

void guided_search_finds_the_optimum(void **) {
    std::mt19937 rng(23);
    for (const char *spec : kRobots) {
        auto robot = rt::robot(spec);
        assert_non_null(robot->rotation_bound());
        for (int i = 0; i < 5; ++i) {
            const auto turns = lc::robot::face_turns(rt::random_moves(rng, 2 + i % 6));
            const int64_t guided = least_time(*robot, turns, true), plain = least_time(*robot, turns, false);
            if (guided != plain) print_error("%s: guided %lld, plain %lld\n", spec, (long long)guided, (long long)plain);
            assert_int_equal(guided, plain);
        }
    }
}

void the_bound_at_the_start_is_never_more_than_the_optimum(void **) {
    std::mt19937 rng(29);
    for (const char *spec : kRobots) {
        auto robot = rt::robot(spec);
        const RotationBound &rb = *robot->rotation_bound();
        const uint32_t rest = uint32_t(robot->live_index(robot->model().initial()));
        for (int i = 0; i < 5; ++i) {
            const auto turns = lc::robot::face_turns(rt::random_moves(rng, 3 + i));
            RotationChain chain;
            chain.build(rb, turns, 0, turns.size(), true);
            const int64_t bound = chain.from_state(rb, rest, 0, 0, 0);
            assert_true(bound > 0);
            assert_true(bound <= least_time(*robot, turns, true));
        }
    }
}

// Two commuting turns go in either order or in one step; three on one axis could go in orders the
// estimate does not try (robot-aware solving does not take it as a bound then).
void the_estimate_is_a_bound_without_three_turns_on_an_axis(void **) {
    auto robot = rt::robot("four-arm");
    const RotationBound &rb = *robot->rotation_bound();
    const uint32_t rest = uint32_t(robot->live_index(robot->model().initial()));
    std::mt19937 rng(31);
    int tried = 0, paired = 0;
    while (tried < 12) {
        const auto turns = lc::robot::face_turns(rt::random_moves(rng, 6));
        auto opposite = [&](size_t k) { return turns[k].face == lc::robot::kOpposite[turns[k - 1].face]; };
        bool three = false, two = false;
        for (size_t k = 1; k < turns.size(); ++k) {
            two = two || opposite(k);
            three = three || (k >= 2 && opposite(k) && opposite(k - 1));
        }
        if (three) continue;
        ++tried;
        paired += two;
        const int64_t estimate = rb.estimate(turns, rest);
        assert_true(estimate > 0);
        assert_true(estimate <= least_time(*robot, turns, true));
    }
    assert_true(paired > 0);
    assert_int_equal(rb.estimate({}, rest), 0);
    // Opposite faces in one step: R L' takes no longer than R alone.
    const int64_t r = rb.estimate(lc::robot::face_turns(rt::moves("R")), rest);
    assert_int_equal(rb.estimate(lc::robot::face_turns(rt::moves("R L'")), rest), r);
}

void a_turn_at_an_arm_is_quicker_than_one_that_needs_a_rotation(void **) {
    auto robot = rt::robot("four-arm");
    const RotationBound &rb = *robot->rotation_bound();
    const uint32_t rest = uint32_t(robot->live_index(robot->model().initial()));
    // R is at an arm; U must first be rotated to one.
    assert_true(rb.estimate(lc::robot::face_turns(rt::moves("R")), rest) <
                rb.estimate(lc::robot::face_turns(rt::moves("U")), rest));
    // The quickest R from rest: one twist, with no rotation before it (orientation 0).
    const int64_t twist = rb.from_state(rest, 0, 1, 1);
    assert_int_equal(rb.estimate(lc::robot::face_turns(rt::moves("R")), rest), twist);
    assert_true(rb.least() <= twist);
}

void robots_with_few_states_have_none(void **) {
    for (const char *spec : {"six-motor", "two-gripper", "turntable-flipper", "hold-and-flip"})
        assert_null(rt::robot(spec)->rotation_bound());
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(guided_search_finds_the_optimum),
        cmocka_unit_test(the_bound_at_the_start_is_never_more_than_the_optimum),
        cmocka_unit_test(the_estimate_is_a_bound_without_three_turns_on_an_axis),
        cmocka_unit_test(a_turn_at_an_arm_is_quicker_than_one_that_needs_a_rotation),
        cmocka_unit_test(robots_with_few_states_have_none),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
