// The symmetry bookkeeping of the compact tables: which symmetries keep edge orientation, products,
// and phase-2 moves seen through a symmetry.
#include <stdexcept>

#include "compact3/tables.hpp"
#include "twophase/tables.hpp"

namespace lc::compact3 {
namespace {

// Index of `c` in `cubes`, or -1.
template <size_t N>
int find(const std::array<CubieCube, N> &cubes, const CubieCube &c) {
    for (size_t i = 0; i < N; ++i)
        if (cubes[i] == c) return static_cast<int>(i);
    return -1;
}

}  // namespace

void fill_symmetries(Tables &t) {
    const twophase::Symmetries &s = twophase::symmetries();
    // A symmetry keeps edge orientation when it maps no edge onto a flipped one: then the flip of a
    // conjugated state depends on the flip alone (U2, F2 and the mirror do; U does not).
    int k = 0;
    for (int i = 0; i < kSyms; ++i) {
        bool keeps = true;
        for (uint8_t o : s.sym[i].eo) keeps = keeps && o == 0;
        if (keeps && k < kEoSyms) t.eo_sym[k] = static_cast<uint8_t>(i);
        k += keeps;
    }
    if (k != kEoSyms || t.eo_sym[0] != 0) throw std::logic_error("compact3: unexpected edge-orientation symmetries");
    for (int a = 0; a < kSyms; ++a)
        for (int b = 0; b < kSyms; ++b) {
            int ab = find(s.sym, twophase::sym_multiply(s.sym[a], s.sym[b]));
            if (ab < 0) throw std::logic_error("compact3: symmetries are not a group");
            t.sym_mult[a][b] = static_cast<uint8_t>(ab);
        }
    // Move p of a state X = sym[s] * R * sym[s]^-1 is move sym[s]^-1 * p * sym[s] of R.
    for (int i = 0; i < kSyms; ++i)
        for (int p = 0; p < kMoves2; ++p) {
            CubieCube seen = twophase::conjugate(s.move_cube[twophase::kPhase2Moves[p]], s.sym[i], s.sym[s.inv[i]]);
            int q = -1;
            for (int j = 0; j < kMoves2; ++j)
                if (s.move_cube[twophase::kPhase2Moves[j]] == seen) q = j;
            if (q < 0) throw std::logic_error("compact3: a symmetry leaves the phase-2 moves");
            t.move2_conj[i][p] = static_cast<uint8_t>(q);
        }
}

}  // namespace lc::compact3
