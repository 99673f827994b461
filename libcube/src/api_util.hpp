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
    if (capacity < 0) return fail(CUBE_ERROR_INVALID_ARGUMENT, "buffer capacity %d is negative", capacity);
    if (!buffer && capacity > 0) return fail(CUBE_ERROR_INVALID_ARGUMENT, "buffer is NULL but capacity is %d", capacity);
    if (s.size() > 0x7fffffff) return fail(CUBE_ERROR_INTERNAL, "string too long");
    if (length) *length = static_cast<int32_t>(s.size());
    if (static_cast<size_t>(capacity) < s.size() + 1)
        return fail(CUBE_ERROR_BUFFER_TOO_SMALL, "buffer of %d bytes cannot hold %zu characters and the NUL", capacity,
                    s.size());
    std::memcpy(buffer, s.c_str(), s.size() + 1);
    return CUBE_OK;
}

inline cube_status check_size(int32_t size) {
    if (size != 2 && size != 3) return fail(CUBE_ERROR_INVALID_ARGUMENT, "cube size %d: must be 2 or 3", size);
    return CUBE_OK;
}

template <typename T>
cube_status check_out(T **out, const char *what = "out") {
    if (!out) return fail(CUBE_ERROR_INVALID_ARGUMENT, "%s pointer is NULL", what);
    *out = nullptr;
    return CUBE_OK;
}

// Versioned structs: the caller's struct_size says which fields it has. The smallest size accepted is
// that of the struct's first version (`first_size`).
template <typename T>
cube_status check_versioned(const T *s, const char *what, size_t first_size) {
    if (!s) return fail(CUBE_ERROR_INVALID_ARGUMENT, "%s is NULL", what);
    if (s->struct_size < first_size || s->struct_size > 4096)
        return fail(CUBE_ERROR_INVALID_ARGUMENT, "%s->struct_size is %u, expected at least %zu (call the matching _init())",
                    what, s->struct_size, first_size);
    return CUBE_OK;
}

// Copies the fields a caller's struct has over `out`, which holds the defaults; NULL keeps them all.
template <typename T>
cube_status read_versioned(const T *in, T &out, const char *what, size_t first_size = sizeof(uint32_t)) {
    if (!in) return CUBE_OK;
    cube_status st = check_versioned(in, what, first_size);
    if (st != CUBE_OK) return st;
    std::memcpy(&out, in, std::min<size_t>(in->struct_size, sizeof(T)));
    out.struct_size = sizeof(T);
    return CUBE_OK;
}

// Writes `value` into a caller's struct, only as far as its struct_size reaches.
template <typename T>
cube_status write_versioned(const T &value, T *out, const char *what, size_t first_size) {
    cube_status st = check_versioned(out, what, first_size);
    if (st != CUBE_OK) return st;
    uint32_t caller_size = out->struct_size;
    std::memcpy(out, &value, std::min<size_t>(caller_size, sizeof(T)));
    out->struct_size = caller_size;
    return CUBE_OK;
}

// The common start of a constructor: a usable out-pointer and a cube size of 2 or 3.
template <typename T>
cube_status check_out_and_size(T **out, int32_t size) {
    cube_status st = check_out(out);
    return st != CUBE_OK ? st : check_size(size);
}

}  // namespace lc
