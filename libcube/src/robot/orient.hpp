// The 24 orientations of a cube held in a robot: which cube face sits at each robot position.
#pragma once
#include <array>
#include <cstdint>

namespace lc::robot {

// Faces and positions use the same numbering as lc::Face: U R F D L B.
constexpr int kOpposite[6] = {3, 4, 5, 0, 1, 2};
constexpr int kAxisOf[6] = {1, 0, 2, 1, 0, 2};     // x = 0 (R), y = 1 (U), z = 2 (F)
constexpr int kSignOf[6] = {1, 1, 1, -1, -1, -1};  // +1 when the face's clockwise turn is the axis' positive sense

using Faces = std::array<uint8_t, 6>;  // faces[position] = cube face at that robot position

constexpr int kOrientations = 24;  // the ways a cube can sit in a robot

// Index 0 is the identity (cube face f at robot position f).
struct Orientations {
    std::array<Faces, kOrientations> faces;
    std::array<Faces, kOrientations> position_of;  // position_of[o][f]: where face f is in o
    // quarter[axis][o][q]: o rotated q quarters (q = 0..3)
    std::array<std::array<uint8_t, 4>, kOrientations> quarter[3];
    // then[o][g]: o followed by the rotation that takes 0 to g
    std::array<std::array<uint8_t, kOrientations>, kOrientations> then;
};

const Orientations &orientations();

// Orientation index after rotating the cube in `o` by `q` signed quarters about robot axis `axis`.
inline int rotate(int o, int axis, int q) {
    return orientations().quarter[axis][o][((q % 4) + 4) % 4];
}

}  // namespace lc::robot
