// Internal representation of one move of a sequence.
#pragma once
#include <cstdint>
#include <vector>

namespace lc {

// Same numbering as cube_move_kind in <cube/moves.h>.
enum MoveKind : uint8_t {
    kFaceU, kFaceR, kFaceF, kFaceD, kFaceL, kFaceB,  // 0..5  outer face turns
    kWideU, kWideR, kWideF, kWideD, kWideL, kWideB,  // 6..11 two layers (Uw / u)
    kSliceM, kSliceE, kSliceS,                       // 12..14 middle slices (follow L, D, F)
    kRotX, kRotY, kRotZ,                             // 15..17 whole-cube rotations (follow R, U, F)
    kMoveKinds
};

// amount: 1 = clockwise quarter, 2 = half, 3 = anticlockwise quarter (').
struct Move {
    uint8_t kind;
    uint8_t amount;
    bool operator==(const Move &o) const { return kind == o.kind && amount == o.amount; }
};

using MoveList = std::vector<Move>;

}  // namespace lc
