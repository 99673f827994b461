// What the public opaque handles of the cube model hold.
#pragma once
#include <cube/moves.h>
#include <cube/state.h>

#include <string>

#include "error.hpp"
#include "move.hpp"

struct cube_state {
    lc::HandleTag tag{lc::kMagicState};
    int size = 3;
    std::string letters;  // facelets in URFDLB letters
    ~cube_state() { tag.magic = 0; }
};

struct cube_moves {
    lc::HandleTag tag{lc::kMagicMoves};
    int size = 3;
    lc::MoveList list;
    mutable std::string text;  // cache for cube_moves_text()
    ~cube_moves() { tag.magic = 0; }
};

namespace lc {

inline cube_state *state_impl(const cube_state *s, const char *what = "state") {
    return checked<cube_state>(const_cast<cube_state *>(s), kMagicState, what);
}
inline cube_moves *moves_impl(const cube_moves *m, const char *what = "moves") {
    return checked<cube_moves>(const_cast<cube_moves *>(m), kMagicMoves, what);
}
inline const MoveList &moves_of(const cube_moves *m) { return m->list; }

}  // namespace lc
