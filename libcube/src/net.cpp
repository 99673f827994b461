#include "net.hpp"

#include <cstring>

#include "geometry.hpp"

namespace lc {
namespace {

// Background colours of the usual scheme: U white, R red, F green, D yellow, L orange, B blue.
const char *background(char letter) {
    switch (letter) {
    case 'U': return "\x1b[30;107m";
    case 'R': return "\x1b[97;41m";
    case 'F': return "\x1b[30;42m";
    case 'D': return "\x1b[30;103m";
    case 'L': return "\x1b[30;48;5;208m";
    default: return "\x1b[97;44m";
    }
}

void sticker(std::string &out, char letter, bool color) {
    if (color) {
        out += background(letter);
        out += ' ';
        out += letter;
        out += " \x1b[0m";
    } else {
        out += letter;
        out += ' ';
    }
}

void trim_line(std::string &out) {
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += '\n';
}

}  // namespace

std::string format_net(int size, const std::string &letters, bool color) {
    const int per = size * size;
    const int cell = color ? 3 : 2;
    const std::string indent(static_cast<size_t>(size * cell), ' ');
    auto face_row = [&](std::string &out, int face, int row) {
        for (int c = 0; c < size; ++c) sticker(out, letters[static_cast<size_t>(face * per + row * size + c)], color);
    };
    std::string out;
    for (int r = 0; r < size; ++r) {
        out += indent;
        face_row(out, U, r);
        trim_line(out);
    }
    for (int r = 0; r < size; ++r) {
        for (int f : {L, F, R, B}) face_row(out, f, r);
        trim_line(out);
    }
    for (int r = 0; r < size; ++r) {
        out += indent;
        face_row(out, D, r);
        trim_line(out);
    }
    return out;
}

}  // namespace lc
