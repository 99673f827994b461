// The mechanism rules and the replay check: what each robot must refuse, and doctored plans caught.
#include "error.hpp"
#include "robot_util.hpp"  // last: it brings in cmocka

using namespace lc::robot;

namespace {

bool allowed(const char *spec, uint32_t mech, std::initializer_list<Cmd> cmds, std::string *why = nullptr) {
    auto r = rt::robot(spec);
    CmdSet s;
    for (const Cmd &c : cmds)
        s.add(c);
    uint32_t next;
    Effect e;
    return r->model().simulate(mech, s, next, e, why);
}

// Mechanical state after a list of steps from the initial one (each must be allowed).
uint32_t after(const char *spec, std::initializer_list<std::initializer_list<Cmd>> steps) {
    auto r = rt::robot(spec);
    uint32_t m = r->model().initial();
    for (auto cmds : steps) {
        CmdSet s;
        for (const Cmd &c : cmds)
            s.add(c);
        Effect e;
        std::string why;
        bool ok = r->model().simulate(m, s, m, e, &why);
        if (!ok) print_error("setup step refused: %s\n", why.c_str());
        assert_true(ok);
    }
    return m;
}

using rt::says;

// four-arm actuators: 0 L.twist 1 L.slide 2 R.twist 3 R.slide 4 F.twist 5 F.slide 6 B.twist 7 B.slide
void four_arm_rules(void **) {
    const char *fa = "four-arm";
    uint32_t home = rt::robot(fa)->model().initial();
    std::string why;
    assert_true(allowed(fa, home, {{2, kTurn, 1}}));         // R turn, F/B hold the slice
    assert_false(allowed(fa, home, {{2, kTurn, 3}}));        // no such twist
    assert_false(allowed(fa, home, {{2, kTurn, 2}}, &why));  // half turn from neutral passes the end stop
    assert_true(says(why, "end stop"));
    assert_false(allowed(fa, home, {{0, kTurn, 1}, {4, kTurn, 1}}));  // perpendicular arms together
    uint32_t f_odd = after(fa, {{{4, kTurn, 1}}});                    // F turned: its claw lies across L and R
    assert_false(allowed(fa, f_odd, {{2, kTurn, 1}}, &why));
    assert_true(says(why, "across"));
    uint32_t no_fb = after(fa, {{{5, kGrip, 0}, {7, kGrip, 0}}});  // F and B retracted
    assert_false(allowed(fa, no_fb, {{2, kTurn, 1}}, &why));       // only L holds: the slice would drift
    assert_true(says(why, "drift"));
    assert_false(allowed(fa, no_fb, {{1, kGrip, 0}}, &why));  // the cube would drop
    assert_true(says(why, "drop"));
    assert_true(allowed(fa, no_fb, {{0, kTurn, 1}, {2, kTurn, -1}}));  // L and R carry the cube round: x'
    assert_false(allowed(fa, no_fb, {{0, kTurn, 1}, {2, kTurn, 1}}));  // twisting against each other
    assert_false(allowed(fa, home, {{1, kGrip, 1}}));                  // already engaged
    assert_false(allowed(fa, home, {{2, kTurn, 1}, {3, kGrip, 0}}));   // slide and twist one arm at once
}

// two-gripper actuators: 0 D.wrist 1 D.grip 2 L.wrist 3 L.grip
void two_gripper_rules(void **) {
    const char *tg = "two-gripper";
    uint32_t home = rt::robot(tg)->model().initial();
    assert_true(allowed(tg, home, {{0, kTurn, 1}}));
    assert_false(allowed(tg, home, {{0, kTurn, 1}, {2, kTurn, 1}}));
    uint32_t d_odd = after(tg, {{{0, kTurn, 1}}});
    assert_false(allowed(tg, d_odd, {{2, kTurn, 1}}));  // D's jaws across the L layer
    uint32_t l_open = after(tg, {{{3, kGrip, 0}}});
    assert_false(allowed(tg, l_open, {{1, kGrip, 0}}));                // both open: the cube drops
    assert_true(allowed(tg, l_open, {{0, kTurn, 1}, {2, kTurn, 1}}));  // D rotates the cube while L unwinds
}

// turntable-flipper actuators: 0 table 1 flipper 2 holder
void turntable_rules(void **) {
    const char *tt = "turntable-flipper";
    uint32_t clamped = after(tt, {{{2, kGrip, 1}}});
    assert_false(allowed(tt, clamped, {{1, kFlip, 1}}));
    assert_true(allowed(tt, 0, {{1, kFlip, 1}}));
    assert_false(allowed(tt, 0, {{0, kTurn, 1}, {2, kGrip, 1}}));
}

void six_motor_rules(void **) {
    assert_true(allowed("six-motor", 0, {{0, kTurn, 1}, {3, kTurn, -1}}));
    assert_false(allowed("six-motor", 0, {{0, kTurn, 1}, {1, kTurn, 1}}));
    assert_false(allowed("six-motor:parallel=0", 0, {{0, kTurn, 1}, {3, kTurn, 1}}));
}

Plan plan_of(const char *spec, const char *moves) {
    Plan p;
    make_plan(rt::robot(spec), rt::moves(moves), lc::robot::PlanQuery(Strategy::kOptimal), p);
    return p;
}

void check_catches_doctored_plans(void **) {
    Plan p = plan_of("four-arm", "R U F");
    assert_true(check_plan(p).empty());
    Plan q = p;
    q.actions[0].end_us -= 1000;  // faster than the servo
    assert_true(says(check_plan(q), "hardware needs"));
    q = p;
    q.actions[1].start_us = q.actions[0].start_us;  // two steps merged: overlapping on one actuator or refused
    q.actions[1].end_us = q.actions[1].start_us + 150000;
    assert_false(check_plan(q).empty());
    q = p;
    q.actions.erase(q.actions.begin());  // the first turn skipped
    assert_false(check_plan(q).empty());
    q = p;
    q.moves = rt::moves("R U F'");  // plan does not match the sequence
    assert_true(says(check_plan(q), "not solved"));
    q = p;
    q.total_us += 1;
    assert_true(says(check_plan(q), "takes"));
    Plan s = plan_of("six-motor", "U D");
    s.actions[1].actuator = 1;  // U with R together
    assert_true(says(check_plan(s), "refuses"));
}

// Whether parse_spec refuses `text` with CUBE_ERROR_PARSE.
bool refused_as_parse_error(const char *text) {
    try {
        parse_spec(text);
    } catch (const lc::Error &e) {
        return e.status == CUBE_ERROR_PARSE;
    }
    print_error("accepted bad spec \"%s\"\n", text);
    return false;
}

void spec_parsing(void **) {
    Params p = parse_spec("four-arm:turn90=200,grip=120.5");
    assert_true(p.family == Family::kFourArm);
    assert_int_equal(p.turn90_us, 200000);
    assert_int_equal(p.grip_us, 120500);
    assert_int_equal(p.turn180_us, 400000);
    p = parse_spec("# my robot\nmodel = two-gripper\nturn90 = 280\nrange = 2\n");
    assert_true(p.family == Family::kTwoGripper);
    assert_int_equal(p.twist_range, 2);
    for (const char *bad : {"", "five-arm", "four-arm:turn90=-1", "four-arm:speed=3", "four-arm:range=3",
                            "four-arm:turn90=abc", "six-motor,four-arm"})
        assert_true(refused_as_parse_error(bad));
    assert_int_equal(parse_spec(rt::robot("four-arm:turn90=210")->spec()).turn90_us, 210000);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(four_arm_rules),
        cmocka_unit_test(two_gripper_rules),
        cmocka_unit_test(turntable_rules),
        cmocka_unit_test(six_motor_rules),
        cmocka_unit_test(check_catches_doctored_plans),
        cmocka_unit_test(spec_parsing),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
