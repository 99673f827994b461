// The described model against the code models: every state, candidate and step alike.
#include <algorithm>
#include <cstring>

#include "error.hpp"
#include "robot/mechanism.hpp"
#include "robot/robot.hpp"
#include "robot_util.hpp"  // last: it brings in cmocka

using namespace lc::robot;

namespace {

const char *const kSpecs[] = {
    "six-motor",
    "six-motor:parallel=0",
    "six-motor:U.directions=cw,R.directions=ccw,F.turn180=50,D.cw270=45,D.directions=cw",
    "six-motor:R.turn-cw90=15,R.turn-ccw90=25,L.turn-ccw180=40",
    "four-arm",
    "four-arm:parallel=0",
    "four-arm:range=2",
    "four-arm:L.twist.range=0,R.twist.directions=cw,R.twist.range=0,F.twist.turn-ccw180=450",
    "four-arm:L.twist.directions=ccw,B.twist.range=2,F.slide.open-close=120",
    "two-gripper",
    "two-gripper:parallel=0",
    "two-gripper:range=2,L.wrist.directions=cw,L.wrist.range=0",
    "two-gripper:D.wrist.spin90=250,L.grip.close=140,D.wrist.range=0",
    "turntable-flipper",
    "turntable-flipper:table.range=1",
    "turntable-flipper:table.range=2,table.directions=cw",
    "turntable-flipper:table.spin90=300,table.turn90=420,holder.close=200,flipper.flip=650,table.directions=ccw",
    "hold-and-flip",
    "hold-and-flip:table.range=2",
    "hold-and-flip:cover.close-flip=600,cover.flip=500,table.directions=cw,table.range=2",
};

bool same_timing(const ActuatorTiming &a, const ActuatorTiming &b) {
    return std::memcmp(a.turn_us, b.turn_us, sizeof a.turn_us) == 0 && std::memcmp(a.move_us, b.move_us, sizeof a.move_us) == 0 &&
           a.range == b.range && a.directions == b.directions;
}

bool same_set(const CmdSet &a, const CmdSet &b) {
    if (a.n != b.n) return false;
    for (int k = 0; k < a.n; ++k)
        if (a.cmd[k].actuator != b.cmd[k].actuator || a.cmd[k].kind != b.cmd[k].kind || a.cmd[k].param != b.cmd[k].param)
            return false;
    return true;
}

// Effects alike, two layer turns in either order.
bool same_effect(const Effect &a, const Effect &b) {
    if (a.rot_axis != b.rot_axis || a.rot_q != b.rot_q || a.nturns != b.nturns) return false;
    if (a.nturns == 2 && a.face[0] == b.face[1])
        return a.face[0] == b.face[1] && a.face[1] == b.face[0] && a.q[0] == b.q[1] && a.q[1] == b.q[0];
    for (int k = 0; k < a.nturns; ++k)
        if (a.face[k] != b.face[k] || a.q[k] != b.q[k]) return false;
    return true;
}

std::string text(const CmdSet &s) {
    std::string t;
    for (int k = 0; k < s.n; ++k)
        t += "(" + std::to_string(s.cmd[k].actuator) + " " + std::to_string(s.cmd[k].kind) + " " +
             std::to_string(s.cmd[k].param) + ")";
    return t;
}

struct Counts {
    long steps = 0, accepted = 0;
};

// One command set on both models from `mech`: the same verdict, next state, effect and durations.
bool same_step(const Model &code, const Model &data, uint32_t mech, const CmdSet &s, Counts &n) {
    uint32_t n1 = 0, n2 = 0;
    Effect e1, e2;
    std::string w1, w2;
    const bool a1 = code.simulate(mech, s, n1, e1, &w1), a2 = data.simulate(mech, s, n2, e2, &w2);
    ++n.steps;
    if (a1 != a2) {
        print_error("mech %u %s: code %s (%s), described %s (%s)\n", mech, text(s).c_str(), a1 ? "accepts" : "refuses",
                    w1.c_str(), a2 ? "accepts" : "refuses", w2.c_str());
        return false;
    }
    if (!a1) return true;
    ++n.accepted;
    if (n1 != n2 || !same_effect(e1, e2)) {
        print_error("mech %u %s: next %u / %u or effects differ\n", mech, text(s).c_str(), n1, n2);
        return false;
    }
    for (int k = 0; k < s.n; ++k)
        if (code.duration(mech, s, k) != data.duration(mech, s, k)) {
            print_error("mech %u %s: duration of %d: %d / %d\n", mech, text(s).c_str(), k, code.duration(mech, s, k),
                        data.duration(mech, s, k));
            return false;
        }
    return true;
}

// Every single command worth asking an actuator, and a few that do not fit.
std::vector<Cmd> singles(const Model &m) {
    std::vector<Cmd> out;
    for (int a = 0; a < m.actuators() + 1; ++a) {
        for (int q : {1, -1, 2, -2, 3, -3})
            out.push_back({uint8_t(a), kTurn, int8_t(q)});
        out.push_back({uint8_t(a), kGrip, 0});
        out.push_back({uint8_t(a), kGrip, 1});
        out.push_back({uint8_t(a), kFlip, 1});
        out.push_back({uint8_t(a), kGrip, 2});
    }
    return out;
}

void equivalent(const char *spec, bool pairs) {
    const Params p = parse_spec(spec);
    const std::unique_ptr<Model> code = make_code_model(p), data = make_model(p);
    code->set_timing(build_timing(*code, p));
    assert_int_equal(code->actuators(), data->actuators());
    for (int i = 0; i < code->actuators(); ++i) {
        assert_string_equal(code->actuator_name(i), data->actuator_name(i));
        assert_int_equal(int(code->actuator_type(i)), int(data->actuator_type(i)));
        const ActuatorTiming d1 = code->default_timing(i), d2 = data->default_timing(i);
        assert_true(same_timing(d1, d2));
        assert_true(same_timing(code->timing(i), data->timing(i)));
    }
    assert_int_equal(code->mech_count(), data->mech_count());
    assert_int_equal(code->initial(), data->initial());
    const std::vector<Cmd> one = singles(*code);
    Counts n;
    bool ok = true;
    for (uint32_t m = 0; m < code->mech_count() && ok; ++m) {
        std::vector<CmdSet> c1, c2, a1, a2;
        code->candidates(m, c1);
        data->candidates(m, c2);
        for (const CmdSet &s : c1)
            ok = ok && same_step(*code, *data, m, s, n);
        for (const CmdSet &s : c2)
            ok = ok && same_step(*code, *data, m, s, n);
        // The steps the robot keeps: the accepted candidates, in the same order.
        uint32_t next;
        Effect e;
        for (const CmdSet &s : c1)
            if (code->simulate(m, s, next, e, nullptr)) a1.push_back(s);
        for (const CmdSet &s : c2)
            if (data->simulate(m, s, next, e, nullptr)) a2.push_back(s);
        if (a1.size() != a2.size()) {
            print_error("%s mech %u: %zu / %zu accepted candidates\n", spec, m, a1.size(), a2.size());
            ok = false;
        }
        for (size_t k = 0; k < a1.size() && ok; ++k)
            if (!same_set(a1[k], a2[k])) {
                print_error("%s mech %u candidate %zu: %s / %s\n", spec, m, k, text(a1[k]).c_str(), text(a2[k]).c_str());
                ok = false;
            }
        for (const Cmd &c : one) {
            ok = ok && same_step(*code, *data, m, CmdSet::of(c), n);
            if (!pairs) continue;
            for (const Cmd &c2 : one) {
                if (c2.actuator >= code->actuators() || c.actuator >= code->actuators()) continue;
                CmdSet s = CmdSet::of(c);
                s.add(c2);
                ok = ok && same_step(*code, *data, m, s, n);
            }
        }
        ok = ok && code->camera_clear(m) == data->camera_clear(m);
        // Positions round trip.
        std::vector<int32_t> pos1(size_t(code->actuators()), 0), pos2 = pos1;
        code->positions_at(m, pos1.data());
        data->positions_at(m, pos2.data());
        if (pos1 != pos2) {
            print_error("%s mech %u: positions differ\n", spec, m);
            ok = false;
        }
        uint32_t b1 = 0, b2 = 0;
        std::string w1, w2;
        const bool r1 = code->mech_at(pos1.data(), b1, w1), r2 = data->mech_at(pos1.data(), b2, w2);
        if (r1 != r2 || (r1 && b1 != b2)) {
            print_error("%s mech %u: mech_at %d %u (%s) / %d %u (%s)\n", spec, m, r1, b1, w1.c_str(), r2, b2, w2.c_str());
            ok = false;
        }
    }
    // Positions anywhere in -3..3 for one actuator, the others at rest.
    for (int a = 0; a < code->actuators() && ok; ++a)
        for (int32_t v = -3; v <= 3; ++v) {
            std::vector<int32_t> pos(size_t(code->actuators()), 0);
            code->positions_at(code->initial(), pos.data());
            pos[size_t(a)] = v;
            uint32_t b1 = 0, b2 = 0;
            std::string w1, w2;
            const bool r1 = code->mech_at(pos.data(), b1, w1), r2 = data->mech_at(pos.data(), b2, w2);
            if (r1 != r2 || (r1 && b1 != b2)) {
                print_error("%s actuator %d at %d: mech_at %d (%s) / %d (%s)\n", spec, a, v, r1, w1.c_str(), r2, w2.c_str());
                ok = false;
            }
        }
    print_message("%-100s %6u states, %9ld steps compared, %8ld accepted\n", spec, code->mech_count(), n.steps, n.accepted);
    if (!ok) print_error("%s: the described model differs from the code model\n", spec);
    assert_true(ok);
}

void presets_match_the_code_models(void **) {
    for (const char *spec : kSpecs)
        equivalent(spec, std::strstr(spec, "range=2") == nullptr);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(presets_match_the_code_models),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
