#include "sim_cube.hpp"

#include <cube/moves.h>
#include <cube/state.h>

#include <memory>

#include "sim_failure.hpp"

namespace cube_sim {

std::string scrambled_cube(const std::string &moves) {
    cube_state *raw = nullptr;
    if (cube_state_new(3, &raw) != CUBE_OK) throw Failure{cube_last_status(), cube_last_error()};
    std::unique_ptr<cube_state, void (*)(cube_state *)> state(raw, cube_state_free);
    cube_status applied = cube_state_apply_text(state.get(), moves.c_str());
    if (applied != CUBE_OK) throw Failure{applied, std::string("scramble: ") + cube_last_error()};
    const char *facelets = nullptr;
    if (cube_state_facelets(state.get(), &facelets) != CUBE_OK) throw Failure{cube_last_status(), cube_last_error()};
    return facelets;
}

std::string solved_cube() {
    return scrambled_cube("");
}

bool is_solved(const std::string &facelets) {
    const size_t kFace = 9;
    if (facelets.size() != 6 * kFace) return false;
    for (size_t face = 0; face < 6; ++face)
        for (size_t i = 1; i < kFace; ++i)
            if (facelets[face * kFace + i] != facelets[face * kFace]) return false;
    return true;
}

}  // namespace cube_sim

namespace cube_sim {
namespace {

constexpr size_t kFacelets = 54;
constexpr char kFirstLabel = '!';  // labels '!' (33) to 'V' (86): printable, none NUL

}  // namespace

std::string labelled_cube() {
    std::string cube(kFacelets, ' ');
    for (size_t i = 0; i < kFacelets; ++i)
        cube[i] = char(kFirstLabel + int(i));
    return cube;
}

std::string turned(const std::string &cube, const std::string &moves) {
    std::string out = cube;
    for (size_t i = 0; i < moves.size() && i < out.size(); ++i) {
        const size_t from = size_t(moves[i] - kFirstLabel);
        if (from < cube.size()) out[i] = cube[from];
    }
    return out;
}

}  // namespace cube_sim
