// four-arm and two-gripper: arms that grip a face and twist it.
//
// Each arm sits at a robot face and has a twist (wrist) actuator and a grip (slide) actuator.
// Physics, shared by both families:
// - A claw grips the middle row of its face. Twisting an engaged arm turns its layer when an engaged
//   perpendicular arm, not twisting, holds the slice next to that layer with its claw along the layer
//   (an even angle); an engaged perpendicular claw across the layer (odd angle) jams it. The opposite
//   arm alone does not do: the middle slice would drift.
// - When no other arm is engaged, the twisting arm(s) carry the whole cube round: a rotation. A pair
//   must then twist in the same physical sense.
// - A twist of a retracted arm does nothing to the cube and may go with any other step.
// - Grips change only while the cube stays held by arms that do not move: four-arm needs one
//   opposite pair engaged at all times, two-gripper one closed gripper.
#include <cstdio>
#include <string>

#include "error.hpp"
#include "geometry.hpp"
#include "model.hpp"
#include "orient.hpp"

namespace lc::robot {
namespace {

struct ArmState {
    bool engaged[4];
    int angle[4];
};

class Arms : public Model {
  public:
    explicit Arms(const Params &p) : Model(p) {
        four_ = p.family == Family::kFourArm;
        n_ = four_ ? 4 : 2;
        static const uint8_t kFour[4] = {4, 1, 2, 5};  // L R F B: the side faces
        static const uint8_t kTwo[2] = {3, 4};         // D (bottom arm) and L (side arm)
        for (int i = 0; i < n_; ++i)
            face_[i] = four_ ? kFour[i] : kTwo[i];
        for (int i = 0; i < n_; ++i)
            for (int k = 0; k < 2; ++k)
                std::snprintf(names_[2 * i + k], sizeof names_[0], "%c.%s", kFaceLetters[face_[i]],
                              k == 0 ? (four_ ? "twist" : "wrist") : (four_ ? "slide" : "grip"));
    }

    int actuators() const override { return 2 * n_; }
    const char *actuator_name(int i) const override { return i >= 0 && i < 2 * n_ ? names_[i] : nullptr; }
    ActuatorType actuator_type(int i) const override {
        return i % 2 == 0 ? ActuatorType::kTurner : ActuatorType::kGrip;
    }
    // Arms twist within the robot's range unless their own range says otherwise.
    ActuatorTiming default_timing(int i) const override {
        ActuatorTiming t = Model::default_timing(i);
        if (i % 2 == 0) t.range = params().twist_range;
        return t;
    }
    uint32_t mech_count() const override {
        uint32_t c = 1;
        for (int i = 0; i < n_; ++i)
            c *= base_[i];
        return c;
    }
    uint32_t initial() const override {
        ArmState s{};
        for (int i = 0; i < n_; ++i)
            s.engaged[i] = true;
        return encode(s);
    }

    void candidates(uint32_t mech, std::vector<CmdSet> &out) const override {
        ArmState s = decode(mech);
        if (!holds(s.engaged)) return;
        size_t first = out.size();
        for (int i = 0; i < n_; ++i) {
            out.push_back(CmdSet::of(grip_cmd(i, !s.engaged[i])));
            for (int d : twists_[i])
                if (in_range(i, s.angle[i] + d)) out.push_back(CmdSet::of(twist_cmd(i, d)));
        }
        if (four_ && params().allow_parallel) {
            for (int a = 0; a < 4; a += 2) {  // pairs (L,R) and (F,B)
                if (s.engaged[a] == s.engaged[a + 1]) {
                    CmdSet g = CmdSet::of(grip_cmd(a, !s.engaged[a]));
                    g.add(grip_cmd(a + 1, !s.engaged[a]));
                    out.push_back(g);
                }
                for (int d : twists_[a])
                    for (int d2 : twists_[a + 1])
                        if (in_range(a, s.angle[a] + d) && in_range(a + 1, s.angle[a + 1] + d2)) {
                            CmdSet t = CmdSet::of(twist_cmd(a, d));
                            t.add(twist_cmd(a + 1, d2));
                            out.push_back(t);
                        }
            }
        }
        if (!params().allow_parallel) return;
        // Turning a retracted arm to another angle during any step on other arms.
        size_t last = out.size();
        for (size_t k = first; k < last; ++k)
            for (int y = 0; y < n_; ++y) {
                if (s.engaged[y] || out[k].n >= 3 || uses_arm(out[k], y)) continue;
                for (int target = -offset(y); target < count(y) - offset(y); ++target) {
                    const int d = delta(y, s.angle[y], target);
                    if (target != s.angle[y] && may_turn(y, d)) {
                        CmdSet c = out[k];
                        c.add(twist_cmd(y, d));
                        out.push_back(c);
                    }
                }
            }
    }

