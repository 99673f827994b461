// Reading a small text file that a user names (a robot description, a driver configuration) with limits:
// a size cap, and a bounded wait on pipes and devices.
#pragma once
#include <cstddef>
#include <string>

namespace lc {

// The most a small text file may have (documented in <cube/robot.h> and <cube/driver_plugin.h>).
constexpr size_t kMaxSmallTextBytes = 64 * 1024;

// What the file is, for messages: "robot file" and "a robot description".
struct SmallTextFile {
    const char *file;
    const char *content;
};

// The file's text: at most kMaxSmallTextBytes, and a pipe or device must deliver its text and end within
// 1 s. Throws lc::Error: CUBE_ERROR_NOT_FOUND (no such file), CUBE_ERROR_INVALID_ARGUMENT (over the cap),
// CUBE_ERROR_PARSE (a NUL byte), CUBE_ERROR_IO (a folder, a read error, a pipe that did not end in time).
std::string read_small_text_file(const std::string &path, const SmallTextFile &kind);

}  // namespace lc
