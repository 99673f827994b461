// Test helpers for the two-phase solver: move parsing, applying moves with the cubie model,
// and a uniform random state generator with a fixed seed.
#pragma once
#include "../repeats.hpp"
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>

#include "cubie.hpp"
#include "error.hpp"
#include "move.hpp"
#include "notation.hpp"
#include "random.hpp"
#include "tablefile/table_file.hpp"
#include "twophase/twophase.hpp"

namespace tp_test {

// A call that throws lc::Error as the status it gives, its message in cube_last_error() (as a C API call).
template <typename Fn>
cube_status status_of(Fn &&call) {
    return lc::api_guard([&] {
        call();
        return CUBE_OK;
    });
}

// twophase::solve() or compact3::solve() (found by the tables' namespace) as a status.
template <typename Tables>
cube_status solve_status(const Tables &tables, const lc::CubieCube &start, const lc::CubieCube &target,
                         const lc::twophase::Options &options, lc::MoveList &out) {
    return status_of([&] { solve(tables, start, target, options, out); });
}

// twophase::verify_file() as a status.
inline cube_status verify_status(const std::string &path) {
    return status_of([&] { lc::twophase::verify_file(path); });
}

// twophase::load_or_build(), nullptr when it throws (its status and message then the thread's last error).
template <typename... Args>
std::shared_ptr<const lc::twophase::Tables> load_or_null(Args &&...args) {
    std::shared_ptr<const lc::twophase::Tables> t;
    status_of([&] { t = lc::twophase::load_or_build(std::forward<Args>(args)...); });
    return t;
}

// tablefile::write_atomic() as a status.
inline cube_status write_status(const std::string &path, const lc::tablefile::Blob &blob,
                                const lc::tablefile::StepProgress &progress = {}) {
    return status_of([&] { lc::tablefile::write_atomic(path, blob, progress); });
}

// "U R2 F' ..." -> moves, with the library's parser.
inline lc::MoveList parse(const std::string &s) {
    try {
        return lc::parse_moves(s.c_str(), 3);
    } catch (...) {
        std::abort();
    }
}

// Applies the moves with the cubie model (independent of the solver's tables).
inline lc::CubieCube apply_moves(lc::CubieCube c, const lc::MoveList &moves) {
    lc::apply_face_turns(c, moves);
    return c;
}

// Fixed-seed generator and uniformly random solvable states: every run tests the same states.
using Rng = lc::Rng;
inline lc::CubieCube random_state(Rng &rng) { return lc::random_cubie(rng); }

// The table folder shared by the test suite (CUBE_TABLE_DIR, set by meson), else the default.
inline std::shared_ptr<const lc::twophase::Tables> shared_tables() {
    static std::shared_ptr<const lc::twophase::Tables> t =
        load_or_null(lc::twophase::default_table_dir(), lc::twophase::Progress{});
    return t;
}

}  // namespace tp_test
