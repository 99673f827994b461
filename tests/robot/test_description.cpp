// Robot description 2: per-actuator keys (parsed, applied, written back), their validation, limited and
// one-way actuators in plans, and the hold-and-flip family.
#include <random>

#include "error.hpp"
#include "robot/positions.hpp"
#include "robot_util.hpp"  // last: it brings in cmocka

using namespace lc::robot;

namespace {

using rt::says;

// The code and message a spec is refused with (parse and robot), or CUBE_OK.
cube_status refusal(const char *spec, std::string &why) {
    try {
        Robot r(parse_spec(spec));
    } catch (const lc::Error &e) {
        why = e.what();
        return e.status;
    }
    return CUBE_OK;
}

void assert_refused(const char *spec, cube_status status, const char *needle) {
    std::string why;
    const cube_status got = refusal(spec, why);
    if (got != status) print_error("%s: status %d, expected %d (%s)\n", spec, int(got), int(status), why.c_str());
    assert_int_equal(got, status);
    assert_true(says(why, needle));
}

int index_of(const Model &m, const char *name) {
    for (int i = 0; i < m.actuators(); ++i)
        if (std::string(m.actuator_name(i)) == name) return i;
    print_error("no actuator %s\n", name);
    fail();
    return -1;
}

// Every key applies and comes back in the canonical text, which parses to the same table.
void keys_round_trip(void **) {
    struct Case {
        const char *spec, *canonical_keys;
    };
    const Case cases[] = {
        {"six-motor:U.directions=cw", ",U.directions=cw"},
        {"six-motor:U.directions=cw,U.cw270=45", ",U.cw270=45,U.directions=cw"},
        {"four-arm:L.twist.cw90=200", ",L.twist.cw90=200"},
        {"six-motor:R.turn-cw90=15,R.turn-ccw90=25", ",R.turn-cw90=15,R.turn-ccw90=25"},
        {"six-motor:F.turn90=18,F.turn180=30,F.ccw270=70,F.directions=ccw", ",F.ccw270=70,F.turn90=18,F.turn180=30,F.directions=ccw"},
        {"turntable-flipper:table.spin90=300,table.turn90=420,holder.close=200,holder.open=150,flipper.flip=650,"
         "table.range=1",
         ",table.turn90=420,table.spin90=300,table.range=1,flipper.flip=650,holder.open=150,holder.close=200"},
        {"four-arm:R.twist.turn-ccw180=450,R.slide.open-close=120,L.twist.range=2",
         ",L.twist.range=2,R.twist.turn-ccw180=450,R.slide.close=120"},
        {"two-gripper:D.wrist.spin90=250,L.grip.close=140", ",D.wrist.spin90=250,L.grip.close=140"},
        {"hold-and-flip:cover.close-flip=600,cover.flip=500,table.range=2",
         ",table.range=2,cover.flip=500"},
        {"hold-and-flip:cover.close-flip=600,cover.flip-close=300", ",cover.flip-close=300,cover.close-flip=600"},
        {"hold-and-flip:table.spin90=350,table.spin-cw180=600,table.spin-ccw180=650",
         ",table.spin90=350,table.spin-cw180=600,table.spin-ccw180=650"},
    };
    for (const Case &c : cases) {
        auto r = rt::robot(c.spec);
        const std::string spec = r->spec();
        if (!says(spec, c.canonical_keys)) fail();
        auto again = rt::robot(spec.c_str());
        assert_string_equal(again->spec().c_str(), spec.c_str());
    }
    // The values reach the model.
    auto tt = rt::robot("turntable-flipper:table.spin90=300,table.turn90=420,holder.close=200,holder.open=150");
    const Model &m = tt->model();
    const int table = index_of(m, "table"), holder = index_of(m, "holder");
    assert_int_equal(m.timing(table).turn(kSpin, 1), 300000);
    assert_int_equal(m.timing(table).turn(kLayer, -1), 420000);
    assert_int_equal(m.timing(table).turn(kLayer, 2), 600000);  // the uniform half turn
    assert_int_equal(m.timing(holder).move_us[0][1], 200000);
    assert_int_equal(m.timing(holder).move_us[1][0], 150000);
    // Later keys win.
    assert_int_equal(rt::robot("six-motor:U.cw90=30,U.turn-cw90=25")->model().timing(0).turn(kLayer, 1), 25000);
    // The file form takes the same keys.
    auto file = rt::robot("model = hold-and-flip\n# the cover of my robot\ncover.close-flip = 600\ntable.turn90 = 520\n");
    assert_true(says(file->spec(), "table.turn90=520"));
    assert_true(says(file->spec(), "cover.close-flip=600"));
}

// Each kind of bad description is refused with a message that says what is wrong.
void validation_messages(void **) {
    assert_refused("turntable-flipper:arm.cw90=3", CUBE_ERROR_PARSE, "has no actuator \"arm\": its actuators are table, flipper, holder");
    assert_refused("turntable-flipper:table.close=3", CUBE_ERROR_PARSE, "its keys are [turn|spin][-][cw|ccw]90|180|270");
    assert_refused("turntable-flipper:holder.flip=3", CUBE_ERROR_PARSE, "positions are open, close");
    assert_refused("hold-and-flip:cover.open-open=3", CUBE_ERROR_PARSE, "positions are open, close, flip");
    assert_refused("turntable-flipper:flipper.rest=3", CUBE_ERROR_PARSE, "positions are rest, flip");
    assert_refused("hold-and-flip:table.directions=left", CUBE_ERROR_PARSE, "expected cw, ccw or both");
    assert_refused("six-motor:U.cw90=0", CUBE_ERROR_PARSE, "expected milliseconds");
    assert_refused("six-motor:U.cw90=0.0004", CUBE_ERROR_PARSE, "rounds to 0 us");
    assert_refused("turntable-flipper:holder.close=600001", CUBE_ERROR_PARSE, "0 < ms <= 600000");
    assert_refused("hold-and-flip:table.range=3", CUBE_ERROR_PARSE, "expected an integer 0..2");
    assert_refused("six-motor:.cw90=3", CUBE_ERROR_PARSE, "has no actuator \"\"");
    // The uniform pair too: a half turn is never quicker than a quarter turn, also when one is a default.
    assert_refused("six-motor:turn90=40,turn180=35", CUBE_ERROR_INVALID_ARGUMENT,
                   "turn180 (35 ms) is quicker than turn90 (40 ms)");
    assert_refused("six-motor:turn90=40", CUBE_ERROR_INVALID_ARGUMENT, "give both keys");
    assert_refused("six-motor:U.turn180=10", CUBE_ERROR_INVALID_ARGUMENT,
                   "U.turn-cw180 = 10 ms is quicker than U.turn-cw90 = 20 ms");
    assert_refused("six-motor:U.range=1", CUBE_ERROR_INVALID_ARGUMENT, "six-motor motors turn without end stops");
    assert_refused("hold-and-flip:table.range=0", CUBE_ERROR_INVALID_ARGUMENT, "table.range = 0");
    // A face no actuator can turn, and why.
    assert_refused("hold-and-flip:table.directions=cw", CUBE_ERROR_INVALID_ARGUMENT, "cannot turn ");
    assert_refused("hold-and-flip:table.directions=cw", CUBE_ERROR_INVALID_ARGUMENT,
                   "table turns only clockwise between end stops (range 1), so it cannot come back");
    // A one-way wrist of a two-gripper robot cannot unwind: its faces are out of reach.
    assert_refused("two-gripper:range=2,L.wrist.directions=ccw", CUBE_ERROR_INVALID_ARGUMENT,
                   "L.wrist turns only counter-clockwise between end stops (range 2), so it cannot come back");
    assert_refused("four-arm:parallel=0", CUBE_ERROR_INVALID_ARGUMENT, "cannot turn U (U, U2, U') or D (D, D2, D')");
}

// Replays a plan's steps on positions: calls `seen` with the positions after each step.
template <typename Seen> void replay(const Plan &p, Seen seen) {
    std::vector<int32_t> pos = p.start_positions;
    for (size_t i = 0; i < p.actions.size();) {
        CmdSet cs;
        size_t j = i;
        for (; j < p.actions.size() && p.actions[j].start_us == p.actions[i].start_us; ++j)
            cs.add({uint8_t(p.actions[j].actuator), uint8_t(p.actions[j].kind), int8_t(p.actions[j].param)});
        pos = step_positions(*p.robot, pos, cs, nullptr);
        seen(pos);
        i = j;
    }
}

Plan plan_of(const std::shared_ptr<const Robot> &r, const lc::MoveList &m, Strategy s) {
    Plan p;
    make_plan(r, m, lc::robot::PlanQuery(s), p);
    const std::string why = check_plan(p);
    if (!why.empty()) print_error("%s on %s: %s\n", lc::format_moves(m).c_str(), r->spec().c_str(), why.c_str());
    assert_true(why.empty());
    return p;
}

// A table with end stops stays within them in every plan.
void limited_tables_stay_in_range(void **) {
    std::mt19937 rng(16);
    for (const char *spec : {"hold-and-flip", "hold-and-flip:table.range=2", "turntable-flipper:table.range=1"}) {
        auto r = rt::robot(spec);
        const int table = index_of(r->model(), "table");
        const int range = r->model().timing(table).range;
        for (int n = 0; n < 12; ++n) {
            const lc::MoveList m = rt::random_moves(rng, 1 + n * 2);
            for (Strategy s : {Strategy::kOptimal, Strategy::kGreedy, Strategy::kNaive})
                replay(plan_of(r, m, s), [&](const std::vector<int32_t> &pos) {
                    if (pos[size_t(table)] > range || pos[size_t(table)] < -range)
                        print_error("%s: table at %d\n", spec, pos[size_t(table)]);
                    assert_true(pos[size_t(table)] <= range && pos[size_t(table)] >= -range);
                });
        }
    }
}

// One-way actuators never turn the other way (and use three quarters where a quarter back is needed).
void one_way_actuators_keep_their_way(void **) {
    struct Case {
        const char *spec, *actuator;
        int sign;  // the allowed sign of its turns
    };
    const Case cases[] = {
        {"six-motor:U.directions=cw", "U", 1},
        {"six-motor:R.directions=ccw", "R", -1},
        {"turntable-flipper:table.directions=ccw", "table", -1},
        {"four-arm:R.twist.directions=cw", "R.twist", 1},
        {"four-arm:R.twist.range=0,R.twist.directions=cw", "R.twist", 1},
        {"two-gripper:D.wrist.range=0,D.wrist.directions=ccw", "D.wrist", -1},
    };
    std::mt19937 rng(17);
    for (const Case &c : cases) {
        auto r = rt::robot(c.spec);
        const int a = index_of(r->model(), c.actuator);
        for (int n = 0; n < 8; ++n) {
            const lc::MoveList m = rt::random_moves(rng, 2 + n * 3);
            for (Strategy s : {Strategy::kOptimal, Strategy::kNaive}) {
                const Plan p = plan_of(r, m, s);
                for (const Action &x : p.actions)
                    if (x.actuator == a && x.kind == kTurn && x.param * c.sign < 0) {
                        print_error("%s: %s turned %d\n", c.spec, c.actuator, x.param);
                        fail();
                    }
            }
        }
    }
    // A continuous one-way arm does turn its face: R' as three quarters clockwise.
    const Plan arm = plan_of(rt::robot("four-arm:R.twist.range=0,R.twist.directions=cw"), rt::moves("R'"),
                             Strategy::kOptimal);
    bool three = false;
    for (const Action &x : arm.actions)
        three |= x.actuator == 2 && x.param == 3 && x.move_index == 0;
    assert_true(three);
    // U' on a clockwise-only motor: three quarters clockwise.
    const Plan p = plan_of(rt::robot("six-motor:U.directions=cw"), rt::moves("U'"), Strategy::kOptimal);
    assert_int_equal(p.actions.size(), 1);
    assert_int_equal(p.actions[0].param, 3);
    assert_int_equal(p.total_us, 50000);  // a half turn plus what a half adds to a quarter
}

// hold-and-flip: its physics, its times and its plans.
void hold_and_flip(void **) {
    auto r = rt::robot("hold-and-flip");
    const Model &m = r->model();
    assert_int_equal(m.actuators(), 2);
    assert_string_equal(m.actuator_name(0), "table");
    assert_string_equal(m.actuator_name(1), "cover");
    assert_true(rest_positions(*r) == (std::vector<int32_t>{0, 0}));
    // Cover open: the table spins the cube; closed: it turns D, slower; at flip: it may not turn.
    std::vector<int32_t> at = rest_positions(*r);
    std::string cube = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    CmdSet spin;
    spin.add({0, kTurn, 1});
    at = step_positions(*r, at, spin, &cube);
    // Clockwise seen from below (as D turns): the front face goes to the right (a y').
    assert_string_equal(cube.c_str(), "UUUUUUUUUFFFFFFFFFLLLLLLLLLDDDDDDDDDBBBBBBBBBRRRRRRRRR");
    assert_int_equal(m.duration(mech_of(*r, {0, 0}), spin, 0), 400000);
    assert_int_equal(m.duration(mech_of(*r, {0, 1}), spin, 0), 500000);
    CmdSet close, flip, open;
    close.add({1, kGrip, 1});
    flip.add({1, kFlip, 1});
    open.add({1, kGrip, 0});
    assert_int_equal(m.duration(mech_of(*r, {0, 1}), flip, 0), 650000);  // close -> flip
    assert_int_equal(m.duration(mech_of(*r, {0, 0}), flip, 0), 450000);  // open -> flip
    assert_int_equal(m.duration(mech_of(*r, {0, 2}), close, 0), 450000);  // flip -> close
    assert_true(at == (std::vector<int32_t>{1, 0}));  // at the end stop
    try {
        step_positions(*r, at, spin, nullptr);
        fail();
    } catch (const lc::Error &e) {
        assert_true(says(e.what(), "end stop"));
    }
    at = step_positions(*r, {0, 1}, flip, &cube);  // close -> flip directly, tipping the cube
    assert_true(at == (std::vector<int32_t>{0, 2}));
    try {
        step_positions(*r, at, spin, nullptr);
        fail();
    } catch (const lc::Error &e) {
        assert_true(says(e.what(), "while the cover is at flip"));
    }
    try {
        step_positions(*r, at, flip, nullptr);
        fail();
    } catch (const lc::Error &e) {
        assert_true(says(e.what(), "already at flip"));
    }
    assert_true(step_positions(*r, at, close, nullptr) == (std::vector<int32_t>{0, 1}));
    try {
        mech_of(*r, {2, 0});
        fail();
    } catch (const lc::Error &e) {
        assert_true(says(e.what(), "table at 2"));
    }
    // Plans check, faster than naive, and a direct close -> flip is used where it pays.
    std::mt19937 rng(18);
    int64_t optimal = 0, naive = 0;
    bool direct = false;
    for (int n = 0; n < 10; ++n) {
        const lc::MoveList moves = rt::random_moves(rng, 10);
        const Plan p = plan_of(r, moves, Strategy::kOptimal);
        optimal += p.total_us;
        naive += plan_of(r, moves, Strategy::kNaive).total_us;
        plan_of(r, moves, Strategy::kGreedy);
        int cover = 0;
        for (const Action &x : p.actions) {
            if (x.actuator != 1) continue;
            direct |= cover == 1 && x.kind == kFlip;
            cover = x.kind == kFlip ? 2 : x.param;
        }
    }
    assert_true(optimal < naive);
    assert_true(direct);
    // The scan plan shows six faces, each with the cover open, and ends at rest.
    const Plan scan = make_scan_plan(r);
    assert_int_equal(scan.frames.size(), 6);
    assert_true(check_plan(scan).empty());
    for (const ScanFrame &f : scan.frames) {
        std::vector<int32_t> cover_at = scan.start_positions;
        Plan first = scan;
        first.actions.resize(size_t(f.actions_done));
        replay(first, [&](const std::vector<int32_t> &pos) { cover_at = pos; });
        assert_int_equal(cover_at[1], 0);
    }
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_round_trip),
        cmocka_unit_test(validation_messages),
        cmocka_unit_test(limited_tables_stay_in_range),
        cmocka_unit_test(one_way_actuators_keep_their_way),
        cmocka_unit_test(hold_and_flip),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
