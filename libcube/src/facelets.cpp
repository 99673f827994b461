#include "facelets.hpp"

#include <algorithm>
#include <cstring>

#include "error.hpp"
#include "shown_text.hpp"

namespace lc {
namespace {

// A byte as messages show it (shown_text.hpp).
std::string shown_byte(char c) { return shown_text(std::string(1, c), HexCase::lower); }

int face_of_letter(char c) {
    const char *p = std::strchr(kFaceLetters, c);
    return (c && p) ? static_cast<int>(p - kFaceLetters) : -1;
}

// Colours (as faces) of each corner and edge piece, read off the solved cube.
struct PieceColours {
    int corner[8][3];
    int edge[12][2];
};

const PieceColours &piece_colours() {
    static const PieceColours pc = [] {
        const Geometry &g = geometry(3);
        PieceColours p{};
        for (int c = 0; c < 8; ++c)
            for (int k = 0; k < 3; ++k) p.corner[c][k] = g.corner_facelets[c][k] / 9;
        for (int e = 0; e < 12; ++e)
            for (int k = 0; k < 2; ++k) p.edge[e][k] = g.edge_facelets[e][k] / 9;
        return p;
    }();
    return pc;
}

constexpr const char *kCornerNames[8] = {"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"};
constexpr const char *kEdgeNames[12] = {"UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"};

// Piece at a corner position from its three colours (faces): piece index and twist, or -1.
int identify_corner(const int col[3], int &twist) {
    const PieceColours &pc = piece_colours();
    for (int ori = 0; ori < 3; ++ori) {
        if (col[ori] != U && col[ori] != D) continue;
        for (int j = 0; j < 8; ++j)
            if (pc.corner[j][0] == col[ori] && pc.corner[j][1] == col[(ori + 1) % 3] &&
                pc.corner[j][2] == col[(ori + 2) % 3]) {
                twist = ori;
                return j;
            }
    }
    return -1;
}

int identify_edge(const int col[2], int &flip) {
    const PieceColours &pc = piece_colours();
    for (int j = 0; j < 12; ++j)
        for (int f = 0; f < 2; ++f)
            if (pc.edge[j][0] == col[f] && pc.edge[j][1] == col[1 - f]) {
                flip = f;
                return j;
            }
    return -1;
}

std::string describe_colours(const std::string &text, const uint8_t *idx, int n) {
    std::string s;
    for (int k = 0; k < n; ++k) {
        if (k) s += ',';
        s += shown_byte(text[idx[k]]);
    }
    return s;
}

std::string describe_facelets(int size, const uint8_t *idx, int n) {
    std::string s;
    for (int k = 0; k < n; ++k) {
        if (k) s += ',';
        s += facelet_name(size, idx[k]);
    }
    return s;
}

// Maps each input character to a face. Letters URFDLB are taken as they are; any other set of six
// colours is mapped by the centres (3x3) or by the corner in the DBL slot (2x2).
void map_colours(const std::string &text, int size, std::string &letters) {
    const Geometry &g = geometry(size);
    bool literal = std::all_of(text.begin(), text.end(), [](char c) { return face_of_letter(c) >= 0; });
    if (literal) {
        letters = text;
        return;
    }
    int map[256];
    std::fill(std::begin(map), std::end(map), -1);
    auto uc = [](char c) { return static_cast<unsigned char>(c); };
    if (size == 3) {
        for (int f = 0; f < 6; ++f) {
            char c = text[g.centre[f]];
            if (map[uc(c)] >= 0)
                throw Error(CUBE_ERROR_INVALID_CUBE,
                            error_text("centres %s and %s have the same colour '%s'",
                                       facelet_name(3, g.centre[map[uc(c)]]).c_str(),
                                       facelet_name(3, g.centre[f]).c_str(), shown_byte(c).c_str()));
            map[uc(c)] = f;
        }
    } else {
        const auto &dbl = g.corner_facelets[DBL];
        const int slot_faces[3] = {D, B, L};
        for (int k = 0; k < 3; ++k) {
            char c = text[dbl[k]];
            if (map[uc(c)] >= 0)
                throw Error(CUBE_ERROR_INVALID_CUBE, error_text("corner at DBL has colours %s: no such corner",
                                                                describe_colours(text, dbl.data(), 3).c_str()));
            map[uc(c)] = slot_faces[k];
        }
        // The opposite of D, B, L is the colour that never shares a corner with it.
        std::string others;
        for (char c : text)
            if (map[uc(c)] < 0 && others.find(c) == std::string::npos) others += c;
        if (others.size() == 3) {
            const int opposite[3][2] = {{D, U}, {B, F}, {L, R}};
            for (const auto &pair : opposite) {
                char base = text[dbl[pair[0] == D ? 0 : pair[0] == B ? 1 : 2]];
                for (char c : others) {
                    if (map[uc(c)] >= 0) continue;
                    bool together = false;
                    for (const auto &cf : g.corner_facelets) {
                        bool has_base = false, has_c = false;
                        for (int k = 0; k < 3; ++k) has_base |= text[cf[k]] == base, has_c |= text[cf[k]] == c;
                        together |= has_base && has_c;
                    }
                    if (!together) {
                        map[uc(c)] = pair[1];
                        break;
                    }
                }
            }
            int next_free = 0;  // unresolved colours: any face left; the corner checks report the clash
            for (char c : others)
                if (map[uc(c)] < 0) {
                    while (std::any_of(std::begin(map), std::end(map), [&](int v) { return v == next_free; }))
                        ++next_free;
                    map[uc(c)] = next_free;
                }
        }
    }
    letters.assign(text.size(), ' ');
    for (size_t i = 0; i < text.size(); ++i) {
        int f = map[uc(text[i])];
        if (f < 0)
            throw Error(CUBE_ERROR_INVALID_CUBE,
                        error_text("unknown character '%s' at %s (position %zu): not one of the six colours",
                                   shown_byte(text[i]).c_str(), facelet_name(size, static_cast<int>(i)).c_str(),
                                   i + 1));
        letters[i] = kFaceLetters[f];
    }
}

void check_counts(const std::string &text, const std::string &letters, int size) {
    int per = size * size;
    for (int f = 0; f < 6; ++f) {
        int n = static_cast<int>(std::count(letters.begin(), letters.end(), kFaceLetters[f]));
        if (n == per) continue;
        size_t first = letters.find(kFaceLetters[f]);
        char shown = first == std::string::npos ? kFaceLetters[f] : text[first];
        if (shown == kFaceLetters[f])
            throw Error(CUBE_ERROR_INVALID_CUBE,
                        error_text("colour '%c' appears %d times, expected %d", shown, n, per));
        throw Error(CUBE_ERROR_INVALID_CUBE, error_text("colour '%s' (%c) appears %d times, expected %d",
                                                        shown_byte(shown).c_str(), kFaceLetters[f], n, per));
    }
}

void check_centres(const std::string &letters) {
    const Geometry &g = geometry(3);
    std::string solved = solved_facelets(3);
    for (const auto &o : g.orientations) {
        std::string rotated(solved.size(), ' ');
        for (size_t i = 0; i < solved.size(); ++i) rotated[o[i]] = solved[i];
        bool same = true;
        for (int f = 0; f < 6; ++f) same = same && rotated[g.centre[f]] == letters[g.centre[f]];
        if (same) return;
    }
    std::string c;
    for (int f = 0; f < 6; ++f) c += letters[g.centre[f]];
    throw Error(CUBE_ERROR_INVALID_CUBE,
                "centres U5,R5,F5,D5,L5,B5 read " + c + ": no real cube has them (mirror image?)");
}

// Every corner and edge must be a real piece, checked in the input's own colours.
void check_pieces_exist(const std::string &text, const std::string &letters, int size) {
    const Geometry &g = geometry(size);
    for (int c = 0; c < 8; ++c) {
        int col[3], twist;
        for (int k = 0; k < 3; ++k) col[k] = face_of_letter(letters[g.corner_facelets[c][k]]);
        if (identify_corner(col, twist) < 0)
            throw Error(CUBE_ERROR_INVALID_CUBE,
                        error_text("corner at %s (%s) has colours %s: no such corner", kCornerNames[c],
                                   describe_facelets(size, g.corner_facelets[c].data(), 3).c_str(),
                                   describe_colours(text, g.corner_facelets[c].data(), 3).c_str()));
    }
    if (size == 2) return;
    for (int e = 0; e < 12; ++e) {
        int col[2], flip;
        for (int k = 0; k < 2; ++k) col[k] = face_of_letter(letters[g.edge_facelets[e][k]]);
        if (identify_edge(col, flip) < 0)
            throw Error(CUBE_ERROR_INVALID_CUBE,
                        error_text("edge at %s (%s) has colours %s: no such edge", kEdgeNames[e],
                                   describe_facelets(size, g.edge_facelets[e].data(), 2).c_str(),
                                   describe_colours(text, g.edge_facelets[e].data(), 2).c_str()));
    }
}

template <size_t N>
void check_duplicates(const std::array<uint8_t, N> &perm, const char *const *names, const char *kind) {
    for (size_t i = 0; i < N; ++i)
        for (size_t j = i + 1; j < N; ++j)
            if (perm[i] == perm[j])
                throw Error(CUBE_ERROR_INVALID_CUBE, error_text("%s %s appears twice (at %s and %s)", kind,
                                                                names[perm[i]], names[i], names[j]));
}

}  // namespace

std::string solved_facelets(int size) {
    std::string s;
    for (int f = 0; f < 6; ++f) s.append(static_cast<size_t>(size * size), kFaceLetters[f]);
    return s;
}

bool read_cubies(const Geometry &g, const std::string &letters, CubieCube &out) {
    out = CubieCube::solved();
    for (int c = 0; c < 8; ++c) {
        int col[3], twist = 0;
        for (int k = 0; k < 3; ++k) col[k] = face_of_letter(letters[g.corner_facelets[c][k]]);
        int piece = identify_corner(col, twist);
        if (piece < 0) return false;
        out.cp[c] = static_cast<uint8_t>(piece);
        out.co[c] = static_cast<uint8_t>(twist);
    }
    if (g.size == 2) return true;
    for (int e = 0; e < 12; ++e) {
        int col[2], flip = 0;
        for (int k = 0; k < 2; ++k) col[k] = face_of_letter(letters[g.edge_facelets[e][k]]);
        int piece = identify_edge(col, flip);
        if (piece < 0) return false;
        out.ep[e] = static_cast<uint8_t>(piece);
        out.eo[e] = static_cast<uint8_t>(flip);
    }
    return true;
}

std::string cubies_to_facelets(int size, const CubieCube &c) {
    const Geometry &g = geometry(size);
    const PieceColours &pc = piece_colours();
    std::string s = solved_facelets(size);
    for (int i = 0; i < 8; ++i)
        for (int k = 0; k < 3; ++k)
            s[g.corner_facelets[i][(k + c.co[i]) % 3]] = kFaceLetters[pc.corner[c.cp[i]][k]];
    if (size == 2) return s;
    for (int i = 0; i < 12; ++i)
        for (int k = 0; k < 2; ++k) s[g.edge_facelets[i][(k + c.eo[i]) % 2]] = kFaceLetters[pc.edge[c.ep[i]][k]];
    return s;
}

std::string normalised_letters(int size, const std::string &letters) {
    return relabelled_like(size, letters, letters);
}

std::string relabelled_like(int size, const std::string &input, const std::string &letters) {
    const Geometry &g = geometry(size);
    char rename[256];
    for (int f = 0; f < 6; ++f) rename[static_cast<unsigned char>(kFaceLetters[f])] = kFaceLetters[f];
    if (size == 3) {
        for (int f = 0; f < 6; ++f) rename[static_cast<unsigned char>(letters[g.centre[f]])] = kFaceLetters[f];
    } else {
        // The DBL-slot corner's colours become D, B, L; their opposites U, F, R.
        const PieceColours &pc = piece_colours();
        int col[3], twist = 0;
        for (int k = 0; k < 3; ++k) col[k] = face_of_letter(letters[g.corner_facelets[DBL][k]]);
        int piece = identify_corner(col, twist);
        if (piece < 0) return input;
        const int slot[3] = {D, B, L};
        for (int k = 0; k < 3; ++k) {
            int colour = col[k];
            rename[static_cast<unsigned char>(kFaceLetters[colour])] = kFaceLetters[slot[k]];
            rename[static_cast<unsigned char>(kFaceLetters[(colour + 3) % 6])] = kFaceLetters[(slot[k] + 3) % 6];
        }
        (void)pc;
    }
    std::string out(input);
    for (char &c : out) c = rename[static_cast<unsigned char>(c)];
    return out;
}

CubieCube cubies_of(int size, const std::string &letters) {
    CubieCube c;
    if (!read_cubies(geometry(size), normalised_letters(size, letters), c))
        throw Error(CUBE_ERROR_INTERNAL, "state holds a piece that does not exist");
    return c;
}

bool faces_uniform(int size, const std::string &letters) {
    int per = size * size;
    for (int f = 0; f < 6; ++f)
        for (int i = 1; i < per; ++i)
            if (letters[f * per + i] != letters[f * per]) return false;
    return true;
}

Facelets parse_facelets(const char *text, int size_hint) {
    if (!text) throw Error(CUBE_ERROR_INVALID_ARGUMENT, "facelet string is NULL");
    if (size_hint != 0 && size_hint != 2 && size_hint != 3)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    error_text("cube size %d: libcube knows sizes 2 and 3 (0 infers it)", size_hint));
    size_t n = std::strlen(text);  // the real length, for the message
    Facelets out;
    int &size = out.size;
    std::string &letters = out.letters;
    if (size_hint == 0) {
        if (n != 54 && n != 24)
            throw Error(CUBE_ERROR_INVALID_CUBE,
                        error_text("wrong length: %zu characters, expected 54 (3x3) or 24 (2x2)", n));
        size = n == 54 ? 3 : 2;
    } else {
        size = size_hint;
        size_t want = static_cast<size_t>(6 * size * size);
        if (n != want)
            throw Error(CUBE_ERROR_INVALID_CUBE,
                        error_text("wrong length: %zu characters, expected %zu for a %dx%d", n, want, size, size));
    }
    std::string input(text, n);
    map_colours(input, size, letters);
    check_counts(input, letters, size);
    if (size == 3) check_centres(letters);
    check_pieces_exist(input, letters, size);

    CubieCube c;
    read_cubies(geometry(size), normalised_letters(size, letters), c);
    check_duplicates(c.cp, kCornerNames, "corner");
    int twist = c.twist_sum();
    if (twist != 0)
        throw Error(CUBE_ERROR_INVALID_CUBE,
                    error_text("corner twist sum is %d mod 3, not 0 (a corner is twisted %s)", twist,
                               twist == 1 ? "clockwise" : "anticlockwise"));
    if (size == 2) return out;
    check_duplicates(c.ep, kEdgeNames, "edge");
    if (c.flip_sum() != 0) throw Error(CUBE_ERROR_INVALID_CUBE, "edge orientation sum is odd (one edge flipped)");
    if (c.corner_parity() != c.edge_parity())
        throw Error(CUBE_ERROR_INVALID_CUBE,
                    error_text("permutation parity: corners %s, edges %s; they must agree (two pieces swapped)",
                               c.corner_parity() ? "odd" : "even", c.edge_parity() ? "odd" : "even"));
    return out;
}

}  // namespace lc
