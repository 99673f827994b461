// The Maestro's command port: a tty in raw mode (POSIX: maestro_port_posix.cpp) or a COM port (Windows:
// maestro_port_windows.cpp), every read and write with a time limit.
#pragma once
#include <cstdint>
#include <string>

#include "maestro_protocol.hpp"

namespace cube_maestro {

// What a read or write came to.
enum class Io {
    kOk,
    kTimeout,  // nothing, or not everything, within the time limit
    kClosed,   // the port went away (read returned 0, EIO, a hang-up): an unplugged cable
    kError,    // another system error (the message says which)
};

class Port {
  public:
    // POSIX: opens `path` (O_NOCTTY, non-blocking: every wait is a poll with a limit), puts it in raw mode
    // (cfmakeraw, VMIN 0, VTIME 1) and raises DTR/RTS if
    // the port has modem lines (a pseudo-terminal has none: that is not an error). Windows: opens `path`
    // ("COM5", or "\\.\COM5") with CreateFileW("\\.\COM5"), sets 115200 8N1 without flow control, DTR and
    // RTS on (SetCommState); each read and write sets its time limit (SetCommTimeouts). Throws Failure.
    explicit Port(const std::string &path);
    ~Port();
    Port(const Port &) = delete;
    Port &operator=(const Port &) = delete;

    // Writes every byte within `timeout_ms`.
    Io write_all(const Bytes &bytes, int timeout_ms);
    // Reads exactly `size` bytes into `out` within `timeout_ms`; `out` keeps what came on a timeout.
    Io read_exact(size_t size, Bytes &out, int timeout_ms);
    // Reads whatever is waiting without blocking (stray bytes before a request), at most 256 bytes.
    Io drain(Bytes &out);

    // Once a read or write saw the port close, it stays closed.
    bool closed() const { return closed_; }
    // The system error of the last kError / kClosed, e.g. "Input/output error".
    const std::string &error() const { return error_; }
    const std::string &path() const { return path_; }

  private:
    Io failed(int error_number);

    std::string path_;
    intptr_t fd_ = -1;  // the file descriptor (POSIX) or HANDLE (Windows)
    bool closed_ = false;
    std::string error_;
};

}  // namespace cube_maestro
