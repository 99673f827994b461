// lcb::SolveOptions, Solutions, CubeList and Solver over cube_solver.
#include "call.hpp"
#include "listeners.hpp"

#include <memory>
#include <utility>

namespace lcb {
namespace {

/// The C options of one solve. `cancel` is the options' shared token (or null).
cube_solve_options toC(const SolveOptions &options, const cube_cancel *cancel) {
    cube_solve_options c;
    detail::check(cube_solve_options_init(&c));
    c.metric = static_cast<int32_t>(options.metric());
    c.max_length = options.maxLength();
    c.timeout_ms = options.timeoutMs();
    c.min_effort = options.minEffort() ? 1 : 0;
    c.cancel = cancel;
    return c;
}

} // namespace

// ---- SolveOptions ----

SolveOptions::SolveOptions() = default;
Metric SolveOptions::metric() const { return metric_; }
void SolveOptions::setMetric(Metric metric) { metric_ = metric; }
int32_t SolveOptions::maxLength() const { return maxLength_; }
void SolveOptions::setMaxLength(int32_t maxLength) { maxLength_ = maxLength; }
int32_t SolveOptions::timeoutMs() const { return timeoutMs_; }
void SolveOptions::setTimeoutMs(int32_t timeoutMs) { timeoutMs_ = timeoutMs; }
bool SolveOptions::minEffort() const { return minEffort_; }
void SolveOptions::setMinEffort(bool minEffort) { minEffort_ = minEffort; }
void SolveOptions::setCancel(const CancelToken &cancel) { cancel_ = cancel.cancel_; }
void SolveOptions::clearCancel() { cancel_.reset(); }
bool SolveOptions::hasCancel() const { return cancel_ != nullptr; }

// ---- Solutions ----

Solutions::Solutions(cube_solutions *list) : list_(list) {}

Solutions::~Solutions() { cube_solutions_free(list_); }

int32_t Solutions::size() const {
    int32_t count = 0;
    detail::check(cube_solutions_count(list_, &count));
    return count;
}

Status Solutions::statusAt(int32_t index) const {
    cube_status status = CUBE_OK;
    detail::check(cube_solutions_status(list_, index, &status));
    return static_cast<Status>(status);
}

std::string Solutions::messageAt(int32_t index) const {
    const char *message = nullptr;
    detail::check(cube_solutions_message(list_, index, &message));
    return message;
}

Moves *Solutions::get(int32_t index) const {
    Status status = statusAt(index);
    if (status != Status::Ok) {
        throw Error(status, messageAt(index));
    }
    cube_moves *moves = nullptr;
    detail::check(cube_solutions_get(list_, index, &moves));
    return Moves::adopt(moves);
}

Result *Solutions::result(int32_t index) const {
    Status status = statusAt(index);
    cube_moves *moves = nullptr;
    if (status == Status::Ok) {
        detail::check(cube_solutions_get(list_, index, &moves));
    }
    std::unique_ptr<cube_moves, void (*)(cube_moves *)> owned(moves, cube_moves_free);
    Result *result = new Result(index, status, status == Status::Ok ? std::string() : messageAt(index), moves);
    owned.release();
    return result;
}

// ---- Result ----

Result::Result(int32_t index, Status status, std::string message, cube_moves *moves)
    : index_(index), status_(status), message_(std::move(message)), moves_(moves) {}

Result::~Result() { cube_moves_free(moves_); }
bool Result::isOk() const { return status_ == Status::Ok; }
Status Result::status() const { return status_; }
std::string Result::message() const { return message_; }

Moves *Result::moves() const {
    if (moves_ == nullptr) {
        throw Error(status_, "entry " + std::to_string(index_) + ": " + message_);
    }
    cube_moves *copy = nullptr;
    detail::check(cube_moves_copy(moves_, &copy));
    return Moves::adopt(copy);
}

// ---- CubeList ----

void CubeList::add(const Cube &cube) { states_.push_back(cube.handle()); }
int32_t CubeList::size() const { return static_cast<int32_t>(states_.size()); }
void CubeList::clear() { states_.clear(); }

// ---- Solver ----

Solver::Solver() : Solver("", TablePolicy::Auto, nullptr) {}

Solver::Solver(const std::string &tableDir) : Solver(tableDir, TablePolicy::Auto, nullptr) {}

// With a listener the solver waits for the full tables: reports come on the calling thread, and a callback's
// cancel or exception ends the call that loads.
Solver::Solver(const std::string &tableDir, ProgressListener *listener)
    : Solver(tableDir, listener != nullptr ? TablePolicy::Full : TablePolicy::Auto, listener) {}

Solver::Solver(TablePolicy policy, const std::string &tableDir) : Solver(tableDir, policy, nullptr) {}

Solver::Solver(const std::string &tableDir, TablePolicy policy, ProgressListener *listener)
    : progress_(new detail::ProgressContext) {
    progress_->listener = listener;
    cube_solver_config config;
    detail::check(cube_solver_config_init(&config));
    config.table_dir = detail::orNull(tableDir);
    config.table_policy = static_cast<int32_t>(policy);
    if (listener != nullptr) {
        config.progress = detail::progress_trampoline;
        config.progress_user_data = progress_.get();
    }
    detail::check(cube_solver_new(&config, &solver_));
}

Solver::~Solver() { cube_solver_free(solver_); }

void Solver::prepare(int32_t size) { detail::checkCall(cube_solver_prepare(solver_, size, nullptr), progress_.get()); }

void Solver::prepare(int32_t size, const CancelToken &cancel) {
    detail::checkCall(cube_solver_prepare(solver_, size, cancel.handle()), progress_.get());
}

Moves *Solver::solve(const Cube &cube) {
    cube_moves *solution = nullptr;
    detail::checkCall(cube_solve(solver_, cube.handle(), nullptr, &solution), progress_.get());
    return Moves::adopt(solution);
}

Moves *Solver::solve(const Cube &cube, const SolveOptions &options) {
    cube_solve_options c = toC(options, options.cancel_.get());
    cube_moves *solution = nullptr;
    detail::checkCall(cube_solve(solver_, cube.handle(), &c, &solution), progress_.get());
    return Moves::adopt(solution);
}

Moves *Solver::solveTo(const Cube &cube, const Cube &target, const SolveOptions &options) {
    cube_solve_options c = toC(options, options.cancel_.get());
    cube_moves *solution = nullptr;
    detail::checkCall(cube_solve_to(solver_, cube.handle(), target.handle(), &c, &solution), progress_.get());
    return Moves::adopt(solution);
}

int32_t Solver::distance(const Cube &cube) { return distance(cube, SolveOptions()); }

int32_t Solver::distance(const Cube &cube, const SolveOptions &options) {
    Cube solved(cube.size());
    return distance(cube, solved, options);
}

int32_t Solver::distance(const Cube &cube, const Cube &target, const SolveOptions &options) {
    cube_solve_options c = toC(options, options.cancel_.get());
    int32_t distance = 0;
    detail::checkCall(cube_solve_distance(solver_, cube.handle(), target.handle(), &c, &distance), progress_.get());
    return distance;
}

Solutions *Solver::solveAll(const Cube &cube, const SolveOptions &options, int32_t limit) {
    const int32_t most = 10000000; // the C API's largest limit: "all" in practice
    if (limit < 0) {
        detail::fail(Status::InvalidArgument, "solveAll: limit " + std::to_string(limit) + " is negative");
    }
    cube_solve_options c = toC(options, options.cancel_.get());
    cube_solutions *list = nullptr;
    detail::checkCall(cube_solve_all(solver_, cube.handle(), nullptr, &c, limit == 0 ? most : limit, &list),
                      progress_.get());
    return new Solutions(list);
}

int64_t Solver::countOptimal(const Cube &cube) { return countOptimal(cube, SolveOptions()); }

int64_t Solver::countOptimal(const Cube &cube, const SolveOptions &options) {
    cube_solve_options c = toC(options, options.cancel_.get());
    int64_t count = 0;
    detail::checkCall(cube_count_optimal(solver_, cube.handle(), nullptr, &c, &count), progress_.get());
    return count;
}

Solutions *Solver::solveBatch(const CubeList &cubes, const SolveOptions &options, int32_t threads) {
    cube_solve_options c = toC(options, options.cancel_.get());
    cube_solutions *list = nullptr;
    cube_status status = cube_solve_batch(solver_, cubes.states_.data(), cubes.size(), nullptr, &c, threads, &list);
    if (status != CUBE_OK && (list == nullptr || progress_->failed.load())) {
        cube_solutions_free(list);
        detail::checkCall(status, progress_.get());
    }
    // Entries that failed keep their own status and message (Solutions::result()).
    return new Solutions(list);
}

cube_solver *Solver::handle() const { return solver_; }

} // namespace lcb
