// The cap on concurrent solves: a counting semaphore whose wait has a limit (then the server answers 503).
#ifndef CUBE_SERVE_SLOTS_H
#define CUBE_SERVE_SLOTS_H

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace serve {

class slots {
public:
    explicit slots(int count) : free_(count) {}

    // Takes a slot, waiting at most `wait_ms`; false when none came free in time.
    bool acquire(int wait_ms) {
        std::unique_lock<std::mutex> hold(lock_);
        auto ready = [this] { return free_ > 0; };
        if (!changed_.wait_for(hold, std::chrono::milliseconds(wait_ms), ready)) return false;
        --free_;
        ++busy_;
        return true;
    }

    void release() {
        {
            std::lock_guard<std::mutex> hold(lock_);
            ++free_;
            --busy_;
        }
        changed_.notify_one();
    }

    // Slots taken now.
    int busy() {
        std::lock_guard<std::mutex> hold(lock_);
        return busy_;
    }

private:
    std::mutex lock_;
    std::condition_variable changed_;
    int free_;
    int busy_ = 0;
};

// Holds a slot for one request's work.
class slot_guard {
public:
    slot_guard(slots &s, int wait_ms) : slots_(s), held_(s.acquire(wait_ms)) {}
    ~slot_guard() {
        if (held_) slots_.release();
    }
    slot_guard(const slot_guard &) = delete;
    slot_guard &operator=(const slot_guard &) = delete;
    bool held() const { return held_; }

private:
    slots &slots_;
    bool held_;
};

} // namespace serve

#endif
