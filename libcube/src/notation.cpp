#include "notation.hpp"

#include <algorithm>
#include <cctype>
#include <cube/moves.h>
#include <cstring>

#include "error.hpp"

namespace lc {
namespace {

constexpr const char *kKindNames[kMoveKinds] = {"U",  "R",  "F",  "D",  "L",  "B", "Uw", "Rw", "Fw",
                                                "Dw", "Lw", "Bw", "M",  "E",  "S", "x",  "y",  "z"};

int face_index(char c) {
    const char *faces = "URFDLB";
    const char *p = std::strchr(faces, c);
    return (c && p) ? static_cast<int>(p - faces) : -1;
}

int lower_face_index(char c) {
    const char *faces = "urfdlb";
    const char *p = std::strchr(faces, c);
    return (c && p) ? static_cast<int>(p - faces) : -1;
}

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// The prime mark: ASCII apostrophe, or the typographic U+2019 pasted from documents.
size_t prime_length(const char *p) {
    if (*p == '\'') return 1;
    if (static_cast<unsigned char>(p[0]) == 0xE2 && static_cast<unsigned char>(p[1]) == 0x80 &&
        static_cast<unsigned char>(p[2]) == 0x99)
        return 3;
    return 0;
}

Error token_error(const char *text, size_t start, const char *why) {
    size_t end = start;
    while (text[end] && !is_space(text[end]) && end - start < 32) ++end;
    std::string token(text + start, end - start);
    return Error(CUBE_ERROR_PARSE, error_text("%s '%s' at position %zu", why, token.c_str(), start + 1));
}

}  // namespace

int move_axis(int kind) {
    static const int face_axis[6] = {1, 0, 2, 1, 0, 2};
    if (kind < kSliceM) return face_axis[kind % 6];
    if (kind < kRotX) return kind == kSliceM ? 0 : kind == kSliceE ? 1 : 2;
    return kind - kRotX;
}

bool move_allowed(int size, int kind) {
    if (kind < 0 || kind >= kMoveKinds) return false;
    return size == 3 || kind < kWideU || kind >= kRotX;
}

MoveList parse_moves(const char *text, int size) {
    if (!text) throw Error(CUBE_ERROR_INVALID_ARGUMENT, "move text is NULL");
    if (size != 2 && size != 3)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, error_text("cube size %d: must be 2 or 3", size));
    MoveList out;
    size_t i = 0;
    while (text[i]) {
        if (is_space(text[i])) {
            ++i;
            continue;
        }
        size_t start = i;
        int kind = -1;
        char c = text[i];
        if (face_index(c) >= 0) {
            kind = face_index(c);
            ++i;
            if (text[i] == 'w') kind += kWideU, ++i;
        } else if (lower_face_index(c) >= 0) {
            kind = kWideU + lower_face_index(c);
            ++i;
        } else if (c == 'M' || c == 'E' || c == 'S') {
            kind = c == 'M' ? kSliceM : c == 'E' ? kSliceE : kSliceS;
            ++i;
        } else if (c == 'x' || c == 'y' || c == 'z') {
            kind = kRotX + (c - 'x');
            ++i;
        } else {
            throw token_error(text, start, "unknown move");
        }
        int amount = 1;
        if (text[i] == '2') amount = 2, ++i;
        if (size_t p = prime_length(text + i)) amount = amount == 2 ? 2 : 3, i += p;
        if (text[i] && !is_space(text[i]) && face_index(text[i]) < 0 && lower_face_index(text[i]) < 0 &&
            !std::strchr("MESxyz", text[i]))
            throw token_error(text, start, "unknown move");
        if (!move_allowed(size, kind))
            throw token_error(text, start, "the 2x2 takes face turns and rotations only; cannot use");
        out.push_back(Move{static_cast<uint8_t>(kind), static_cast<uint8_t>(amount)});
    }
    return out;
}

std::string format_move(Move m) {
    std::string s = kKindNames[m.kind];
    if (m.amount == 2) s += '2';
    if (m.amount == 3) s += '\'';
    return s;
}

std::string format_moves(const MoveList &moves) {
    std::string s;
    for (const Move &m : moves) {
        if (!s.empty()) s += ' ';
        s += format_move(m);
    }
    return s;
}

int moves_length(const MoveList &moves, int metric) {
    int n = 0;
    for (const Move &m : moves) {
        if (m.kind >= kRotX) continue;
        int turns = m.kind >= kSliceM && metric != CUBE_METRIC_STM ? 2 : 1;
        if (metric == CUBE_METRIC_QTM && m.amount == 2) turns *= 2;
        n += turns;
    }
    return n;
}

MoveList inverted(const MoveList &moves) {
    MoveList r(moves.rbegin(), moves.rend());
    for (Move &m : r) m.amount = static_cast<uint8_t>((4 - m.amount) % 4);
    return r;
}

MoveList simplified(const MoveList &moves) {
    MoveList out;
    for (const Move &m : moves) {
        int axis = move_axis(m.kind);
        // Look back through the run of moves on the same axis for the same kind.
        size_t k = out.size();
        bool merged = false;
        while (k > 0 && move_axis(out[k - 1].kind) == axis) {
            --k;
            if (out[k].kind != m.kind) continue;
            int amount = (out[k].amount + m.amount) % 4;
            if (amount == 0)
                out.erase(out.begin() + static_cast<long>(k));
            else
                out[k].amount = static_cast<uint8_t>(amount);
            merged = true;
            break;
        }
        if (!merged && m.amount % 4 != 0) out.push_back(m);
    }
    // Canonical order inside each run of one axis.
    for (size_t i = 0; i < out.size();) {
        size_t j = i + 1;
        while (j < out.size() && move_axis(out[j].kind) == move_axis(out[i].kind)) ++j;
        std::sort(out.begin() + static_cast<long>(i), out.begin() + static_cast<long>(j),
                  [](const Move &a, const Move &b) { return a.kind < b.kind; });
        i = j;
    }
    return out;
}

}  // namespace lc
