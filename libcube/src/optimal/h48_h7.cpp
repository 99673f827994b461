#include "optimal/h48_h7.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <vector>

#include "error.hpp"
#include "optimal/workers.hpp"
#include "twophase/symmetry.hpp"

namespace lc::optimal::h48 {
namespace {

// Two moves from a class's representative: the class and symmetry they reach, and how the flips of the
// coset reached (in that class's frame) give back the flips of the starting coset.
struct TwoMoves {
    int first, second;
    uint32_t cls;
    int sym;
    uint16_t low[64], high[64];  // flips out[pos(i)] = in[i]
    uint16_t flipped;            // then xor this
    uint8_t slices;              // and the positions of the start whose edge is of these slices
};

// Canonical pairs (no face twice, of opposite faces the lower first), as the search orders them.
std::vector<TwoMoves> two_moves(const Coords &t, uint32_t rep) {
    const twophase::Symmetries &s = twophase::symmetries();
    std::vector<TwoMoves> out;
    for (int m1 = 0; m1 < kMoves; ++m1)
        for (int m2 = 0; m2 < kMoves; ++m2) {
            const int f1 = m1 / 3, f2 = m2 / 3;
            if (f1 == f2 || f1 == f2 + 3) continue;
            TwoMoves p{};
            p.first = m1;
            p.second = m2;
            const uint32_t v1 = cocsep_moved(t, rep, m1);
            const uint32_t cc = t.cocsep_class[cocsep_moved(t, v1, m2)];
            p.cls = cc & 0xffff;
            p.sym = static_cast<int>(cc >> 16);
            CubieCube path = CubieCube::solved();
            path.multiply_edges(s.move_cube[static_cast<size_t>(m1)]);
            path.multiply_edges(s.move_cube[static_cast<size_t>(m2)]);
            // The coset reached is sym^-1 (x path) sym; its flip at i is, with q = sym.ep[i] and j = path.ep[q],
            // x.eo[j] ^ path.eo[q] ^ sym.eo[i] ^ (sym^-1 flips the slice of x's edge at j).
            const FlipConj &f = t.flips_conj[p.sym];
            const CubieCube &sym = all_symmetries().sym[p.sym];
            uint8_t to[kEdges];
            for (int i = 0; i < kEdges; ++i) {
                const unsigned q = sym.ep[static_cast<size_t>(i)];
                const unsigned j = path.ep[q];
                to[i] = static_cast<uint8_t>(j);
                p.flipped = static_cast<uint16_t>(p.flipped | ((path.eo[q] ^ (f.flipped >> i & 1)) & 1) << j);
            }
            p.slices = f.slices;
            for (unsigned v = 0; v < 64; ++v) {
                unsigned low = 0, high = 0;
                for (int i = 0; i < 6; ++i) {
                    low |= (v >> i & 1) << to[i];
                    high |= (v >> i & 1) << to[i + 6];
                }
                p.low[v] = static_cast<uint16_t>(low);
                p.high[v] = static_cast<uint16_t>(high);
            }
            out.push_back(p);
        }
    return out;
}

class Sweep {
public:
    Sweep(const Coords &t, const H0Table &h0, const NearSet &near)
        : t_(t), h0_(h0), near_(near), budget_(near.depth() + 2), best_(size_t{kEsep} * kKeptValues),
          alive_(size_t{kMoves} * kEsep) {}

