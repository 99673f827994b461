// SequenceCost: the time of a whole face-turn sequence by a programme over robot states, which
// robot-aware solving ranks candidates with. It must be the planner's optimum, move by move as a whole.
#include <random>
#include <vector>

#include "robot/normalize.hpp"
#include "robot/orient.hpp"
#include "robot/sequence_cost.hpp"
#include "robot_util.hpp"  // last: it brings in cmocka

using lc::robot::SequenceCost;
using lc::robot::Strategy;

namespace {

// The families it times (four-arm has too many mechanical states), with a per-actuator key or two.
const char *const kRobots[] = {"six-motor", "two-gripper", "turntable-flipper", "hold-and-flip",
                               "turntable-flipper:table.spin90=300,table.turn90=420,holder.close=200",
                               "two-gripper:D.wrist.spin90=250",
                               "hold-and-flip:cover.close-flip=600,table.turn-cw90=520"};

int64_t planned(const std::shared_ptr<const lc::robot::Robot> &robot, const lc::MoveList &m) {
    lc::robot::Plan p;
    lc::robot::make_plan(robot, m, lc::robot::PlanQuery(Strategy::kOptimal), p);
    return p.total_us;
}

void times_match_the_planner(void **) {
    std::mt19937 rng(7);
    for (const char *spec : kRobots) {
        auto robot = rt::robot(spec);
        const SequenceCost *cost = robot->sequence_cost();
        if (!cost) print_error("%s is not timed\n", spec);
        assert_non_null(cost);
        for (int i = 0; i < 40; ++i) {
            const lc::MoveList m = rt::random_moves(rng, 1 + i % 22);
            const int64_t want = planned(robot, m);
            const int64_t got = cost->time(lc::robot::face_turns(m));
            if (got != want) print_error("%s, %d moves: %lld, planner %lld\n", spec, int(m.size()), (long long)got,
                                         (long long)want);
            assert_int_equal(got, want);
        }
    }
}

void step_by_step_is_the_whole(void **) {
    std::mt19937 rng(11);
    auto robot = rt::robot("turntable-flipper");
    const SequenceCost &cost = *robot->sequence_cost();
    for (int i = 0; i < 20; ++i) {
        const auto turns = lc::robot::face_turns(rt::random_moves(rng, 18));
        SequenceCost::Frontier now, next;
        cost.begin(now);
        for (size_t k = 0; k < turns.size();) {
            const bool paired = k + 1 < turns.size() && turns[k + 1].face == lc::robot::kOpposite[turns[k].face];
            if (paired) cost.then_pair(now, turns[k], turns[k + 1], SequenceCost::kNever, next);
            else cost.then(now, turns[k].face, turns[k].amount, SequenceCost::kNever, next);
            k += paired ? 2 : 1;
            now.swap(next);
        }
        assert_int_equal(cost.finish(now), cost.time(turns));
    }
}

void a_bound_cuts_the_work_short(void **) {
    auto robot = rt::robot("turntable-flipper");
    const SequenceCost &cost = *robot->sequence_cost();
    const auto turns = lc::robot::face_turns(rt::moves("R U F2 L' B D2 R"));
    const int64_t t = cost.time(turns);
    assert_int_equal(t, 13100000);  // as the planner says (plan_tool)
    assert_int_equal(cost.time(turns, t + 1), t);
    assert_int_equal(cost.time(turns, t), SequenceCost::kNever);
}

void bounds_are_never_more_than_a_turn_takes(void **) {
    auto robot = rt::robot("turntable-flipper");
    const SequenceCost &cost = *robot->sequence_cost();
    // release + flip + clamp + quarter turn, and release.
    assert_int_equal(cost.least_turn(), 250000 + 700000 + 250000 + 350000);
    assert_int_equal(cost.least_finish(), 250000);
}

void too_many_states_are_not_timed(void **) {
    auto robot = rt::robot("four-arm");
    assert_null(robot->sequence_cost());
    const SequenceCost cost(*robot);
    assert_false(cost.supported());
    assert_int_equal(cost.time(lc::robot::face_turns(rt::moves("R U"))), SequenceCost::kNever);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(times_match_the_planner),
        cmocka_unit_test(step_by_step_is_the_whole),
        cmocka_unit_test(a_bound_cuts_the_work_short),
        cmocka_unit_test(bounds_are_never_more_than_a_turn_takes),
        cmocka_unit_test(too_many_states_are_not_timed),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
