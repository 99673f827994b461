#include "driver/step_pool.hpp"

#include <algorithm>
#include <condition_variable>
#include <mutex>

#include "driver/calls.hpp"

namespace lc::driver {
namespace {

// How often a wait asks whether it was woken (cancel tokens cannot notify it).
constexpr auto kPollInterval = std::chrono::milliseconds(5);

}  // namespace

struct StepPool::Shared {
    Entry entry;
    void *instance = nullptr;
    mutable std::mutex mu;
    std::condition_variable cv;  // a step handed over, started or done, or quit
    std::vector<Slot> slots;
    std::vector<cube_driver_command> commands;  // kMaxStepCommands per slot
    std::vector<int32_t> counts;
    std::vector<bool> pending;
    uint64_t events = 0;
    bool quit = false;
    const void *owner = nullptr;  // set when abandoned
};

void StepPool::serve(const std::shared_ptr<Shared> &s, size_t slot) {
    std::unique_lock<std::mutex> lock(s->mu);
    for (;;) {
        s->cv.wait(lock, [&] { return s->pending[slot] || s->quit; });
        if (s->quit) return;
        s->pending[slot] = false;
        cube_driver_command commands[kMaxStepCommands];
        const int32_t count = s->counts[slot];
        std::copy_n(s->commands.begin() + ptrdiff_t(slot) * kMaxStepCommands, count, commands);
        s->slots[slot].started = true;
        s->slots[slot].started_at = Clock::now();
        ++s->events;
        lock.unlock();
        s->cv.notify_all();  // after the unlock: the caller wakes without waiting for this thread
        int32_t result = CUBE_ERROR_INTERNAL;
        try {
            result = call_execute(s->entry, s->instance, commands, count);
        } catch (...) {
            // Nothing may leave the thread: a call that throws (out of memory) stays CUBE_ERROR_INTERNAL.
        }
        lock.lock();
        s->slots[slot].result = result;
        s->slots[slot].done = true;
        ++s->events;
        s->cv.notify_all();
    }
}

StepPool::StepPool(const Entry &entry, void *instance, int32_t slots) : shared_(std::make_shared<Shared>()) {
    const size_t n = size_t(std::clamp<int32_t>(slots, 1, CUBE_DRIVER_MAX_CONCURRENT_STEPS));
    shared_->entry = entry;
    shared_->instance = instance;
    shared_->slots.resize(n);
    shared_->commands.resize(n * kMaxStepCommands);
    shared_->counts.resize(n, 0);
    shared_->pending.resize(n, false);
    for (size_t i = 0; i < n; ++i) {
        std::shared_ptr<Shared> s = shared_;
        threads_.emplace_back([s, i] { serve(s, i); });
    }
}

StepPool::~StepPool() {
    {
        std::lock_guard<std::mutex> lock(shared_->mu);
        shared_->quit = true;
    }
    shared_->cv.notify_all();
    for (std::thread &t : threads_)
        if (t.joinable()) t.join();
}

int32_t StepPool::free_slot() const {
    std::lock_guard<std::mutex> lock(shared_->mu);
    for (size_t i = 0; i < shared_->slots.size(); ++i)
        if (!shared_->slots[i].busy) return int32_t(i);
    return -1;
}

void StepPool::start(int32_t slot, const cube_driver_command *commands, int32_t count) {
    {
        std::lock_guard<std::mutex> lock(shared_->mu);
        const size_t i = size_t(slot);
        std::copy_n(commands, count, shared_->commands.begin() + ptrdiff_t(i) * kMaxStepCommands);
        shared_->counts[i] = count;
        shared_->slots[i] = Slot{};
        shared_->slots[i].busy = true;
        shared_->pending[i] = true;
    }
    shared_->cv.notify_all();
}

StepPool::Slot StepPool::slot(int32_t index) const {
    std::lock_guard<std::mutex> lock(shared_->mu);
    return shared_->slots[size_t(index)];
}

void StepPool::collect(int32_t slot) {
    std::lock_guard<std::mutex> lock(shared_->mu);
    shared_->slots[size_t(slot)] = Slot{};
}

uint64_t StepPool::events() const {
    std::lock_guard<std::mutex> lock(shared_->mu);
    return shared_->events;
}

bool StepPool::wait(uint64_t seen, Clock::time_point until, const std::function<bool()> &woken) {
    std::unique_lock<std::mutex> lock(shared_->mu);
    for (;;) {
        if (shared_->events != seen) return true;
        if (woken && woken()) return false;
        Clock::time_point now = Clock::now();
        if (now >= until) return false;
        shared_->cv.wait_until(lock, std::min(until, now + kPollInterval));
    }
}

void StepPool::abandon(const void *owner) {
    {
        std::lock_guard<std::mutex> lock(shared_->mu);
        shared_->owner = owner;
        shared_->quit = true;
    }
    shared_->cv.notify_all();
    for (std::thread &t : threads_) t.detach();
}

}  // namespace lc::driver
