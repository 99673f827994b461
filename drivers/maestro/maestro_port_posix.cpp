#include "maestro_port.hpp"

#include <cube/common.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "maestro_failure.hpp"

namespace cube_maestro {
namespace {

using Clock = std::chrono::steady_clock;

// Milliseconds left until `deadline`, at least 0.
int left_ms(Clock::time_point deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left > 0 ? int(left) : 0;
}

// Waits until `fd` is ready for `events` or the deadline passes: 1 ready, 0 timeout, -1 error (errno),
// -2 hang-up.
int wait_ready(intptr_t fd, short events, Clock::time_point deadline) {
    for (;;) {
        pollfd p{int(fd), events, 0};
        int n = poll(&p, 1, left_ms(deadline));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) return 0;
        if (p.revents & events) return 1;
        if (p.revents & (POLLHUP | POLLERR | POLLNVAL)) return -2;
        return 1;
    }
}

}  // namespace

Port::Port(const std::string &path) : path_(path) {
    fd_ = ::open(path.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd_ < 0) {
        int e = errno;
        int32_t status = e == ENOENT ? CUBE_ERROR_NOT_FOUND : CUBE_ERROR_IO;
        throw Failure{status, "cannot open the Maestro's command port " + path + ": " + std::strerror(e)};
    }
    termios tio{};
    if (tcgetattr(int(fd_), &tio) != 0) {
        int e = errno;
        ::close(int(fd_));
        throw Failure{CUBE_ERROR_IO, path + " is not a serial port (tcgetattr: " + std::string(std::strerror(e)) + ")"};
    }
    cfmakeraw(&tio);
    tio.c_cflag |= CLOCAL | CREAD;
    tio.c_cc[VMIN] = 0;
    tio.c_cc[VTIME] = 1;
    cfsetispeed(&tio, B115200);  // ignored on the USB command port, used on the UART
    cfsetospeed(&tio, B115200);
    if (tcsetattr(int(fd_), TCSANOW, &tio) != 0) {
        int e = errno;
        ::close(int(fd_));
        throw Failure{CUBE_ERROR_IO, "cannot put " + path + " in raw mode: " + std::string(std::strerror(e))};
    }
    int lines = 0;
    if (ioctl(int(fd_), TIOCMGET, &lines) == 0) {  // modem lines: a pseudo-terminal has none (ENOTTY)
        lines |= TIOCM_DTR | TIOCM_RTS;
        (void)ioctl(int(fd_), TIOCMSET, &lines);  // not fatal: the Maestro ignores them
    }
    (void)tcflush(int(fd_), TCIOFLUSH);  // not fatal: stale bytes are drained before every request anyway
}

Port::~Port() {
    if (fd_ >= 0) ::close(int(fd_));
}

Io Port::failed(int error_number) {
    error_ = std::strerror(error_number);
    if (error_number == EIO || error_number == ENXIO || error_number == ENODEV || error_number == EBADF) {
        closed_ = true;
        return Io::kClosed;
    }
    return Io::kError;
}

Io Port::write_all(const Bytes &bytes, int timeout_ms) {
    if (closed_) return Io::kClosed;
    auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(int(fd_), bytes.data() + done, bytes.size() - done);
        if (n > 0) {
            done += size_t(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN) return failed(errno);
        int ready = wait_ready(fd_, POLLOUT, deadline);
        if (ready == 0) return Io::kTimeout;
        if (ready == -1) return failed(errno);
        if (ready == -2) return failed(EIO);
    }
    return Io::kOk;
}

Io Port::read_exact(size_t size, Bytes &out, int timeout_ms) {
    out.clear();
    if (closed_) return Io::kClosed;
    auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    uint8_t buffer[64];
    while (out.size() < size) {
        size_t want = size - out.size() < sizeof buffer ? size - out.size() : sizeof buffer;
        ssize_t n = ::read(int(fd_), buffer, want);
        if (n > 0) {
            out.insert(out.end(), buffer, buffer + n);
            continue;
        }
        if (n == 0) return failed(EIO);  // non-blocking: 0 is end of file, the other end is gone
        if (errno == EINTR) continue;
        if (errno != EAGAIN) return failed(errno);
        int ready = wait_ready(fd_, POLLIN, deadline);
        if (ready == 0) return Io::kTimeout;
        if (ready == -1) return failed(errno);
        // ready == -2, a hang-up: the next read returns the bytes still buffered, then the end.
    }
    return Io::kOk;
}

Io Port::drain(Bytes &out) {
    out.clear();
    if (closed_) return Io::kClosed;
    uint8_t buffer[256];
    ssize_t n = ::read(int(fd_), buffer, sizeof buffer);
    if (n > 0) out.assign(buffer, buffer + n);
    if (n == 0) return failed(EIO);
    if (n < 0 && errno != EAGAIN && errno != EINTR) return failed(errno);
    return Io::kOk;
}

}  // namespace cube_maestro
