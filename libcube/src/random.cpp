#include "random.hpp"

#include <cstddef>
#include <utility>

namespace lc {
namespace {

uint64_t splitmix64(uint64_t &x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// Fisher-Yates over a[0..n).
void shuffle(uint8_t *a, uint32_t n, Rng &rng) {
    for (uint32_t i = n; i > 1; --i) std::swap(a[i - 1], a[rng.below(i)]);
}

}  // namespace

Rng::Rng(uint64_t seed) {
    for (auto &s : s_) s = splitmix64(seed);
}

uint64_t Rng::next() {
    uint64_t result = rotl(s_[1] * 5, 7) * 9;
    uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

uint32_t Rng::below(uint32_t n) {
    // Lemire's multiply-and-reject.
    uint64_t m = (next() >> 32) * n;
    uint32_t low = static_cast<uint32_t>(m);
    if (low < n) {
        uint32_t threshold = static_cast<uint32_t>(-n) % n;
        while (low < threshold) {
            m = (next() >> 32) * n;
            low = static_cast<uint32_t>(m);
        }
    }
    return static_cast<uint32_t>(m >> 32);
}

CubieCube random_cubie(Rng &rng) {
    CubieCube c = CubieCube::solved();
    shuffle(c.cp.data(), kCorners, rng);
    shuffle(c.ep.data(), kEdges, rng);
    // Each valid pair is reached from exactly two shuffles: itself and the one with two edges swapped.
    if (c.corner_parity() != c.edge_parity()) std::swap(c.ep[10], c.ep[11]);
    int twist = 0, flip = 0;
    for (int i = 0; i < kCorners - 1; ++i) twist += c.co[i] = static_cast<uint8_t>(rng.below(3));
    c.co[kCorners - 1] = static_cast<uint8_t>((3 - twist % 3) % 3);
    for (int i = 0; i < kEdges - 1; ++i) flip += c.eo[i] = static_cast<uint8_t>(rng.below(2));
    c.eo[kEdges - 1] = static_cast<uint8_t>(flip & 1);
    return c;
}

CubieCube random_corners_dbl_fixed(Rng &rng) {
    CubieCube c = CubieCube::solved();
    // Shuffle the seven corners other than DBL (index 6) among their positions.
    std::array<uint8_t, 7> others{URF, UFL, ULB, UBR, DFR, DLF, DRB};
    shuffle(others.data(), 7, rng);
    const int slots[7] = {URF, UFL, ULB, UBR, DFR, DLF, DRB};
    int twist = 0;
    for (int k = 0; k < 7; ++k) c.cp[slots[k]] = others[k];
    for (int k = 0; k < 6; ++k) twist += c.co[slots[k]] = static_cast<uint8_t>(rng.below(3));
    c.co[DRB] = static_cast<uint8_t>((3 - twist % 3) % 3);
    return c;
}

MoveList random_scramble(Rng &rng, int size, int length) {
    const int faces = size == 2 ? 3 : 6;  // the 2x2 keeps DBL still: U, R, F
    MoveList out;
    int last = -1, before = -1;
    while (static_cast<int>(out.size()) < length) {
        int f = static_cast<int>(rng.below(static_cast<uint32_t>(faces)));
        if (f == last) continue;
        if (last >= 0 && (f + 3) % 6 == last && f == before) continue;  // U D U: cancels across D
        out.push_back(Move{static_cast<uint8_t>(f), static_cast<uint8_t>(1 + rng.below(3))});
        before = last;
        last = f;
    }
    return out;
}

}  // namespace lc
