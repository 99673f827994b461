// Private helpers of the facade: turning C statuses into lcb::Error and reading C text and arrays.
#pragma once

#include "libcube_bind.hpp"

#include <cube/cube.h>

#include <string>
#include <vector>

namespace lcb {
namespace detail {

/// Throws Error(status, cube_last_error()) unless `status` is CUBE_OK.
void check(cube_status status);

/// The facade's own error: misuse it finds before calling C.
[[noreturn]] void fail(Status status, const std::string &message);

/// NULL for "" (the C API's "default folder"), else the string.
inline const char *orNull(const std::string &text) { return text.empty() ? nullptr : text.c_str(); }

/// Copies a C string the library owns; NULL means the call failed (cube_last_error() says why).
std::string ownedText(const char *text);

/// Reads text that a C call copies snprintf-style: call(buffer, capacity, &length) is retried with a
/// buffer of the reported length while it answers CUBE_ERROR_BUFFER_TOO_SMALL.
template <typename Call> std::string readText(Call call) {
    std::string text(256, '\0');
    for (;;) {
        int32_t length = 0;
        cube_status status = call(&text[0], static_cast<int32_t>(text.size()), &length);
        if (status == CUBE_ERROR_BUFFER_TOO_SMALL && length >= static_cast<int32_t>(text.size())) {
            text.assign(static_cast<size_t>(length) + 1, '\0');
            continue;
        }
        check(status);
        text.resize(static_cast<size_t>(length));
        return text;
    }
}

/// The text of one of the library's formatters, formatter(handle, format, buffer, capacity, &length)
/// (cube_plan_format() and its kin), read as readText() reads.
template <typename Handle>
std::string readFormat(cube_status (*formatter)(const Handle *, int32_t, char *, int32_t, int32_t *),
                       const Handle *handle, int32_t format) {
    return readText([&](char *buffer, int32_t capacity, int32_t *length) {
        return formatter(handle, format, buffer, capacity, length);
    });
}

/// Reads an int32 array the same way: call(values, capacity, &count).
template <typename Call> std::vector<int32_t> readInts(Call call) {
    std::vector<int32_t> values(16);
    for (;;) {
        int32_t count = 0;
        cube_status status = call(values.data(), static_cast<int32_t>(values.size()), &count);
        if (status == CUBE_ERROR_BUFFER_TOO_SMALL && count > static_cast<int32_t>(values.size())) {
            values.resize(static_cast<size_t>(count));
            continue;
        }
        check(status);
        values.resize(static_cast<size_t>(count));
        return values;
    }
}

} // namespace detail
} // namespace lcb
