// A driver plugin's last error message (cube_driver_api.last_error): written from any thread, read as a
// copy that stays valid on the reading thread until its next read. Shared by the built-in sim and the
// plugins in drivers/ (public headers only, header-only).
#pragma once
#include <cstdio>
#include <mutex>
#include <string>

namespace cube_plugin {

class LastError {
public:
    void set(const std::string &message) {
        std::lock_guard<std::mutex> lock(mu_);
        text_ = message;
    }
    // The message as last_error() returns it.
    const char *get() const {
        // Not a std::string: MinGW's emulated thread-local storage is freed before thread_local destructors
        // run, so only trivially destructible thread_locals (as error.cpp's).
        thread_local char copy[1024];
        std::lock_guard<std::mutex> lock(mu_);
        std::snprintf(copy, sizeof copy, "%s", text_.c_str());
        return copy;
    }

private:
    mutable std::mutex mu_;  // a step may fail on several threads at once
    std::string text_;
};

}  // namespace cube_plugin
