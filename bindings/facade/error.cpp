// lcb::Error, lcb::CallbackError and the status check every call goes through.
#include "call.hpp"

#include <utility>

namespace lcb {

Error::Error(Status status, std::string message) : status_(status), message_(std::move(message)) {}
Status Error::status() const { return status_; }
const std::string &Error::message() const { return message_; }

CallbackError::CallbackError(const void *listener) : listener_(listener) {}
const void *CallbackError::listener() const { return listener_; }

namespace detail {

void check(cube_status status) {
    if (status != CUBE_OK) {
        throw Error(static_cast<Status>(status), cube_last_error());
    }
}

void fail(Status status, const std::string &message) { throw Error(status, message); }

std::string ownedText(const char *text) {
    if (text == nullptr) {
        cube_status status = cube_last_status();
        throw Error(static_cast<Status>(status == CUBE_OK ? CUBE_ERROR_INTERNAL : status), cube_last_error());
    }
    return text;
}

} // namespace detail
} // namespace lcb
