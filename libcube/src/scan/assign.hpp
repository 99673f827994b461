// The best placements of real pieces into slots: k-best assignments (Hungarian method and Murty's
// partitioning) with the best valid orientations (twist or flip sum 0) of each permutation.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace lc {

// score(slot, piece, orientation): log-likelihood of that piece in that slot with that twist or flip.
struct PieceScores {
    int pieces = 0;        // 8 corners or 12 edges
    int orientations = 0;  // 3 or 2
    std::vector<double> values;
    double &at(int slot, int piece, int o) { return values[(slot * pieces + piece) * orientations + o]; }
    double at(int slot, int piece, int o) const { return values[(slot * pieces + piece) * orientations + o]; }
};

// One placement of every piece: piece perm[slot] with orientation orient[slot].
struct Placement {
    double score = 0;
    std::array<uint8_t, 12> perm{};
    std::array<uint8_t, 12> orient{};
};

// The best placements of each permutation parity (index 0 even, 1 odd) whose orientations sum to 0,
// at most `per_parity` of each, best first. `exact` is cleared if the search stopped at its limit.
struct PlacementLists {
    std::array<std::vector<Placement>, 2> by_parity;
    bool exact = true;
};

PlacementLists best_placements(const PieceScores &scores, int per_parity, int max_permutations);

// Parity of a permutation of `n` items: 0 even, 1 odd.
int permutation_parity(const uint8_t *perm, int n);

}  // namespace lc
