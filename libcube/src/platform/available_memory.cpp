#include "platform/available_memory.hpp"

#include <cstdlib>
#include <cstring>

#include "platform/platform.hpp"

namespace lc::platform {
namespace {

// A decimal count of KiB (optionally followed by " kB") in bytes, or 0 if `text` is not one.
uint64_t kib_to_bytes(const char *text) {
    while (*text == ' ' || *text == '\t') ++text;
    if (*text < '0' || *text > '9') return 0;
    char *end = nullptr;
    unsigned long long kib = std::strtoull(text, &end, 10);
    if (kib > (UINT64_MAX >> 10)) return 0;
    while (*end == ' ' || *end == '\t') ++end;
    if (std::strncmp(end, "kB", 2) == 0) end += 2;
    if (*end != '\0' && *end != '\n') return 0;
    return uint64_t{kib} << 10;
}

}  // namespace

uint64_t mem_available_from(const std::string &meminfo) {
    const std::string key = "MemAvailable:";
    size_t at = meminfo.compare(0, key.size(), key) == 0 ? 0 : meminfo.find("\n" + key);
    if (at == std::string::npos) return 0;
    if (at > 0 || meminfo[0] == '\n') ++at;
    size_t line_end = meminfo.find('\n', at);
    std::string value = meminfo.substr(at + key.size(), line_end == std::string::npos ? std::string::npos
                                                                                     : line_end - at - key.size());
    return kib_to_bytes(value.c_str());
}

uint64_t available_memory() {
    if (const char *test = std::getenv("CUBE_TEST_MEM_AVAILABLE_KB")) return kib_to_bytes(test);
    return mem_available_from(meminfo_text());
}

}  // namespace lc::platform
