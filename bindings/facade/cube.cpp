// lcb::Cube: a cube_state, with facelet text checked for non-ASCII letters before C sees it.
#include "call.hpp"

#include <cstdio>

namespace lcb {
namespace {

/// One character of UTF-8 text: its bytes and code point (or invalid).
struct Utf8Char {
    std::string bytes;
    uint32_t codePoint;
    bool valid;
};

/// Decodes the character at `text[at]`, advancing `at`. Invalid sequences yield one invalid byte.
Utf8Char nextChar(const std::string &text, size_t &at) {
    auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
    unsigned char lead = byte(at);
    size_t extra;
    uint32_t code, minimum;
    if (lead < 0x80) {
        return {text.substr(at++, 1), lead, true};
    } else if ((lead & 0xE0) == 0xC0) {
        extra = 1, code = lead & 0x1F, minimum = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
        extra = 2, code = lead & 0x0F, minimum = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
        extra = 3, code = lead & 0x07, minimum = 0x10000;
    } else {
        return {text.substr(at++, 1), 0, false};
    }
    for (size_t i = 1; i <= extra; ++i) {
        if (at + i >= text.size() || (byte(at + i) & 0xC0) != 0x80) {
            return {text.substr(at++, 1), 0, false};
        }
        code = (code << 6) | (byte(at + i) & 0x3F);
    }
    if (code < minimum || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
        return {text.substr(at++, 1), 0, false};
    }
    Utf8Char c{text.substr(at, extra + 1), code, true};
    at += extra + 1;
    return c;
}

/// The number of characters of UTF-8 text (an invalid byte counts as one).
size_t charCount(const std::string &text) {
    size_t count = 0;
    for (size_t at = 0; at < text.size(); ++count) {
        nextChar(text, at);
    }
    return count;
}

/// Throws Error(InvalidCube) naming the first facelet that is not ASCII (C would name a byte of it).
void requireAscii(const std::string &facelets) {
    size_t position = 0;
    for (size_t at = 0; at < facelets.size();) {
        Utf8Char c = nextChar(facelets, at);
        ++position;
        if (c.valid && c.codePoint < 0x80) {
            continue;
        }
        std::string message = "facelet " + std::to_string(position);
        if (!c.valid) {
            message += " is not valid UTF-8";
        } else {
            char code[16];
            std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c.codePoint));
            message += " is '" + c.bytes + "' (" + code + "), not one of the ASCII letters U R F D L B";
        }
        detail::fail(Status::InvalidCube, message);
    }
}

/// FNV-1a, 32 bits.
int32_t fnv1a(const char *text) {
    uint32_t hash = 2166136261u;
    for (const char *p = text; *p != '\0'; ++p) {
        hash ^= static_cast<unsigned char>(*p);
        hash *= 16777619u;
    }
    return static_cast<int32_t>(hash);
}

} // namespace

Cube::Cube(int32_t size) : state_(nullptr) { detail::check(cube_state_new(size, &state_)); }

Cube::Cube(cube_state *state) : state_(state) {}

Cube::~Cube() { cube_state_free(state_); }

Cube *Cube::fromFacelets(const std::string &facelets) {
    size_t count = charCount(facelets);
    if (count != 24 && count != 54) {
        detail::fail(Status::InvalidCube, "wrong length: " + std::to_string(count) +
                                              " letters, expected 54 (3x3) or 24 (2x2)");
    }
    return fromFacelets(facelets, count == 24 ? 2 : 3);
}

Cube *Cube::fromFacelets(const std::string &facelets, int32_t size) {
    requireAscii(facelets);
    cube_state *state = nullptr;
    detail::check(cube_state_from_facelets(facelets.c_str(), size, &state));
    return new Cube(state);
}

Cube *Cube::random(int32_t size, int64_t seed) {
    cube_state *state = nullptr;
    detail::check(cube_state_random(size, static_cast<uint64_t>(seed), &state));
    return new Cube(state);
}

void Cube::validate(const std::string &facelets, int32_t size) {
    requireAscii(facelets);
    detail::check(cube_validate_facelets(facelets.c_str(), size));
}

Cube *Cube::copy() const {
    cube_state *state = nullptr;
    detail::check(cube_state_copy(state_, &state));
    return new Cube(state);
}

int32_t Cube::size() const {
    int32_t size = 0;
    detail::check(cube_state_size(state_, &size));
    return size;
}

bool Cube::isSolved() const {
    int32_t solved = 0;
    detail::check(cube_state_is_solved(state_, &solved));
    return solved != 0;
}

std::string Cube::facelets() const {
    const char *text = nullptr;
    detail::check(cube_state_facelets(state_, &text));
    return text;
}

std::string Cube::net(bool color) const {
    uint32_t flags = color ? CUBE_NET_COLOR : CUBE_NET_PLAIN;
    return detail::readText([&](char *buffer, int32_t capacity, int32_t *length) {
        return cube_state_format_net(state_, flags, buffer, capacity, length);
    });
}

bool Cube::sameAs(const Cube &other) const {
    int32_t equal = 0;
    detail::check(cube_state_equal(state_, other.state_, &equal));
    return equal != 0;
}

int32_t Cube::hash() const {
    const char *text = nullptr;
    detail::check(cube_state_facelets(state_, &text));
    return fnv1a(text);
}

void Cube::apply(const Moves &moves) { detail::check(cube_state_apply(state_, moves.handle())); }

void Cube::apply(const std::string &notation) { detail::check(cube_state_apply_text(state_, notation.c_str())); }

const cube_state *Cube::handle() const { return state_; }

} // namespace lcb
