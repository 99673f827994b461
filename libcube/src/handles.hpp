// What the public opaque handles of the cube model hold.
#pragma once
#include <cube/moves.h>
#include <cube/state.h>

#include <memory>
#include <string>

#include "error.hpp"
#include "move.hpp"
#include "notation.hpp"

struct cube_state {
    lc::HandleTag tag{lc::kMagicState};
    int size = 3;
    std::string letters;  // facelets in URFDLB letters
    ~cube_state() { tag.magic = 0; }
};

// A move sequence and its canonical text, kept in step by every change: reading the text through a
// const handle changes nothing, so threads may share one sequence.
struct cube_moves {
    lc::HandleTag tag{lc::kMagicMoves};
    int size = 3;

    const lc::MoveList &list() const { return list_; }
    const std::string &text() const { return text_; }
    void assign(lc::MoveList list) {
        text_ = lc::format_moves(list);
        list_ = std::move(list);
    }
    void push(lc::Move m) {
        if (!text_.empty()) text_ += ' ';
        text_ += lc::format_move(m);
        list_.push_back(m);
    }
    ~cube_moves() { tag.magic = 0; }

private:
    lc::MoveList list_;
    std::string text_;
};

namespace lc {

inline cube_state *state_impl(const cube_state *s, const char *what = "state") {
    return checked<cube_state>(const_cast<cube_state *>(s), kMagicState, what);
}
inline cube_state &state_ref(const cube_state *s, const char *what = "state") {
    return checked_ref<cube_state>(const_cast<cube_state *>(s), kMagicState, what);
}
inline cube_moves *moves_impl(const cube_moves *m, const char *what = "moves") {
    return checked<cube_moves>(const_cast<cube_moves *>(m), kMagicMoves, what);
}
inline const MoveList &moves_of(const cube_moves *m) { return m->list(); }

// A new sequence handle for the caller to free.
inline cube_moves *new_moves_handle(int size, MoveList list) {
    auto m = std::make_unique<cube_moves>();
    m->size = size;
    m->assign(std::move(list));
    return m.release();
}

}  // namespace lc
