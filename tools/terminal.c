/* The cube program's calls to the operating system (terminal.h): a POSIX side and a Windows side. The only
 * file of the program that tests _WIN32; each side is a whole block of its own. */
#include "terminal.h"

#ifdef _WIN32

#define _CRT_RAND_S /* rand_s in <stdlib.h> */
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <windows.h>

#ifndef ENABLE_VIRTUAL_TERMINAL_PROCESSING
#define ENABLE_VIRTUAL_TERMINAL_PROCESSING 0x0004
#endif

/* A console event as the POSIX signal number it stands for (signal.h has both numbers on Windows too). */
enum { STOP_INTERRUPT = 2, STOP_TERMINATE = 15 };

static int stop_number(DWORD event) {
    switch (event) {
    case CTRL_C_EVENT:
    case CTRL_BREAK_EVENT:
        return STOP_INTERRUPT;
    default: /* CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT */
        return STOP_TERMINATE;
    }
}

/* Windows ends the process when the handler of a close, logoff or shutdown event returns (after at most 5 s
 * in any case): the handler waits that long, so that the main thread can stop the robot and close the
 * driver first (its exit ends the process, and this wait with it). */
static void wait_if_closing(DWORD event) {
    if (event == CTRL_CLOSE_EVENT || event == CTRL_LOGOFF_EVENT || event == CTRL_SHUTDOWN_EVENT) Sleep(4500);
}

static void virtual_terminal(DWORD which) {
    HANDLE h = GetStdHandle(which);
    DWORD mode = 0;
    if (h != INVALID_HANDLE_VALUE && GetConsoleMode(h, &mode))
        SetConsoleMode(h, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING);
}

void terminal_init(void) {
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
    virtual_terminal(STD_OUTPUT_HANDLE);
    virtual_terminal(STD_ERROR_HANDLE);
}

int terminal_is(int fd) {
    HANDLE h = (HANDLE)_get_osfhandle(fd);
    DWORD mode = 0;
    return h != INVALID_HANDLE_VALUE && GetConsoleMode(h, &mode) != 0;
}

int terminal_width(void) {
    CONSOLE_SCREEN_BUFFER_INFO info;
    if (GetConsoleScreenBufferInfo(GetStdHandle(STD_ERROR_HANDLE), &info)) {
        int columns = info.srWindow.Right - info.srWindow.Left + 1;
        if (columns >= 20) return columns;
    }
    return 80;
}

int32_t terminal_processors(void) {
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    return info.dwNumberOfProcessors > 0 ? (int32_t)info.dwNumberOfProcessors : 1;
}

void terminal_write_stderr(const char *bytes, size_t length) {
    DWORD written = 0;
    WriteFile(GetStdHandle(STD_ERROR_HANDLE), bytes, (DWORD)length, &written, NULL);
}

/* Windows runs a console handler on a thread of its own: the "watcher thread" is that thread. */
static void (*thread_stop)(int sig);

static BOOL WINAPI on_thread_event(DWORD event) {
    thread_stop(stop_number(event));
    wait_if_closing(event);
    return TRUE;
}

int terminal_stop_thread_start(void (*on_stop)(int sig)) {
    thread_stop = on_stop;
    return SetConsoleCtrlHandler(on_thread_event, TRUE) ? 0 : -1;
}

void terminal_stop_thread_end(void) { SetConsoleCtrlHandler(on_thread_event, FALSE); }

static int (*handler_stop)(int sig);

static BOOL WINAPI on_handler_event(DWORD event) {
    if (!handler_stop(stop_number(event))) return FALSE; /* the next handler: Windows' own ends the process */
    wait_if_closing(event);
    return TRUE;
}

/* Whether the shell started the program with Ctrl-C ignored cannot be asked on Windows: not checked. */
void terminal_stop_handler_set(int (*on_stop)(int sig)) {
    if (handler_stop) return;
    handler_stop = on_stop;
    SetConsoleCtrlHandler(on_handler_event, TRUE);
}

