// The versioned-struct rule (cube/common.h), shared by every public struct.
#include "versioned.hpp"

#include <cstring>
#include <string>

#include "error.hpp"

namespace lc {
namespace {

constexpr uint32_t kMaxStructSize = 64 * 1024;

bool published(const StructRule &rule, uint32_t size) {
    for (size_t i = 0; i < rule.count; ++i)
        if (rule.sizes[i] == size) return true;
    return false;
}

std::string published_list(const StructRule &rule) {
    std::string s;
    for (size_t i = 0; i < rule.count; ++i) s += (i ? ", " : "") + std::to_string(rule.sizes[i]);
    return s;
}

// A size this library can take: a published one, or a larger one (a newer header) within reason.
cube_status check_size(const StructRule &rule, uint32_t size, const char *what) {
    if (published(rule, size) || (size > rule.current() && size <= kMaxStructSize)) return CUBE_OK;
    return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                     "%s->struct_size is %u, not a size %s was published with (%s): fill it with its _init() macro", what,
                     size, rule.name, published_list(rule).c_str());
}

}  // namespace

cube_status read_struct(const StructRule &rule, const void *in, void *out, const char *what) {
    if (!in) return CUBE_OK;
    uint32_t size;
    std::memcpy(&size, in, sizeof size);
    cube_status st = check_size(rule, size, what);
    if (st != CUBE_OK) return st;
    const auto *bytes = static_cast<const unsigned char *>(in);
    for (uint32_t i = static_cast<uint32_t>(rule.current()); i < size; ++i)
        if (bytes[i] != 0)
            return set_error(CUBE_ERROR_UNSUPPORTED,
                             "%s: byte %u of its %u bytes is set, but this libcube knows only the first %zu bytes of %s "
                             "(a field of a newer version)",
                             what, i, size, rule.current(), rule.name);
    std::memcpy(out, in, size < rule.current() ? size : rule.current());
    uint32_t current = static_cast<uint32_t>(rule.current());
    std::memcpy(out, &current, sizeof current);
    return CUBE_OK;
}

cube_status init_struct(const StructRule &rule, void *s, uint32_t size, const void *defaults) {
    if (!s) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "%s pointer is NULL", rule.name);
    cube_status st = check_size(rule, size, rule.name);
    if (st != CUBE_OK) return st;
    std::memset(s, 0, size);
    std::memcpy(s, defaults, size < rule.current() ? size : rule.current());
    std::memcpy(s, &size, sizeof size);
    return CUBE_OK;
}

cube_status write_struct(const StructRule &rule, const void *value, void *out, const char *what) {
    if (!out) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "%s is NULL", what);
    uint32_t size;
    std::memcpy(&size, out, sizeof size);
    cube_status st = check_size(rule, size, what);
    if (st != CUBE_OK) return st;
    if (size > rule.current()) std::memset(static_cast<unsigned char *>(out) + rule.current(), 0, size - rule.current());
    std::memcpy(out, value, size < rule.current() ? size : rule.current());
    std::memcpy(out, &size, sizeof size);
    return CUBE_OK;
}

}  // namespace lc
