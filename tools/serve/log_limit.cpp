#include "log_limit.h"

#include <cstdio>

namespace serve {

void log_limit::line(const std::string &kind, const std::string &text) {
    auto now = std::chrono::steady_clock::now();
    unsigned long left_out = 0;
    {
        std::lock_guard<std::mutex> hold(lock_);
        kind_state &k = kinds_[kind];
        if (k.written && now - k.last < gap_) {
            ++k.left_out;
            return;
        }
        left_out = k.left_out;
        k.left_out = 0;
        k.last = now;
        k.written = true;
    }
    if (left_out)
        fprintf(stderr, "cube serve: %s (and %lu more like it since the last such line)\n", text.c_str(), left_out);
    else
        fprintf(stderr, "cube serve: %s\n", text.c_str());
}

} // namespace serve
