// Event-driven timelines: plans start each step as soon as the rules allow (never later than step by
// step), the six-motor overlap, and check_plan() refusing plans that break each rule.
#include <random>

#include "error.hpp"
#include "robot/robot.hpp"
#include "../repeats.hpp"
#include "robot_util.hpp"  // last: it brings in cmocka

using namespace lc::robot;

namespace {

using rt::says;

Plan plan_of(const char *spec, const char *moves) {
    Plan p;
    make_plan(rt::robot(spec), rt::moves(moves), lc::robot::PlanQuery(Strategy::kOptimal), p);
    return p;
}

// The plan's time if every step waited for the previous one to end.
int64_t step_by_step_us(const Plan &p) {
    int64_t total = 0;
    for (size_t i = 0; i < p.actions.size();) {
        int64_t longest = 0;
        size_t j = i;
        for (; j < p.actions.size() && p.actions[j].start_us == p.actions[i].start_us; ++j)
            longest = std::max<int64_t>(longest, p.actions[j].end_us - p.actions[j].start_us);
        total += longest;
        i = j;
    }
    return total;
}

// Moves action `i` to start at `start`, keeping its length, and the plan's total in step.
void move_action(Plan &p, size_t i, int32_t start) {
    p.actions[i].end_us = start + (p.actions[i].end_us - p.actions[i].start_us);
    p.actions[i].start_us = start;
    p.total_us = 0;
    for (const Action &a : p.actions)
        p.total_us = std::max<int64_t>(p.total_us, a.end_us);
}

void never_longer_than_step_by_step(void **) {
    std::mt19937 rng(16);
    for (const char *spec : {"six-motor", "six-motor:overlap=0.3", "six-motor:parallel=0", "four-arm",
                             "four-arm:range=2", "two-gripper", "turntable-flipper"}) {
        for (int i = 0; i < repeats(10); ++i) {
            Plan p;
            make_plan(rt::robot(spec), rt::random_moves(rng, 20), lc::robot::PlanQuery(Strategy::kOptimal), p);
            const std::string why = check_plan(p);
            if (!why.empty()) print_error("%s: %s\n", spec, why.c_str());
            assert_true(why.empty());
            assert_true(p.total_us <= step_by_step_us(p));
        }
    }
}

void six_motor_waits_for_adjacent_turns(void **) {
    Plan p = plan_of("six-motor", "U R");  // 20 ms quarters
    assert_int_equal(p.actions.size(), 2);
    assert_int_equal(p.actions[1].start_us, 20000);
    assert_true(check_plan(p).empty());
    Plan q = p;
    move_action(q, 1, 10000);
    assert_true(says(check_plan(q), "action 1: starts at 10000 us while the adjacent turn action 0 (U turn +1)"));
    assert_true(says(check_plan(q), "(overlap=0: a face waits for adjacent layers to stop)"));
}

void six_motor_overlap_starts_at_the_fraction(void **) {
    Plan p = plan_of("six-motor:overlap=0.3", "U R F");
    assert_int_equal(p.actions.size(), 3);
    assert_int_equal(p.actions[1].start_us, 14000);  // U has done 70% of its 20 ms
    assert_int_equal(p.actions[2].start_us, 28000);
    assert_int_equal(p.total_us, 48000);
    assert_true(check_plan(p).empty());
    Plan q = p;
    move_action(q, 1, 13999);
    assert_true(
        says(check_plan(q), "before the adjacent turn action 0 (U turn +1) has done 70% of its time at 14000 us"));
    // R and F start at their thresholds; F is adjacent to U too, which ended long before.
    q = p;
    move_action(q, 2, 27000);
    assert_true(says(check_plan(q), "action 2: starts at 27000 us, before the adjacent turn action 1 (R turn +1)"));
    assert_true(says(check_plan(q), "(overlap=0.3)"));
}

void opposite_faces_never_block(void **) {
    // U, then D starting while U turns: the same as turning them together.
    Plan p = plan_of("six-motor:overlap=0.3", "U D");
    assert_int_equal(p.actions[0].start_us, p.actions[1].start_us);  // the search pairs them
    Plan q = p;
    move_action(q, 1, 5000);
    assert_true(check_plan(q).empty());
    // Without parallel steps they may not turn together, nor overlap.
    Plan serial = plan_of("six-motor:parallel=0", "U D");
    assert_int_equal(serial.actions[1].start_us, 20000);
    move_action(serial, 1, 5000);
    assert_true(says(check_plan(serial), "cannot do both at once"));
}

void arms_wait_for_what_they_depend_on(void **) {
    // Move each later step of a four-arm plan to 1 us after the one before it: one that depends on an
    // earlier step still moving (grip before twist, twist before regrip) is refused.
    Plan p = plan_of("four-arm", "R U F");
    assert_true(check_plan(p).empty());
    int refused = 0;
    for (size_t i = 1; i < p.actions.size(); ++i) {
        if (p.actions[i].start_us == p.actions[i - 1].start_us) continue;
        Plan q = p;
        const int32_t shift = p.actions[i].start_us - (p.actions[i - 1].start_us + 1);
        for (size_t k = i; k < q.actions.size(); ++k)
            move_action(q, k, q.actions[k].start_us - shift);
        const std::string why = check_plan(q);
        if (why.empty()) continue;  // nothing it depends on was moving: the planner would have done the same
        ++refused;
        const bool named =
            why.find("depends on it") != std::string::npos || why.find("busy until") != std::string::npos;
        if (!named) print_error("unexpected message: %s\n", why.c_str());
        assert_true(named);
    }
    assert_true(refused > 0);
}

void overlap_in_the_spec(void **) {
    auto r = rt::robot("six-motor:overlap=0.3");
    assert_int_equal(r->params().overlap_permille, 300);
    assert_true(says(r->spec(), ",overlap=0.3"));
    assert_int_equal(parse_spec(r->spec()).overlap_permille, 300);
    assert_true(rt::robot("six-motor")->spec().find("overlap") == std::string::npos);
    assert_int_equal(rt::robot("four-arm:overlap=0")->params().overlap_permille, 0);
    try {
        parse_spec("four-arm:overlap=0.2");
        fail();
    } catch (const lc::Error &e) {
        assert_int_equal(e.status, CUBE_ERROR_INVALID_ARGUMENT);
        assert_true(says(e.what(), "only a six-motor robot cuts corners"));
    }
    for (const char *bad : {"six-motor:overlap=0.6", "six-motor:overlap=-0.1", "six-motor:overlap=x",
                            "six-motor:overlap="}) {
        try {
            parse_spec(bad);
            fail();
        } catch (const lc::Error &e) {
            assert_int_equal(e.status, CUBE_ERROR_PARSE);
            assert_true(says(e.what(), "expected the fraction of a turn, 0 to 0.5"));
        }
    }
    try {
        parse_spec("six-motor:overlap=0.3\xC3\xA9");
        fail();
    } catch (const lc::Error &e) {
        assert_true(says(e.what(), "\"overlap\" = \"0.3\\xC3\\xA9\": expected the fraction"));
    }
    Params big = default_params(Family::kSixMotor);
    big.overlap_permille = 501;
    try {
        check_params(big);
        fail();
    } catch (const lc::Error &e) {
        assert_true(says(e.what(), "overlap_permille 501: must be 0 to 500"));
    }
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(never_longer_than_step_by_step),
        cmocka_unit_test(six_motor_waits_for_adjacent_turns),
        cmocka_unit_test(six_motor_overlap_starts_at_the_fraction),
        cmocka_unit_test(opposite_faces_never_block),
        cmocka_unit_test(arms_wait_for_what_they_depend_on),
        cmocka_unit_test(overlap_in_the_spec),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
