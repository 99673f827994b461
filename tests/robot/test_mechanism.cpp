// The described model: the five families as presets plan exactly as the code models did (their plan
// figures, recorded from the code models before they went), each preset written out as a described
// mechanism is the same robot, and the text form reads back what it writes.
// The exhaustive equivalence (every state, candidate and command against the code models) is the
// commit that brought the described model in.
#include <iterator>
#include <string>

#include "error.hpp"
#include "robot/mechanism.hpp"
#include "robot/robot.hpp"
#include "../repeats.hpp"
#include "robot_util.hpp"  // last: it brings in cmocka

using namespace lc::robot;

namespace {

using rt::says;

const char *const kMoves[2] = {"R U R' U' F2 D L' B2", "U2 D2 F B' L R2 U' B D F' R L2 U F2 B2 L' D R' U2 F"};

struct Golden {
    const char *spec;
    int moves;
    int64_t plan[3][2];  // optimal, greedy, naive: total us and steps (-1: no plan)
};

// Recorded with tests/robot/plan_tool from the code models (main a03fb7e). One figure has changed since: the
// range-2 four-arm's 20 moves are planned in windows, and the planner guided by RotationBound plans them
// 50 ms quicker (11850001 us, was 11900001) with the same physics.
const Golden kGolden[] = {
    // spec, moves 0 or 1; optimal, greedy, naive: total us and steps (-1: no plan)
    {"six-motor", 0, {{190000, 8}, {190000, 8}, {190000, 8}}},
    {"six-motor", 1, {{375000, 15}, {375005, 20}, {505000, 20}}},
    {"six-motor:parallel=0,U.directions=cw", 0, {{220000, 8}, {220000, 8}, {220000, 8}}},
    {"six-motor:parallel=0,U.directions=cw", 1, {{535000, 20}, {535000, 20}, {535000, 20}}},
    {"six-motor:overlap=0.3", 0, {{143500, 8}, {143500, 8}, {190000, 8}}},
    {"six-motor:overlap=0.3", 1, {{268500, 15}, {268505, 20}, {505000, 20}}},
    {"four-arm", 0, {{5700000, 28}, {7450000, 37}, {9450000, 47}}},
    {"four-arm", 1, {{11750000, 56}, {19250000, 94}, {25850000, 128}}},
    {"four-arm:L.twist.directions=ccw,F.slide.close=120", 0, {{7980001, 42}, {-1, -1}, {11190000, 56}}},
    {"four-arm:L.twist.directions=ccw,F.slide.close=120", 1, {{20500000, 100}, {-1, -1}, {31400000, 155}}},
    {"four-arm:range=2,R.twist.turn-ccw180=450", 0, {{5200000, 23}, {6350000, 30}, {9200000, 44}}},
    {"four-arm:range=2,R.twist.turn-ccw180=450", 1, {{11850001, 57}, {15550001, 75}, {23600000, 110}}},
    {"two-gripper", 0, {{9400000, 41}, {9400000, 41}, {12400000, 56}}},
    {"two-gripper", 1, {{22000000, 92}, {27200000, 119}, {33800000, 152}}},
    {"two-gripper:range=2,L.wrist.range=0", 0, {{7000000, 26}, {9200000, 38}, {11800000, 53}}},
    {"two-gripper:range=2,L.wrist.range=0", 1, {{19200000, 77}, {24200000, 92}, {29600000, 131}}},
    {"turntable-flipper", 0, {{15500000, 38}, {15500000, 38}, {15500000, 38}}},
    {"turntable-flipper", 1, {{38700000, 93}, {40700000, 96}, {40700000, 96}}},
    {"turntable-flipper:table.range=1,table.spin90=300", 0, {{16600000, 43}, {20100000, 48}, {19900000, 50}}},
    {"turntable-flipper:table.range=1,table.spin90=300", 1, {{39450000, 96}, {46050000, 107}, {48450000, 119}}},
    {"hold-and-flip", 0, {{18850000, 41}, {28550000, 65}, {23350000, 56}}},
    {"hold-and-flip", 1, {{43925000, 93}, {52425000, 113}, {60025000, 140}}},
    {"hold-and-flip:table.range=2,cover.close-flip=600", 0, {{17300000, 37}, {17450000, 39}, {19450000, 43}}},
    {"hold-and-flip:table.range=2,cover.close-flip=600", 1, {{41525000, 88}, {47725000, 101}, {55825000, 121}}},
};

const Strategy kStrategies[3] = {Strategy::kOptimal, Strategy::kGreedy, Strategy::kNaive};

// The plan of `moves` on `spec` as total us and steps, checked by replay; -1 when there is none.
void plan_figures(const char *spec, const char *moves, Strategy s, int64_t out[2]) {
    auto robot = rt::robot(spec);
    Plan p;
    try {
        make_plan(robot, rt::moves(moves), lc::robot::PlanQuery(s), p);
    } catch (const lc::Error &) {
        out[0] = out[1] = -1;
        return;
    }
    const std::string why = check_plan(p);
    if (!why.empty()) print_error("%s: %s\n", spec, why.c_str());
    assert_true(why.empty());
    out[0] = p.total_us;
    out[1] = p.steps;
}

void presets_plan_as_the_code_models_did(void **) {
    int differ = 0;
    // Under the sanitizers every tenth recorded plan (repeats): the same code on fewer plans.
    const size_t stride = size_t(10 / repeats(10));
    for (size_t k = 0; k < std::size(kGolden); k += stride) {
        const Golden &g = kGolden[k];
        for (const std::string &spec : {std::string(g.spec), std::string(g.spec) + ",described=1"})
            for (int s = 0; s < 3; ++s) {
                int64_t got[2];
                plan_figures(spec.c_str(), kMoves[g.moves], kStrategies[s], got);
                if (got[0] != g.plan[s][0] || got[1] != g.plan[s][1])
                    print_error("%s, moves %d, strategy %d: %lld us in %lld steps, recorded %lld us in %lld steps\n",
                                spec.c_str(), g.moves, s, (long long)got[0], (long long)got[1], (long long)g.plan[s][0],
                                (long long)g.plan[s][1]);
                differ += got[0] != g.plan[s][0] || got[1] != g.plan[s][1];
            }
    }
    assert_int_equal(differ, 0);
}

bool same_steps(const std::vector<Step> &a, const std::vector<Step> &b) {
    if (a.size() != b.size()) return false;
    for (size_t k = 0; k < a.size(); ++k) {
        const Step &x = a[k], &y = b[k];
        bool same = x.next == y.next && x.duration == y.duration && x.rot == y.rot && x.cmds.n == y.cmds.n &&
                    x.eff.nturns == y.eff.nturns;
        for (int i = 0; same && i < x.cmds.n; ++i)
            same = x.cmds.cmd[i].actuator == y.cmds.cmd[i].actuator && x.cmds.cmd[i].kind == y.cmds.cmd[i].kind &&
                   x.cmds.cmd[i].param == y.cmds.cmd[i].param;
        for (int i = 0; same && i < x.eff.nturns; ++i)
            same = x.eff.face[i] == y.eff.face[i] && x.eff.q[i] == y.eff.q[i];
        if (!same) return false;
    }
    return true;
}

// Each preset written out as a described mechanism is the same robot: the same steps from every state,
// and its text reads back to the same text.
void presets_written_out_are_the_same_robots(void **) {
    const char *const specs[] = {
        "six-motor",
        "six-motor:parallel=0,F.directions=ccw",
        "six-motor:overlap=0.3",
        "four-arm",
        "four-arm:range=2",
        "four-arm:L.twist.range=0,R.slide.close=100",
        "two-gripper",
        "two-gripper:D.wrist.directions=cw,D.wrist.range=0",
        "turntable-flipper",
        "turntable-flipper:table.range=2,holder.open=90",
        "hold-and-flip",
        "hold-and-flip:camera=F,cover.close-flip=600,table.range=2",
    };
    for (const char *spec : specs) {
        auto preset = rt::robot(spec);
        auto described = rt::robot(
            (std::string(spec) + (std::string(spec).find(':') == std::string::npos ? ":" : ",") + "described=1")
                .c_str());
        assert_int_equal(int(described->params().family), int(Family::kDescribed));
        const Model &a = preset->model(), &b = described->model();
        assert_int_equal(a.mech_count(), b.mech_count());
        assert_int_equal(a.initial(), b.initial());
        for (uint32_t m = 0; m < a.mech_count(); ++m) {
            assert_true(same_steps(preset->free_steps(m), described->free_steps(m)));
            assert_true(same_steps(preset->turn_steps(m), described->turn_steps(m)));
            assert_int_equal(a.camera_clear(m), b.camera_clear(m));
        }
        auto again = rt::robot(described->spec().c_str());
        if (again->spec() != described->spec())
            print_error("%s\n  reads back as\n%s\n", described->spec().c_str(), again->spec().c_str());
        assert_true(again->spec() == described->spec());
        assert_int_equal(camera_position(preset->params()), camera_position(described->params()));
    }
}

// A sixth mechanism: two grippers on D and B (the B wrist's claw along y, the D one's along z).
const char *const kSixth =
    "described: turn90=300, turn180=500, grip=150\n"
    "actuator D.wrist turner D claw:z:D.grip\n"
    "actuator D.grip grip rest:close\n"
    "actuator B.wrist turner B claw:y:B.grip\n"
    "actuator B.grip grip rest:close\n"
    "held D.grip:close or B.grip:close\n"
    "together any\n"
    "D.wrist.range = 1\n"
    "B.wrist.range = 1\n";

void a_sixth_mechanism_plans(void **) {
    auto robot = rt::robot(kSixth);
    assert_int_equal(robot->model().actuators(), 4);
    std::mt19937 rng(16);
    for (int k = 0; k < 5; ++k) {
        const lc::MoveList m = rt::random_moves(rng, 12);
        const int64_t optimal = rt::planned(robot, m), naive = rt::planned(robot, m, Strategy::kNaive);
        assert_true(optimal > 0 && optimal <= naive);
    }
    assert_true(says(robot->spec(), "actuator B.wrist turner B claw:y:B.grip"));
    assert_true(rt::robot(robot->spec().c_str())->spec() == robot->spec());
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(presets_plan_as_the_code_models_did),
        cmocka_unit_test(presets_written_out_are_the_same_robots),
        cmocka_unit_test(a_sixth_mechanism_plans),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