/* The path in the ANSI code page, as main() receives it and fopen() takes it. */
int terminal_open_rw(const char *path) {
    return _open(path, _O_RDWR | _O_CREAT | _O_BINARY | _O_NOINHERIT, _S_IREAD | _S_IWRITE);
}

/* Windows locks are mandatory: the lock covers one byte far past any content, so that reads and writes of
 * the file through this or another handle are never refused. */
int terminal_lock_file(int fd) {
    HANDLE h = (HANDLE)_get_osfhandle(fd);
    if (h == INVALID_HANDLE_VALUE) return EBADF;
    OVERLAPPED at = {0};
    at.Offset = 0xfffffffe;
    at.OffsetHigh = 0x7fffffff;
    if (LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &at)) return 0;
    DWORD error = GetLastError();
    return error == ERROR_LOCK_VIOLATION || error == ERROR_IO_PENDING ? EWOULDBLOCK : EIO;
}

uint64_t terminal_random_seed(void) {
    unsigned int low = 0;
    unsigned int high = 0;
    if (rand_s(&low) != 0 || rand_s(&high) != 0) return 0;
    return (uint64_t)high << 32 | low;
}

#else

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <unistd.h>

void terminal_init(void) {}

int terminal_is(int fd) { return isatty(fd); }

int terminal_width(void) {
    struct winsize w;
    if (ioctl(2, TIOCGWINSZ, &w) == 0 && w.ws_col >= 20) return w.ws_col;
    return 80;
}

int32_t terminal_processors(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int32_t)(n < INT32_MAX ? n : INT32_MAX) : 1;
}

void terminal_write_stderr(const char *bytes, size_t length) {
    ssize_t ignored = write(2, bytes, length);
    (void)ignored;
}

/* The watcher waits with sigwait() (no async-signal-safety limits); SIGUSR2 only ends it: it is blocked
 * like the others, so it never reaches a handler. */
static pthread_t watcher;
static sigset_t previous_mask;
static void (*thread_stop)(int sig);

static void watched_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGUSR2);
}

static void *watch(void *unused) {
    (void)unused;
    sigset_t set;
    watched_signals(&set);
    for (;;) {
        int sig = 0;
        if (sigwait(&set, &sig) != 0 || sig == SIGUSR2) return NULL;
        thread_stop(sig);
    }
}

int terminal_stop_thread_start(void (*on_stop)(int sig)) {
    sigset_t set;
    watched_signals(&set);
    thread_stop = on_stop;
    if (pthread_sigmask(SIG_BLOCK, &set, &previous_mask) != 0) return -1;
    if (pthread_create(&watcher, NULL, watch, NULL) != 0) {
        pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
        return -1;
    }
    return 0;
}

void terminal_stop_thread_end(void) {
    pthread_kill(watcher, SIGUSR2);
    pthread_join(watcher, NULL);
    pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
}

static int (*handler_stop)(int sig);

static void on_signal(int sig) {
    if (handler_stop(sig)) return;
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Signals the shell ignores stay ignored. */
void terminal_stop_handler_set(int (*on_stop)(int sig)) {
    if (handler_stop) return;
    handler_stop = on_stop;
    const int sigs[] = {SIGINT, SIGTERM};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; ++i) {
        struct sigaction old, now;
        if (sigaction(sigs[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL) continue;
        memset(&now, 0, sizeof now);
        now.sa_handler = on_signal;
        now.sa_flags = SA_RESTART;
        sigemptyset(&now.sa_mask);
        sigaction(sigs[i], &now, NULL);
    }
}

int terminal_open_rw(const char *path) { return open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666); }

int terminal_lock_file(int fd) { return flock(fd, LOCK_EX | LOCK_NB) == 0 ? 0 : errno; }

uint64_t terminal_random_seed(void) {
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f) return 0;
    if (fread(&seed, sizeof seed, 1, f) != 1) seed = 0;
    fclose(f);
    return seed;
}

#endif
