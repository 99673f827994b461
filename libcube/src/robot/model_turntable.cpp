// turntable-flipper: a turntable under the cube, a flipper that tips it, a holder clamping the upper layers.
//
// With the holder clamped the turntable turns the bottom layer (D); released, it spins the whole cube.
// The flipper works only with the holder released and tips the cube one way: back face down (an x).
// One actuator moves at a time.
#include <string>

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
    uint32_t mech_count() const override { return 2; }  // holder released (0) or clamped (1)
    uint32_t initial() const override { return 0; }

    void candidates(uint32_t mech, std::vector<CmdSet> &out) const override {
        for (int8_t q : {1, 2, -1})
            out.push_back(one({kTable, kTurn, q}));
        out.push_back(one({kFlipper, kFlip, 1}));
        out.push_back(one({kHolder, kGrip, int8_t(mech ? 0 : 1)}));
    }

    bool simulate(uint32_t mech, const CmdSet &s, uint32_t &next, Effect &eff, std::string *why) const override {
        eff = Effect{};
        next = mech;
        if (mech > 1) return refuse(why, "unknown mechanical state");
        if (s.n != 1) return refuse(why, "this robot moves one actuator at a time");
        const Cmd &c = s.cmd[0];
        if (duration(c) < 0) return refuse(why, "command does not fit its actuator");
        switch (c.actuator) {
            case kTable:
                if (mech) {
                    eff.nturns = 1;
                    eff.face[0] = 3;  // D
                    eff.q[0] = c.param;
                } else {
                    eff.rot_axis = kAxisOf[3];
                    eff.rot_q = static_cast<int8_t>(c.param * kSignOf[3]);
                }
                return true;
            case kFlipper:
                if (mech) return refuse(why, "the flipper cannot tip the cube while the holder clamps it");
                eff.rot_axis = 0;
                eff.rot_q = 1;
                return true;
            default:
                if ((c.param != 0) == (mech != 0))
                    return refuse(why, c.param ? "holder is already clamped" : "holder is already released");
                next = c.param ? 1 : 0;
                return true;
        }
    }

    int32_t duration(const Cmd &c) const override {
        switch (c.actuator) {
            case kTable:
                if (c.kind != kTurn) return -1;
                if (c.param == 1 || c.param == -1) return params().turn90_us;
                if (c.param == 2 || c.param == -2) return params().turn180_us;
                return -1;
            case kFlipper:
                return c.kind == kFlip && c.param == 1 ? params().flip_us : -1;
            case kHolder:
                return c.kind == kGrip && (c.param == 0 || c.param == 1) ? params().grip_us : -1;
            default:
                return -1;
        }
    }

    // The table turns freely; the flipper rests down; the holder is the state.
    bool mech_at(const int32_t *positions, uint32_t &mech, std::string &why) const override {
        if (positions[kFlipper] != 0) {
            why = "flipper at " + std::to_string(positions[kFlipper]) + ": it rests at 0";
            return false;
        }
        if (positions[kHolder] != 0 && positions[kHolder] != 1) {
            why = "holder at " + std::to_string(positions[kHolder]) + ": 1 clamped or 0 released";
            return false;
        }
        mech = uint32_t(positions[kHolder]);
        return true;
    }
    void positions_at(uint32_t mech, int32_t *positions) const override {
        positions[kFlipper] = 0;
        positions[kHolder] = mech ? 1 : 0;
    }

  private:
    static CmdSet one(Cmd c) {
        CmdSet s;
        s.add(c);
        return s;
    }
    static bool refuse(std::string *why, const char *msg) {
        if (why) *why = msg;
        return false;
    }
};

}  // namespace

std::unique_ptr<Model> make_turntable(const Params &p) {
    return std::make_unique<Turntable>(p);
}

}  // namespace lc::robot
