// Benchmark of the compact 3x3 solver (libcube/src/compact3), whose tables are built in memory:
//  (a) time from process start to the first 3x3 answer: the program starts itself again (--first) a
//      few times; each child builds the tables, solves one random state and prints the CLOCK_MONOTONIC
//      time of its answer, which the parent compares with the time just before the child was started;
//  (b) time per solve (wall clock and thread CPU time: other processes inflate the first) and solution
//      lengths over N uniformly random states (fixed seed) at max length 20 and at 21;
//  (c) the table build: the first build's time, later builds of the same tables (wall clock, and CPU
//      time of both threads), and their bytes.
//   bench_compact3 [--count N] [--seed S] [--starts N] [--builds N] [--only first|build|N] [--effort MS]
// (--only N: part (b) at max length N alone, 1 to 30; --effort MS: part (d) alone.)
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../twophase/helpers.hpp"
#include "compact3/compact3.hpp"
#include "compact3/tables.hpp"
#include "error.hpp"
#include "random.hpp"

extern char **environ;

using namespace lc;

namespace {

double clock_ms(clockid_t id) {
    timespec ts;
    clock_gettime(id, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}
double now_ms() { return clock_ms(CLOCK_MONOTONIC); }
double cpu_ms() { return clock_ms(CLOCK_THREAD_CPUTIME_ID); }
double process_cpu_ms() { return clock_ms(CLOCK_PROCESS_CPUTIME_ID); }  // the build uses a second thread

void summary(const char *what, std::vector<double> v) {
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v) sum += x;
    const size_t n = v.size();
    printf("  %-5s mean %7.3f ms  median %7.3f  p99 %7.3f  max %7.3f\n", what, sum / n, v[n / 2],
           v[std::min(n - 1, n * 99 / 100)], v.back());
}

// The child of (a): tables, one solve, then the time of the answer and of the build, on one line.
int first_answer(uint64_t seed) {
    const double t0 = now_ms();
    const compact3::Tables *t = compact3::tables();
    const double built = now_ms();
    if (!t) return fprintf(stderr, "tables: %s\n", cube_last_error()), 1;
    Rng rng{seed};
    CubieCube c = random_cubie(rng);
    MoveList out;
    if (tp_test::solve_status(*t, c, CubieCube::solved(), twophase::Options{}, out) != CUBE_OK)
        return fprintf(stderr, "solve: %s\n", cube_last_error()), 1;
    const double answered = now_ms();
    printf("%.6f %.3f %.3f %zu\n", answered, built - t0, answered - built, out.size());
    return 0;
}

// (a): `starts` children, each a fresh process with no tables.
bool run_first(const char *self, int starts, uint64_t seed) {
    std::vector<double> total, build, solve;
    for (int i = 0; i < starts; ++i) {
        int pipe_fd[2];
        if (pipe(pipe_fd) != 0) return false;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, pipe_fd[1], 1);
        posix_spawn_file_actions_addclose(&actions, pipe_fd[0]);
        std::string seed_text = std::to_string(seed + i);
        char *argv[] = {const_cast<char *>(self), const_cast<char *>("--first"), seed_text.data(), nullptr};
        pid_t pid;
        const double t0 = now_ms();
        const int err = posix_spawn(&pid, self, &actions, nullptr, argv, environ);
        posix_spawn_file_actions_destroy(&actions);
        close(pipe_fd[1]);
        if (err != 0) return printf("cannot start %s: %s\n", self, strerror(err)), close(pipe_fd[0]), false;
        char line[256] = {};
        ssize_t got = read(pipe_fd[0], line, sizeof line - 1);
        close(pipe_fd[0]);
        int status = 0;
        waitpid(pid, &status, 0);
        double answered = 0, build_ms = 0, solve_ms = 0;
        size_t length = 0;
        if (got <= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
            sscanf(line, "%lf %lf %lf %zu", &answered, &build_ms, &solve_ms, &length) != 4)
            return printf("first answer: the child failed\n"), false;
        total.push_back(answered - t0), build.push_back(build_ms), solve.push_back(solve_ms);
    }
    printf("first answer in a new process (%d starts: process start + table build + one solve at max 20)\n", starts);
    summary("total", total);
    summary("build", build);
    summary("solve", solve);
    return true;
}

