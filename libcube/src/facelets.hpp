// Facelet strings: reading, validating, converting to and from the cubie model.
#pragma once
#include <cube/common.h>

#include <string>

#include "cubie.hpp"
#include "geometry.hpp"

namespace lc {

std::string solved_facelets(int size);

// Reads the pieces of facelet letters whose colours follow the standard scheme (centres at home).
// Corners only for the 2x2 (edges left solved). False if a piece's colours match no piece.
bool read_cubies(const Geometry &g, const std::string &letters, CubieCube &out);

// Facelet letters of a cubie state with the centres at home (2x2: corners only).
std::string cubies_to_facelets(int size, const CubieCube &c);

// A valid cube's size and its facelets in URFDLB letters.
struct Facelets {
    int size = 0;
    std::string letters;
};

// Parses and validates a facelet string (size 0: inferred from its length). A bad string throws an Error
// naming exactly what is wrong (with the string's real length, and any byte outside printable ASCII shown
// as \xNN).
Facelets parse_facelets(const char *text, int size_hint);

// The same cube with colours renamed so that the centres (3x3) or the corner in the DBL slot (2x2)
// read as at home: the frame the solvers work in. Face turns act the same on both.
std::string normalised_letters(int size, const std::string &letters);

// `letters` with its colours renamed by the map that normalises `reference` (a cube of the same size).
std::string relabelled_like(int size, const std::string &letters, const std::string &reference);

// Cubies of a valid cube in the normalised frame.
CubieCube cubies_of(int size, const std::string &letters);

bool faces_uniform(int size, const std::string &letters);

}  // namespace lc
