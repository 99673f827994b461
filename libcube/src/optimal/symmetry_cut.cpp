#include "optimal/symmetry_cut.hpp"

#include "optimal/bounds.hpp"
#include "twophase/symmetry.hpp"

namespace lc::optimal {
namespace {

using twophase::kMoves;

AllSymmetries build_all() {
    const twophase::Symmetries &s = twophase::symmetries();
    const AxisMaps &axes = axis_maps();
    AllSymmetries all{};
    for (int r = 0; r < kAxes; ++r)
        for (int k = 0; k < twophase::kSyms; ++k) {
            int n = r * twophase::kSyms + k;
            all.sym[n] = twophase::sym_multiply(axes.rot[r], s.sym[k]);
            all.inv[n] = twophase::sym_multiply(s.sym[s.inv[k]], axes.rot_inv[r]);
            for (int m = 0; m < kMoves; ++m) {
                int found = twophase::conjugate_move(m, all.sym[n], all.inv[n]);
                all.move[n][m] = static_cast<uint8_t>(found);
                if (found == m) all.keeping[m] |= uint64_t{1} << n;
            }
        }
    return all;
}

}  // namespace

const AllSymmetries &all_symmetries() {
    static const AllSymmetries all = build_all();  // built once, on first use, safe from any thread
    return all;
}

SymmetryCut::SymmetryCut(const CubieCube &cube) : keep_(0) {
    const AllSymmetries &all = all_symmetries();
    for (int n = 0; n < kAllSymmetries; ++n)
        if (twophase::conjugate(cube, all.sym[n], all.inv[n]) == cube) keep_ |= uint64_t{1} << n;
}

bool SymmetryCut::tries(const uint8_t *prefix, int length, int m) const {
    const AllSymmetries &all = all_symmetries();
    uint64_t syms = keep_;
    for (int k = 0; k < length; ++k) syms &= all.keeping[prefix[k]];
    for (; syms; syms &= syms - 1)
        if (all.move[__builtin_ctzll(syms)][m] < m) return false;
    return true;
}

}  // namespace lc::optimal
