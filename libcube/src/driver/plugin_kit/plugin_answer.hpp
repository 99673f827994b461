// How a driver plugin copies a text answer into the host's buffer (cube_driver_api.query): the rules of
// cube_state_copy_facelets(). Shared by the plugins in drivers/ (public headers only, header-only).
#pragma once
#include <cube/common.h>

#include <cstring>
#include <string>

namespace cube_plugin {

// Copies `answer` and its NUL into `buffer`; `length` (may be NULL) receives its length even when it
// does not fit. On failure `error` says why.
inline int32_t copy_answer(const std::string &answer, char *buffer, int32_t capacity, int32_t *length,
                           std::string &error) {
    if (capacity < 0 || (!buffer && capacity > 0)) {
        error = "query: buffer is NULL or its capacity " + std::to_string(capacity) + " is negative";
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    if (length) *length = int32_t(answer.size());
    if (size_t(capacity) < answer.size() + 1) {
        error = "query: a buffer of " + std::to_string(capacity) + " bytes cannot hold " +
                std::to_string(answer.size()) + " characters and the NUL";
        return CUBE_ERROR_BUFFER_TOO_SMALL;
    }
    std::memcpy(buffer, answer.c_str(), answer.size() + 1);
    return CUBE_OK;
}

}  // namespace cube_plugin
