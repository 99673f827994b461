// The Maestro's command port on Windows: a COM port ("COM5" in the URI maestro:COM5?...), opened with
// CreateFileW("\\.\COM5"), set to 115200 8N1 without flow control (SetCommState), every read and write with a
// time limit (SetCommTimeouts before each).
#include "maestro_port.hpp"

#include <cube/common.h>

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <chrono>

#include "maestro_failure.hpp"

namespace cube_maestro {
namespace {

using Clock = std::chrono::steady_clock;

HANDLE handle_of(intptr_t fd) { return reinterpret_cast<HANDLE>(fd); }

// Milliseconds left until `deadline`, at least 0.
DWORD left_ms(Clock::time_point deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left > 0 ? DWORD(left) : 0;
}

std::wstring wide(const std::string &text) {
    if (text.empty()) return std::wstring();
    int n = MultiByteToWideChar(CP_UTF8, 0, text.data(), int(text.size()), nullptr, 0);
    std::wstring out(size_t(n), L'\0');
    MultiByteToWideChar(CP_UTF8, 0, text.data(), int(text.size()), &out[0], n);
    return out;
}

// The system's text for an error code, without the trailing ".\r\n".
std::string message_of(DWORD code) {
    char *text = nullptr;
    DWORD n = FormatMessageA(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                             nullptr, code, 0, reinterpret_cast<char *>(&text), 0, nullptr);
    std::string out = n ? std::string(text, n) : "error " + std::to_string(code);
    if (text) LocalFree(text);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == '.' || out.back() == ' '))
        out.pop_back();
    return out;
}

// "COM5" -> "\\.\COM5" (COM10 and above need the device namespace; the rest take it too).
std::string device_path(const std::string &path) {
    if (path.rfind("\\\\", 0) == 0 || path.rfind("//", 0) == 0) return path;
    return "\\\\.\\" + path;
}

// ReadFile waits up to `wait_ms` for the first byte and returns what has come (0: return at once with what
// is buffered); WriteFile gives up after `wait_ms`.
bool set_timeouts(HANDLE h, DWORD wait_ms) {
    COMMTIMEOUTS t{};
    t.ReadIntervalTimeout = MAXDWORD;
    t.ReadTotalTimeoutMultiplier = wait_ms ? MAXDWORD : 0;
    t.ReadTotalTimeoutConstant = wait_ms;
    t.WriteTotalTimeoutMultiplier = 0;
    t.WriteTotalTimeoutConstant = wait_ms ? wait_ms : 1;
    return SetCommTimeouts(h, &t) != 0;
}

}  // namespace

Port::Port(const std::string &path) : path_(path) {
    HANDLE h = CreateFileW(wide(device_path(path)).c_str(), GENERIC_READ | GENERIC_WRITE, 0, nullptr, OPEN_EXISTING,
                           FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        DWORD e = GetLastError();
        int32_t status = e == ERROR_FILE_NOT_FOUND || e == ERROR_PATH_NOT_FOUND ? CUBE_ERROR_NOT_FOUND : CUBE_ERROR_IO;
        throw Failure{status, "cannot open the Maestro's command port " + path + ": " + message_of(e)};
    }
    DCB dcb{};
    dcb.DCBlength = sizeof dcb;
    if (!GetCommState(h, &dcb)) {
        DWORD e = GetLastError();
        CloseHandle(h);
        throw Failure{CUBE_ERROR_IO, path + " is not a serial port (GetCommState: " + message_of(e) + ")"};
    }
    dcb.BaudRate = CBR_115200;  // ignored on the USB command port, used on the UART
    dcb.ByteSize = 8;
    dcb.Parity = NOPARITY;
    dcb.StopBits = ONESTOPBIT;
    dcb.fBinary = TRUE;
    dcb.fParity = FALSE;
    dcb.fOutxCtsFlow = FALSE;
    dcb.fOutxDsrFlow = FALSE;
    dcb.fDsrSensitivity = FALSE;
    dcb.fOutX = FALSE;
    dcb.fInX = FALSE;
    dcb.fNull = FALSE;
    dcb.fAbortOnError = FALSE;
    dcb.fDtrControl = DTR_CONTROL_ENABLE;  // the Maestro ignores them; raised as on POSIX
    dcb.fRtsControl = RTS_CONTROL_ENABLE;
    if (!SetCommState(h, &dcb) || !set_timeouts(h, 0)) {
        DWORD e = GetLastError();
        CloseHandle(h);
        throw Failure{CUBE_ERROR_IO, "cannot set up the serial port " + path + ": " + message_of(e)};
    }
    (void)PurgeComm(h, PURGE_RXCLEAR | PURGE_TXCLEAR);  // not fatal: stale bytes are drained before every request
    fd_ = reinterpret_cast<intptr_t>(h);
}

Port::~Port() {
    if (fd_ != -1) CloseHandle(handle_of(fd_));
}

// A Windows error code: a port that went away (an unplugged USB adapter) closes it for good.
Io Port::failed(int error_number) {
    DWORD code = DWORD(error_number);
    error_ = message_of(code);
    if (code == ERROR_ACCESS_DENIED || code == ERROR_BAD_COMMAND || code == ERROR_DEVICE_REMOVED ||
        code == ERROR_GEN_FAILURE || code == ERROR_OPERATION_ABORTED || code == ERROR_INVALID_HANDLE ||
        code == ERROR_FILE_NOT_FOUND || code == ERROR_DEV_NOT_EXIST) {
        closed_ = true;
        return Io::kClosed;
    }
    return Io::kError;
}

Io Port::write_all(const Bytes &bytes, int timeout_ms) {
    if (closed_) return Io::kClosed;
    HANDLE h = handle_of(fd_);
    auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    size_t done = 0;
    while (done < bytes.size()) {
        DWORD left = left_ms(deadline);
        if (left == 0) return Io::kTimeout;
        if (!set_timeouts(h, left)) return failed(int(GetLastError()));
        DWORD n = 0;
        if (!WriteFile(h, bytes.data() + done, DWORD(bytes.size() - done), &n, nullptr))
            return failed(int(GetLastError()));
        done += n;
    }
    return Io::kOk;
}

Io Port::read_exact(size_t size, Bytes &out, int timeout_ms) {
    out.clear();
    if (closed_) return Io::kClosed;
    HANDLE h = handle_of(fd_);
    auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    uint8_t buffer[64];
    while (out.size() < size) {
        DWORD left = left_ms(deadline);
        if (left == 0) return Io::kTimeout;
        if (!set_timeouts(h, left)) return failed(int(GetLastError()));
        DWORD want = DWORD(size - out.size() < sizeof buffer ? size - out.size() : sizeof buffer);
        DWORD n = 0;
        if (!ReadFile(h, buffer, want, &n, nullptr)) return failed(int(GetLastError()));
        out.insert(out.end(), buffer, buffer + n);  // n == 0: the time limit passed with nothing
    }
    return Io::kOk;
}

Io Port::drain(Bytes &out) {
    out.clear();
    if (closed_) return Io::kClosed;
    HANDLE h = handle_of(fd_);
    if (!set_timeouts(h, 0)) return failed(int(GetLastError()));
    uint8_t buffer[256];
    DWORD n = 0;
    if (!ReadFile(h, buffer, sizeof buffer, &n, nullptr)) return failed(int(GetLastError()));
    out.assign(buffer, buffer + n);
    return Io::kOk;
}

}  // namespace cube_maestro
