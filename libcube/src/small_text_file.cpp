// Reading a small text file (a robot description, a driver configuration): at most kMaxSmallTextBytes,
// and never an endless read or wait.
#include <chrono>

#include "small_text_file.hpp"

#include "error.hpp"
#include "platform/platform.hpp"

namespace lc {
namespace {

using Clock = std::chrono::steady_clock;

// A pipe or device (not a regular file) may take this long in all to deliver its text and end.
constexpr int kPipeWaitMs = 1000;

[[noreturn]] void refuse(cube_status status, const SmallTextFile &kind, const std::string &path,
                         const std::string &why) {
    throw Error(status, std::string(kind.file) + " " + path + ": " + why);
}

[[noreturn]] void too_large(const SmallTextFile &kind, const std::string &path) {
    refuse(CUBE_ERROR_INVALID_ARGUMENT, kind, path,
           "more than " + std::to_string(kMaxSmallTextBytes) + " bytes, the most " + kind.content + " may have");
}

// Opens without blocking (a FIFO with no writer opens at once) and without becoming a controlling tty.
void open_for_reading(platform::File &file, const SmallTextFile &kind, const std::string &path) {
    platform::OsError e;
    if (file.open(path, platform::File::Mode::kRead, e)) return;
    const bool missing = e.kind == platform::Fail::kMissing || e.kind == platform::Fail::kNotFolder;
    throw Error(missing ? CUBE_ERROR_NOT_FOUND : CUBE_ERROR_IO,
                std::string("cannot open ") + kind.file + " " + path + ": " + e.text);
}

// Refuses what cannot be such a text before reading: a folder, a regular file over the cap.
void check_type(const platform::File &file, const SmallTextFile &kind, const std::string &path) {
    platform::FileInfo info;
    platform::OsError e;
    if (!file.info(info, e)) refuse(CUBE_ERROR_IO, kind, path, e.text);
    if (info.type == platform::FileType::kFolder) refuse(CUBE_ERROR_IO, kind, path, "is a folder");
    if (info.type == platform::FileType::kRegular && info.size > kMaxSmallTextBytes) too_large(kind, path);
}

// Waits until the file has data or an end, at most until `deadline`.
void wait_readable(const platform::File &file, const SmallTextFile &kind, const std::string &path,
                   Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0)
        refuse(CUBE_ERROR_IO, kind, path,
               "no end of input within " + std::to_string(kPipeWaitMs) + " ms (a pipe or device nobody finishes?)");
    platform::OsError e;
    if (!file.wait_readable(static_cast<int>(left), e)) refuse(CUBE_ERROR_IO, kind, path, e.text);
}

}  // namespace

std::string read_small_text_file(const std::string &path, const SmallTextFile &kind) {
    platform::File file;
    open_for_reading(file, kind, path);
    check_type(file, kind, path);
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(kPipeWaitMs);
    std::string text;
    char buffer[4096];
    for (;;) {
        // One byte more than the cap is enough to know the input is too large.
        const size_t room = kMaxSmallTextBytes + 1 - text.size();
        platform::OsError e;
        const long long n = file.read(buffer, room < sizeof buffer ? room : sizeof buffer, e);
        if (n > 0) {
            text.append(buffer, static_cast<size_t>(n));
            if (text.size() > kMaxSmallTextBytes) too_large(kind, path);
            continue;
        }
        if (n == 0) break;
        if (e.kind == platform::Fail::kInterrupted) continue;
        if (e.kind != platform::Fail::kBusy) refuse(CUBE_ERROR_IO, kind, path, e.text);
        wait_readable(file, kind, path, deadline);
    }
    const size_t nul = text.find('\0');
    if (nul != std::string::npos)
        refuse(CUBE_ERROR_PARSE, kind, path, "a NUL byte at offset " + std::to_string(nul) + ": not a text file");
    return text;
}

}  // namespace lc
