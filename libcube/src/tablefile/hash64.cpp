#include "hash64.hpp"

#include <cstring>

namespace lc::tablefile {
namespace {

constexpr uint64_t kP1 = 0x9e3779b185ebca87ULL;
constexpr uint64_t kP2 = 0xc2b2ae3d27d4eb4fULL;
constexpr uint64_t kP3 = 0x165667b19e3779f9ULL;

inline uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
inline uint64_t load64(const unsigned char *p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}
inline uint64_t lane(uint64_t acc, uint64_t word) { return rotl(acc + word * kP2, 31) * kP1; }
inline uint64_t avalanche(uint64_t h) {
    h ^= h >> 33;
    h *= kP2;
    h ^= h >> 29;
    h *= kP3;
    return h ^ (h >> 32);
}

}  // namespace

uint64_t hash64(const void *data, size_t size, uint64_t seed) {
    const auto *p = static_cast<const unsigned char *>(data);
    uint64_t a = seed + kP1, b = seed ^ kP2, c = seed, d = seed - kP1;
    size_t i = 0;
    for (; i + 32 <= size; i += 32) {
        a = lane(a, load64(p + i));
        b = lane(b, load64(p + i + 8));
        c = lane(c, load64(p + i + 16));
        d = lane(d, load64(p + i + 24));
    }
    uint64_t h = rotl(a, 1) + rotl(b, 7) + rotl(c, 12) + rotl(d, 18) + size;
    for (; i + 8 <= size; i += 8) h = rotl(h ^ lane(0, load64(p + i)), 27) * kP1 + kP3;
    for (; i < size; ++i) h = rotl(h ^ (p[i] * kP3), 11) * kP1;
    return avalanche(h);
}

}  // namespace lc::tablefile
