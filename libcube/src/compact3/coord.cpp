// Ranks of part of a permutation: the order of the 8 U/D edges, or of the 4 UD-slice edges.
#include "compact3/tables.hpp"

namespace lc::compact3 {

int sub_rank(const uint8_t *p, int lo, int n) {
    uint8_t local[12];
    for (int i = 0; i < n; ++i) local[i] = static_cast<uint8_t>(p[lo + i] - lo);
    return twophase::perm_rank(local, n);
}

void sub_unrank(int rank, uint8_t *p, int lo, int n) {
    twophase::perm_unrank(rank, p + lo, n);
    for (int i = 0; i < n; ++i) p[lo + i] = static_cast<uint8_t>(p[lo + i] + lo);
}

}  // namespace lc::compact3
