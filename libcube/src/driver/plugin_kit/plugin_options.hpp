// How a driver plugin reads the option string it is opened with ("sim:model=four-arm,speed=0"): shared by
// the built-in sim and the plugins in drivers/ (public headers only, header-only).
#pragma once
#include <string>
#include <vector>

namespace cube_plugin {

// The items of `text` between `separator`s, empty ones left out ("a,,b," gives a and b).
inline std::vector<std::string> split_items(const std::string &text, char separator) {
    std::vector<std::string> items;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(separator, start);
        if (end == std::string::npos) end = text.size();
        if (end > start) items.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return items;
}

}  // namespace cube_plugin
