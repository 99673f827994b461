#include "shown_text.hpp"

#include <cstdio>
#include <cstring>

namespace lc {

std::string shown_text(const std::string &text, HexCase hex_case, const char *also) {
    std::string out;
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f && !std::strchr(also, c)) {
            out += c;
            continue;
        }
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, hex_case == HexCase::upper ? "\\x%02X" : "\\x%02x", byte);
        out += escaped;
    }
    return out;
}

}  // namespace lc
