// lcb::CancelToken: a shared cube_cancel.
#include "call.hpp"

namespace lcb {

CancelToken::CancelToken() {
    cube_cancel *token = nullptr;
    detail::check(cube_cancel_new(&token));
    cancel_.reset(token, cube_cancel_free);
}

void CancelToken::cancel() { detail::check(cube_cancel_trigger(cancel_.get())); }

void CancelToken::reset() { detail::check(cube_cancel_reset(cancel_.get())); }

bool CancelToken::isCancelled() const {
    int32_t triggered = 0;
    detail::check(cube_cancel_is_triggered(cancel_.get(), &triggered));
    return triggered != 0;
}

const cube_cancel *CancelToken::handle() const { return cancel_.get(); }

} // namespace lcb
