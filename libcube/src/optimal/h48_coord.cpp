#include "optimal/h48_coord.hpp"

#include <array>
#include <stdexcept>
#include <utility>

#include "twophase/symmetry.hpp"

namespace lc::optimal::h48 {
namespace {

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

// What multiplying by c does to the edges: position i gets position c.ep[i]'s bit, flipped by c.eo[i].
FlipConj edge_permutation(const CubieCube &c) {
    FlipConj f{};
    for (int i = 0; i < kEdges; ++i) f.flipped |= static_cast<uint16_t>(c.eo[static_cast<size_t>(i)] << i);
    for (unsigned v = 0; v < 64; ++v) {
        unsigned low = 0, high = 0;
        for (int i = 0; i < kEdges; ++i) {
            const unsigned p = c.ep[static_cast<size_t>(i)];
            if (p < 6) low |= (v >> p & 1) << i;
            else high |= (v >> (p - 6) & 1) << i;
        }
        f.low[v] = static_cast<uint16_t>(low);
        f.high[v] = static_cast<uint16_t>(high);
    }
    for (int s = 0; s < 3; ++s) f.slice_to[s] = static_cast<uint8_t>(s);
    return f;
}

// (sym^-1 x sym).eo[i] = sym^-1.eo[x.ep[p]] ^ x.eo[p] ^ sym.eo[i] with p = sym.ep[i]; sym^-1.eo is the same
// for all edges of a slice (checked: else the symmetry would not keep the goal), so it goes by x's slices.
FlipConj flips_conj_of(int k) {
    const AllSymmetries &all = all_symmetries();
    FlipConj f = edge_permutation(all.sym[k]);
    for (int q = 0; q < kEdges; ++q) {
        const unsigned bit = 1u << slice_of(q);
        const bool flips_q = all.inv[k].eo[static_cast<size_t>(q)];
        if (flips_q) f.slices |= static_cast<uint8_t>(bit);
        if (flips_q != bool(f.slices & bit)) throw std::logic_error("h48: a symmetry flips part of a slice");
        f.slice_to[slice_of(q)] = static_cast<uint8_t>(slice_of(all.inv[k].ep[static_cast<size_t>(q)]));
    }
    return f;
}

Coords build() {
    const twophase::Symmetries &s = twophase::symmetries();
    Coords t;
    t.tetrad_move.resize(size_t{kTetradSets} * kMoves);
    t.twist_move.resize(size_t{kTwists} * kMoves);
    for (int v = 0; v < kCocsep; ++v) {
        const int set = v / kTwists;
        const int twist = v % kTwists;
        if (set != 0 && twist != 0) continue;  // the set's moves from twist 0, the twist's from set 0
        const CubieCube c = cube_of(v, 0);
        for (int m = 0; m < kMoves; ++m) {
            CubieCube n = c;
            n.multiply_corners(s.move_cube[static_cast<size_t>(m)]);
            const int moved = cocsep(n);
            if (twist == 0) t.tetrad_move[size_t(set) * kMoves + size_t(m)] = static_cast<uint8_t>(moved / kTwists);
            if (set == 0) t.twist_move[size_t(twist) * kMoves + size_t(m)] = static_cast<uint16_t>(moved % kTwists);
        }
    }
    t.parts = &piece_parts();
    for (int k = 0; k < kAllSymmetries; ++k) t.flips_conj[k] = flips_conj_of(k);
    for (int m = 0; m < kMoves; ++m) t.edge_moves[m] = edge_permutation(s.move_cube[static_cast<size_t>(m)]);
    t.esep_move.resize(size_t{kEsep} * kMoves);
    t.esep_conj.resize(size_t{kEsep} * kAllSymmetries);
    t.slice_masks.resize(kEsep);
    for (int e = 0; e < kEsep; ++e) {
        const CubieCube c = cube_of(0, e);
        for (int m = 0; m < kMoves; ++m) {
            CubieCube n = c;
            n.multiply_edges(s.move_cube[static_cast<size_t>(m)]);
            t.esep_move[size_t(m) * kEsep + size_t(e)] = static_cast<uint16_t>(esep(n));
        }
        t.slice_masks[size_t(e)] = coset_of(*t.parts, pack(c)).slices;
        for (int k = 0; k < kAllSymmetries; ++k)
            t.esep_conj[size_t(k) * kEsep + size_t(e)] =
                static_cast<uint16_t>(conj_esep(t, slices_of(t, static_cast<unsigned>(e)), k));
    }
    build_classes(t);
    return t;
}

}  // namespace

const PieceParts &piece_parts() {
    static const PieceParts t = [] {
        PieceParts p{};
        for (int i = 0; i < kCorners; ++i)
            for (int byte = 0; byte < 48; ++byte) {
                const int piece = byte & 7;
                const int twist = byte >> 3;
                uint32_t digit = i < kCorners - 1 ? uint32_t(twist % 3) : 0;
                for (int k = i + 1; k < kCorners - 1; ++k) digit *= 3;
                p.corner[i][byte] = digit | uint32_t{in_tetrad_a(piece)} << (16 + i);
            }
        for (int i = 0; i < kEdges; ++i)
            for (int byte = 0; byte < 32; ++byte) {
                const int slice = slice_of(byte & 15);
                p.edge[i][byte] = (slice == 2 ? 1u << i : 0) | (slice == 0 ? 1u << (12 + i) : 0);
            }
        for (unsigned keep = 0; keep < 64; ++keep) {
            p.ones6[keep] = static_cast<uint8_t>(__builtin_popcount(keep));
            for (unsigned bits = 0; bits < 64; ++bits) {
                unsigned out = 0;
                int at = 0;
                for (int i = 0; i < 6; ++i)
                    if (keep >> i & 1) out |= (bits >> i & 1) << at++;
                p.compress6[keep][bits] = static_cast<uint8_t>(out);
            }
        }
        int n = 0;
        for (unsigned mask = 0; mask < 256; ++mask)
            if (__builtin_popcount(mask) == 4) {
                p.rank8[mask] = static_cast<uint8_t>(n);
                p.mask8[n++] = static_cast<uint8_t>(mask);
            }
        n = 0;
        for (unsigned mask = 0; mask < 4096; ++mask)
            if (__builtin_popcount(mask) == 4) {
                p.rank12[mask] = static_cast<uint16_t>(n);
                p.mask12[n++] = static_cast<uint16_t>(mask);
            }
        return p;
    }();
    return t;
}

int cocsep(const CubieCube &c) { return static_cast<int>(coset_of(piece_parts(), pack(c)).corners); }
int esep(const CubieCube &c) {
    const PieceParts &parts = piece_parts();
    return static_cast<int>(esep_of(parts, coset_of(parts, pack(c)).slices));
}
int flips(const CubieCube &c) { return coset_of(piece_parts(), pack(c)).flips; }

CubieCube cube_of(int cocsep_value, int esep_value) {
    CubieCube c = CubieCube::solved();
    const unsigned a_mask = piece_parts().mask8[static_cast<size_t>(cocsep_value / kTwists)];
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

    const unsigned e_mask = piece_parts().mask12[static_cast<size_t>(esep_value / kTetradSets)];
    const unsigned m_mask = piece_parts().mask8[static_cast<size_t>(esep_value % kTetradSets)];
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
