#include "svg.hpp"

#include <cube/common.h>

#include <cmath>
#include <cstdio>

#include "error.hpp"

namespace lc::render {

std::string xml_escaped(const std::string &text) {
    std::string o;
    o.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&': o += "&amp;"; break;
            case '<': o += "&lt;"; break;
            case '>': o += "&gt;"; break;
            case '"': o += "&quot;"; break;
            case '\'': o += "&apos;"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n')
                    o += '?';
                else if (static_cast<unsigned char>(c) >= 0x80)
                    o += '?';  // names and moves are ASCII; a stray byte must not break UTF-8
                else
                    o += c;
        }
    }
    return o;
}

std::string hex_colour(uint32_t rgb) {
    char b[8];
    std::snprintf(b, sizeof b, "#%06x", rgb & 0xffffffu);
    return b;
}

std::string num(double v) {
    // Integer arithmetic, not printf: a program's LC_NUMERIC must not turn the point into a comma.
    long long hundredths = std::llround(v * 100);
    std::string s = hundredths < 0 ? "-" : "";
    unsigned long long magnitude = static_cast<unsigned long long>(hundredths < 0 ? -hundredths : hundredths);
    s += std::to_string(magnitude / 100);
    unsigned long long fraction = magnitude % 100;
    if (fraction != 0) {
        s += '.';
        s += static_cast<char>('0' + fraction / 10);
        if (fraction % 10 != 0) s += static_cast<char>('0' + fraction % 10);
    }
    return s;
}

void check_svg_size(const std::string &body) {
    if (body.size() > kMaxSvgBytes)
        throw Error(CUBE_ERROR_UNSUPPORTED, "the picture would be larger than " + std::to_string(kMaxSvgBytes >> 20) +
                                                " MiB (draw fewer moves or smaller stickers)");
}

std::string svg_document(double width, double height, const std::string &title, const std::string &body) {
    check_svg_size(body);
    std::string o = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    num(width) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " +
                    num(height) + "\" font-family=\"sans-serif\">\n<title>" + xml_escaped(title) + "</title>\n";
    o += body;
    o += "</svg>\n";
    check_svg_size(o);
    return o;
}

}  // namespace lc::render
