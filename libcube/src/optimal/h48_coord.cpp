#include "optimal/h48_coord.hpp"

#include <array>
#include <stdexcept>

#include "twophase/symmetry.hpp"

namespace lc::optimal::h48 {
namespace {

// Ranks of the 4-element subsets of 8 and of 12 positions (bit masks), in increasing mask order.
struct SubsetRanks {
    std::array<uint8_t, 256> of8{};
    std::array<uint8_t, 70> mask8{};
    std::array<uint16_t, 4096> of12{};
    std::array<uint16_t, 495> mask12{};
    SubsetRanks() {
        int n = 0;
        for (int mask = 0; mask < 256; ++mask)
            if (__builtin_popcount(static_cast<unsigned>(mask)) == 4) {
                of8[static_cast<size_t>(mask)] = static_cast<uint8_t>(n);
                mask8[static_cast<size_t>(n++)] = static_cast<uint8_t>(mask);
            }
        n = 0;
        for (int mask = 0; mask < 4096; ++mask)
            if (__builtin_popcount(static_cast<unsigned>(mask)) == 4) {
                of12[static_cast<size_t>(mask)] = static_cast<uint16_t>(n);
                mask12[static_cast<size_t>(n++)] = static_cast<uint16_t>(mask);
            }
    }
};
const SubsetRanks &ranks() {
    static const SubsetRanks r;
    return r;
}

// The index k' of sym[k]'s inverse among the 48.
std::array<uint8_t, kAllSymmetries> inverse_indices(const AllSymmetries &all) {
    std::array<uint8_t, kAllSymmetries> inv{};
    for (int k = 0; k < kAllSymmetries; ++k)
        for (int j = 0; j < kAllSymmetries; ++j)
            if (all.sym[j] == all.inv[k]) inv[static_cast<size_t>(k)] = static_cast<uint8_t>(j);
    return inv;
}

CubieCube conjugated(const CubieCube &c, int k) {
    const AllSymmetries &all = all_symmetries();
    return twophase::conjugate(c, all.sym[k], all.inv[k]);
}

void build_classes(Coords &t) {
    const std::array<uint8_t, kAllSymmetries> inv = inverse_indices(all_symmetries());
    constexpr uint32_t kNone = ~uint32_t{0};
    t.cocsep_class.assign(kCocsep, kNone);
    for (int v = 0; v < kCocsep; ++v) {
        if (t.cocsep_class[static_cast<size_t>(v)] != kNone) continue;
        const uint32_t cls = static_cast<uint32_t>(t.classes++);
        const CubieCube rep = cube_of(v, 0);
        uint64_t stab = 0;
        for (int k = 0; k < kAllSymmetries; ++k) {
            const int w = cocsep(conjugated(rep, k));
            if (w == v) stab |= uint64_t{1} << k;
            // w = sym[k]^-1 rep sym[k], so rep = sym[k'] w sym[k']^-1 with k' the inverse's index.
            if (t.cocsep_class[static_cast<size_t>(w)] == kNone)
                t.cocsep_class[static_cast<size_t>(w)] = cls | uint32_t{inv[static_cast<size_t>(k)]} << 16;
        }
        t.class_rep.push_back(static_cast<uint32_t>(v));
        t.class_stab.push_back(stab);
    }
}

// (sym^-1 x sym).eo[i] = sym^-1.eo[x.ep[p]] ^ x.eo[p] ^ sym.eo[i] with p = sym.ep[i]; sym^-1.eo is the same
// for all edges of a slice (checked: else the symmetry would not keep the goal), so it goes by x's slices.
void build_flips_conj(FlipConj &f, int k) {
    const AllSymmetries &all = all_symmetries();
    f.flipped = 0;
    f.slices = 0;
    for (int i = 0; i < kEdges; ++i) f.flipped |= static_cast<uint16_t>(all.sym[k].eo[static_cast<size_t>(i)] << i);
    for (int q = 0; q < kEdges; ++q) {
        const unsigned bit = 1u << slice_of(q);
        const bool flips_q = all.inv[k].eo[static_cast<size_t>(q)];
        if (flips_q) f.slices |= static_cast<uint8_t>(bit);
        if (flips_q != bool(f.slices & bit)) throw std::logic_error("h48: a symmetry flips part of a slice");
    }
    for (unsigned v = 0; v < 64; ++v) {
        unsigned low = 0, high = 0;
        for (int i = 0; i < kEdges; ++i) {
            const unsigned p = all.sym[k].ep[static_cast<size_t>(i)];
            if (p < 6) low |= (v >> p & 1) << i;
            else high |= (v >> (p - 6) & 1) << i;
        }
        f.low[v] = static_cast<uint16_t>(low);
        f.high[v] = static_cast<uint16_t>(high);
    }
}

Coords build() {
    const twophase::Symmetries &s = twophase::symmetries();
    Coords t;
    t.cocsep_move.resize(size_t{kCocsep} * kMoves);
    for (int v = 0; v < kCocsep; ++v) {
        const CubieCube c = cube_of(v, 0);
        for (int m = 0; m < kMoves; ++m) {
            CubieCube n = c;
            n.multiply_corners(s.move_cube[static_cast<size_t>(m)]);
            t.cocsep_move[size_t(v) * kMoves + size_t(m)] = static_cast<uint32_t>(cocsep(n));
        }
    }
    t.esep_move.resize(size_t{kEsep} * kMoves);
    t.esep_conj.resize(size_t{kEsep} * kAllSymmetries);
    t.slice_masks.assign(size_t{kEsep} * 3, 0);
    for (int e = 0; e < kEsep; ++e) {
        const CubieCube c = cube_of(0, e);
        for (int m = 0; m < kMoves; ++m) {
            CubieCube n = c;
            n.multiply_edges(s.move_cube[static_cast<size_t>(m)]);
            t.esep_move[size_t(m) * kEsep + size_t(e)] = static_cast<uint16_t>(esep(n));
        }
        for (int k = 0; k < kAllSymmetries; ++k)
            t.esep_conj[size_t(k) * kEsep + size_t(e)] = static_cast<uint16_t>(esep(conjugated(c, k)));
        for (int i = 0; i < kEdges; ++i)
            t.slice_masks[size_t(e) * 3 + size_t(slice_of(c.ep[static_cast<size_t>(i)]))] |= static_cast<uint16_t>(1 << i);
    }
    t.flips_move.resize(size_t{4096} * kMoves);
    for (unsigned f = 0; f < 4096; ++f)
        for (int m = 0; m < kMoves; ++m) {
            const CubieCube &mc = s.move_cube[static_cast<size_t>(m)];
            unsigned out = 0;
            for (int i = 0; i < kEdges; ++i) out |= ((f >> mc.ep[static_cast<size_t>(i)] & 1) ^ mc.eo[static_cast<size_t>(i)]) << i;
            t.flips_move[size_t(f) * kMoves + size_t(m)] = static_cast<uint16_t>(out);
        }
    for (int k = 0; k < kAllSymmetries; ++k) build_flips_conj(t.flips_conj[k], k);
    build_classes(t);
    return t;
}

}  // namespace

int cocsep(const CubieCube &c) {
    unsigned mask = 0;
    int twist = 0;
    for (int i = 0; i < kCorners; ++i)
        if (in_tetrad_a(c.cp[static_cast<size_t>(i)])) mask |= 1u << i;
    for (int i = 0; i < kCorners - 1; ++i) twist = 3 * twist + c.co[static_cast<size_t>(i)] % 3;
    return ranks().of8[mask] * kTwists + twist;
}

int esep(const CubieCube &c) {
    unsigned e_mask = 0;
    unsigned m_mask = 0;
    int rest = 0;
    for (int i = 0; i < kEdges; ++i) {
        const int slice = slice_of(c.ep[static_cast<size_t>(i)]);
        if (slice == 2) {
            e_mask |= 1u << i;
            continue;
        }
        if (slice == 0) m_mask |= 1u << rest;
        ++rest;
    }
    return ranks().of12[e_mask] * kTetradSets + ranks().of8[m_mask];
}

int flips(const CubieCube &c) {
    int bits = 0;
    for (int i = 0; i < kEdges; ++i) bits |= c.eo[static_cast<size_t>(i)] << i;
    return bits;
}

CubieCube cube_of(int cocsep_value, int esep_value) {
    CubieCube c = CubieCube::solved();
    const unsigned a_mask = ranks().mask8[static_cast<size_t>(cocsep_value / kTwists)];
    const uint8_t a_pieces[4] = {URF, ULB, DLF, DRB};
    const uint8_t b_pieces[4] = {UFL, UBR, DFR, DBL};
    int na = 0;
    int nb = 0;
    for (int i = 0; i < kCorners; ++i)
        c.cp[static_cast<size_t>(i)] = (a_mask >> i & 1) ? a_pieces[na++] : b_pieces[nb++];
    int twist = cocsep_value % kTwists;
    int sum = 0;
    for (int i = kCorners - 2; i >= 0; --i) {
        c.co[static_cast<size_t>(i)] = static_cast<uint8_t>(twist % 3);
        sum += twist % 3;
        twist /= 3;
    }
    c.co[kCorners - 1] = static_cast<uint8_t>((3 - sum % 3) % 3);

    const unsigned e_mask = ranks().mask12[static_cast<size_t>(esep_value / kTetradSets)];
    const unsigned m_mask = ranks().mask8[static_cast<size_t>(esep_value % kTetradSets)];
    const uint8_t pieces[3][4] = {{UF, UB, DF, DB}, {UR, UL, DR, DL}, {FR, FL, BL, BR}};
    int used[3] = {0, 0, 0};
    int rest = 0;
    for (int i = 0; i < kEdges; ++i) {
        int slice = 2;
        if (!(e_mask >> i & 1)) slice = (m_mask >> rest++ & 1) ? 0 : 1;
        c.ep[static_cast<size_t>(i)] = pieces[slice][used[slice]++];
    }
    // A reachable cube: two M edges swapped when the parities differ (esep stays).
    if (c.corner_parity() != c.edge_parity()) {
        size_t first = kEdges;
        for (size_t i = 0; i < kEdges; ++i) {
            if (slice_of(c.ep[i]) != 0) continue;
            if (first == kEdges) {
                first = i;
                continue;
            }
            std::swap(c.ep[first], c.ep[i]);
            break;
        }
    }
    return c;
}

const Coords &coords() {
    static const Coords t = build();  // built once, on first use, safe from any thread
    return t;
}

uint32_t h0_index(const Coords &t, int cocsep_value, int esep_value) {
    const uint32_t cc = t.cocsep_class[static_cast<size_t>(cocsep_value)];
    const uint32_t k = cc >> 16;
    const uint32_t edges = t.esep_conj[size_t(k) * kEsep + size_t(esep_value)];
    return (cc & 0xffff) * kEsep + edges;
}

}  // namespace lc::optimal::h48
