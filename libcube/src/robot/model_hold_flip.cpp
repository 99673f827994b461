// hold-and-flip (CUBOTino style): a turntable under the cube with end stops, and a top cover that both
// holds the upper layers and flips the cube.
//
// The cover has three positions: open (the cube is free), close (it presses the upper two layers, so the
// table turns the bottom layer D) and flip (moving there tips the cube back face down, an x). It moves
// between any two of them directly (close -> flip and flip -> close included); a grip command sends it to
// open (0) or close (1), a flip command to flip. With the cover open the table spins the whole cube; at
// flip the table may not move. The table turns between its end stops (home +- table.range quarters,
// CCW / home / CW by default). One actuator moves at a time.
// mech = cover + 3 * (table angle + range).
#include <string>

#include "error.hpp"
#include "model.hpp"
#include "orient.hpp"

namespace lc::robot {
namespace {

enum CoverPosition { kOpen = 0, kClose = 1, kFlipped = 2 };

class HoldFlip : public Model {
  public:
    using Model::Model;
    enum { kTable = 0, kCover = 1 };

    int actuators() const override { return 2; }
    const char *actuator_name(int i) const override {
        static const char *const kNames[2] = {"table", "cover"};
        return i >= 0 && i < 2 ? kNames[i] : nullptr;
    }
    ActuatorType actuator_type(int i) const override {
        return i == kTable ? ActuatorType::kTurner : ActuatorType::kCover;
    }
    // The table turns a held layer slower than it spins the free cube (CUBOTino's rotate vs spin); the
    // cover reaches flip quicker from open than from close. Estimates, see <cube/robot.h>.
    ActuatorTiming default_timing(int i) const override {
        ActuatorTiming t = Model::default_timing(i);
        const Params &p = params();
        if (i == kTable) {
            t.range = 1;
            for (auto &dir : t.turn_us[kLayer])
                for (int32_t &us : dir)
                    us += us / 4;
            return t;
        }
        t.move_us[kOpen][kFlipped] = p.flip_us;
        t.move_us[kFlipped][kOpen] = p.flip_us;
        t.move_us[kClose][kFlipped] = p.flip_us + p.grip_us;
        t.move_us[kFlipped][kClose] = p.flip_us;
        return t;
    }
    uint32_t mech_count() const override { return 3 * uint32_t(2 * range_ + 1); }
    uint32_t initial() const override { return encode(0, kOpen); }

    void candidates(uint32_t mech, std::vector<CmdSet> &out) const override {
        for (int8_t q : turns_)
            out.push_back(CmdSet::of({kTable, kTurn, q}));
        const int cover = cover_of(mech);
        if (cover != kOpen) out.push_back(CmdSet::of({kCover, kGrip, 0}));
        if (cover != kClose) out.push_back(CmdSet::of({kCover, kGrip, 1}));
        if (cover != kFlipped) out.push_back(CmdSet::of({kCover, kFlip, 1}));
    }

    bool simulate(uint32_t mech, const CmdSet &s, uint32_t &next, Effect &eff, std::string *why) const override {
        eff = Effect{};
        next = mech;
        if (mech >= mech_count()) return refuse(why, "unknown mechanical state");
        if (s.n != 1) return refuse(why, "this robot moves one actuator at a time");
        const Cmd &c = s.cmd[0];
        const int cover = cover_of(mech);
        if (c.actuator == kTable && c.kind == kTurn && !direction_refusal(kTable, c.param).empty())
            return refuse(why, direction_refusal(kTable, c.param));
        if (c.actuator == kCover && target(c) == cover)
            return refuse(why, std::string("the cover is already at ") + position_names(ActuatorType::kCover)[cover]);
        if (duration(mech, s, 0) < 0) return refuse(why, "command does not fit its actuator");
        if (c.actuator == kCover) {
            if (target(c) == kFlipped) {
                eff.rot_axis = 0;  // tips the cube back face down
                eff.rot_q = 1;
            }
            next = encode(angle(mech), target(c));
            return true;
        }
        if (cover == kFlipped) return refuse(why, "the table cannot turn while the cover is at flip");
        const int to = angle(mech) + c.param;
        if (to > range_ || to < -range_)
            return refuse(why, "the table would pass its end stop (range " + std::to_string(range_) + ")");
        if (cover == kClose) {
            eff.nturns = 1;
            eff.face[0] = 3;  // D
            eff.q[0] = c.param;
        } else {
            eff.rot_axis = kAxisOf[3];
            eff.rot_q = static_cast<int8_t>(c.param * kSignOf[3]);
        }
        next = encode(to, cover);
        return true;
    }

    int32_t duration(uint32_t mech, const CmdSet &step, int k) const override {
        const Cmd &c = step.cmd[k];
        if (c.actuator == kTable)
            return c.kind == kTurn ? turn_time(kTable, cover_of(mech) == kClose ? kLayer : kSpin, c.param) : -1;
        if (c.actuator != kCover) return -1;
        const int to = target(c);
        if (to < 0) return -1;
        return timing(kCover).move_us[cover_of(mech)][to];
    }

    bool mech_at(const int32_t *positions, uint32_t &mech, std::string &why) const override {
        const int32_t table = positions[kTable], cover = positions[kCover];
        if (table > range_ || table < -range_) {
            why = "table at " + std::to_string(table) + ": its travel is " + std::to_string(range_) +
                  " quarters each side of home";
            return false;
        }
        if (cover < kOpen || cover > kFlipped) {
            why = "cover at " + std::to_string(cover) + ": 0 open, 1 close or 2 flip";
            return false;
        }
        mech = encode(table, cover);
        return true;
    }
    void positions_at(uint32_t mech, int32_t *positions) const override {
        positions[kTable] = angle(mech);
        positions[kCover] = cover_of(mech);
    }

    bool camera_clear(uint32_t mech) const override { return cover_of(mech) == kOpen; }

  protected:
    void on_timing() override {
        range_ = timing(kTable).range;
        if (range_ < 1)
            throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                        "table.range = 0: the hold-and-flip table turns between end stops, 1 or 2 quarters");
        turns_.clear();
        turn_params(kTable, turns_);
    }

  private:
    // Where a cover command sends the cover, or -1.
    static int target(const Cmd &c) {
        if (c.kind == kGrip && (c.param == 0 || c.param == 1)) return c.param == 1 ? kClose : kOpen;
        if (c.kind == kFlip && c.param == 1) return kFlipped;
        return -1;
    }
    static int cover_of(uint32_t mech) { return int(mech % 3); }
    int angle(uint32_t mech) const { return int(mech / 3) - range_; }
    uint32_t encode(int table_angle, int cover) const { return 3 * uint32_t(table_angle + range_) + uint32_t(cover); }

    int range_ = 1;
    std::vector<int8_t> turns_;
};

}  // namespace

std::unique_ptr<Model> make_hold_flip(const Params &p) {
    return std::make_unique<HoldFlip>(p);
}

}  // namespace lc::robot
