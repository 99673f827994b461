// Cancel tokens (cube_cancel) and what a long call watches to stop early.
#pragma once
#include <cube/common.h>

#include <atomic>

#include "error.hpp"

struct cube_cancel {
    lc::HandleTag tag{lc::kMagicCancel};
    std::atomic<int32_t> triggered{0};
    ~cube_cancel() { tag.magic = 0; }
};
static_assert(std::atomic<int32_t>::is_always_lock_free, "cube_cancel_trigger must be async-signal-safe");

namespace lc {

// The flag of a caller's token (nullptr for none). A bad handle fails with CUBE_ERROR_INVALID_ARGUMENT.
cube_status cancel_flag(const cube_cancel *token, const std::atomic<int32_t> *&flag, const char *what);

// What a long call watches: the caller's token, and a flag of its own that a progress callback's
// "stop" or the call itself sets. Cheap to poll from any thread.
class StopFlag {
public:
    explicit StopFlag(const std::atomic<int32_t> *token = nullptr) : token_(token) {}
    bool stopped() const {
        return own_.load(std::memory_order_relaxed) != 0 || (token_ && token_->load(std::memory_order_relaxed) != 0);
    }
    void stop() { own_.store(1, std::memory_order_relaxed); }

private:
    const std::atomic<int32_t> *token_;
    std::atomic<int32_t> own_{0};
};

}  // namespace lc