// (b): every state solved once; lengths and times.
bool run_solves(const compact3::Tables &t, const std::vector<CubieCube> &states, int max_length) {
    twophase::Options o;
    o.max_length = max_length;
    std::vector<double> wall, cpu;
    double sum_len = 0;
    int max_len = 0;
    for (const CubieCube &c : states) {
        MoveList out;
        const double w0 = now_ms(), c0 = cpu_ms();
        const cube_status st = tp_test::solve_status(t, c, CubieCube::solved(), o, out);
        const double c1 = cpu_ms(), w1 = now_ms();
        CubieCube check = c;
        apply_face_turns(check, out);
        if (st != CUBE_OK || check != CubieCube::solved())
            return printf("max %d: solve failed: %s\n", max_length, cube_last_error()), false;
        wall.push_back(w1 - w0), cpu.push_back(c1 - c0);
        sum_len += out.size();
        max_len = std::max(max_len, static_cast<int>(out.size()));
    }
    printf("max %d (%zu states): length mean %.2f max %d\n", max_length, states.size(), sum_len / states.size(), max_len);
    summary("wall", wall);
    summary("cpu", cpu);
    return true;
}

// (d) --effort MS: min_effort without a max length and a time limit of MS ms, as `cube solve --min-effort
// --timeout MS`: how many states get no answer, and the lengths of the answers.
bool run_effort(const compact3::Tables &t, const std::vector<CubieCube> &states, int timeout_ms) {
    twophase::Options o;
    o.max_length = 1000;
    o.min_effort = true;
    o.timeout_us = static_cast<int64_t>(timeout_ms) * 1000;
    int failed = 0;
    int histogram[32] = {};
    double sum_len = 0;
    for (const CubieCube &c : states) {
        MoveList out;
        if (tp_test::solve_status(t, c, CubieCube::solved(), o, out) != CUBE_OK) {
            ++failed;
            continue;
        }
        sum_len += out.size();
        ++histogram[std::min<size_t>(out.size(), 31)];
    }
    const size_t answered = states.size() - failed;
    printf("min_effort, %d ms (%zu states): %d without an answer; length mean %.2f;", timeout_ms, states.size(),
           failed, answered ? sum_len / answered : 0.0);
    for (int n = 0; n < 32; ++n)
        if (histogram[n]) printf(" %d:%d", n, histogram[n]);
    printf("\n");
    return true;
}

// (c): the same steps as tables() on a new instance, `builds` times.
void run_builds(const compact3::Tables &t, double first_ms, int builds) {
    std::vector<double> wall, cpu;
    for (int i = 0; i < builds; ++i) {
        compact3::Tables fresh;
        const double w0 = now_ms(), c0 = process_cpu_ms();
        compact3::fill_symmetries(fresh);
        compact3::fill_move_tables(fresh);
        compact3::fill_class_tables(fresh);
        compact3::fill_prune_tables(fresh);
        wall.push_back(now_ms() - w0), cpu.push_back(process_cpu_ms() - c0);
    }
    printf("table build: %zu bytes; first build in this process %.1f ms; %d more builds:\n", compact3::table_bytes(t),
           first_ms, builds);
    summary("wall", wall);
    summary("cpu", cpu);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc == 3 && !std::strcmp(argv[1], "--first")) return first_answer(std::strtoull(argv[2], nullptr, 10));
    int count = 1000, starts = 10, builds = 10;
    uint64_t seed = 20251130;
    std::string only;
    int effort_ms = 0;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--count") && i + 1 < argc) count = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
        else if (!std::strcmp(argv[i], "--starts") && i + 1 < argc) starts = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--builds") && i + 1 < argc) builds = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!std::strcmp(argv[i], "--effort") && i + 1 < argc) effort_ms = std::max(1, std::atoi(argv[++i]));
        else {
            fprintf(stderr, "usage: %s [--count N] [--seed S] [--starts N] [--builds N] [--only first|build|N] [--effort MS]\n", argv[0]);
            return 2;
        }
    }
    auto wanted = [&](const char *name) { return only.empty() || only == name; };
    // /proc/self/exe: the children run this very binary, wherever it was started from.
    if (wanted("first") && !run_first("/proc/self/exe", starts, seed)) return 1;
    const double t0 = now_ms();
    const compact3::Tables *t = compact3::tables();
    const double first_ms = now_ms() - t0;
    if (!t) return printf("tables: %s\n", cube_last_error()), 1;
    if (wanted("build")) run_builds(*t, first_ms, builds);
    std::vector<CubieCube> states;
    Rng rng{seed};
    for (int i = 0; i < count; ++i) states.push_back(random_cubie(rng));
    if (effort_ms) return run_effort(*t, states, effort_ms) ? 0 : 1;
    // --only N (1-30): solves at max length N alone; 30 is the cap min_effort starts from, so it times the
    // first solution a --min-effort solve finds.
    const int only_length = std::atoi(only.c_str());
    if (only_length >= 1 && only_length <= 30) return run_solves(*t, states, only_length) ? 0 : 1;
    const bool ok = (!wanted("20") || run_solves(*t, states, 20)) && (!wanted("21") || run_solves(*t, states, 21));
    return ok ? 0 : 1;
}
