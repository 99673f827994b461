// Lines on stderr that a client can cause (a refused connection, a request cut off at its time limit), at
// most one a second of each kind; the next line of that kind says how many were left out meanwhile.
#ifndef CUBE_SERVE_LOG_LIMIT_H
#define CUBE_SERVE_LOG_LIMIT_H

#include <chrono>
#include <map>
#include <mutex>
#include <string>

namespace serve {

class log_limit {
public:
    explicit log_limit(std::chrono::milliseconds gap = std::chrono::milliseconds(1000)) : gap_(gap) {}

    // Writes "cube serve: TEXT" unless a line of `kind` went out less than a second ago (then counts it).
    void line(const std::string &kind, const std::string &text);

private:
    struct kind_state {
        std::chrono::steady_clock::time_point last{};
        bool written = false;
        unsigned long left_out = 0;
    };
    std::chrono::milliseconds gap_;
    std::mutex lock_;
    std::map<std::string, kind_state> kinds_;
};

} // namespace serve

#endif
