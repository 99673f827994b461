// The physics of any mechanism described as data (mechanism.hpp).
//
// A mechanical state is every tracked position: turners with end stops (and claw turners, whose angle
// parity matters) by angle, grips and covers by position; flippers always come back to rest.
// A step's commands start together. Physics:
// - A turner grips the cube when engaged (motors and pockets always, claws while their grip is closed).
//   Engaged turners that turn in one step share an axis. Along it, the layers gripped by actuators that
//   stay still (their holds, layer_mask()) must not include a turning layer (a jam), and must include
//   the middle slice (else it would drift); then each turns its face's layer. When nothing else grips
//   the cube, the turners carry it round: a rotation, if they alone hold it (the `held` rule) and
//   turn it the same way.
// - A turner that grips nothing (a retracted arm) moves alone, with no effect.
// - Grips change only while the cube stays still and stays held by the actuators that do not move.
// - Moving to flip (a flipper, a cover) tips the whole cube.
// - Conditions (`requires`) and the `together` rule say what may move when.
#include <algorithm>
#include <string>

#include "error.hpp"
#include "geometry.hpp"
#include "mechanism.hpp"
#include "model.hpp"
#include "orient.hpp"

namespace lc::robot {

uint8_t layer_bit(int face) {
    return kSignOf[face] > 0 ? kPositiveLayer : kNegativeLayer;
}

uint8_t layer_mask(const Hold &hold, int axis, int angle) {
    const int own = kAxisOf[hold.face];
    switch (hold.kind) {
        case HoldKind::kCenter:
            return axis == own ? layer_bit(hold.face) : kSliceLayer;
        case HoldKind::kPocket:
            return axis == own ? layer_bit(hold.face) : kAllLayers;
        case HoldKind::kClaw: {
            if (axis == own) return layer_bit(hold.face);
            const int third = 3 - own - hold.along;
            const int slice = (angle & 1) ? third : hold.along;
            return axis == slice ? kSliceLayer : kAllLayers;
        }
        case HoldKind::kClamp:
            return axis == own ? uint8_t(kAllLayers & ~layer_bit(hold.face)) : kAllLayers;
        default:
            return 0;
    }
}

namespace {

class Described : public Model {
  public:
    Described(const Params &p, Mechanism m) : Model(p), m_(std::move(m)), n_(int(m_.actuators.size())) {}

    int actuators() const override { return n_; }
    const char *actuator_name(int i) const override { return i >= 0 && i < n_ ? act(i).name.c_str() : nullptr; }
    ActuatorType actuator_type(int i) const override { return act(i).type; }
    ActuatorTiming default_timing(int i) const override { return act(i).defaults; }
    uint32_t mech_count() const override { return count_; }
    uint32_t initial() const override { return initial_; }

    void candidates(uint32_t mech, std::vector<CmdSet> &out) const override {
        const int8_t *pos = state(mech);
        if (!held(pos, -1)) return;
        const bool parallel = params().allow_parallel != 0;
        const size_t first = out.size();
        for (int i = 0; i < n_; ++i) {
            const MechActuator &a = act(i);
            if (engages_[i] >= 0) continue;  // with its turner
            if (a.type != ActuatorType::kTurner) {
                position_moves(i, pos, out);
                continue;
            }
            if (a.engage >= 0) position_moves(a.engage, pos, out);
            for (int8_t q : turns_[i]) {
                if (!may_reach(i, pos[i] + q)) continue;
                const CmdSet single = CmdSet::of({uint8_t(i), kTurn, q});
                out.push_back(single);
                if (m_.together != Together::kPairs || !parallel) continue;
                for (const auto &[x, y] : m_.pairs) {
                    if (x != i) continue;
                    for (int8_t q2 : turns_[y]) {
                        if (!may_reach(y, pos[y] + q2)) continue;
                        CmdSet d = single;
                        d.add({y, kTurn, q2});
                        out.push_back(d);
                    }
                }
            }
        }
        if (m_.together != Together::kAny || !parallel) return;
        for (const auto &[x, y] : m_.pairs)
            pair_moves(x, y, pos, out);
        // A turner that grips nothing turns to another angle beside any step on other arms.
        const size_t last = out.size();
        for (size_t k = first; k < last; ++k)
            for (int y = 0; y < n_; ++y) {
                if (act(y).engage < 0 || engaged(y, pos) || out[k].n >= kMaxStepCommands || uses(out[k], y)) continue;
                for (int target = -offset(y); target < angles(y) - offset(y); ++target) {
                    const int d = delta(y, pos[y], target);
                    if (target == pos[y] || !may_turn(y, d)) continue;
                    CmdSet c = out[k];
                    c.add({uint8_t(y), kTurn, int8_t(d)});
                    out.push_back(c);
                }
            }
    }

