// Symmetry classes: twist and flip under the 8 symmetries that keep edge orientation, corner and
// U/D-edge permutations under all 16 UD symmetries; and the move tables of the permutation classes.
#include <stdexcept>
#include <string>

#include "compact3/tables.hpp"
#include "twophase/tables.hpp"

namespace lc::compact3 {
namespace {

constexpr uint16_t kUnset = 0xffff;

// Classes of the coordinate values 0..n-1 under `count` symmetries: conj(i, k) is value i conjugated
// by symmetry number k, inv[k] the number of its inverse. Fills value -> class << shift | k (k takes
// the value to its class representative), the representatives and their self-symmetries (bit k).
template <typename Conj>
void fill_classes(int n, int count, const uint8_t *inv, int shift, Conj conj, std::vector<uint16_t> &sym,
                  std::vector<uint16_t> &rep, std::vector<uint16_t> &self, int expected, const char *what) {
    sym.assign(n, kUnset);
    rep.clear();
    self.clear();
    for (int i = 0; i < n; ++i) {
        if (sym[i] != kUnset) continue;
        const int cls = static_cast<int>(rep.size());
        int mask = 0;
        for (int k = 0; k < count; ++k) {
            const int j = conj(i, k);
            if (j == i) mask |= 1 << k;
            if (sym[j] == kUnset) sym[j] = static_cast<uint16_t>(cls << shift | inv[k]);  // j by inv[k] gives i
        }
        rep.push_back(static_cast<uint16_t>(i));
        self.push_back(static_cast<uint16_t>(mask));
    }
    if (static_cast<int>(rep.size()) != expected)
        throw std::logic_error(std::string("compact3: unexpected number of ") + what + " classes " + std::to_string(rep.size()));
}

// The first 8 pieces (corners, or U/D edges) of a cubie state.
const uint8_t *pieces(const CubieCube &c, bool corners) { return corners ? c.cp.data() : c.ep.data(); }

// Permutations of 8 pieces conjugated by symmetry s: sym[s]^-1 * X * sym[s]. Keeps the last X unranked
// (fill_classes asks for one value under every symmetry in turn).
class PermConj {
public:
    explicit PermConj(bool corners) : corners_(corners) {}
    int operator()(int i, int s) {
        if (i != last_) twophase::perm_unrank(i, x_, 8), last_ = i;
        const twophase::Symmetries &sy = twophase::symmetries();
        const uint8_t *to = pieces(sy.sym[s], corners_), *back = pieces(sy.sym[sy.inv[s]], corners_);
        uint8_t r[8];
        for (int q = 0; q < 8; ++q) r[q] = back[x_[to[q]]];
        return twophase::perm_rank(r, 8);
    }

private:
    bool corners_;
    int last_ = -1;
    uint8_t x_[8] = {};
};

// Permutation classes of the corners or of the U/D edges, and their phase-2 moves.
void fill_perm_classes(Tables &t, bool corners) {
    const twophase::Symmetries &sy = twophase::symmetries();
    std::vector<uint16_t> &sym = corners ? t.corner_sym : t.edge_sym;
    std::vector<uint16_t> &rep = corners ? t.corner_rep : t.edge_rep;
    std::vector<uint16_t> &move = corners ? t.corner_move : t.edge_move;
    fill_classes(
        kPerm8, kSyms, sy.inv.data(), 4, PermConj(corners), sym, rep,
        corners ? t.corner_self : t.edge_self, kPermClasses, corners ? "corner permutation" : "edge permutation");
    move.assign(kPermClasses * kMoves2, 0);
    for (int c = 0; c < kPermClasses; ++c) {
        uint8_t x[8], r[8];
        twophase::perm_unrank(rep[c], x, 8);
        for (int p = 0; p < kMoves2; ++p) {
            const uint8_t *m = pieces(sy.move_cube[twophase::kPhase2Moves[p]], corners);
            for (int q = 0; q < 8; ++q) r[q] = x[m[q]];
            move[c * kMoves2 + p] = sym[twophase::perm_rank(r, 8)];
        }
    }
}

}  // namespace

void fill_class_tables(Tables &t) {
    const twophase::Symmetries &sy = twophase::symmetries();
    uint8_t inv[kEoSyms];  // eo_sym[inv[k]] is the inverse of eo_sym[k]
    for (int k = 0; k < kEoSyms; ++k)
        for (int j = 0; j < kEoSyms; ++j)
            if (t.eo_sym[j] == sy.inv[t.eo_sym[k]]) inv[k] = static_cast<uint8_t>(j);
    auto twist_conj = [&](int i, int k) {
        CubieCube c = CubieCube::solved();
        twophase::set_twist(c, i);
        const int s = t.eo_sym[k];
        return twophase::twist_of(twophase::conjugate(c, sy.sym[s], sy.sym[sy.inv[s]]));
    };
    fill_classes(kTwist, kEoSyms, inv, 3, twist_conj, t.twist_sym, t.twist_rep, t.twist_self, kTwistClasses, "twist");
    auto flip_conj = [&](int i, int k) { return t.flip_conj[i * kEoSyms + k]; };
    fill_classes(kFlip, kEoSyms, inv, 3, flip_conj, t.flip_sym, t.flip_rep, t.flip_self, kFlipClasses, "flip");
    fill_perm_classes(t, true);
    fill_perm_classes(t, false);
}

}  // namespace lc::compact3
