// lcb::OptimalOptions, OptimalResult and Solver::solveOptimal() over cube_solve_optimal().
#include "call.hpp"
#include "listeners.hpp"

#include <string>

namespace lcb {

// ---- OptimalOptions ----

OptimalOptions::OptimalOptions() = default;
Metric OptimalOptions::metric() const { return metric_; }
void OptimalOptions::setMetric(Metric metric) { metric_ = metric; }
int32_t OptimalOptions::maxLength() const { return maxLength_; }
void OptimalOptions::setMaxLength(int32_t maxLength) { maxLength_ = maxLength; }
int32_t OptimalOptions::timeoutMs() const { return timeoutMs_; }
void OptimalOptions::setTimeoutMs(int32_t timeoutMs) { timeoutMs_ = timeoutMs; }
int32_t OptimalOptions::threads() const { return threads_; }
void OptimalOptions::setThreads(int32_t threads) { threads_ = threads; }
bool OptimalOptions::allSolutions() const { return allSolutions_; }
void OptimalOptions::setAllSolutions(bool allSolutions) { allSolutions_ = allSolutions; }
int32_t OptimalOptions::limit() const { return limit_; }
void OptimalOptions::setLimit(int32_t limit) { limit_ = limit; }
void OptimalOptions::setCancel(const CancelToken &cancel) { cancel_ = cancel.cancel_; }
void OptimalOptions::clearCancel() { cancel_.reset(); }
bool OptimalOptions::hasCancel() const { return cancel_ != nullptr; }

// ---- OptimalResult ----

OptimalResult::OptimalResult() = default;
OptimalResult::~OptimalResult() { cube_solutions_free(list_); }

void OptimalResult::reset() {
    cube_solutions_free(list_);
    list_ = nullptr;
    length_ = -1;
    proven_ = false;
    lowerBound_ = 0;
    nodes_ = 0;
    elapsedUs_ = 0;
    standardTable_ = false;
    smallTable_ = false;
    h48Table_ = false;
}

int32_t OptimalResult::size() const {
    int32_t count = 0;
    if (list_ != nullptr) {
        detail::check(cube_solutions_count(list_, &count));
    }
    return count;
}

Moves *OptimalResult::get(int32_t index) const {
    if (index < 0 || index >= size()) {
        detail::fail(Status::InvalidArgument,
                     "solution " + std::to_string(index) + ": the result holds " + std::to_string(size()));
    }
    cube_moves *moves = nullptr;
    detail::check(cube_solutions_get(list_, index, &moves));
    return Moves::adopt(moves);
}

Moves *OptimalResult::solution() const {
    if (size() == 0) {
        detail::fail(Status::NotFound, "the optimal search found no solution");
    }
    return get(0);
}

int32_t OptimalResult::length() const { return length_; }
bool OptimalResult::isProvenOptimal() const { return proven_; }
int32_t OptimalResult::lowerBound() const { return lowerBound_; }
int64_t OptimalResult::nodes() const { return nodes_; }
int64_t OptimalResult::elapsedUs() const { return elapsedUs_; }
bool OptimalResult::hasStandardTable() const { return standardTable_; }
bool OptimalResult::hasSmallTable() const { return smallTable_; }
bool OptimalResult::hasH48Table() const { return h48Table_; }

// ---- Solver::solveOptimal ----

void Solver::solveOptimal(const Cube &cube, const OptimalOptions &options, ProgressListener *listener,
                          OptimalResult &result) {
    result.reset();
    cube_optimal_options c;
    cube_optimal_result r;
    detail::check(cube_optimal_options_init(&c));
    detail::check(cube_optimal_result_init(&r));
    c.metric = static_cast<int32_t>(options.metric());
    c.max_length = options.maxLength();
    c.timeout_ms = options.timeoutMs();
    c.threads = options.threads();
    c.all_solutions = options.allSolutions() ? 1 : 0;
    c.limit = options.limit();
    c.cancel = options.cancel_.get();
    detail::ProgressContext context;
    context.listener = listener;
    if (listener != nullptr) {
        c.progress = detail::optimal_trampoline;
        c.progress_user_data = &context;
    }
    cube_status status = cube_solve_optimal(solver_, cube.handle(), &c, &result.list_, &r);
    result.length_ = r.length;
    result.proven_ = r.proven_optimal != 0;
    result.lowerBound_ = r.lower_bound;
    result.nodes_ = r.nodes;
    result.elapsedUs_ = r.elapsed_us;
    result.standardTable_ = r.standard_table != 0;
    result.smallTable_ = r.small_table != 0;
    result.h48Table_ = r.h48_table != 0;
    detail::checkCall(status, status != CUBE_OK && progress_->failed.load() ? progress_.get() : &context);
}

} // namespace lcb
