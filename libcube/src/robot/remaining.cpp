// What is left of a plan after some of its actions ran: the moves still to do, as the robot holds the cube.
#include <deque>

#include "error.hpp"
#include "facelets.hpp"
#include "geometry.hpp"
#include "notation.hpp"
#include "orient.hpp"
#include "plan.hpp"

namespace lc::robot {
namespace {

// The turns not yet done, in order; a step's layer turn removes the first pending turn it matches
// (the first, or the second when the two are on opposite faces: they commute).
class PendingTurns {
  public:
    explicit PendingTurns(const std::vector<FaceTurn> &turns) : left_(turns.begin(), turns.end()) {}
    const std::deque<FaceTurn> &left() const { return left_; }

    void done(int face, int quarters) {
        const uint8_t amount = uint8_t(((quarters % 4) + 4) % 4);
        for (size_t k = 0; k < left_.size() && k < 2; ++k) {
            if (k == 1 && left_[1].face != kOpposite[left_[0].face]) break;
            if (left_[k].face == face && left_[k].amount == amount) {
                left_.erase(left_.begin() + long(k));
                return;
            }
        }
        throw Error(CUBE_ERROR_INTERNAL, "the plan turns a layer its sequence does not turn next");
    }

  private:
    std::deque<FaceTurn> left_;
};

}  // namespace

MoveList remaining_moves(const Plan &plan, size_t actions_done) {
    const auto &acts = plan.actions;
    if (actions_done > acts.size())
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "actions_done " + std::to_string(actions_done) + ": the plan has " +
                                                     std::to_string(acts.size()) + " actions");
    const bool mid_step = actions_done > 0 && actions_done < acts.size() &&
                          acts[actions_done].start_us == acts[actions_done - 1].start_us;
    if (mid_step)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "actions_done " + std::to_string(actions_done) +
                                                     " splits a step: actions that start together run together");
    const Model &model = plan.robot->model();
    const Orientations &ot = orientations();
    const Geometry &geo = geometry(3);
    std::string cube = solved_facelets(3);
    for (const Move &m : inverted(plan.moves))
        apply_move(geo, cube, m);  // the cube the plan solves, held at orientation 0
    PendingTurns pending(plan.turns);
    uint32_t mech = plan.start_mech;
    int orient = 0;  // which cube face (of the start) each robot position holds
    for (size_t i = 0; i < actions_done;) {
        CmdSet cs;
        size_t j = i;
        for (; j < actions_done && acts[j].start_us == acts[i].start_us && cs.n < kMaxStepCommands; ++j)
            cs.add({uint8_t(acts[j].actuator), uint8_t(acts[j].kind), int8_t(acts[j].param)});
        uint32_t next = 0;
        Effect eff;
        std::string why;
        if (!model.simulate(mech, cs, next, eff, &why))
            throw Error(CUBE_ERROR_INTERNAL, "the plan's step at action " + std::to_string(i) + " is refused: " + why);
        if (eff.rot_axis >= 0) orient = ot.then[orient][rotate(0, eff.rot_axis, eff.rot_q)];
        for (int k = 0; k < eff.nturns; ++k)
            pending.done(ot.faces[orient][eff.face[k]], eff.q[k]);
        apply_effect(cube, eff);
        mech = next;
        i = j;
    }
    MoveList out;
    for (const FaceTurn &t : pending.left()) {
        int position = 0;
        while (ot.faces[orient][position] != t.face)
            ++position;
        out.push_back(Move{uint8_t(position), t.amount});
    }
    for (const Move &m : out)
        apply_move(geo, cube, m);
    if (!faces_uniform(3, cube)) throw Error(CUBE_ERROR_INTERNAL, "the remaining moves do not solve the held cube");
    return out;
}

}  // namespace lc::robot
