// The mechanism rules and the replay check: what each robot must refuse, and doctored plans caught.
#include "error.hpp"
#include "robot_util.hpp"

using namespace lc::robot;

static bool allowed(const char *spec, uint32_t mech, std::initializer_list<Cmd> cmds, std::string *why = nullptr) {
    auto r = rt::robot(spec);
    CmdSet s;
    for (const Cmd &c : cmds)
        s.add(c);
    uint32_t next;
    Effect e;
    return r->model().simulate(mech, s, next, e, why);
}

// Mechanical state after a list of steps from the initial one (each must be allowed).
static uint32_t after(const char *spec, std::initializer_list<std::initializer_list<Cmd>> steps) {
    auto r = rt::robot(spec);
    uint32_t m = r->model().initial();
    for (auto cmds : steps) {
        CmdSet s;
        for (const Cmd &c : cmds)
            s.add(c);
        Effect e;
        std::string why;
        if (!r->model().simulate(m, s, m, e, &why)) {
            std::printf("  setup step refused: %s\n", why.c_str());
            ++rt::failures();
        }
    }
    return m;
}

// four-arm actuators: 0 L.twist 1 L.slide 2 R.twist 3 R.slide 4 F.twist 5 F.slide 6 B.twist 7 B.slide
TEST(four_arm_rules) {
    const char *fa = "four-arm";
    uint32_t home = rt::robot(fa)->model().initial();
    std::string why;
    CHECK(allowed(fa, home, {{2, kTurn, 1}}));         // R turn, F/B hold the slice
    CHECK(!allowed(fa, home, {{2, kTurn, 3}}));        // no such twist
    CHECK(!allowed(fa, home, {{2, kTurn, 2}}, &why));  // half turn from neutral passes the end stop
    CHECK(why.find("end stop") != std::string::npos);
    CHECK(!allowed(fa, home, {{0, kTurn, 1}, {4, kTurn, 1}}));  // perpendicular arms together
    uint32_t f_odd = after(fa, {{{4, kTurn, 1}}});              // F turned: its claw lies across L and R
    CHECK(!allowed(fa, f_odd, {{2, kTurn, 1}}, &why));
    CHECK(why.find("across") != std::string::npos);
    uint32_t no_fb = after(fa, {{{5, kGrip, 0}, {7, kGrip, 0}}});  // F and B retracted
    CHECK(!allowed(fa, no_fb, {{2, kTurn, 1}}, &why));             // only L holds: the slice would drift
    CHECK(why.find("drift") != std::string::npos);
    CHECK(!allowed(fa, no_fb, {{1, kGrip, 0}}, &why));  // the cube would drop
    CHECK(why.find("drop") != std::string::npos);
    CHECK(allowed(fa, no_fb, {{0, kTurn, 1}, {2, kTurn, -1}}));  // L and R carry the cube round: x'
    CHECK(!allowed(fa, no_fb, {{0, kTurn, 1}, {2, kTurn, 1}}));  // twisting against each other
    CHECK(!allowed(fa, home, {{1, kGrip, 1}}));                  // already engaged
    CHECK(!allowed(fa, home, {{2, kTurn, 1}, {3, kGrip, 0}}));   // slide and twist one arm at once
}

// two-gripper actuators: 0 D.wrist 1 D.grip 2 L.wrist 3 L.grip
TEST(two_gripper_rules) {
    const char *tg = "two-gripper";
    uint32_t home = rt::robot(tg)->model().initial();
    CHECK(allowed(tg, home, {{0, kTurn, 1}}));
    CHECK(!allowed(tg, home, {{0, kTurn, 1}, {2, kTurn, 1}}));
    uint32_t d_odd = after(tg, {{{0, kTurn, 1}}});
    CHECK(!allowed(tg, d_odd, {{2, kTurn, 1}}));  // D's jaws across the L layer
    uint32_t l_open = after(tg, {{{3, kGrip, 0}}});
    CHECK(!allowed(tg, l_open, {{1, kGrip, 0}}));                // both open: the cube drops
    CHECK(allowed(tg, l_open, {{0, kTurn, 1}, {2, kTurn, 1}}));  // D rotates the cube while L unwinds
}

