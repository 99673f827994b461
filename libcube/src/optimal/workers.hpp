// The table builds' worker pool: work(true) on the calling thread (the one that reports progress) and
// work(false) on up to `threads - 1` others, all joined before it returns, also when work(true) throws.
// Without threads to be had, the ones started (and the caller) do the work.
#pragma once
#include <system_error>
#include <thread>
#include <vector>

namespace lc::optimal {

template <class Work>
void run_workers(int threads, const Work &work) {
    struct Pool {
        std::vector<std::thread> threads;
        ~Pool() {
            for (std::thread &th : threads) th.join();
        }
    } pool;
    for (int k = 1; k < threads; ++k) {
        try {
            pool.threads.emplace_back(work, false);
        } catch (const std::system_error &) {
            break;
        }
    }
    work(true);
}

}  // namespace lc::optimal
