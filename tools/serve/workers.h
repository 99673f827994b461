// The threads that answer POST requests, so that the HTTP threads never wait for a solve: a request is
// suspended, answered here, and resumed (libmicrohttpd's suspend/resume).
#ifndef CUBE_SERVE_WORKERS_H
#define CUBE_SERVE_WORKERS_H

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace serve {

class workers {
public:
    explicit workers(unsigned count) {
        for (unsigned i = 0; i < count; ++i) threads_.emplace_back([this] { work(); });
    }
    ~workers() { stop(); }
    workers(const workers &) = delete;
    workers &operator=(const workers &) = delete;

    void submit(std::function<void()> task) {
        {
            std::lock_guard<std::mutex> hold(lock_);
            tasks_.push_back(std::move(task));
        }
        changed_.notify_one();
    }

    // Runs the tasks already submitted, then ends the threads.
    void stop() {
        {
            std::lock_guard<std::mutex> hold(lock_);
            stopping_ = true;
        }
        changed_.notify_all();
        for (std::thread &t : threads_)
            if (t.joinable()) t.join();
    }

private:
    void work() {
        for (;;) {
            std::function<void()> task;
            {
                std::unique_lock<std::mutex> hold(lock_);
                changed_.wait(hold, [this] { return stopping_ || !tasks_.empty(); });
                if (tasks_.empty()) return;
                task = std::move(tasks_.front());
                tasks_.pop_front();
            }
            task();
        }
    }

    std::mutex lock_;
    std::condition_variable changed_;
    std::deque<std::function<void()>> tasks_;
    std::vector<std::thread> threads_;
    bool stopping_ = false;
};

} // namespace serve

#endif
