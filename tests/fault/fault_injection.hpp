// Fault injection for tests, without mounting anything or needing root: a call run in a child process
// under resource limits (a full disk is RLIMIT_FSIZE: writes past the limit fail with EFBIG, SIGXFSZ
// ignored; a small address space proves that a file was not mapped), a watchdog so that a call that
// blocks fails its test instead of hanging it, SIGKILL at a moment the child announces, a process id
// that is surely dead, and the names left in a folder (to check that nothing was left behind).
// Header-only; the helpers never assert, the tests do.
#pragma once
#include <cube/common.h>
#include <dirent.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace fault {

// Sanitizers reserve terabytes of address space up front: under them no address-space limit is set.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// How a child process ended.
struct ChildEnd {
    bool exited = false;  // by exit(): `code` holds its status
    int code = -1;
    int signal = 0;       // killed by this signal (SIGALRM: the watchdog fired)
};

// What a child runs under. 0 leaves a limit as it is.
struct Limits {
    uint64_t file_size = 0;      // bytes a write may reach (RLIMIT_FSIZE): the disk is "full" beyond
    uint64_t address_space = 0;  // bytes of address space (RLIMIT_AS); not under sanitizers
    unsigned watchdog_s = 60;    // killed by SIGALRM after this long
};

inline void apply_limits(const Limits &limits) {
    if (limits.file_size > 0) {
        signal(SIGXFSZ, SIG_IGN);  // a write past the limit then fails with EFBIG instead of killing
        struct rlimit r = {limits.file_size, limits.file_size};
        setrlimit(RLIMIT_FSIZE, &r);
    }
    if (limits.address_space > 0 && !kSanitized) {
        struct rlimit r = {limits.address_space, limits.address_space};
        setrlimit(RLIMIT_AS, &r);
    }
    if (limits.watchdog_s > 0) alarm(limits.watchdog_s);
}

// Ends a child with `code`, flushing what it printed (_exit alone would drop buffered output).
[[noreturn]] inline void end_child(int code) {
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(code);
}

inline ChildEnd wait_for_child(pid_t pid) {
    ChildEnd end;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) {
        end.exited = true;
        end.code = WEXITSTATUS(status);
    }
    if (WIFSIGNALED(status)) end.signal = WTERMSIG(status);
    return end;
}

// Runs `body` in a forked child under `limits`; its return value is the child's exit code. Call it
// while the test process has a single thread.
inline ChildEnd run_in_child(const Limits &limits, const std::function<int()> &body) {
    std::fflush(nullptr);  // or the child would print what the parent had buffered again
    pid_t pid = fork();
    if (pid == 0) {
        apply_limits(limits);
        end_child(body());
    }
    if (pid < 0) return ChildEnd{};
    return wait_for_child(pid);
}

// Runs `body(tell)` in a forked child and kills it (SIGKILL) `delay_us` microseconds after it first
// calls tell(), or when it has not called it within `limits.watchdog_s`. The end says how it ended:
// killed, or exited if it finished first.
inline ChildEnd kill_when_told(const Limits &limits, unsigned delay_us,
                               const std::function<int(const std::function<void()> &tell)> &body) {
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) return ChildEnd{};
    std::fflush(nullptr);  // or the child would print what the parent had buffered again
    pid_t pid = fork();
    if (pid == 0) {
        close(pipe_fds[0]);
        apply_limits(limits);
        bool told = false;
        auto tell = [&] {
            if (told) return;
            told = true;
            char byte = 1;
            ssize_t ignored = write(pipe_fds[1], &byte, 1);
            (void)ignored;
        };
        end_child(body(tell));
    }
    close(pipe_fds[1]);
    if (pid < 0) {
        close(pipe_fds[0]);
        return ChildEnd{};
    }
    struct pollfd told = {pipe_fds[0], POLLIN, 0};
    int limit_ms = static_cast<int>(std::max(1u, limits.watchdog_s) * 1000);
    while (poll(&told, 1, limit_ms) < 0 && errno == EINTR) {
    }
    close(pipe_fds[0]);
    usleep(delay_us);
    kill(pid, SIGKILL);
    return wait_for_child(pid);
}

// The child's answer to a write cut short by a full disk (Limits::file_size): 0 if `st` is CUBE_ERROR_IO
// with the system's "File too large", 1 for another status, 2 for another message. Prints what it saw.
inline int full_disk_answer(const char *what, cube_status st) {
    std::printf("%s: %s: %s\n", what, cube_status_name(st), cube_last_error());
    if (st != CUBE_ERROR_IO) return 1;
    return std::strstr(cube_last_error(), "File too large") ? 0 : 2;
}

// A process id no process has now: a child that has exited and been reaped.
inline pid_t dead_pid() {
    std::fflush(nullptr);  // or the child would print what the parent had buffered again
    pid_t pid = fork();
    if (pid == 0) _exit(0);
    wait_for_child(pid);
    return pid;
}

// Every name in a folder but . and .., sorted.
inline std::vector<std::string> names_in(const std::string &dir) {
    std::vector<std::string> names;
    DIR *d = opendir(dir.c_str());
    if (!d) return names;
    for (dirent *e; (e = readdir(d)) != nullptr;)
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) names.push_back(e->d_name);
    closedir(d);
    std::sort(names.begin(), names.end());
    return names;
}

// A new empty folder under `parent` ("" for /tmp); "" if it cannot be made.
inline std::string make_temp_dir(const std::string &parent = "") {
    std::string pattern = (parent.empty() ? std::string("/tmp") : parent) + "/libcube-fault-XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    return mkdtemp(name.data()) ? std::string(name.data()) : std::string();
}

// Removes the files in `dir` (not subfolders), then `dir`.
inline void remove_dir(const std::string &dir) {
    for (const std::string &name : names_in(dir)) unlink((dir + "/" + name).c_str());
    rmdir(dir.c_str());
}

}  // namespace fault
