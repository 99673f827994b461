// lcb::PlanOptions, RobotSolveOptions and Robot over cube_robot.
#include "call.hpp"
#include "listeners.hpp"

namespace lcb {

// ---- PlanOptions ----

PlanOptions::PlanOptions() = default;
PlanStrategy PlanOptions::strategy() const { return strategy_; }
void PlanOptions::setStrategy(PlanStrategy strategy) { strategy_ = strategy; }
std::vector<int32_t> PlanOptions::startPositions() const { return startPositions_; }
void PlanOptions::setStartPositions(const std::vector<int32_t> &positions) { startPositions_ = positions; }
PlanFinish PlanOptions::finish() const { return finish_; }
void PlanOptions::setFinish(PlanFinish finish) { finish_ = finish; }

// ---- RobotSolveOptions: the C defaults ----

RobotSolveOptions::RobotSolveOptions() {
    cube_robot_solve_options c;
    detail::check(cube_robot_solve_options_init(&c));
    extraLength_ = c.extra_length;
    candidates_ = c.candidates;
    timeoutMs_ = c.timeout_ms;
    strategy_ = static_cast<PlanStrategy>(c.strategy);
    shortestMs_ = c.shortest_ms;
    planMs_ = c.plan_ms;
    maxLength_ = c.max_length;
}

int32_t RobotSolveOptions::extraLength() const { return extraLength_; }
void RobotSolveOptions::setExtraLength(int32_t extraLength) { extraLength_ = extraLength; }
int32_t RobotSolveOptions::candidates() const { return candidates_; }
void RobotSolveOptions::setCandidates(int32_t candidates) { candidates_ = candidates; }
int32_t RobotSolveOptions::timeoutMs() const { return timeoutMs_; }
void RobotSolveOptions::setTimeoutMs(int32_t timeoutMs) { timeoutMs_ = timeoutMs; }
PlanStrategy RobotSolveOptions::strategy() const { return strategy_; }
void RobotSolveOptions::setStrategy(PlanStrategy strategy) { strategy_ = strategy; }
int32_t RobotSolveOptions::shortestMs() const { return shortestMs_; }
void RobotSolveOptions::setShortestMs(int32_t shortestMs) { shortestMs_ = shortestMs; }
int32_t RobotSolveOptions::planMs() const { return planMs_; }
void RobotSolveOptions::setPlanMs(int32_t planMs) { planMs_ = planMs; }
int32_t RobotSolveOptions::maxLength() const { return maxLength_; }
void RobotSolveOptions::setMaxLength(int32_t maxLength) { maxLength_ = maxLength; }
void RobotSolveOptions::setCancel(const CancelToken &cancel) { cancel_ = cancel.cancel_; }
void RobotSolveOptions::clearCancel() { cancel_.reset(); }

// ---- Robot ----

Robot::Robot(RobotFamily family) : robot_(nullptr) {
    cube_robot_desc desc;
    detail::check(cube_robot_desc_init(&desc, static_cast<int32_t>(family)));
    detail::check(cube_robot_new(&desc, &robot_));
}

Robot::Robot(cube_robot *robot) : robot_(robot) {}

Robot::~Robot() { cube_robot_free(robot_); }

Robot *Robot::parse(const std::string &spec) {
    cube_robot *robot = nullptr;
    detail::check(cube_robot_parse(spec.c_str(), &robot));
    return new Robot(robot);
}

Robot *Robot::load(const std::string &path) {
    cube_robot *robot = nullptr;
    detail::check(cube_robot_load(path.c_str(), &robot));
    return new Robot(robot);
}

RobotFamily Robot::family() const {
    cube_robot_desc desc{};
    desc.struct_size = static_cast<uint32_t>(sizeof desc);
    detail::check(cube_robot_get_desc(robot_, &desc));
    return static_cast<RobotFamily>(desc.family);
}

std::string Robot::spec() const {
    const char *spec = nullptr;
    detail::check(cube_robot_spec(robot_, &spec));
    return spec;
}

int32_t Robot::actuatorCount() const {
    int32_t count = 0;
    detail::check(cube_robot_actuator_count(robot_, &count));
    return count;
}

std::string Robot::actuatorName(int32_t index) const {
    const char *name = nullptr;
    detail::check(cube_robot_actuator_name(robot_, index, &name));
    return name;
}

std::vector<int32_t> Robot::restPositions() const {
    return detail::readInts([&](int32_t *positions, int32_t capacity, int32_t *count) {
        return cube_robot_rest_positions(robot_, positions, capacity, count);
    });
}

std::vector<int32_t> Robot::stepMicros(const std::vector<int32_t> &positions,
                                       const std::vector<int32_t> &commands) const {
    if (commands.size() % 3 != 0 || commands.empty() || commands.size() > 9)
        detail::fail(Status::InvalidArgument, "commands: 1 to 3 triples of actuator, kind, param");
    const int32_t count = static_cast<int32_t>(commands.size() / 3);
    std::vector<int32_t> least(static_cast<size_t>(count), 0);
    detail::check(cube_robot_step_us(robot_, positions.data(), static_cast<int32_t>(positions.size()), commands.data(),
                                     count, least.data()));
    return least;
}

Plan *Robot::plan(const Moves &moves) { return plan(moves, PlanOptions()); }

Plan *Robot::plan(const Moves &moves, const PlanOptions &options) {
    cube_plan_options c;
    detail::check(cube_plan_options_init(&c));
    c.strategy = static_cast<int32_t>(options.strategy_);
    if (!options.startPositions_.empty()) {
        c.start_positions = options.startPositions_.data();
        c.start_position_count = static_cast<int32_t>(options.startPositions_.size());
    }
    c.finish = static_cast<int32_t>(options.finish_);
    cube_plan *plan = nullptr;
    detail::check(cube_plan_new(robot_, moves.handle(), &c, &plan));
    return new Plan(plan);
}

Plan *Robot::solve(Solver &solver, const Cube &cube) { return solve(solver, cube, RobotSolveOptions()); }

Plan *Robot::solve(Solver &solver, const Cube &cube, const RobotSolveOptions &options) {
    cube_robot_solve_options c;
    detail::check(cube_robot_solve_options_init(&c));
    c.extra_length = options.extraLength_;
    c.candidates = options.candidates_;
    c.timeout_ms = options.timeoutMs_;
    c.strategy = static_cast<int32_t>(options.strategy_);
    c.shortest_ms = options.shortestMs_;
    c.plan_ms = options.planMs_;
    c.max_length = options.maxLength_;
    c.cancel = options.cancel_.get();
    cube_plan *plan = nullptr;
    // The solver may load its tables here: its listener's failure ends this call.
    detail::checkCall(cube_robot_solve(robot_, solver.handle(), cube.handle(), &c, &plan), solver.progress_.get());
    return new Plan(plan);
}

Plan *Robot::scanPlan() const {
    cube_plan *plan = nullptr;
    detail::check(cube_robot_scan_plan(robot_, &plan));
    return new Plan(plan);
}

const cube_robot *Robot::handle() const { return robot_; }

} // namespace lcb
