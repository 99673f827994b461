// The planner's open list: nodes by f = g + h. Plan times are sums of step durations, so when those share
// a large common divisor (the quantum) the nodes go into buckets of that width, pushed and popped in
// constant time; otherwise a binary heap. Either pops a node whose f is within one quantum of the least,
// which keeps A* exact (every path costs a whole number of quanta). Both are deterministic.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

namespace lc::robot {

class OpenList {
  public:
    explicit OpenList(int64_t quantum) : quantum_(quantum) {}
    bool empty() const { return quantum_ > 0 ? count_ == 0 : heap_.empty(); }
    void push(int64_t f, uint32_t node) {
        if (quantum_ <= 0) {
            heap_.push({f, node});
            return;
        }
        if (count_ == 0) base_ = f, low_ = 0;
        if (f < base_) rebase(f);
        const size_t i = size_t((f - base_) / quantum_);
        if (i >= buckets_.size()) buckets_.resize(i + 1);
        buckets_[i].push_back({f, node});
        low_ = std::min(low_, i);
        ++count_;
    }
    std::pair<int64_t, uint32_t> pop() {
        if (quantum_ <= 0) {
            auto top = heap_.top();
            heap_.pop();
            return top;
        }
        while (buckets_[low_].empty()) ++low_;
        auto top = buckets_[low_].back();
        buckets_[low_].pop_back();
        --count_;
        return top;
    }

  private:
    using Entry = std::pair<int64_t, uint32_t>;
    // A node below the first bucket: shift the buckets up to make room.
    void rebase(int64_t f) {
        const size_t shift = size_t((base_ - f + quantum_ - 1) / quantum_);
        buckets_.insert(buckets_.begin(), shift, std::vector<Entry>{});
        base_ -= int64_t(shift) * quantum_;
        low_ += shift;
    }

    int64_t quantum_;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap_;
    std::vector<std::vector<Entry>> buckets_;
    int64_t base_ = 0;
    size_t low_ = 0, count_ = 0;
};

}  // namespace lc::robot
