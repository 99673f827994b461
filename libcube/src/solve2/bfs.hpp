// Exact distance of every 2x2 position by breadth-first level scans over the coordinates.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

#include "solve2/movetab.hpp"

namespace lc::solve2 {

// Writes the distance of every position under the moves `moves[0..nmoves)` (move numbers of
// movetab.hpp; nmoves is 6 or 9) into `packed` (kPositions / 2 bytes, zeroed by the caller):
// index i in the low nibble of byte i / 2 if i is even, else the high nibble. Fills `counts`
// with positions per depth. Throws lc::Error if some position is unreachable or deeper than 14.
void bfs_distances(const MoveTables &mt, const int *moves, int nmoves, uint8_t *packed,
                   std::array<int64_t, 16> &counts);

// Bytes of working memory bfs_distances allocates (and frees) for `nmoves` moves.
size_t bfs_scratch_bytes(int nmoves);

}  // namespace lc::solve2