    bool simulate(uint32_t mech, const CmdSet &cs, uint32_t &next, Effect &eff, std::string *why) const override {
        eff = Effect{};
        next = mech;
        if (mech >= count_) return refuse(why, "unknown mechanical state");
        if (cs.n == 0) return refuse(why, "empty step");
        if (m_.together == Together::kOne && cs.n != 1) return refuse(why, "this robot moves one actuator at a time");
        if (m_.together == Together::kPairs && cs.n > 2)
            return refuse(why, "a step moves one actuator or a pair that may move together");
        if (m_.together == Together::kPairs && cs.n == 2) {
            if (!params().allow_parallel) return refuse(why, "this robot turns one face at a time (parallel=0)");
            if (cs.cmd[0].actuator >= n_ || cs.cmd[1].actuator >= n_ ||
                !listed_pair(cs.cmd[0].actuator, cs.cmd[1].actuator))
                return refuse(why, "these two cannot turn together: only listed pairs may (faces that are not "
                                   "opposite cannot)");
        }
        const int8_t *pos = state(mech);
        int8_t after[kMaxActuators];
        std::copy(pos, pos + n_, after);
        uint32_t used = 0;
        for (int k = 0; k < cs.n; ++k) {
            const Cmd &c = cs.cmd[k];
            if (c.actuator >= n_) return refuse(why, "command does not fit its actuator");
            const MechActuator &a = act(c.actuator);
            if (a.type == ActuatorType::kTurner && c.kind == kTurn && !may_turn(c.actuator, c.param))
                return refuse(why, direction_refusal(c.actuator, c.param));
            if (used >> c.actuator & 1) return refuse(why, "one actuator given two commands at once");
            used |= 1u << c.actuator;
            if (duration(mech, cs, k) < 0) return refuse(why, "command does not fit its actuator");
            if (a.type == ActuatorType::kTurner) {
                const int to = pos[c.actuator] + c.param;
                if (!may_reach(c.actuator, to))
                    return why && refuse(why, a.name + " would pass its end stop (range " +
                                                  std::to_string(range_[c.actuator]) + ")");
                after[c.actuator] = int8_t(wrapped(c.actuator, to));
            } else if (a.type != ActuatorType::kFlipper) {
                const int to = target(c);
                if (to == pos[c.actuator])
                    return why && refuse(why, "the " + a.name + " is already at " + position_name(c.actuator, to) +
                                                  (a.type != ActuatorType::kGrip ? ""
                                                   : to ? " (already engaged, closed or clamped)"
                                                        : " (already retracted or released)"));
                after[c.actuator] = int8_t(to);
            }
        }
        for (int k = 0; k < cs.n; ++k)
            for (const Condition &cond : act(cs.cmd[k].actuator).requires)
                if (!(cond.positions >> pos[cond.actuator] & 1))
                    return why && refuse(why, "the " + act(cs.cmd[k].actuator).name + " cannot move while the " +
                                           act(cond.actuator).name + " is at " +
                                           position_name(cond.actuator, pos[cond.actuator]));
        if (!physics(mech, cs, eff, why)) return false;
        next = encode(after);
        return true;
    }

