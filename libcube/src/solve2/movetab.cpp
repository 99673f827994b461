// Builds the coordinate move tables by turning decoded cubes with the cubie model.
#include "solve2/movetab.hpp"

#include "error.hpp"

namespace lc::solve2 {

void build_move_tables(MoveTables &mt) {
    for (int f = U; f <= F; f++) {
        const CubieCube &turn = face_turn_cubie(static_cast<Face>(f));
        if (turn.cp[DBL] != DBL || turn.co[DBL] != 0)
            throw Error(CUBE_ERROR_INTERNAL, "solve2: face turn moves DBL");
    }
    for (int p = 0; p < kPerms; p++) {
        for (int f = U; f <= F; f++) {
            CubieCube c = corners_from_coords(p, 0);
            for (int a = 0; a < 3; a++) {
                c.multiply_corners(face_turn_cubie(static_cast<Face>(f)));
                mt.perm[p][f * 3 + a] = static_cast<uint16_t>(perm_coord(c));
            }
        }
    }
    for (int t = 0; t < kTwists; t++) {
        for (int f = U; f <= F; f++) {
            CubieCube c = corners_from_coords(0, t);
            for (int a = 0; a < 3; a++) {
                c.multiply_corners(face_turn_cubie(static_cast<Face>(f)));
                mt.twist[f * 3 + a][t] = static_cast<uint16_t>(twist_coord(c));
            }
        }
    }
}

}  // namespace lc::solve2
