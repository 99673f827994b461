// A robot: its mechanism model, its parameters, and every step it can take from each mechanical state.
#pragma once
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "model.hpp"
#include "small_text_file.hpp"
#include "turn_bound.hpp"

namespace lc::robot {

class SequenceCost;   // sequence_cost.hpp
class RotationBound;  // rotation_bound.hpp

struct Step {
    uint32_t next;
    int32_t duration;  // microseconds: the longest command of the step
    uint8_t rot;       // orientation change as an orientation index (0 = none)
    Effect eff;
    CmdSet cmds;
};

class Robot {
  public:
    explicit Robot(const Params &p);  // throws lc::Error on bad parameters
    ~Robot();
    const Model &model() const { return *model_; }
    const Params &params() const { return model_->params(); }
    // Steps from `mech` that do not turn a layer (regrips, rotations, unwinding) and those that do.
    const std::vector<Step> &free_steps(uint32_t mech) const { return free_[mech]; }
    const std::vector<Step> &turn_steps(uint32_t mech) const { return turn_[mech]; }
    // Least time any step needs to turn a layer by a quarter (1) or half (2) turn.
    int32_t min_turn(int quarters) const { return quarters == 2 ? min_half_ : min_quarter_; }
    const TurnBound &turn_bound() const { return bound_; }
    // The mechanical states that take part in any step (and rest), numbered 0 .. live_count() - 1: the
    // planner's search keeps nothing for the others. live_index() is -1 for a state outside them.
    uint32_t live_count() const { return uint32_t(live_.size()); }
    // The greatest common divisor of all step times: every plan time is a multiple of it.
    int64_t time_quantum() const { return quantum_; }
    int32_t live_index(uint32_t mech) const { return live_index_[mech]; }
    uint32_t live_mech(uint32_t index) const { return live_[index]; }
    bool pairs_opposite() const { return pairs_; }  // some step turns two opposite layers at once
    std::string spec() const;                       // canonical text form, accepted by parse_spec()
    // The timer of whole sequences (sequence_cost.hpp), built on first use (thread-safe); null when the
    // robot has too many mechanical states for it.
    const SequenceCost *sequence_cost() const;
    // The planner's orientation-aware bound (rotation_bound.hpp), built on first use (thread-safe); null
    // for robots that sequence_cost() times, whose searches are few and small.
    const RotationBound *rotation_bound() const;

  private:
    void number_live_states();

    std::unique_ptr<Model> model_;
    std::vector<std::vector<Step>> free_, turn_;
    int32_t min_quarter_ = 0, min_half_ = 0;
    bool pairs_ = false;
    TurnBound bound_;
    std::vector<uint32_t> live_;
    std::vector<int32_t> live_index_;
    int64_t quantum_ = 0;
    mutable std::once_flag cost_once_;
    mutable std::unique_ptr<const SequenceCost> cost_;
    mutable std::once_flag rotation_once_;
    mutable std::unique_ptr<const RotationBound> rotation_;
};

// Refuses a robot that cannot turn some cube face a quarter turn each way and a half turn from its
// rest state (and get back to rest): throws lc::Error(CUBE_ERROR_INVALID_ARGUMENT) naming the faces.
void check_reach(const Robot &robot);

const char *family_name(Family f);
bool family_from_name(const std::string &name, Family &out);
Params default_params(Family f);
// Checks ranges; throws lc::Error(CUBE_ERROR_INVALID_ARGUMENT) naming the bad field.
void check_params(const Params &p);
// The most text a robot description may have, given or read from a file (documented in <cube/robot.h>).
constexpr size_t kMaxSpecBytes = kMaxSmallTextBytes;
// Reads "four-arm", "four-arm:turn90=200,grip=120" or a file's lines "model = four-arm" (# comments).
// Throws lc::Error(CUBE_ERROR_PARSE) with the offending key.
Params parse_spec(const std::string &text);

// Helpers of the text form, shared with the per-actuator keys (timing.cpp): a value in ms as
// microseconds, an integer lo..hi (also yes/no), both throwing lc::Error(CUBE_ERROR_PARSE) naming the key;
// text as a message shows it (quoted, clipped, non-ASCII as \xNN); microseconds as ms text.
int32_t spec_ms(const std::string &key, const std::string &value);
int32_t spec_int(const std::string &key, const std::string &value, int lo, int hi);
std::string spec_shown(const std::string &text);
std::string spec_ms_text(int32_t us);

}  // namespace lc::robot
