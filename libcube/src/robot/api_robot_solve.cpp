// C API: robot-aware solving. Takes the first solution the 3x3 solver finds (given shortest_ms to make it
// shorter), then more solutions of at most its length + extra_length that begin or end with a chosen
// move: "m, then a solution of the cube after m" and "a solution to the state one move m from solved,
// then m'" for each of the 18 face moves, then two-move beginnings. Each of these is the shortest the
// solver finds in shortest_ms / 10: every move costs robot time, so a shorter candidate usually wins.
// Each candidate is planned and the fastest plan on the robot is kept. The caller's cancel token is
// watched between candidates, by every solve and by the planner.
#include <cube/solver.h>

#include <algorithm>
#include <chrono>
#include <cstring>

#include "../handles.hpp"
#include "api_util.hpp"
#include "cancel.hpp"
#include "facelets.hpp"
#include "geometry.hpp"
#include "notation.hpp"
#include "robot/robot_handles.hpp"
#include "versioned.hpp"

namespace lc {
namespace {

constexpr int kMaxCandidates = 1 + 18 + 18 + 18 * 15;

struct Owned {
    cube_state *s = nullptr, *t = nullptr;
    cube_moves *m = nullptr;
    ~Owned() {
        cube_state_free(s);
        cube_state_free(t);
        cube_moves_free(m);
    }
};

// Any handle begins with its tag: enough to refuse a bad solver before work starts.
struct TaggedHandle {
    HandleTag tag;
};

// The thread's last error as it was before this call, put back when the call succeeds: the failed
// candidate solves inside a successful call must not show in cube_last_error().
struct SavedError {
    cube_status status = cube_last_status();
    std::string message = cube_last_error();
    void restore() const {
        if (status == CUBE_OK)
            cube_clear_error();
        else
            fail(status, "%s", message.c_str());
    }
};

cube_robot_solve_options default_options() {
    cube_robot_solve_options o{};
    o.struct_size = sizeof o;
    o.extra_length = 2;
    o.candidates = 37;
    o.timeout_ms = 0;
    o.strategy = CUBE_PLAN_OPTIMAL;
    o.shortest_ms = 100;
    o.cancel = nullptr;
    return o;
}

cube_status check_options(const cube_robot_solve_options &o) {
    if (o.extra_length < 0 || o.extra_length > 6 || o.candidates < 1 || o.candidates > kMaxCandidates ||
        o.timeout_ms < 0 || o.shortest_ms < 0)
        return fail(CUBE_ERROR_INVALID_ARGUMENT,
                    "options: extra_length 0..6, candidates 1..%d, timeout_ms and shortest_ms >= 0", kMaxCandidates);
    return CUBE_OK;
}

Move face_move(int k) {
    return Move{uint8_t(k / 3), uint8_t(1 + k % 3)};
}  // k = 0..17

// Whether `moves` solves `state`.
bool solves(const cube_state *state, const MoveList &moves) {
    std::string f = state_impl(state)->letters;
    for (const Move &m : moves)
        apply_move(geometry(3), f, m);
    return faces_uniform(3, f);
}

// Candidate i >= 1: its fixed beginning and end, and the moves the solver must find between them.
void shape(int i, MoveList &head, MoveList &tail) {
    head.clear();
    tail.clear();
    if (i <= 18) {
        head.push_back(face_move(i - 1));
    } else if (i <= 36) {
        tail.push_back(face_move(i - 19));
    } else {
        int j = i - 37, a = j / 15, b = j % 15;  // a second move on another face than the first
        Move first = face_move(a), second = face_move(b < 3 * first.kind ? b : b + 3);
        head = {first, second};
    }
}

// Solves `state` with the moves of `head` done first and ending with `tail`; out = head + found + tail.
cube_status solve_shaped(cube_solver *solver, const cube_state *state, const MoveList &head, const MoveList &tail,
                         cube_solve_options o, MoveList &out) {
    Owned w;
    cube_status st = cube_state_copy(state, &w.s);
    if (st != CUBE_OK) return st;
    for (const Move &m : head)
        apply_move(geometry(3), w.s->letters, m);
    if (o.max_length > 0) {  // 0 is the solver's default limit
        o.max_length -= int32_t(head.size() + tail.size());
        if (o.max_length < 1) return fail(CUBE_ERROR_UNSOLVABLE, "no room for a solution");
    }
    if (tail.empty()) {
        st = cube_solve(solver, w.s, &o, &w.m);
    } else {  // to the state from which `tail` solves the cube
        if ((st = cube_state_copy(state, &w.t)) != CUBE_OK) return st;
        std::string f = solved_facelets(3);
        const std::string &centres = w.t->letters;  // keep the cube's own centre colours
        for (const Move &m : inverted(tail))
            apply_move(geometry(3), f, m);
        for (char &c : f)
            c = centres[geometry(3).centre[std::strchr(kFaceLetters, c) - kFaceLetters]];
        w.t->letters = f;
        st = cube_solve_to(solver, w.s, w.t, &o, &w.m);
    }
    if (st != CUBE_OK) return st;
    out = head;
    for (const Move &m : moves_of(w.m))
        out.push_back(m);
    out.insert(out.end(), tail.begin(), tail.end());
    return CUBE_OK;
}

cube_status cancelled(int tried, int candidates) {
    return fail(CUBE_ERROR_CANCELLED, "robot-aware solve cancelled after %d of %d candidates", tried, candidates);
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_robot_solve_options_init_sized(cube_robot_solve_options *options, uint32_t size) {
    return lc::init_versioned(options, size, lc::default_options());
}

CUBE_API cube_status cube_robot_solve(const cube_robot *robot, cube_solver *solver, const cube_state *state,
                                      const cube_robot_solve_options *options, cube_plan **out) {
    return lc::api_guard([&]() -> cube_status {
        const lc::SavedError before;
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_robot *r = lc::robot_impl(robot);
        if (!r) return cube_last_status();
        if (!lc::checked<lc::TaggedHandle>(solver, lc::kMagicSolver, "solver")) return cube_last_status();
        cube_state *s = lc::state_impl(state);
        if (!s) return cube_last_status();
        if (s->size != 3) return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "robot-aware solving needs a 3x3 state");
        cube_robot_solve_options o = lc::default_options();
        if ((st = lc::read_versioned(options, o, "options")) != CUBE_OK) return st;
        if ((st = lc::check_options(o)) != CUBE_OK) return st;
        lc::robot::Strategy strategy = lc::robot::Strategy::kOptimal;
        if ((st = lc::strategy_from(o.strategy, strategy)) != CUBE_OK) return st;
        const std::atomic<int32_t> *token = nullptr;
        if ((st = lc::cancel_flag(o.cancel, token, "options.cancel")) != CUBE_OK) return st;
        const lc::StopFlag stop(token);
        if (stop.stopped()) return lc::cancelled(0, o.candidates);
        auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(o.timeout_ms);

        // The shortest solution the solver finds quickly sets the length limit.
        cube_solve_options so;
        cube_solve_options_init(&so);
        so.cancel = o.cancel;
        lc::MoveList first, shorter;
        st = lc::solve_shaped(solver, state, {}, {}, so, first);
        if (stop.stopped()) return lc::cancelled(0, o.candidates);
        if (st != CUBE_OK) return st;
        if (o.shortest_ms > 0 && first.size() > 1) {  // then a shorter one, if found in time
            so.min_effort = 1;
            so.timeout_ms = o.shortest_ms;
            so.max_length = int32_t(first.size()) - 1;
            st = lc::solve_shaped(solver, state, {}, {}, so, shorter);
            if (stop.stopped()) return lc::cancelled(0, o.candidates);
            if (st == CUBE_OK) first = shorter;
        }
        // Later candidates: the shortest solution within the limit found in a short time, or none.
        so.min_effort = 1;
        so.timeout_ms = std::max(5, o.shortest_ms / 10);
        so.max_length = std::min(30, int32_t(first.size()) + o.extra_length);

        auto best = std::make_unique<cube_plan>();
        lc::robot::make_plan(r->impl, first, strategy, -1, best->plan, &stop);  // a cancel throws
        lc::MoveList cand, head, tail;
        for (int i = 1; i < o.candidates; ++i) {
            if (stop.stopped()) return lc::cancelled(i, o.candidates);
            if (o.timeout_ms && std::chrono::steady_clock::now() > deadline) break;
            lc::shape(i, head, tail);
            st = lc::solve_shaped(solver, state, head, tail, so, cand);
            if (stop.stopped()) return lc::cancelled(i, o.candidates);
            if (st != CUBE_OK) continue;  // none within the limit and the time
            if (!lc::solves(state, cand))
                throw lc::Error(CUBE_ERROR_INTERNAL, "a candidate solution does not solve the cube");
            lc::robot::make_plan(r->impl, cand, strategy, best->plan.total_us, best->plan, &stop);
        }
        *out = best.release();
        before.restore();
        return CUBE_OK;
    });
}

}  // extern "C"
