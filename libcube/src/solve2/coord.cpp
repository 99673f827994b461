// Perm coordinate: Lehmer code of the 7 movable corners; twist: base-3 digits of URF..DLF.
#include "solve2/coord.hpp"

namespace lc::solve2 {
namespace {

// Corner positions that U, R and F turns move, and the label (0..6) of each corner among them.
constexpr uint8_t kSlot[7] = {URF, UFL, ULB, UBR, DFR, DLF, DRB};
constexpr int label(int corner) { return corner == DRB ? 6 : corner; }

}  // namespace

bool valid_corners(const CubieCube &c) {
    return c.cp[DBL] == DBL && c.co[DBL] == 0 && c.corners_valid();
}

int perm_coord(const CubieCube &c) {
    unsigned used = 0;  // labels already placed at earlier slots
    int coord = 0;
    for (int i = 0; i < 7; i++) {
        int l = label(c.cp[kSlot[i]]);
        int smaller_unused = l - __builtin_popcount(used & ((1u << l) - 1));
        coord = coord * (7 - i) + smaller_unused;
        used |= 1u << l;
    }
    return coord;
}

int twist_coord(const CubieCube &c) {
    int coord = 0;
    for (int i = URF; i <= DLF; i++) coord = coord * 3 + c.co[i];
    return coord;
}

CubieCube corners_from_coords(int perm, int twist) {
    CubieCube c = CubieCube::solved();
    int digit[7];
    for (int i = 6; i >= 0; i--) {
        digit[i] = perm % (7 - i);
        perm /= 7 - i;
    }
    unsigned used = 0;
    for (int i = 0; i < 7; i++) {
        int l = 0;  // the digit[i]-th smallest unused label
        for (int k = digit[i];; l++) {
            if (used & (1u << l)) continue;
            if (k-- == 0) break;
        }
        used |= 1u << l;
        c.cp[kSlot[i]] = kSlot[l];
    }
    int sum = 0;
    for (int i = DLF; i >= URF; i--) {
        c.co[i] = twist % 3;
        sum += c.co[i];
        twist /= 3;
    }
    c.co[DRB] = (3 - sum % 3) % 3;
    return c;
}

}  // namespace lc::solve2
