#include "driver/worker.hpp"

#include <algorithm>
#include <condition_variable>
#include <mutex>

#include "driver/calls.hpp"

namespace lc::driver {
namespace {

// How often a wait asks whether it was woken (cancel tokens cannot notify it).
constexpr auto kWorkerPollInterval = std::chrono::milliseconds(5);

}  // namespace

struct Worker::Shared {
    Entry entry;
    void *instance;
    std::mutex mu;
    std::condition_variable cv;  // a step handed over, a step done, or quit
    cube_driver_command commands[3]{};
    int32_t count = 0;
    bool pending = false;
    bool done = false;
    bool quit = false;
    int32_t result = CUBE_OK;
    const void *owner = nullptr;  // set when abandoned
};

void Worker::serve(const std::shared_ptr<Shared> &s) {
    std::unique_lock<std::mutex> lock(s->mu);
    for (;;) {
        s->cv.wait(lock, [&] { return s->pending || s->quit; });
        if (s->quit) return;
        s->pending = false;
        cube_driver_command commands[3];
        std::copy(s->commands, s->commands + s->count, commands);
        int32_t count = s->count;
        lock.unlock();
        int32_t result = CUBE_ERROR_INTERNAL;
        try {
            result = call_execute(s->entry, s->instance, commands, count);
        } catch (...) {
            // Nothing may leave the thread: a call that throws (out of memory) stays CUBE_ERROR_INTERNAL.
        }
        lock.lock();
        s->result = result;
        s->done = true;
        s->cv.notify_all();
    }
}

Worker::Worker(const Entry &entry, void *instance) : shared_(std::make_shared<Shared>()) {
    shared_->entry = entry;
    shared_->instance = instance;
    std::shared_ptr<Shared> s = shared_;
    thread_ = std::thread([s] { serve(s); });
}

Worker::~Worker() {
    if (!thread_.joinable()) return;
    {
        std::lock_guard<std::mutex> lock(shared_->mu);
        shared_->quit = true;
    }
    shared_->cv.notify_all();
    thread_.join();
}

void Worker::start(const cube_driver_command *commands, int32_t count) {
    {
        std::lock_guard<std::mutex> lock(shared_->mu);
        std::copy(commands, commands + count, shared_->commands);
        shared_->count = count;
        shared_->done = false;
        shared_->pending = true;
    }
    shared_->cv.notify_all();
}

Worker::Wait Worker::wait(Clock::time_point until, const std::function<bool()> &woken) {
    std::unique_lock<std::mutex> lock(shared_->mu);
    for (;;) {
        if (shared_->done) return Wait::kDone;
        if (woken && woken()) return Wait::kWoken;
        Clock::time_point now = Clock::now();
        if (now >= until) return Wait::kExpired;
        shared_->cv.wait_until(lock, std::min(until, now + kWorkerPollInterval));
    }
}

int32_t Worker::result() const {
    std::lock_guard<std::mutex> lock(shared_->mu);
    return shared_->result;
}

void Worker::abandon(const void *owner) {
    {
        std::lock_guard<std::mutex> lock(shared_->mu);
        shared_->owner = owner;
        shared_->quit = true;
    }
    thread_.detach();
}

}  // namespace lc::driver
