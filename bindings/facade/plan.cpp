// lcb::Plan over cube_plan.
#include "call.hpp"

namespace lcb {

Plan::Plan(cube_plan *plan) : plan_(plan) {}

Plan::~Plan() { cube_plan_free(plan_); }

int64_t Plan::totalUs() const {
    int64_t total = 0;
    detail::check(cube_plan_total_us(plan_, &total));
    return total;
}

int32_t Plan::actionCount() const {
    int32_t count = 0;
    detail::check(cube_plan_action_count(plan_, &count));
    return count;
}

PlanAction Plan::action(int32_t index) const {
    cube_action c;
    detail::check(cube_action_init(&c));
    detail::check(cube_plan_get_action(plan_, index, &c));
    return PlanAction{c.actuator, static_cast<ActionKind>(c.kind), c.param, c.start_us, c.end_us, c.move_index};
}

Moves *Plan::moves() const {
    cube_moves *moves = nullptr;
    detail::check(cube_plan_moves(plan_, &moves));
    return Moves::adopt(moves);
}

Robot *Plan::robot() const {
    cube_robot *robot = nullptr;
    detail::check(cube_plan_robot(plan_, &robot));
    return new Robot(robot);
}

void Plan::check() const { detail::check(cube_plan_check(plan_)); }

std::vector<int32_t> Plan::startPositions() const {
    return detail::readInts([&](int32_t *positions, int32_t capacity, int32_t *count) {
        return cube_plan_start_positions(plan_, positions, capacity, count);
    });
}

Moves *Plan::remaining(int32_t actionsDone) const {
    cube_moves *moves = nullptr;
    detail::check(cube_plan_remaining(plan_, actionsDone, &moves));
    return Moves::adopt(moves);
}

std::string Plan::text() const { return detail::readFormat(cube_plan_format, plan_, CUBE_PLAN_TEXT); }

std::string Plan::json() const { return detail::readFormat(cube_plan_format, plan_, CUBE_PLAN_JSON); }

int32_t Plan::scanFrameCount() const {
    int32_t count = 0;
    detail::check(cube_plan_scan_frame_count(plan_, &count));
    return count;
}

ScanFrame Plan::scanFrame(int32_t index) const {
    cube_scan_frame f;
    detail::check(cube_scan_frame_init(&f));
    detail::check(cube_plan_get_scan_frame(plan_, index, &f));
    if (f.face < 0 || f.face > 5) {
        detail::fail(Status::Internal, "scan frame " + std::to_string(index) + ": face " + std::to_string(f.face));
    }
    return ScanFrame{static_cast<Face>(f.face), f.rotation, f.actions_done, f.time_us};
}

Plan *Plan::then(const Plan &next) const {
    cube_plan *joined = nullptr;
    detail::check(cube_plan_concat(plan_, next.plan_, &joined));
    return new Plan(joined);
}

const cube_plan *Plan::handle() const { return plan_; }

} // namespace lcb
