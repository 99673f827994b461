#include "json_text.hpp"

#include <cstdio>

namespace lc {

std::string json_quoted(const std::string &text) {
    std::string out = "\"";
    for (char c : text) {
        if (static_cast<unsigned char>(c) < 0x20) continue;
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

const char *json_bool(bool value) {
    return value ? "true" : "false";
}

std::string printed(const char *format, double value) {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

}  // namespace lc