    bool simulate(uint32_t mech, const CmdSet &cs, uint32_t &next, Effect &eff, std::string *why) const override {
        eff = Effect{};
        if (mech >= mech_count()) return refuse(why, "unknown mechanical state");
        ArmState s = decode(mech), t = s;
        int twist[4] = {0, 0, 0, 0}, grip[4] = {-1, -1, -1, -1};
        if (cs.n == 0) return refuse(why, "empty step");
        for (int k = 0; k < cs.n; ++k) {
            const Cmd &c = cs.cmd[k];
            if (c.actuator < 2 * n_ && c.actuator % 2 == 0 && c.kind == kTurn &&
                !direction_refusal(c.actuator, c.param).empty())
                return refuse(why, direction_refusal(c.actuator, c.param));
            if (duration(mech, cs, k) < 0) return refuse(why, "command does not fit its actuator");
            int arm = c.actuator / 2;
            if (c.actuator % 2 == 0) {
                if (twist[arm]) return refuse(why, "one actuator given two commands at once");
                twist[arm] = c.param;
                if (!in_range(arm, s.angle[arm] + c.param))
                    return refuse(why, arm_msg(arm, "twist would pass its end stop"));
                t.angle[arm] = wrapped(arm, s.angle[arm] + c.param);
            } else {
                if (grip[arm] >= 0) return refuse(why, "one actuator given two commands at once");
                grip[arm] = c.param;
                if (bool(c.param) == s.engaged[arm])
                    return refuse(why, arm_msg(arm, c.param ? "is already engaged" : "is already retracted"));
                t.engaged[arm] = c.param != 0;
            }
        }
        bool any_grip = false, moving[4] = {false, false, false, false};
        int turning = 0, tarm[2] = {0, 0};
        for (int i = 0; i < n_; ++i) {
            if (grip[i] >= 0 && twist[i]) return refuse(why, arm_msg(i, "cannot slide and twist at once"));
            any_grip |= grip[i] >= 0;
            if (twist[i] && s.engaged[i]) {
                if (turning == 2) return refuse(why, "at most two engaged arms twist at once");
                moving[i] = true;
                tarm[turning++] = i;
            }
        }
        if (any_grip && turning) return refuse(why, "an arm cannot engage or retract while the cube turns");
        if (any_grip) {
            bool still[4];
            for (int i = 0; i < n_; ++i)
                still[i] = s.engaged[i] && grip[i] < 0;
            if (!holds(still)) return refuse(why, "the cube would not be held (it would drop)");
        }
        if (turning) {
            if (turning == 2 && kOpposite[face_[tarm[0]]] != face_[tarm[1]])
                return refuse(why, "only opposite arms may twist together");
            bool others[4];
            bool any_other = false;
            for (int i = 0; i < n_; ++i)
                any_other |= others[i] = s.engaged[i] && !moving[i];
            if (!any_other) {
                if (!holds(moving)) return refuse(why, "the twisting arms cannot carry the cube alone");
                int a = tarm[0];
                if (turning == 2 && twist[tarm[1]] != -twist[a])
                    return refuse(why, "a pair must twist the same way to rotate the cube");
                eff.rot_axis = static_cast<int8_t>(kAxisOf[face_[a]]);
                eff.rot_q = static_cast<int8_t>(twist[a] * kSignOf[face_[a]]);
            } else {
                for (int k = 0; k < turning; ++k) {
                    int a = tarm[k];
                    bool slice_held = false;
                    for (int h = 0; h < n_; ++h) {
                        if (!others[h] || kAxisOf[face_[h]] == kAxisOf[face_[a]]) continue;
                        if (s.angle[h] & 1) {
                            if (why) *why = arm_msg(h, "claw lies across the turning layer ") + kFaceLetters[face_[a]];
                            return false;
                        }
                        slice_held = true;
                    }
                    if (!slice_held)
                        return refuse(why, std::string("no perpendicular arm holds the slice next to layer ") +
                                               kFaceLetters[face_[a]] + " (it would drift)");
                    eff.face[k] = face_[a];
                    eff.q[k] = static_cast<int8_t>(twist[a]);
                }
                eff.nturns = static_cast<uint8_t>(turning);
            }
        }
        next = encode(t);
        return true;
    }

    // A twist turns a layer when its arm is engaged and another engaged arm stays still; else it spins
    // the cube or moves alone.
    int32_t duration(uint32_t mech, const CmdSet &step, int k) const override {
        const Cmd &c = step.cmd[k];
        if (c.actuator >= 2 * n_) return -1;
        if (c.actuator % 2 == 0) {
            if (c.kind != kTurn) return -1;
            return turn_time(c.actuator, layer_turn(mech, step, c.actuator / 2) ? kLayer : kSpin, c.param);
        }
        if (c.kind != kGrip || (c.param != 0 && c.param != 1)) return -1;
        return timing(c.actuator).move_us[1 - c.param][c.param];
    }

