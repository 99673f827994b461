// turntable-flipper: a turntable under the cube, a flipper that tips it, a holder clamping the upper layers.
//
// With the holder clamped the turntable turns the bottom layer (D); released, it spins the whole cube.
// The flipper works only with the holder released and tips the cube one way: back face down (an x).
// One actuator moves at a time. A table with a range (table.range) has end stops, so its angle is part
// of the mechanical state: mech = holder + 2 * (angle + range).
#include <string>

#include "error.hpp"
#include "model.hpp"
#include "orient.hpp"

namespace lc::robot {
namespace {

class Turntable : public Model {
  public:
    using Model::Model;
    enum { kTable = 0, kFlipper = 1, kHolder = 2 };

    int actuators() const override { return 3; }
    const char *actuator_name(int i) const override {
        static const char *const kNames[3] = {"table", "flipper", "holder"};
        return i >= 0 && i < 3 ? kNames[i] : nullptr;
    }
    ActuatorType actuator_type(int i) const override {
        static const ActuatorType kTypes[3] = {ActuatorType::kTurner, ActuatorType::kFlipper, ActuatorType::kGrip};
        return kTypes[i];
    }
    uint32_t mech_count() const override { return 2 * uint32_t(2 * range_ + 1); }
    uint32_t initial() const override { return encode(0, false); }

    void candidates(uint32_t mech, std::vector<CmdSet> &out) const override {
        for (int8_t q : turns_)
            out.push_back(CmdSet::of({kTable, kTurn, q}));
        out.push_back(CmdSet::of({kFlipper, kFlip, 1}));
        out.push_back(CmdSet::of({kHolder, kGrip, int8_t(clamped(mech) ? 0 : 1)}));
    }

    bool simulate(uint32_t mech, const CmdSet &s, uint32_t &next, Effect &eff, std::string *why) const override {
        eff = Effect{};
        next = mech;
        if (mech >= mech_count()) return refuse(why, "unknown mechanical state");
        if (s.n != 1) return refuse(why, "this robot moves one actuator at a time");
        const Cmd &c = s.cmd[0];
        if (c.actuator == kTable && c.kind == kTurn && !direction_refusal(kTable, c.param).empty())
            return refuse(why, direction_refusal(kTable, c.param));
        if (duration(mech, s, 0) < 0) return refuse(why, "command does not fit its actuator");
        switch (c.actuator) {
            case kTable: {
                const int to = angle(mech) + c.param;
                if (range_ && (to > range_ || to < -range_))
                    return refuse(why, "the table would pass its end stop (range " + std::to_string(range_) + ")");
                if (clamped(mech)) {
                    eff.nturns = 1;
                    eff.face[0] = 3;  // D
                    eff.q[0] = c.param;
                } else {
                    eff.rot_axis = kAxisOf[3];
                    eff.rot_q = static_cast<int8_t>(c.param * kSignOf[3]);
                }
                next = encode(range_ ? to : 0, clamped(mech));
                return true;
            }
            case kFlipper:
                if (clamped(mech)) return refuse(why, "the flipper cannot tip the cube while the holder clamps it");
                eff.rot_axis = 0;
                eff.rot_q = 1;
                return true;
            default:
                if ((c.param != 0) == clamped(mech))
                    return refuse(why, c.param ? "holder is already clamped" : "holder is already released");
                next = encode(angle(mech), c.param != 0);
                return true;
        }
    }

    int32_t duration(uint32_t mech, const CmdSet &step, int k) const override {
        const Cmd &c = step.cmd[k];
        switch (c.actuator) {
            case kTable:
                if (c.kind != kTurn) return -1;
                return turn_time(kTable, clamped(mech) ? kLayer : kSpin, c.param);
            case kFlipper:
                return c.kind == kFlip && c.param == 1 ? timing(kFlipper).move_us[0][1] : -1;
            case kHolder:
                if (c.kind != kGrip || (c.param != 0 && c.param != 1)) return -1;
                return timing(kHolder).move_us[1 - c.param][c.param];
            default:
                return -1;
        }
    }

    // The table turns freely unless it has a range; the flipper rests down; the holder is the state.
    bool mech_at(const int32_t *positions, uint32_t &mech, std::string &why) const override {
        if (positions[kFlipper] != 0) {
            why = "flipper at " + std::to_string(positions[kFlipper]) + ": it rests at 0";
            return false;
        }
        if (positions[kHolder] != 0 && positions[kHolder] != 1) {
            why = "holder at " + std::to_string(positions[kHolder]) + ": 1 clamped or 0 released";
            return false;
        }
        const int32_t table = positions[kTable];
        if (range_ && (table > range_ || table < -range_)) {
            why = "table at " + std::to_string(table) + ": its travel is " + std::to_string(range_) +
                  " quarters each side of home";
            return false;
        }
        mech = encode(range_ ? table : 0, positions[kHolder] == 1);
        return true;
    }
    void positions_at(uint32_t mech, int32_t *positions) const override {
        if (range_) positions[kTable] = angle(mech);
        positions[kFlipper] = 0;
        positions[kHolder] = clamped(mech) ? 1 : 0;
    }

  protected:
    void on_timing() override {
        range_ = timing(kTable).range;
        turns_.clear();
        turn_params(kTable, turns_);
    }

  private:
    static bool clamped(uint32_t mech) { return mech % 2 == 1; }
    int angle(uint32_t mech) const { return int(mech / 2) - range_; }
    uint32_t encode(int table_angle, bool holder_clamped) const {
        return 2 * uint32_t(table_angle + range_) + (holder_clamped ? 1 : 0);
    }

    int range_ = 0;
    std::vector<int8_t> turns_;
};

}  // namespace

std::unique_ptr<Model> make_turntable(const Params &p) {
    return std::make_unique<Turntable>(p);
}

}  // namespace lc::robot
