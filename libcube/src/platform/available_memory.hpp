// The memory the system can give a new allocation without swapping (Linux: MemAvailable; Windows: the
// available physical memory).
#pragma once
#include <cstdint>
#include <string>

namespace lc::platform {

// Bytes available: $CUBE_TEST_MEM_AVAILABLE_KB if set (tests only: a decimal count of KiB), else
// MemAvailable from /proc/meminfo; 0 if unknown (no /proc, an older kernel, a bad value).
uint64_t available_memory();

// MemAvailable in bytes from the text of /proc/meminfo; 0 if it is not there or not a number.
uint64_t mem_available_from(const std::string &meminfo);

}  // namespace lc::platform
