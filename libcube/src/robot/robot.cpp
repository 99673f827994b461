#include "robot.hpp"

#include <algorithm>
#include <climits>
#include <numeric>

#include "error.hpp"
#include "orient.hpp"
#include "rotation_bound.hpp"
#include "sequence_cost.hpp"

namespace lc::robot {

void Robot::number_live_states() {
    const uint32_t n = model_->mech_count();
    std::vector<bool> live(n, false);
    live[model_->initial()] = true;
    for (uint32_t m = 0; m < n; ++m) {
        for (const auto *steps : {&free_[m], &turn_[m]})
            for (const Step &s : *steps) {
                live[m] = true;
                live[s.next] = true;
                quantum_ = std::gcd(quantum_, int64_t(s.duration));
            }
    }
    live_index_.assign(n, -1);
    for (uint32_t m = 0; m < n; ++m) {
        if (!live[m]) continue;
        live_index_[m] = int32_t(live_.size());
        live_.push_back(m);
    }
}

Robot::~Robot() = default;

const SequenceCost *Robot::sequence_cost() const {
    std::call_once(cost_once_, [this] {
        auto cost = std::make_unique<const SequenceCost>(*this);
        if (cost->supported()) cost_ = std::move(cost);
    });
    return cost_.get();
}

const RotationBound *Robot::rotation_bound() const {
    std::call_once(rotation_once_, [this] {
        if (live_count() > SequenceCost::kMaxMechs) rotation_ = std::make_unique<const RotationBound>(*this);
    });
    return rotation_.get();
}

Robot::Robot(const Params &p) {
    check_params(p);
    model_ = make_model(p);
    uint32_t n = model_->mech_count();
    free_.resize(n);
    turn_.resize(n);
    min_quarter_ = min_half_ = INT32_MAX;
    std::vector<CmdSet> cand;
    for (uint32_t m = 0; m < n; ++m) {
        cand.clear();
        model_->candidates(m, cand);
        for (const CmdSet &cs : cand) {
            Step s{};
            if (!model_->simulate(m, cs, s.next, s.eff, nullptr)) continue;
            s.cmds = cs;
            for (int k = 0; k < cs.n; ++k)
                s.duration = std::max(s.duration, model_->duration(m, cs, k));
            s.rot = s.eff.rot_axis >= 0 ? uint8_t(rotate(0, s.eff.rot_axis, s.eff.rot_q)) : 0;
            if (s.eff.nturns == 0) {
                free_[m].push_back(s);
                continue;
            }
            turn_[m].push_back(s);
            pairs_ |= s.eff.nturns == 2;
            int32_t &best = (s.eff.q[0] == 2 || s.eff.q[0] == -2) ? min_half_ : min_quarter_;
            best = std::min(best, s.duration);
        }
    }
    if (min_quarter_ == INT32_MAX) min_quarter_ = 0;
    if (min_half_ == INT32_MAX) min_half_ = 0;
    number_live_states();
    check_reach(*this);
    bound_ = TurnBound(*this);
}

}  // namespace lc::robot
