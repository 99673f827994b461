// What a solver's or a generate call's progress callback received, from whichever thread it ran on:
// the notices and stage names in order, whether a notice came after the build had begun, and the
// threads. Optionally stops the job at the first report of the build itself.
#pragma once
#include <dirent.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <cube/solver.h>

namespace tp_test {

struct Reports {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<std::string> notices;
    std::vector<std::string> stages;
    std::set<std::thread::id> threads;
    bool building = false;               // a stage of the build itself was reported
    bool notice_during_build = false;    // a notice (other than the end of a background load) came after that
    bool stop_at_build = false;          // answer nonzero from the first stage of the build on

    static int32_t record(void *user, const cube_progress *p) {
        auto *r = static_cast<Reports *>(user);
        std::lock_guard<std::mutex> lock(r->mutex);
        r->threads.insert(std::this_thread::get_id());
        std::string text = p->stage;
        if (p->event == CUBE_PROGRESS_NOTICE) {
            bool end_of_load = text.find("3x3 tables") != std::string::npos;
            if (r->building && !end_of_load) r->notice_during_build = true;
            r->notices.push_back(text);
        } else {
            r->stages.push_back(text);
            if (text != "checking table file" && text != "done") r->building = true;
        }
        r->changed.notify_all();
        return r->stop_at_build && r->building;
    }

    // Makes this the config's progress callback.
    void attach(cube_solver_config &config) {
        config.progress = record;
        config.progress_user_data = this;
    }

    // Waits (at most `limit`) for a notice containing `part`; true if one came.
    bool wait_for_notice(const std::string &part, std::chrono::milliseconds limit = std::chrono::seconds(30)) {
        std::unique_lock<std::mutex> lock(mutex);
        return changed.wait_for(lock, limit, [&] { return find_notice(part) != nullptr; });
    }

    // Waits (at most `limit`) until the build reports its first stage.
    bool wait_for_build(std::chrono::milliseconds limit = std::chrono::seconds(30)) {
        std::unique_lock<std::mutex> lock(mutex);
        return changed.wait_for(lock, limit, [&] { return building; });
    }

    // The first notice containing `part`, or nullptr. Call with the mutex held, or when no job runs.
    const std::string *find_notice(const std::string &part) const {
        for (const std::string &n : notices)
            if (n.find(part) != std::string::npos) return &n;
        return nullptr;
    }

    std::string all_notices() {
        std::lock_guard<std::mutex> lock(mutex);
        std::string all;
        for (const std::string &n : notices) all += n + "\n";
        return all;
    }
};

// A new solver with `policy`, the table folder `dir` ("": the search path) and, if given, `reports` as
// its progress callback. Aborts the test if it cannot be made.
inline cube_solver *new_solver(int32_t policy, const std::string &dir, Reports *reports = nullptr) {
    cube_solver_config config;
    cube_solver_config_init(&config);
    config.table_policy = policy;
    config.table_dir = dir.empty() ? nullptr : dir.c_str();
    if (reports) reports->attach(config);
    cube_solver *solver = nullptr;
    if (cube_solver_new(&config, &solver) != CUBE_OK) std::abort();
    return solver;
}

// The threads of this process now (from /proc/self/task).
inline int thread_count() {
    int count = 0;
    DIR *d = opendir("/proc/self/task");
    if (!d) return -1;
    for (dirent *e; (e = readdir(d)) != nullptr;)
        if (e->d_name[0] != '.') ++count;
    closedir(d);
    return count;
}

// Waits (at most 10 s) until the process has `count` threads; true if it came to that.
inline bool threads_come_to(int count) {
    for (int waited_ms = 0; waited_ms < 10000; ++waited_ms) {
        if (thread_count() == count) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
}

}  // namespace tp_test
