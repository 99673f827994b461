// The C callbacks that call the language layers' listeners. No exception leaves them into C.
#include "listeners.hpp"

#include "call.hpp"

#include <string>

namespace lcb {

ProgressListener::~ProgressListener() = default;
RunListener::~RunListener() = default;

namespace detail {
namespace {

/// The C callback's answer to a listener's: 0 goes on, 1 cancels; Failed also marks the context.
template <typename Context> int32_t answer(Listen listen, Context &context) {
    switch (listen) {
    case Listen::Continue:
        return 0;
    case Listen::Cancel:
        return 1;
    case Listen::Failed:
    default:
        context.failed.store(true);
        return 1;
    }
}

template <typename Context> void checkWith(cube_status status, Context *context) {
    if (status != CUBE_OK && context != nullptr && context->failed.exchange(false)) {
        throw CallbackError(context->listener);
    }
    check(status);
}

} // namespace

int32_t progress_trampoline(void *user, const cube_progress *progress) {
    auto *context = static_cast<ProgressContext *>(user);
    if (context == nullptr || context->listener == nullptr || progress == nullptr) {
        return 0;
    }
    try {
        // Read only what the library filled (all of V1 in every published version).
        uint32_t filled = progress->struct_size;
        Progress report{};
        report.event = static_cast<ProgressEvent>(progress->event);
        if (filled >= CUBE_SIZE_THROUGH(cube_progress, stage) && progress->stage != nullptr) {
            report.stage = progress->stage;
        }
        if (filled >= CUBE_SIZE_THROUGH(cube_progress, stage_fraction)) {
            report.stageFraction = progress->stage_fraction;
        }
        if (filled >= CUBE_SIZE_THROUGH(cube_progress, fraction)) {
            report.fraction = progress->fraction;
        }
        if (filled >= CUBE_SIZE_THROUGH(cube_progress, elapsed_us)) {
            report.elapsedUs = progress->elapsed_us;
        }
        return answer(context->listener->onProgress(report), *context);
    } catch (...) {
        context->failed.store(true);
        return 1;
    }
}

int32_t optimal_trampoline(void *user, const cube_optimal_progress *progress) {
    auto *context = static_cast<ProgressContext *>(user);
    if (context == nullptr || context->listener == nullptr || progress == nullptr) {
        return 0;
    }
    try {
        Progress report{};
        report.event = ProgressEvent::Stage;
        report.stage = "searching depth " + std::to_string(progress->depth);
        report.elapsedUs = progress->elapsed_us;
        report.depth = progress->depth;
        report.nodes = progress->nodes;
        report.nodesPerSecond = progress->nodes_per_second;
        return answer(context->listener->onProgress(report), *context);
    } catch (...) {
        context->failed.store(true);
        return 1;
    }
}

int32_t run_trampoline(void *user, int32_t actionsDone, int32_t actionCount, int64_t planTimeUs) {
    auto *context = static_cast<RunContext *>(user);
    if (context == nullptr || context->listener == nullptr) {
        return 0;
    }
    try {
        return answer(context->listener->onStep(actionsDone, actionCount, planTimeUs), *context);
    } catch (...) {
        context->failed.store(true);
        return 1;
    }
}

void checkCall(cube_status status, ProgressContext *context) { checkWith(status, context); }
void checkCall(cube_status status, RunContext *context) { checkWith(status, context); }

} // namespace detail
} // namespace lcb