// turntable-flipper actuators: 0 table 1 flipper 2 holder
TEST(turntable_rules) {
    const char *tt = "turntable-flipper";
    uint32_t clamped = after(tt, {{{2, kGrip, 1}}});
    CHECK(!allowed(tt, clamped, {{1, kFlip, 1}}));
    CHECK(allowed(tt, 0, {{1, kFlip, 1}}));
    CHECK(!allowed(tt, 0, {{0, kTurn, 1}, {2, kGrip, 1}}));
}

TEST(six_motor_rules) {
    CHECK(allowed("six-motor", 0, {{0, kTurn, 1}, {3, kTurn, -1}}));
    CHECK(!allowed("six-motor", 0, {{0, kTurn, 1}, {1, kTurn, 1}}));
    CHECK(!allowed("six-motor:parallel=0", 0, {{0, kTurn, 1}, {3, kTurn, 1}}));
}

static Plan plan_of(const char *spec, const char *moves) {
    Plan p;
    make_plan(rt::robot(spec), rt::moves(moves), Strategy::kOptimal, -1, p);
    return p;
}

static bool says(const std::string &why, const char *needle) {
    if (why.find(needle) != std::string::npos) return true;
    std::printf("  check said \"%s\", expected \"%s\"\n", why.c_str(), needle);
    return false;
}

TEST(check_catches_doctored_plans) {
    Plan p = plan_of("four-arm", "R U F");
    CHECK(check_plan(p).empty());
    Plan q = p;
    q.actions[0].end_us -= 1000;  // faster than the servo
    CHECK(says(check_plan(q), "hardware needs"));
    q = p;
    q.actions[1].start_us = q.actions[0].start_us;  // two steps merged: overlapping on one actuator or refused
    q.actions[1].end_us = q.actions[1].start_us + 150000;
    CHECK(!check_plan(q).empty());
    q = p;
    q.actions.erase(q.actions.begin());  // the first turn skipped
    CHECK(!check_plan(q).empty());
    q = p;
    q.moves = rt::moves("R U F'");  // plan does not match the sequence
    CHECK(says(check_plan(q), "not solved"));
    q = p;
    q.total_us += 1;
    CHECK(says(check_plan(q), "takes"));
    Plan s = plan_of("six-motor", "U D");
    s.actions[1].actuator = 1;  // U with R together
    CHECK(says(check_plan(s), "refuses"));
}

TEST(spec_parsing) {
    Params p = parse_spec("four-arm:turn90=200,grip=120.5");
    CHECK(p.family == Family::kFourArm);
    CHECK_EQ(p.turn90_us, 200000);
    CHECK_EQ(p.grip_us, 120500);
    CHECK_EQ(p.turn180_us, 400000);
    p = parse_spec("# my robot\nmodel = two-gripper\nturn90 = 280\nrange = 2\n");
    CHECK(p.family == Family::kTwoGripper);
    CHECK_EQ(p.twist_range, 2);
    for (const char *bad : {"", "five-arm", "four-arm:turn90=-1", "four-arm:speed=3", "four-arm:range=3",
                            "four-arm:turn90=abc", "six-motor,four-arm"}) {
        bool threw = false;
        try {
            parse_spec(bad);
        } catch (const lc::Error &e) {
            threw = e.status == CUBE_ERROR_PARSE;
        }
        if (!threw) std::printf("  accepted bad spec \"%s\"\n", bad);
        CHECK(threw);
    }
    CHECK(parse_spec(rt::robot("four-arm:turn90=210")->spec()).turn90_us == 210000);
}
TEST_MAIN()
