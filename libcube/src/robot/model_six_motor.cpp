// six-motor: one motor per face, no regrips; opposite faces may turn at the same time.
#include "error.hpp"
#include "model.hpp"
#include "orient.hpp"

namespace lc::robot {
namespace {

class SixMotor : public Model {
  public:
    using Model::Model;
    int actuators() const override { return 6; }
    const char *actuator_name(int i) const override {
        static const char *const kNames[6] = {"U", "R", "F", "D", "L", "B"};
        return i >= 0 && i < 6 ? kNames[i] : nullptr;
    }
    ActuatorType actuator_type(int) const override { return ActuatorType::kTurner; }
    uint32_t mech_count() const override { return 1; }
    uint32_t initial() const override { return 0; }

    void candidates(uint32_t, std::vector<CmdSet> &out) const override {
        for (int p = 0; p < 6; ++p)
            for (int8_t q : turns_[p]) {
                CmdSet s;
                s.add({uint8_t(p), kTurn, q});
                out.push_back(s);
                if (!params().allow_parallel || p >= 3) continue;
                for (int8_t q2 : turns_[kOpposite[p]]) {
                    CmdSet d = s;
                    d.add({uint8_t(kOpposite[p]), kTurn, q2});
                    out.push_back(d);
                }
            }
    }

    bool simulate(uint32_t, const CmdSet &s, uint32_t &next, Effect &eff, std::string *why) const override {
        next = 0;
        eff = Effect{};
        if (s.n == 0 || s.n > 2) return refuse(why, "a step turns one face or two opposite faces");
        for (int i = 0; i < s.n; ++i) {
            const Cmd &c = s.cmd[i];
            const std::string wrong_way = c.actuator < 6 && c.kind == kTurn ? direction_refusal(c.actuator, c.param) : "";
            if (!wrong_way.empty()) return refuse(why, wrong_way.c_str());
            if (duration(0, s, i) < 0) return refuse(why, "motor command is not a turn of 1 or 2 quarters");
            eff.face[i] = c.actuator;
            eff.q[i] = c.param;
        }
        eff.nturns = s.n;
        if (s.n == 2) {
            if (!params().allow_parallel) return refuse(why, "this robot turns one face at a time");
            if (kOpposite[s.cmd[0].actuator] != s.cmd[1].actuator)
                return refuse(why, "faces that are not opposite cannot turn together");
        }
        return true;
    }

    int32_t duration(uint32_t, const CmdSet &step, int k) const override {
        const Cmd &c = step.cmd[k];
        if (c.actuator >= 6 || c.kind != kTurn) return -1;
        return turn_time(c.actuator, kLayer, c.param);
    }

    // Motors accumulate freely: every position is the one state.
    bool mech_at(const int32_t *, uint32_t &mech, std::string &) const override {
        mech = 0;
        return true;
    }
    void positions_at(uint32_t, int32_t *) const override {}

  protected:
    void on_timing() override {
        for (int p = 0; p < 6; ++p) {
            if (timing(p).range != 0)
                throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                            std::string(actuator_name(p)) + ".range: six-motor motors turn without end stops (range 0)");
            turns_[p].clear();
            turn_params(p, turns_[p]);
        }
    }

  private:
    std::vector<int8_t> turns_[6];
};

}  // namespace

std::unique_ptr<Model> make_six_motor(const Params &p) {
    return std::make_unique<SixMotor>(p);
}

}  // namespace lc::robot
