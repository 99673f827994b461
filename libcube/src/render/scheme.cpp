#include "scheme.hpp"

#include <cube/render.h>

#include <cstring>
#include <string>

#include "error.hpp"
#include "geometry.hpp"
#include "shown_text.hpp"

namespace lc::render {
namespace {

// The usual sticker colours: white, red, green, yellow, orange, blue.
constexpr uint32_t kWhite = 0xffffff;
constexpr uint32_t kRed = 0xb71234;
constexpr uint32_t kGreen = 0x009b48;
constexpr uint32_t kYellow = 0xffd500;
constexpr uint32_t kOrange = 0xff5800;
constexpr uint32_t kBlue = 0x0046ad;

constexpr Palette kWestern = {kWhite, kRed, kGreen, kYellow, kOrange, kBlue};
// Blue opposite white (D blue), so yellow goes to B.
constexpr Palette kJapanese = {kWhite, kRed, kGreen, kBlue, kOrange, kYellow};

// A piece of the text for a message (shown_text.hpp).
std::string shown(const std::string &text) { return shown_text(text, HexCase::upper); }

std::string trimmed(const std::string &s) {
    size_t begin = s.find_first_not_of(" \t");
    if (begin == std::string::npos) return "";
    size_t end = s.find_last_not_of(" \t");
    return s.substr(begin, end - begin + 1);
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// "#rgb" or "#rrggbb" of entry `n` (1-based); throws Error(CUBE_ERROR_PARSE) saying what is wrong.
uint32_t parse_colour(const std::string &text, size_t n, char face) {
    if (text.empty() || text[0] != '#')
        throw Error(CUBE_ERROR_PARSE, "custom scheme entry " + std::to_string(n) + " (" + face + "): colour '" +
                                          shown(text) + "' does not start with '#' (write #rgb or #rrggbb)");
    std::string digits = text.substr(1);
    if (digits.size() != 3 && digits.size() != 6)
        throw Error(CUBE_ERROR_PARSE, "custom scheme entry " + std::to_string(n) + " (" + face + "): colour '" +
                                          shown(text) + "' has " + std::to_string(digits.size()) +
                                          " hex digits, expected 3 or 6");
    uint32_t rgb = 0;
    for (char c : digits) {
        int v = hex_value(c);
        if (v < 0)
            throw Error(CUBE_ERROR_PARSE, "custom scheme entry " + std::to_string(n) + " (" + face + "): '" +
                                              shown(std::string(1, c)) + "' in colour '" + shown(text) +
                                              "' is not a hex digit");
        rgb = rgb << 4 | static_cast<uint32_t>(v);
        if (digits.size() == 3) rgb = rgb << 4 | static_cast<uint32_t>(v);
    }
    return rgb;
}

// Reads "U=#fff, R=#b71234" over the western colours.
Palette parse_custom(const std::string &text) {
    Palette p = kWestern;
    bool given[6] = {};
    size_t n = 0;
    size_t at = 0;
    while (true) {
        size_t comma = text.find(',', at);
        std::string entry = trimmed(text.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
        ++n;
        if (entry.empty())
            throw Error(CUBE_ERROR_PARSE, "custom scheme entry " + std::to_string(n) +
                                              " is empty (write FACE=#COLOUR, entries separated by ',')");
        size_t eq = entry.find('=');
        if (eq == std::string::npos)
            throw Error(CUBE_ERROR_PARSE, "custom scheme entry " + std::to_string(n) + " '" + shown(entry) +
                                              "' has no '=' (write FACE=#COLOUR, e.g. U=#ffffff)");
        std::string face = trimmed(entry.substr(0, eq));
        const char *found = face.size() == 1 ? std::strchr(kFaceLetters, face[0]) : nullptr;
        if (!found || face[0] == '\0')
            throw Error(CUBE_ERROR_PARSE, "custom scheme entry " + std::to_string(n) + ": face '" + shown(face) +
                                              "' is not one of U R F D L B");
        size_t f = static_cast<size_t>(found - kFaceLetters);
        if (given[f])
            throw Error(CUBE_ERROR_PARSE, "custom scheme entry " + std::to_string(n) + ": face " + face +
                                              " is given twice");
        given[f] = true;
        p[f] = parse_colour(trimmed(entry.substr(eq + 1)), n, face[0]);
        if (comma == std::string::npos) break;
        at = comma + 1;
    }
    return p;
}

}  // namespace

Palette read_scheme(int32_t scheme, const char *custom) {
    if (scheme != CUBE_SCHEME_CUSTOM && custom)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    error_text("custom scheme text given, but the scheme is %d, not custom (%d)", scheme,
                               CUBE_SCHEME_CUSTOM));
    switch (scheme) {
        case CUBE_SCHEME_WESTERN:
            return kWestern;
        case CUBE_SCHEME_JAPANESE:
            return kJapanese;
        case CUBE_SCHEME_CUSTOM:
            break;
        default:
            throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                        error_text("unknown colour scheme %d (0 western, 1 japanese, 2 custom)", scheme));
    }
    if (!custom) throw Error(CUBE_ERROR_INVALID_ARGUMENT, "custom scheme: the text is NULL");
    size_t length = strnlen(custom, kMaxSchemeText + 1);
    if (length > kMaxSchemeText)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, error_text("custom scheme is longer than %zu bytes", kMaxSchemeText));
    return parse_custom(std::string(custom, length));
}

uint32_t colour_of(const Palette &palette, char letter) {
    const char *at = std::strchr(kFaceLetters, letter);
    return at && letter ? palette[static_cast<size_t>(at - kFaceLetters)] : 0x808080;
}

}  // namespace lc::render