    bool mech_at(const int32_t *positions, uint32_t &mech, std::string &why) const override {
        ArmState s{};
        for (int i = 0; i < n_; ++i) {
            const int32_t twist = positions[2 * i], grip = positions[2 * i + 1];
            if (range_[i] && !in_range(i, twist)) {
                why = std::string(names_[2 * i]) + " at " + std::to_string(twist) + ": past its range of " +
                      std::to_string(range_[i]) + " quarters each way";
                return false;
            }
            if (grip != 0 && grip != 1) {
                why = std::string(names_[2 * i + 1]) + " at " + std::to_string(grip) + ": 1 engaged or 0 retracted";
                return false;
            }
            s.angle[i] = wrapped(i, twist);
            s.engaged[i] = grip == 1;
        }
        if (!holds(s.engaged)) {
            why = four_ ? "no opposite pair of arms is engaged: the cube would not be held"
                        : "no gripper is closed: the cube would not be held";
            return false;
        }
        mech = encode(s);
        return true;
    }
    void positions_at(uint32_t mech, int32_t *positions) const override {
        ArmState s = decode(mech);
        for (int i = 0; i < n_; ++i) {
            if (range_[i]) positions[2 * i] = s.angle[i];  // a continuous twist keeps its count of turns
            positions[2 * i + 1] = s.engaged[i] ? 1 : 0;
        }
    }

  protected:
    void on_timing() override {
        for (int i = 0; i < n_; ++i) {
            range_[i] = timing(2 * i).range;
            base_[i] = uint32_t(2 * count(i));
            twists_[i].clear();
            for (int d : {1, -1, 2, -2, 3, -3})
                if (timing(2 * i).turn(kSpin, d) >= 0) twists_[i].push_back(d);
        }
    }

  private:
    // Twist angles: -range..range against end stops, or -1..2 (mod 4) for a continuous twist (range 0).
    int count(int arm) const { return range_[arm] ? 2 * range_[arm] + 1 : 4; }
    int offset(int arm) const { return range_[arm] ? range_[arm] : 1; }
    bool in_range(int arm, int a) const { return !range_[arm] || (a >= -range_[arm] && a <= range_[arm]); }
    int wrapped(int arm, int64_t a) const {
        if (range_[arm]) return int(a);
        return int(((a + 1) % 4 + 4) % 4) - 1;
    }
    // The twist from angle `from` to `to`: the difference against end stops; else the way the arm may
    // turn, the shorter one when it turns both ways.
    int delta(int arm, int from, int to) const {
        if (range_[arm]) return to - from;
        const int cw = ((to - from) % 4 + 4) % 4;
        const uint8_t dirs = timing(2 * arm).directions;
        if (dirs == kClockwise) return cw;
        if (dirs == kCounterClockwise) return cw - 4;
        return cw == 3 ? -1 : cw;
    }
    bool may_turn(int arm, int d) const { return direction_refusal(2 * arm, d).empty(); }
    bool layer_turn(uint32_t mech, const CmdSet &step, int arm) const {
        const ArmState s = decode(mech);
        if (!s.engaged[arm]) return false;
        for (int h = 0; h < n_; ++h) {
            if (h == arm || !s.engaged[h]) continue;
            bool twists = false;
            for (int k = 0; k < step.n; ++k)
                twists |= step.cmd[k].actuator == 2 * h && step.cmd[k].kind == kTurn;
            if (!twists) return true;
        }
        return false;
    }
    bool holds(const bool *engaged) const {
        if (four_) return (engaged[0] && engaged[1]) || (engaged[2] && engaged[3]);
        return engaged[0] || engaged[1];
    }
    static Cmd twist_cmd(int arm, int d) { return {uint8_t(2 * arm), kTurn, int8_t(d)}; }
    static Cmd grip_cmd(int arm, bool engage) { return {uint8_t(2 * arm + 1), kGrip, int8_t(engage ? 1 : 0)}; }
    static bool uses_arm(const CmdSet &s, int arm) {
        for (int k = 0; k < s.n; ++k)
            if (s.cmd[k].actuator / 2 == arm) return true;
        return false;
    }
    std::string arm_msg(int arm, const char *what) const {
        return std::string("arm ") + kFaceLetters[face_[arm]] + " " + what;
    }
    uint32_t encode(const ArmState &s) const {
        uint32_t m = 0;
        for (int i = n_ - 1; i >= 0; --i)
            m = m * base_[i] + uint32_t((s.engaged[i] ? count(i) : 0) + (s.angle[i] + offset(i)));
        return m;
    }
    ArmState decode(uint32_t m) const {
        ArmState s{};
        for (int i = 0; i < n_; ++i) {
            int d = static_cast<int>(m % base_[i]);
            m /= base_[i];
            s.engaged[i] = d >= count(i);
            s.angle[i] = d % count(i) - offset(i);
        }
        return s;
    }

    bool four_ = true;
    int n_ = 4;
    int range_[4] = {1, 1, 1, 1};
    std::vector<int> twists_[4];  // the twists each arm may make
    uint32_t base_[4] = {6, 6, 6, 6};
    uint8_t face_[4] = {0, 0, 0, 0};
    char names_[8][12] = {};
};

}  // namespace

std::unique_ptr<Model> make_arms(const Params &p) {
    return std::make_unique<Arms>(p);
}

}  // namespace lc::robot
