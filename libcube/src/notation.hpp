// Singmaster notation: parsing, formatting, simplifying and measuring move lists.
#pragma once
#include <cube/common.h>

#include <string>

#include "move.hpp"

namespace lc {

// Parses `text` for a cube of `size`; on error throws an Error naming the token and its 1-based position.
MoveList parse_moves(const char *text, int size);

std::string format_move(Move m);
std::string format_moves(const MoveList &moves);

int moves_length(const MoveList &moves, int metric);

MoveList inverted(const MoveList &moves);

// Merges and cancels runs of moves on one axis (they commute) and orders each run canonically.
MoveList simplified(const MoveList &moves);

// Axis (0 x, 1 y, 2 z) that a move kind turns about.
int move_axis(int kind);

bool move_allowed(int size, int kind);

}  // namespace lc