    int32_t duration(uint32_t mech, const CmdSet &step, int k) const override {
        const Cmd &c = step.cmd[k];
        if (c.actuator >= n_) return -1;
        const MechActuator &a = act(c.actuator);
        const int8_t *pos = state(mech);
        switch (a.type) {
            case ActuatorType::kTurner:
                if (c.kind != kTurn) return -1;
                return turn_time(c.actuator, layer_load(mech, step, c.actuator) ? kLayer : kSpin, c.param);
            case ActuatorType::kGrip:
                if (c.kind != kGrip || (c.param != kOpenPosition && c.param != kClosedPosition)) return -1;
                return timing(c.actuator).move_us[1 - c.param][c.param];
            case ActuatorType::kFlipper:
                return c.kind == kFlip && c.param == 1 ? timing(c.actuator).move_us[0][1] : -1;
            case ActuatorType::kCover: {
                const int to = target(c);
                return to < 0 ? -1 : timing(c.actuator).move_us[pos[c.actuator]][to];
            }
        }
        return -1;
    }

    bool mech_at(const int32_t *positions, uint32_t &mech, std::string &why) const override {
        int8_t pos[kMaxActuators] = {};
        for (int i = 0; i < n_; ++i) {
            const MechActuator &a = act(i);
            const int32_t v = positions[i];
            const std::string at = a.name + " at " + std::to_string(v) + ": ";
            switch (a.type) {
                case ActuatorType::kTurner:
                    if (range_[i] && (v > range_[i] || v < -range_[i])) {
                        why = at + "past its range of " + std::to_string(range_[i]) +
                              " quarters each way (its travel each side of home)";
                        return false;
                    }
                    pos[i] = int8_t(tracked(i) ? wrapped(i, v) : 0);
                    break;
                case ActuatorType::kFlipper:
                    if (v != 0) {
                        why = at + "it rests at 0";
                        return false;
                    }
                    break;
                default:
                    if (v < 0 || v >= positions_of(i)) {
                        why = at + position_list(i);
                        return false;
                    }
                    pos[i] = int8_t(v);
            }
        }
        if (!held(pos, -1)) {
            why = "the cube would not be held: " + held_text();
            return false;
        }
        mech = encode(pos);
        return true;
    }

    void positions_at(uint32_t mech, int32_t *positions) const override {
        const int8_t *pos = state(mech);
        for (int i = 0; i < n_; ++i) {
            if (act(i).type == ActuatorType::kTurner) {
                if (range_[i]) positions[i] = pos[i];  // a turn without end stops keeps its count of turns
                continue;
            }
            positions[i] = pos[i];
        }
    }

    bool camera_clear(uint32_t mech) const override {
        const int8_t *pos = state(mech);
        for (int i = 0; i < n_; ++i)
            if (act(i).hides && pos[i] != 0) return false;
        return true;
    }

