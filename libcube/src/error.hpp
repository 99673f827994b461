// Thread-local error state and the guard that keeps C++ exceptions inside the library.
#pragma once
#include <cube/common.h>

#include <new>
#include <stdexcept>
#include <string>

namespace lc {

// Records `status` with a printf-style detail message for cube_last_error(); returns `status`.
cube_status set_error(cube_status status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
// The same with a message of any length (set_error() cuts its message at 1023 bytes).
cube_status set_error_text(cube_status status, const std::string &message);

// Thrown inside the library to leave deep code with a status; caught by api_guard.
struct Error : std::runtime_error {
    cube_status status;
    Error(cube_status s, const std::string &msg) : std::runtime_error(msg), status(s) {}
};

// A printf-style message for an Error, cut at 1023 bytes (as set_error cuts its own).
std::string error_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

// Runs a call whose failure the caller handles: CUBE_OK, or the status of the lc::Error it threw, with
// its message in `message`. The thread's last error is left as it was.
template <typename Fn>
cube_status attempt(Fn &&call, std::string &message) {
    try {
        call();
        return CUBE_OK;
    } catch (const Error &e) {
        message = e.what();
        return e.status;
    }
}

// Runs `body` (returning cube_status or an integer), turning any exception into a status.
template <typename Fn>
auto api_guard(Fn &&body) -> decltype(body()) {
    try {
        return body();
    } catch (const Error &e) {
        return static_cast<decltype(body())>(set_error(e.status, "%s", e.what()));
    } catch (const std::bad_alloc &) {
        return static_cast<decltype(body())>(set_error(CUBE_ERROR_NO_MEMORY, "out of memory"));
    } catch (const std::exception &e) {
        return static_cast<decltype(body())>(set_error(CUBE_ERROR_INTERNAL, "internal error: %s", e.what()));
    } catch (...) {
        return static_cast<decltype(body())>(set_error(CUBE_ERROR_INTERNAL, "internal error"));
    }
}

// Every handle begins with a tag so that a wrong, freed or garbage pointer is refused, not used.
struct HandleTag {
    uint32_t magic;
};
constexpr uint32_t kMagicState = 0x43554245;   // "CUBE"
constexpr uint32_t kMagicMoves = 0x4d4f5645;   // "MOVE"
constexpr uint32_t kMagicSolver = 0x534f4c56;  // "SOLV"
constexpr uint32_t kMagicRobot = 0x524f424f;   // "ROBO"
constexpr uint32_t kMagicPlan = 0x504c414e;    // "PLAN"
constexpr uint32_t kMagicDriver = 0x44525652;  // "DRVR"
constexpr uint32_t kMagicRegistry = 0x52454749; // "REGI"
constexpr uint32_t kMagicCancel = 0x434e434c;   // "CNCL"
constexpr uint32_t kMagicSolutions = 0x534f4c53; // "SOLS"
constexpr uint32_t kMagicConfig = 0x434f4e46;    // "CONF"
constexpr uint32_t kMagicMethodSolution = 0x4d455448; // "METH"
constexpr uint32_t kMagicTimeline = 0x54494d45;  // "TIME"

// Why `h` is not a handle of its kind ("is NULL", ...), or nullptr if it is one.
template <typename Impl, typename Handle>
const char *handle_problem(Handle *h, uint32_t magic) {
    if (!h) return "is NULL";
    if (reinterpret_cast<Impl *>(h)->tag.magic != magic)
        return "is not a valid handle of its kind (freed or wrong type?)";
    return nullptr;
}

// Casts a public handle to its implementation after checking the tag; NULL (and an error) if wrong.
template <typename Impl, typename Handle>
Impl *checked(Handle *h, uint32_t magic, const char *what) {
    if (const char *problem = handle_problem<Impl>(h, magic)) {
        set_error(CUBE_ERROR_INVALID_ARGUMENT, "%s %s", what, problem);
        return nullptr;
    }
    return reinterpret_cast<Impl *>(h);
}

// The same inside the library: throws lc::Error(CUBE_ERROR_INVALID_ARGUMENT) with that message if wrong.
template <typename Impl, typename Handle>
Impl &checked_ref(Handle *h, uint32_t magic, const char *what) {
    if (const char *problem = handle_problem<Impl>(h, magic))
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, std::string(what) + " " + problem);
    return *reinterpret_cast<Impl *>(h);
}

}  // namespace lc
