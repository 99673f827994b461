#include "background_tables.hpp"

#include <chrono>
#include <string>
#include <system_error>

#include "cancel.hpp"
#include "error.hpp"
#include "progress.hpp"
#include "twophase/table_search.hpp"

namespace lc {

struct BackgroundTables::Shared {
    StopFlag stop;
    std::atomic<bool> stopping{false};  // stop() was called: the end of the load is not announced
    std::shared_ptr<const twophase::Tables> tables;  // set before `ready`, then never changed
    std::atomic<const twophase::Tables *> ready{nullptr};
};

namespace {

using Clock = std::chrono::steady_clock;

// A notice at the end of the load (the job is over: fraction 1).
void send_notice(cube_progress_fn fn, void *user, Clock::time_point start, const std::string &text) {
    send_progress(fn, user, CUBE_PROGRESS_NOTICE, text.c_str(), 1.0, 1.0, start);
}

}  // namespace

void BackgroundTables::run(std::shared_ptr<Shared> shared, tablefile::TablePlaces places, cube_progress_fn fn,
                           void *user) {
    try {
        Clock::time_point start = Clock::now();
        twophase::Progress progress;
        progress.fn = fn;
        progress.user = user;
        progress.stop = &shared->stop;
        std::shared_ptr<const twophase::Tables> tables;
        try {
            tables = twophase::load_or_build(places, progress, false, true);
        } catch (const Error &e) {
            if (shared->stopping.load()) return;
            send_notice(fn, user, start,
                        std::string("the full 3x3 tables could not be loaded (") + e.what() +
                            "); solving with the compact tables");
            return;
        }
        if (shared->stopping.load()) return;
        shared->tables = tables;
        shared->ready.store(tables.get(), std::memory_order_release);
        send_notice(fn, user, start, "the full 3x3 tables are ready; solving with them from now on");
    } catch (...) {
        // No memory left for a message: the solver stays on the compact tables.
    }
}

BackgroundTables::BackgroundTables() : shared_(std::make_shared<Shared>()) {}

BackgroundTables::~BackgroundTables() { stop(); }

void BackgroundTables::start(const tablefile::TablePlaces &places, cube_progress_fn fn, void *user) {
    std::string refused;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (started_.load()) return;
        started_.store(true, std::memory_order_release);
        try {
            thread_ = std::thread(run, shared_, places, fn, user);
        } catch (const std::system_error &e) {
            refused = e.what();
        }
    }
    // Told without the lock held: the callback may call libcube.
    if (!refused.empty())
        send_notice(fn, user, Clock::now(),
                    "cannot start a thread to load the full 3x3 tables (" + refused + "); solving with the compact tables");
}

const twophase::Tables *BackgroundTables::ready() const { return shared_->ready.load(std::memory_order_acquire); }

void BackgroundTables::stop() {
    std::thread thread;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        started_.store(true, std::memory_order_release);  // nothing starts after a stop
        shared_->stopping.store(true);
        shared_->stop.stop();
        thread = std::move(thread_);
    }
    if (!thread.joinable()) return;
    if (thread.get_id() == std::this_thread::get_id())
        thread.detach();  // it holds what it uses (shared_), and ends when the callback returns
    else
        thread.join();
}

}  // namespace lc