  protected:
    void on_timing() override {
        engages_.assign(size_t(n_), -1);
        for (int i = 0; i < n_; ++i)
            if (act(i).engage >= 0) engages_[size_t(act(i).engage)] = int8_t(i);
        uint32_t stride = 1;
        strides_.assign(size_t(n_), 0);
        range_.assign(size_t(n_), 0);
        turns_.assign(size_t(n_), {});
        for (int i = 0; i < n_; ++i) {
            const MechActuator &a = act(i);
            if (a.type != ActuatorType::kTurner) continue;
            range_[size_t(i)] = timing(i).range;
            if (a.travel == Travel::kFree && range_[size_t(i)] != 0)
                throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                            a.name + ".range: " + who_turns(i) + " without end stops (range 0)");
            if (a.travel == Travel::kStops && range_[size_t(i)] == 0)
                throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                            a.name + ".range = 0: " + who_turns(i) + " between end stops, 1 or 2 quarters");
            if (a.hold.kind == HoldKind::kClaw) {
                for (int d : {1, -1, 2, -2, 3, -3})
                    if (timing(i).turn(kSpin, d) >= 0) turns_[size_t(i)].push_back(int8_t(d));
            } else {
                turn_params(i, turns_[size_t(i)]);
            }
        }
        // Digits, least significant first: claw turners (angle, then their grip), other grips and
        // covers, other turners with end stops.
        auto digit = [&](int i, uint32_t radix) {
            strides_[size_t(i)] = stride;
            if (uint64_t(stride) * radix > kMaxMechStates)
                throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                            "the mechanism has more than " + std::to_string(kMaxMechStates) +
                                " mechanical states (every tracked position combined): fewer actuators or "
                                "shorter ranges");
            stride *= radix;
        };
        for (int i = 0; i < n_; ++i)
            if (act(i).engage >= 0) {
                digit(i, uint32_t(angles(i)));
                digit(act(i).engage, 2);
            }
        for (int i = 0; i < n_; ++i)
            if ((act(i).type == ActuatorType::kGrip || act(i).type == ActuatorType::kCover) && engages_[size_t(i)] < 0)
                digit(i, uint32_t(positions_of(i)));
        for (int i = 0; i < n_; ++i)
            if (act(i).type == ActuatorType::kTurner && act(i).engage < 0 && range_[size_t(i)])
                digit(i, uint32_t(angles(i)));
        count_ = stride;
        states_.assign(size_t(count_) * size_t(n_), 0);
        for (uint32_t m = 0; m < count_; ++m)
            for (int i = 0; i < n_; ++i) {
                if (!strides_[size_t(i)]) continue;
                const uint32_t radix = radix_of(i);
                const int d = int(m / strides_[size_t(i)] % radix);
                states_[size_t(m) * size_t(n_) + size_t(i)] =
                    int8_t(act(i).type == ActuatorType::kTurner ? d - offset(i) : d);
            }
        // What grips the cube in each state, and the layers each grip holds along each axis.
        holders_.assign(count_, 0);
        masks_.assign(size_t(count_) * 3 * size_t(n_), 0);
        for (uint32_t m = 0; m < count_; ++m) {
            const int8_t *pos = state(m);
            for (int j = 0; j < n_; ++j) {
                if (!holds_now(j, pos)) continue;
                holders_[m] = uint16_t(holders_[m] | 1u << j);
                for (int axis = 0; axis < 3; ++axis)
                    masks_[(size_t(m) * 3 + size_t(axis)) * size_t(n_) + size_t(j)] =
                        layer_mask(act(j).hold, axis, pos[j]);
            }
        }
        int8_t rest[kMaxActuators] = {};
        for (int i = 0; i < n_; ++i)
            if (act(i).type != ActuatorType::kTurner) rest[i] = act(i).rest;
        initial_ = encode(rest);
    }

  private:
    const MechActuator &act(int i) const { return m_.actuators[size_t(i)]; }
    const int8_t *state(uint32_t mech) const { return &states_[size_t(mech < count_ ? mech : 0) * size_t(n_)]; }
    // Who turns, for the range messages: "six-motor motors turn", "the table turns".
    std::string who_turns(int i) const {
        return params().family == Family::kSixMotor ? "six-motor motors turn" : "the " + act(i).name + " turns";
    }

    // Turner angles: -range..range against end stops, or -1..2 (mod 4) for a claw without them.
    bool tracked(int i) const { return range_[size_t(i)] || act(i).engage >= 0; }
    int angles(int i) const { return range_[size_t(i)] ? 2 * range_[size_t(i)] + 1 : 4; }
    int offset(int i) const { return range_[size_t(i)] ? range_[size_t(i)] : 1; }
    // Whether turner i may turn the way of `param` (its directions).
    bool may_turn(int i, int param) const {
        return timing(i).directions & (param > 0 ? kClockwise : param < 0 ? kCounterClockwise : kBothWays);
    }
    bool may_reach(int i, int a) const {
        return !range_[size_t(i)] || (a >= -range_[size_t(i)] && a <= range_[size_t(i)]);
    }
    int wrapped(int i, int64_t a) const {
        if (range_[size_t(i)]) return int(a);
        if (!tracked(i)) return 0;
        return int(((a + 1) % 4 + 4) % 4) - 1;
    }
    int positions_of(int i) const { return act(i).type == ActuatorType::kCover ? 3 : 2; }
    uint32_t radix_of(int i) const {
        return act(i).type == ActuatorType::kTurner ? uint32_t(angles(i)) : uint32_t(positions_of(i));
    }
    uint32_t encode(const int8_t *pos) const {
        uint32_t m = 0;
        for (int i = 0; i < n_; ++i) {
            if (!strides_[size_t(i)]) continue;
            const int d = act(i).type == ActuatorType::kTurner ? pos[i] + offset(i) : pos[i];
            m += uint32_t(d) * strides_[size_t(i)];
        }
        return m;
    }

    // The turn from angle `from` to `to`: the difference against end stops; else the way the turner
    // may turn, the shorter one when it turns both ways.
    int delta(int i, int from, int to) const {
        if (range_[size_t(i)]) return to - from;
        const int cw = ((to - from) % 4 + 4) % 4;
        const uint8_t dirs = timing(i).directions;
        if (dirs == kClockwise) return cw;
        if (dirs == kCounterClockwise) return cw - 4;
        return cw == 3 ? -1 : cw;
    }

    // Where a grip or cover command sends its actuator, or -1.
    static int target(const Cmd &c) {
        if (c.kind == kGrip && (c.param == kOpenPosition || c.param == kClosedPosition)) return c.param;
        if (c.kind == kFlip && c.param == 1) return kFlippedPosition;
        return -1;
    }
    std::string position_name(int i, int p) const {
        const std::vector<std::string> names = position_names(act(i).type);
        return p >= 0 && p < int(names.size()) ? names[size_t(p)] : std::to_string(p);
    }
    std::string position_list(int i) const {
        const std::vector<std::string> names = position_names(act(i).type);
        std::string out;
        for (size_t p = 0; p < names.size(); ++p)
            out += std::string(p ? (p + 1 == names.size() ? " or " : ", ") : "") + std::to_string(p) + " " + names[p];
        return out;
    }

    // The grip and cover moves of actuator i from `pos`: every other position, in order.
    void position_moves(int i, const int8_t *pos, std::vector<CmdSet> &out) const {
        const MechActuator &a = act(i);
        if (a.type == ActuatorType::kFlipper) {
            out.push_back(CmdSet::of({uint8_t(i), kFlip, 1}));
            return;
        }
        for (int p = 0; p < positions_of(i); ++p) {
            if (p == pos[i]) continue;
            const bool flip = p == kFlippedPosition;
            out.push_back(CmdSet::of({uint8_t(i), uint8_t(flip ? kFlip : kGrip), int8_t(flip ? 1 : p)}));
        }
    }

    // A listed pair together: grips at the same position both to the other, or any turns of two turners.
    void pair_moves(int x, int y, const int8_t *pos, std::vector<CmdSet> &out) const {
        const ActuatorType tx = act(x).type, ty = act(y).type;
        if (tx == ActuatorType::kGrip && ty == ActuatorType::kGrip) {
            if (pos[x] != pos[y]) return;
            const int8_t to = int8_t(pos[x] == kOpenPosition ? kClosedPosition : kOpenPosition);
            CmdSet g = CmdSet::of({uint8_t(x), kGrip, to});
            g.add({uint8_t(y), kGrip, to});
            out.push_back(g);
            return;
        }
        if (tx != ActuatorType::kTurner || ty != ActuatorType::kTurner) return;
        for (int8_t d : turns_[size_t(x)])
            for (int8_t d2 : turns_[size_t(y)])
                if (may_reach(x, pos[x] + d) && may_reach(y, pos[y] + d2)) {
                    CmdSet t = CmdSet::of({uint8_t(x), kTurn, d});
                    t.add({uint8_t(y), kTurn, d2});
                    out.push_back(t);
                }
    }

    bool listed_pair(int a, int b) const {
        for (const auto &[x, y] : m_.pairs)
            if ((x == a && y == b) || (x == b && y == a)) return true;
        return false;
    }

    // Whether a step uses turner y or the grip that engages it.
    bool uses(const CmdSet &s, int y) const {
        for (int k = 0; k < s.n; ++k)
            if (s.cmd[k].actuator == y || s.cmd[k].actuator == act(y).engage) return true;
        return false;
    }

    // Whether turner i grips the cube.
    bool engaged(int i, const int8_t *pos) const {
        const MechActuator &a = act(i);
        return a.engage < 0 || pos[a.engage] == kClosedPosition;
    }

    // What actuator i grips now: its hold when engaged (turners) or at close (grips, covers).
    bool holds_now(int i, const int8_t *pos) const {
        const MechActuator &a = act(i);
        if (a.hold.kind == HoldKind::kNone) return false;
        if (a.type == ActuatorType::kTurner) return engaged(i, pos);
        return a.type != ActuatorType::kFlipper && pos[i] == kClosedPosition;
    }

    // A turn loads a layer when its turner grips the cube and something that does not turn holds it too.
    bool layer_load(uint32_t mech, const CmdSet &step, int i) const {
        const uint32_t holders = holders_[mech < count_ ? mech : 0];
        if (!(holders >> i & 1)) return false;
        uint32_t turning = 1u << i;
        for (int k = 0; k < step.n; ++k)
            if (step.cmd[k].kind == kTurn && step.cmd[k].actuator < 32) turning |= 1u << step.cmd[k].actuator;
        return (holders & ~turning) != 0;
    }
    // The layers actuator j holds along `axis` in `mech` (0 when it grips nothing).
    uint8_t mask(uint32_t mech, int axis, int j) const {
        return masks_[(size_t(mech) * 3 + size_t(axis)) * size_t(n_) + size_t(j)];
    }

    // Whether the cube is held at `pos`: `moving` (a bit set, or -1 for none) are grips that move and do
    // not count; only the actuators in `only` count.
    bool held(const int8_t *pos, int64_t moving, uint32_t only = ~0u) const {
        if (m_.held.empty()) return true;
        for (const auto &all : m_.held) {
            bool ok = true;
            for (const Condition &c : all)
                ok = ok && (moving < 0 || !(moving >> c.actuator & 1)) && (only >> c.actuator & 1) &&
                     (c.positions >> pos[c.actuator] & 1);
            if (ok) return true;
        }
        return false;
    }
    std::string held_text() const {
        std::string out = "it needs ";
        for (size_t a = 0; a < m_.held.size(); ++a) {
            if (a) out += " or ";
            for (size_t k = 0; k < m_.held[a].size(); ++k) {
                const Condition &c = m_.held[a][k];
                out += std::string(k ? " and " : "") + act(c.actuator).name + " at ";
                bool first = true;
                for (int p = 0; p < 3; ++p)
                    if (c.positions >> p & 1) {
                        out += (first ? "" : "/") + position_name(c.actuator, p);
                        first = false;
                    }
            }
        }
        return out;
    }

    // What the cube does in a step whose commands passed their own checks.
    bool physics(uint32_t mech, const CmdSet &cs, Effect &eff, std::string *why) const {
        const int8_t *pos = state(mech);
        int turning[2] = {-1, -1}, nturning = 0, flips = 0;
        int8_t turn_q[2] = {0, 0};
        uint32_t grips = 0, step = 0;
        for (int k = 0; k < cs.n; ++k) {
            const Cmd &c = cs.cmd[k];
            const MechActuator &a = act(c.actuator);
            step |= 1u << c.actuator;
            if (a.type == ActuatorType::kTurner) {
                if (!engaged(c.actuator, pos)) continue;
                if (nturning == 2 || (nturning == 1 && kAxisOf[a.hold.face] != kAxisOf[act(turning[0]).hold.face]))
                    return refuse(why, "only turners on one axis (opposite faces) may turn the cube together");
                turn_q[nturning] = c.param;
                turning[nturning++] = c.actuator;
                continue;
            }
            if (a.type == ActuatorType::kFlipper || target(c) == kFlippedPosition) {
                ++flips;
                eff.rot_axis = a.flip_axis;
                eff.rot_q = a.flip_q;
            }
            if (a.type != ActuatorType::kFlipper && (a.hold.kind != HoldKind::kNone || engages_[c.actuator] >= 0))
                grips |= 1u << c.actuator;
        }
        for (int k = 0; k < cs.n; ++k) {
            const int e = act(cs.cmd[k].actuator).engage;
            if (e >= 0 && (step >> e & 1))
                return why &&
                       refuse(why, act(e).name + " and " + act(cs.cmd[k].actuator).name + " cannot move at once");
        }
        if (flips && cs.n > 1) return refuse(why, "a flip moves alone");
        if (grips && nturning) return refuse(why, "a grip cannot engage or release while the cube turns");
        if (grips && !held(pos, grips)) return refuse(why, "the cube would not be held (it would drop)");
        if (!nturning) return true;
        const int axis = kAxisOf[act(turning[0]).hold.face];
        uint8_t still = 0;
        for (int j = 0; j < n_; ++j)
            if (j != turning[0] && j != turning[1]) still |= mask(mech, axis, j);
        if (!still) {
            // The turners carry the cube if their grips alone hold it, or one needs no grip (a pocket, a motor).
            uint32_t engaging = 0;
            bool carries = false;
            for (int t = 0; t < nturning; ++t) {
                const int e = act(turning[t]).engage;
                carries |= e < 0;
                if (e >= 0) engaging |= 1u << e;
            }
            if (!carries && !held(pos, -1, engaging))
                return refuse(why, "the turning actuators cannot carry the cube alone");
            const int f0 = act(turning[0]).hold.face;
            if (nturning == 2 && turn_q[1] * kSignOf[act(turning[1]).hold.face] != turn_q[0] * kSignOf[f0])
                return refuse(why, "a pair must turn the same way to rotate the cube");
            eff.rot_axis = int8_t(axis);
            eff.rot_q = int8_t(turn_q[0] * kSignOf[f0]);
            return true;
        }
        for (int t = 0; t < nturning; ++t) {
            const int face = act(turning[t]).hold.face;
            if (!(still & layer_bit(face))) continue;
            for (int j = 0; j < n_; ++j)
                if (j != turning[0] && j != turning[1] && (mask(mech, axis, j) & layer_bit(face))) {
                    if (why)
                        *why = "the " + act(j).name + " lies across the turning layer " + kFaceLetters[face] +
                               " (it would jam)";
                    return false;
                }
        }
        if (!(still & kSliceLayer)) {
            if (why)
                *why = std::string("nothing holds the slice next to layer ") + kFaceLetters[act(turning[0]).hold.face] +
                       " (it would drift)";
            return false;
        }
        for (int t = 0; t < nturning; ++t) {
            eff.face[t] = act(turning[t]).hold.face;
            eff.q[t] = turn_q[t];
        }
        eff.nturns = uint8_t(nturning);
        return true;
    }

    Mechanism m_;
    int n_ = 0;
    uint32_t count_ = 1, initial_ = 0;
    std::vector<int8_t> engages_;    // grips: the turner whose claw they engage, else -1
    std::vector<uint32_t> strides_;  // 0: not tracked
    std::vector<int32_t> range_;
    std::vector<std::vector<int8_t>> turns_;
    std::vector<int8_t> states_;     // [mech][actuator]: angle or position
    std::vector<uint16_t> holders_;  // [mech]: a bit per actuator that grips the cube
    std::vector<uint8_t> masks_;     // [mech][axis][actuator]: the layers it holds (layer_mask())
};

}  // namespace

std::unique_ptr<Model> make_described(const Params &p, Mechanism m) {
    return std::make_unique<Described>(p, std::move(m));
}

}  // namespace lc::robot
