// Reading a small text file (a robot description, a driver configuration): at most kMaxSmallTextBytes,
// and never an endless read or wait.
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "small_text_file.hpp"

#include "error.hpp"

namespace lc {
namespace {

using Clock = std::chrono::steady_clock;

// A pipe or device (not a regular file) may take this long in all to deliver its text and end.
constexpr int kPipeWaitMs = 1000;

// Closes the descriptor when it goes out of scope.
struct FileDescriptor {
    int fd;
    ~FileDescriptor() {
        if (fd >= 0) ::close(fd);
    }
};

[[noreturn]] void refuse(cube_status status, const SmallTextFile &kind, const std::string &path,
                         const std::string &why) {
    throw Error(status, std::string(kind.file) + " " + path + ": " + why);
}

[[noreturn]] void too_large(const SmallTextFile &kind, const std::string &path) {
    refuse(CUBE_ERROR_INVALID_ARGUMENT, kind, path,
           "more than " + std::to_string(kMaxSmallTextBytes) + " bytes, the most " + kind.content + " may have");
}

// Opens without blocking (a FIFO with no writer opens at once) and without becoming a controlling tty.
int open_for_reading(const SmallTextFile &kind, const std::string &path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd >= 0) return fd;
    const int error = errno;
    const bool missing = error == ENOENT || error == ENOTDIR;
    throw Error(missing ? CUBE_ERROR_NOT_FOUND : CUBE_ERROR_IO,
                std::string("cannot open ") + kind.file + " " + path + ": " + std::strerror(error));
}

// Refuses what cannot be such a text before reading: a folder, a regular file over the cap.
void check_type(int fd, const SmallTextFile &kind, const std::string &path) {
    struct stat info;
    if (::fstat(fd, &info) != 0) refuse(CUBE_ERROR_IO, kind, path, std::strerror(errno));
    if (S_ISDIR(info.st_mode)) refuse(CUBE_ERROR_IO, kind, path, "is a folder");
    if (S_ISREG(info.st_mode) && info.st_size > static_cast<off_t>(kMaxSmallTextBytes)) too_large(kind, path);
}

// Waits until the descriptor has data or an end, at most until `deadline`.
void wait_readable(int fd, const SmallTextFile &kind, const std::string &path, Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0)
        refuse(CUBE_ERROR_IO, kind, path,
               "no end of input within " + std::to_string(kPipeWaitMs) + " ms (a pipe or device nobody finishes?)");
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left)) < 0 && errno != EINTR)
        refuse(CUBE_ERROR_IO, kind, path, std::strerror(errno));
}

}  // namespace

std::string read_small_text_file(const std::string &path, const SmallTextFile &kind) {
    FileDescriptor file{open_for_reading(kind, path)};
    check_type(file.fd, kind, path);
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(kPipeWaitMs);
    std::string text;
    char buffer[4096];
    for (;;) {
        // One byte more than the cap is enough to know the input is too large.
        const size_t room = kMaxSmallTextBytes + 1 - text.size();
        const ssize_t n = ::read(file.fd, buffer, room < sizeof buffer ? room : sizeof buffer);
        if (n > 0) {
            text.append(buffer, static_cast<size_t>(n));
            if (text.size() > kMaxSmallTextBytes) too_large(kind, path);
            continue;
        }
        if (n == 0) break;
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) refuse(CUBE_ERROR_IO, kind, path, std::strerror(errno));
        wait_readable(file.fd, kind, path, deadline);
    }
    const size_t nul = text.find('\0');
    if (nul != std::string::npos)
        refuse(CUBE_ERROR_PARSE, kind, path, "a NUL byte at offset " + std::to_string(nul) + ": not a text file");
    return text;
}

}  // namespace lc
