// Helpers shared by the C API implementation files.
#pragma once
#include <cube/common.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "error.hpp"

namespace lc {

// Copies `s` and a NUL into a caller's buffer, snprintf-style: `*length` always receives s.size().
inline cube_status copy_out(const std::string &s, char *buffer, int32_t capacity, int32_t *length) {
    if (capacity < 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "buffer capacity %d is negative", capacity);
    if (!buffer && capacity > 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                                  "buffer is NULL but capacity is %d", capacity);
    if (s.size() > 0x7fffffff) return set_error(CUBE_ERROR_INTERNAL, "string too long");
    if (length) *length = static_cast<int32_t>(s.size());
    if (static_cast<size_t>(capacity) < s.size() + 1)
        return set_error(CUBE_ERROR_BUFFER_TOO_SMALL,
                         "buffer of %d bytes cannot hold %zu characters and the NUL", capacity,
                         s.size());
    std::memcpy(buffer, s.c_str(), s.size() + 1);
    return CUBE_OK;
}

inline cube_status check_size(int32_t size) {
    if (size != 2 && size != 3) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "cube size %d: must be 2 or 3", size);
    return CUBE_OK;
}

// Refuses a NULL out-parameter and clears it, so that it holds 0 or NULL if the call then fails.
template <typename T>
cube_status clear_out(T *out, const char *what) {
    if (!out) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "%s pointer is NULL", what);
    *out = T{};
    return CUBE_OK;
}

template <typename T>
cube_status check_out(T **out, const char *what = "out") {
    return clear_out(out, what);
}

// The common start of a constructor: a usable out-pointer and a cube size of 2 or 3.
template <typename T>
cube_status check_out_and_size(T **out, int32_t size) {
    cube_status st = check_out(out);
    return st != CUBE_OK ? st : check_size(size);
}

}  // namespace lc
