#include "error.hpp"

#include <cstdarg>
#include <cstdio>

namespace lc {
namespace {
// A fixed buffer, not a std::string: MinGW's emulated thread-local storage frees a thread's storage before
// the destructors of its thread_local objects run (a crash at every thread's exit: docs/windows.md), so the
// library keeps only trivially destructible thread_locals. A longer message is cut.
constexpr size_t kMessageMax = 4096;
thread_local char last_message[kMessageMax];
thread_local cube_status last_status = CUBE_OK;

cube_status record(cube_status status, const char *message) {
    std::snprintf(last_message, sizeof last_message, "%s", message);
    last_status = status;
    return status;
}

}  // namespace

cube_status set_error_text(cube_status status, const std::string &message) {
    return record(status, message.c_str());
}

std::string error_text(const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

cube_status set_error(cube_status status, const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return record(status, buf);
}

}  // namespace lc

extern "C" {

CUBE_API const char *cube_status_name(cube_status status) {
    switch (status) {
    case CUBE_OK: return "CUBE_OK";
    case CUBE_ERROR_INVALID_ARGUMENT: return "CUBE_ERROR_INVALID_ARGUMENT";
    case CUBE_ERROR_PARSE: return "CUBE_ERROR_PARSE";
    case CUBE_ERROR_INVALID_CUBE: return "CUBE_ERROR_INVALID_CUBE";
    case CUBE_ERROR_UNSOLVABLE: return "CUBE_ERROR_UNSOLVABLE";
    case CUBE_ERROR_NO_MEMORY: return "CUBE_ERROR_NO_MEMORY";
    case CUBE_ERROR_IO: return "CUBE_ERROR_IO";
    case CUBE_ERROR_NOT_FOUND: return "CUBE_ERROR_NOT_FOUND";
    case CUBE_ERROR_TIMEOUT: return "CUBE_ERROR_TIMEOUT";
    case CUBE_ERROR_CANCELLED: return "CUBE_ERROR_CANCELLED";
    case CUBE_ERROR_BUFFER_TOO_SMALL: return "CUBE_ERROR_BUFFER_TOO_SMALL";
    case CUBE_ERROR_UNSUPPORTED: return "CUBE_ERROR_UNSUPPORTED";
    case CUBE_ERROR_CORRUPT: return "CUBE_ERROR_CORRUPT";
    case CUBE_ERROR_INTERNAL: return "CUBE_ERROR_INTERNAL";
    }
    return "CUBE_STATUS_UNKNOWN";
}

CUBE_API const char *cube_status_message(cube_status status) {
    switch (status) {
    case CUBE_OK: return "success";
    case CUBE_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case CUBE_ERROR_PARSE: return "parse error";
    case CUBE_ERROR_INVALID_CUBE: return "invalid cube";
    case CUBE_ERROR_UNSOLVABLE: return "no solution within the limits";
    case CUBE_ERROR_NO_MEMORY: return "out of memory";
    case CUBE_ERROR_IO: return "input/output error";
    case CUBE_ERROR_NOT_FOUND: return "not found";
    case CUBE_ERROR_TIMEOUT: return "timed out";
    case CUBE_ERROR_CANCELLED: return "cancelled";
    case CUBE_ERROR_BUFFER_TOO_SMALL: return "buffer too small";
    case CUBE_ERROR_UNSUPPORTED: return "not supported";
    case CUBE_ERROR_CORRUPT: return "corrupt data";
    case CUBE_ERROR_INTERNAL: return "internal error";
    }
    return "unknown status";
}

CUBE_API const char *cube_last_error(void) { return lc::last_message; }
CUBE_API cube_status cube_last_status(void) { return lc::last_status; }
CUBE_API void cube_clear_error(void) {
    lc::last_message[0] = '\0';
    lc::last_status = CUBE_OK;
}

}  // extern "C"
