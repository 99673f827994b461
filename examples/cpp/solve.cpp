// libcube from C++: the C API with each handle owned by a std::unique_ptr. Scrambles a 3x3 cube, solves it
// with the full tables (found along the search path: $CUBE_TABLE_DIR, the user cache, the system folder) and
// checks that the solution solves it.
#include <cube/cube.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

// Owners that free each handle with its own free function.
struct state_free {
    void operator()(cube_state *s) const { cube_state_free(s); }
};
struct moves_free {
    void operator()(cube_moves *m) const { cube_moves_free(m); }
};
struct solver_free {
    void operator()(cube_solver *s) const { cube_solver_free(s); }
};
using state_ptr = std::unique_ptr<cube_state, state_free>;
using moves_ptr = std::unique_ptr<cube_moves, moves_free>;
using solver_ptr = std::unique_ptr<cube_solver, solver_free>;

// Turns a failed status into an exception carrying the library's message.
void check(cube_status status, const char *what) {
    if (status == CUBE_OK) return;
    throw std::runtime_error(std::string(what) + ": " + cube_last_error() + " (" + cube_status_name(status) + ")");
}

std::string text_of(const cube_moves *moves) {
    const char *text = nullptr;
    check(cube_moves_text(moves, &text), "moves text");
    return text;
}

}  // namespace

int main() {
    try {
        cube_moves *raw_moves = nullptr;
        check(cube_scramble(3, 2026, 0, &raw_moves), "scramble");
        moves_ptr scramble(raw_moves);
        cube_state *raw_state = nullptr;
        check(cube_state_new(3, &raw_state), "new cube");
        state_ptr cube(raw_state);
        check(cube_state_apply(cube.get(), scramble.get()), "apply scramble");

        cube_solver_config config;
        check(cube_solver_config_init(&config), "solver config");
        config.table_policy = CUBE_TABLES_FULL;
        cube_solver *raw_solver = nullptr;
        check(cube_solver_new(&config, &raw_solver), "new solver");
        solver_ptr solver(raw_solver);
        check(cube_solve(solver.get(), cube.get(), nullptr, &raw_moves), "solve");
        moves_ptr solution(raw_moves);

        int32_t count = 0;
        check(cube_moves_count(solution.get(), &count), "count");
        std::printf("libcube %s from C++\nscramble: %s\nsolution: %s (%d moves)\n", cube_version_string(),
                    text_of(scramble.get()).c_str(), text_of(solution.get()).c_str(), static_cast<int>(count));
        check(cube_state_apply(cube.get(), solution.get()), "apply solution");
        int32_t solved = 0;
        check(cube_state_is_solved(cube.get(), &solved), "is solved");
        if (!solved) throw std::runtime_error("the solution does not solve the cube");
        return 0;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "solve: %s\n", e.what());
        return 1;
    }
}
