#include "twophase/coord.hpp"

namespace lc::twophase {
namespace {

int binomial(int n, int k) {
    if (k < 0 || k > n) return 0;
    int r = 1;
    for (int i = 0; i < k; ++i) r = r * (n - i) / (i + 1);
    return r;
}

}  // namespace

int perm_rank(const uint8_t *p, int n) {
    int r = 0;
    for (int i = 0; i < n; ++i) {
        int smaller = 0;
        for (int j = i + 1; j < n; ++j) smaller += p[j] < p[i];
        r = r * (n - i) + smaller;
    }
    return r;
}

void perm_unrank(int rank, uint8_t *p, int n) {
    int digits[12];
    for (int i = n - 1; i >= 0; --i) {
        digits[i] = rank % (n - i);
        rank /= n - i;
    }
    bool used[12] = {};
    for (int i = 0; i < n; ++i) {
        int k = digits[i];  // take the k-th smallest unused value
        for (int v = 0; v < n; ++v) {
            if (used[v]) continue;
            if (k-- == 0) {
                p[i] = static_cast<uint8_t>(v), used[v] = true;
                break;
            }
        }
    }
}

int twist_of(const CubieCube &c) {
    int t = 0;
    for (int i = 0; i < 7; ++i) t = 3 * t + c.co[i];
    return t;
}

int flip_of(const CubieCube &c) {
    int f = 0;
    for (int i = 0; i < 11; ++i) f = 2 * f + c.eo[i];
    return f;
}

int four_edges_of(const CubieCube &c, EdgeGroup g) {
    // Combination: colex rank of the mirrored positions 11 - p, so the home positions 8..11 give 0.
    int comb = 0, k = 0;
    uint8_t order[4];
    for (int q = 0; q < 12; ++q) {
        int e = c.ep[11 - q];
        if (e >= g && e < g + 4) comb += binomial(q, ++k);
    }
    int n = 0;
    for (int p = 0; p < 12; ++p)
        if (c.ep[p] >= g && c.ep[p] < g + 4) order[n++] = static_cast<uint8_t>(c.ep[p] - g);
    return comb * 24 + perm_rank(order, 4);
}

int corners_of(const CubieCube &c) { return perm_rank(c.cp.data(), 8); }

int ud_edges_of(const CubieCube &c) { return perm_rank(c.ep.data(), 8); }

void set_twist(CubieCube &c, int twist) {
    int sum = 0;
    for (int i = 6; i >= 0; --i) {
        c.co[i] = static_cast<uint8_t>(twist % 3);
        sum += c.co[i];
        twist /= 3;
    }
    c.co[7] = static_cast<uint8_t>((3 - sum % 3) % 3);
}

void set_flip(CubieCube &c, int flip) {
    int sum = 0;
    for (int i = 10; i >= 0; --i) {
        c.eo[i] = static_cast<uint8_t>(flip & 1);
        sum += c.eo[i];
        flip >>= 1;
    }
    c.eo[11] = static_cast<uint8_t>(sum & 1);
}

void set_four_edges(CubieCube &c, EdgeGroup g, int value) {
    int comb = value / 24;
    uint8_t order[4];
    perm_unrank(value % 24, order, 4);
    bool in_group[12] = {};
    // Unrank the colex combination, largest element first.
    int k = 4;
    for (int q = 11; q >= 0 && k > 0; --q) {
        int b = binomial(q, k);
        if (comb >= b) comb -= b, in_group[11 - q] = true, --k;
    }
    int n = 0, other = 0;
    for (int p = 0; p < 12; ++p) {
        if (in_group[p]) {
            c.ep[p] = static_cast<uint8_t>(g + order[n++]);
        } else {
            while (other >= g && other < g + 4) ++other;
            c.ep[p] = static_cast<uint8_t>(other++);
        }
    }
}

void set_corners(CubieCube &c, int value) { perm_unrank(value, c.cp.data(), 8); }

void set_ud_edges(CubieCube &c, int value) {
    perm_unrank(value, c.ep.data(), 8);
    for (int i = 8; i < 12; ++i) c.ep[i] = static_cast<uint8_t>(i);
}

}  // namespace lc::twophase
