// C API: cancel tokens.
#include <memory>

#include "cancel.hpp"

namespace lc {

cube_status cancel_flag(const cube_cancel *token, const std::atomic<int32_t> *&flag, const char *what) {
    flag = nullptr;
    if (!token) return CUBE_OK;
    const cube_cancel *c = checked<const cube_cancel>(token, kMagicCancel, what);
    if (!c) return CUBE_ERROR_INVALID_ARGUMENT;
    flag = &c->triggered;
    return CUBE_OK;
}

}  // namespace lc

using namespace lc;

extern "C" {

CUBE_API cube_status cube_cancel_new(cube_cancel **out) {
    return api_guard([&]() -> cube_status {
        if (!out) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "out pointer is NULL");
        *out = new cube_cancel();
        return CUBE_OK;
    });
}

// Async-signal-safe: an atomic store after a plain read of the tag; no error message on a bad handle.
CUBE_API cube_status cube_cancel_trigger(cube_cancel *cancel) {
    if (!cancel || cancel->tag.magic != kMagicCancel) return CUBE_ERROR_INVALID_ARGUMENT;
    cancel->triggered.store(1, std::memory_order_relaxed);
    return CUBE_OK;
}

CUBE_API cube_status cube_cancel_reset(cube_cancel *cancel) {
    cube_cancel *c = checked<cube_cancel>(cancel, kMagicCancel, "cancel");
    if (!c) return CUBE_ERROR_INVALID_ARGUMENT;
    c->triggered.store(0, std::memory_order_relaxed);
    return CUBE_OK;
}

CUBE_API cube_status cube_cancel_is_triggered(const cube_cancel *cancel, int32_t *triggered) {
    if (triggered) *triggered = 0;
    const cube_cancel *c = checked<const cube_cancel>(cancel, kMagicCancel, "cancel");
    if (!c) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!triggered) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "triggered pointer is NULL");
    *triggered = c->triggered.load(std::memory_order_relaxed);
    return CUBE_OK;
}

CUBE_API void cube_cancel_free(cube_cancel *cancel) {
    if (cancel && cancel->tag.magic == kMagicCancel) delete cancel;
}

}  // extern "C"