    void run(uint32_t cls, uint8_t *out) {
        std::fill(best_.begin(), best_.end(), 0xff);
        near_start(cls);
        first_moves(cls);
        for (const TwoMoves &p : two_moves(t_, t_.class_rep[cls])) second_moves(p);
        write_codes(out);
    }

private:
    void lower(uint32_t edges, unsigned flips, int distance) {
        uint8_t &b = best_[size_t(edges) * kKeptValues + kept_flips(flips)];
        b = static_cast<uint8_t>(std::min<int>(b, distance));
    }
    // Depth 0: the class's own entries near the goal.
    void near_start(uint32_t cls) {
        for (uint32_t e = 0; e < kEsep; ++e) {
            const uint32_t h0 = cls * kEsep + e;
            for (const uint16_t *p = near_.begin(h0); p != near_.end(h0); ++p) lower(e, *p & 0xfff, *p >> 12);
        }
    }
    // Depth 1: which entries a move keeps within the budget.
    void first_moves(uint32_t cls) {
        const uint32_t rep = t_.class_rep[cls];
        for (int m = 0; m < kMoves; ++m) {
            const uint32_t cc = t_.cocsep_class[cocsep_moved(t_, rep, m)];
            const uint16_t *moved = &t_.esep_move[size_t(m) * kEsep];
            const uint16_t *conj = &t_.esep_conj[size_t(cc >> 16) * kEsep];
            uint8_t *alive = &alive_[size_t(m) * kEsep];
            for (uint32_t e = 0; e < kEsep; ++e)
                alive[e] = h0_.distance((cc & 0xffff) * kEsep + conj[moved[e]]) <= budget_ - 1;
        }
    }
    // Depth 2: the near lists of the entries two moves reach.
    void second_moves(const TwoMoves &p) {
        const uint8_t *alive = &alive_[size_t(p.first) * kEsep];
        const uint16_t *first = &t_.esep_move[size_t(p.first) * kEsep];
        const uint16_t *second = &t_.esep_move[size_t(p.second) * kEsep];
        const uint16_t *conj = &t_.esep_conj[size_t(p.sym) * kEsep];
        for (uint32_t e = 0; e < kEsep; ++e) {
            if (!alive[e]) continue;
            const uint32_t h0 = p.cls * kEsep + conj[second[first[e]]];
            if (h0_.distance(h0) > near_.depth()) continue;
            const uint16_t *begin = near_.begin(h0), *end = near_.end(h0);
            if (begin == end) continue;
            unsigned fixed = p.flipped;
            const Slices slices = slices_of(t_, e);
            for (unsigned s = 0; s < 3; ++s)
                if (p.slices >> s & 1) fixed ^= slices.of[s];
            for (const uint16_t *q = begin; q != end; ++q) {
                const unsigned flips = *q & 0xfff;
                lower(e, (p.low[flips & 63] | p.high[flips >> 6]) ^ fixed, (*q >> 12) + 2);
            }
        }
    }
    void write_codes(uint8_t *out) const {
        std::memset(out, 0, size_t{kEsep} * kH7BytesPerEntry);
        for (size_t k = 0; k < best_.size(); ++k) {
            const int b = best_[k];
            const int code = b <= budget_ - 2 ? 0 : b == budget_ - 1 ? 1 : b == budget_ ? 2 : 3;
            out[k >> 2] = static_cast<uint8_t>(out[k >> 2] | code << (k & 3) * 2);
        }
    }

    const Coords &t_;
    const H0Table &h0_;
    const NearSet &near_;
    const int budget_;
    std::vector<uint8_t> best_;   // per esep, per kept flips: the least distance found
    std::vector<uint8_t> alive_;  // per first move, per esep
};

}  // namespace

void build_h7(const Coords &t, const H0Table &h0, const NearSet &near, uint32_t first_class, uint32_t end_class,
              uint8_t *out, int threads, const std::function<bool(uint32_t)> &progress) {
    std::atomic<uint32_t> next{first_class}, done{0};
    std::atomic<bool> stop{false};
    auto work = [&](bool reporting) {
        Sweep sweep(t, h0, near);
        for (;;) {
            const uint32_t cls = next.fetch_add(1);
            if (cls >= end_class || stop.load(std::memory_order_relaxed)) break;
            sweep.run(cls, out + size_t(cls - first_class) * kEsep * kH7BytesPerEntry);
            const uint32_t count = done.fetch_add(1) + 1;
            if (reporting && progress && progress(count)) stop = true;
        }
    };
    run_workers(threads, work);
    if (stop) throw Error(CUBE_ERROR_CANCELLED, "building the h7 table: cancelled");
}

}  // namespace lc::optimal::h48
