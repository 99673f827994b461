// Unit tests of the compact 3x3 solver (libcube/src/compact3): its tables, built in memory on first
// use, and its solutions, checked with the cubie model and against the full two-phase solver (whose
// tables come from the folder in CUBE_TABLE_DIR, built once per build folder).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "../twophase/helpers.hpp"
#include "compact3/compact3.hpp"
#include "compact3/tables.hpp"
#include "error.hpp"
#include "twophase/tables.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

using namespace lc;
using tp_test::apply_moves;
using tp_test::parse;

namespace {

using Clock = std::chrono::steady_clock;

const compact3::Tables &tables() {
    const compact3::Tables *t = compact3::tables();
    if (!t) fprintf(stderr, "compact tables: %s\n", cube_last_error());
    assert_non_null(t);
    return *t;
}

const twophase::Tables &full_tables() {
    auto t = tp_test::shared_tables();
    if (!t) fprintf(stderr, "full tables: %s\n", cube_last_error());
    assert_non_null(t.get());
    return *t;
}

// The answer is valid: face turns, no face twice in a row, at most max_length, ending at target.
void check_answer(const CubieCube &start, const CubieCube &target, const MoveList &out, int max_length) {
    assert_true(apply_moves(start, out) == target);
    assert_true(static_cast<int>(out.size()) <= max_length);
    for (size_t i = 0; i < out.size(); ++i) {
        assert_true(out[i].kind <= 5 && out[i].amount >= 1 && out[i].amount <= 3);
        if (i > 0) assert_true(out[i].kind != out[i - 1].kind);
    }
}

MoveList solve_checked(const CubieCube &start, const CubieCube &target, const twophase::Options &o) {
    MoveList out;
    cube_status st = tp_test::solve_status(tables(), start, target, o, out);
    if (st != CUBE_OK) fprintf(stderr, "solve: %s\n", cube_last_error());
    assert_int_equal(st, CUBE_OK);
    check_answer(start, target, out, o.max_length);
    return out;
}

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// First in the list: 8 threads ask for the tables at once (one build, the same tables for all) and solve.
void threads_build_and_share(void **) {
    std::atomic<int> bad{0};
    std::atomic<const compact3::Tables *> seen{nullptr};
    std::vector<std::thread> pool;
    for (int k = 0; k < 8; ++k)
        pool.emplace_back([&, k] {
            const compact3::Tables *t = compact3::tables();
            const compact3::Tables *expected = nullptr;
            if (!t || (!seen.compare_exchange_strong(expected, t) && expected != t)) ++bad;
            if (!t) return;
            tp_test::Rng rng{300u + k};
            for (int i = 0; i < 10; ++i) {
                CubieCube c = tp_test::random_state(rng);
                MoveList out;
                if (tp_test::solve_status(*t, c, CubieCube::solved(), twophase::Options{}, out) != CUBE_OK ||
                    apply_moves(c, out) != CubieCube::solved() || out.size() > 20)
                    ++bad;
            }
        });
    for (auto &th : pool) th.join();
    assert_int_equal(bad.load(), 0);
    assert_ptr_equal(compact3::tables(), seen.load());
}

void tables_are_compact(void **) {
    const size_t bytes = compact3::table_bytes(tables());
    assert_true(bytes > 900 * 1000 && bytes < 1200 * 1000);
    // The edge-orientation symmetries are a group of 8 that starts with the identity.
    const compact3::Tables &t = tables();
    assert_int_equal(t.eo_sym[0], 0);
    for (int a = 0; a < compact3::kEoSyms; ++a)
        for (int b = 0; b < compact3::kEoSyms; ++b) {
            const int ab = t.sym_mult[t.eo_sym[a]][t.eo_sym[b]];
            bool inside = false;
            for (int k = 0; k < compact3::kEoSyms; ++k) inside = inside || t.eo_sym[k] == ab;
            assert_true(inside);
        }
}

// kGroupReturn in search.cpp: no sequence of 1..4 moves that starts with a turn outside the phase-2
// group (a quarter turn of R, L, F or B) is itself in the group. Phase 1 relies on it.
bool returns_to_group(const CubieCube &c, int prev, int left) {
    if (left == 0) return false;
    const twophase::Symmetries &s = twophase::symmetries();
    for (int m = 0; m < twophase::kMoves; ++m) {
        if (!twophase::may_follow(prev, m) || (prev < 0 && twophase::is_phase2_move(m))) continue;
        CubieCube d = c;
        d.multiply(s.move_cube[m]);
        if (twophase::twist_of(d) == 0 && twophase::flip_of(d) == 0 &&
            twophase::four_edges_of(d, twophase::kSliceEdges) / 24 == 0)
            return true;
        if (returns_to_group(d, m, left - 1)) return true;
    }
    return false;
}

void no_short_return_to_phase2_group(void **) { assert_false(returns_to_group(CubieCube::solved(), -1, 4)); }

// The bounds against the full tables: the phase-2 corner bound equals the full set's exact
// corner-slice distance everywhere; the phase-1 bound never exceeds the exact phase-1 distance.
void bounds_match_full_tables(void **) {
    const compact3::Tables &t = tables();
    const twophase::Tables &full = full_tables();
    for (int corners = 0; corners < compact3::kPerm8; ++corners)
        for (int y = 0; y < compact3::kSlicePerm; ++y)
            assert_int_equal(t.corner_mperm(t.corner_sym[corners], y), full.cornslice_depth[corners * 24 + y]);
    tp_test::Rng rng{21};
    int sum_bound = 0, sum_exact = 0;
    for (int i = 0; i < 2000; ++i) {
        CubieCube c = tp_test::random_state(rng);
        const int tw = twophase::twist_of(c), fl = twophase::flip_of(c);
        const int slice = twophase::four_edges_of(c, twophase::kSliceEdges);
        const int bound = t.phase1_bound(tw, fl, slice / 24), exact = full.phase1_distance(fl, slice, tw);
        assert_true(bound <= exact);
        sum_bound += bound, sum_exact += exact;
    }
    printf("phase-1 bound %.2f on average, exact distance %.2f\n", sum_bound / 2000.0, sum_exact / 2000.0);
}

void random_states_max_20(void **) {
    tp_test::Rng rng{2024};
    twophase::Options o;
    for (int i = 0; i < repeats(1000); ++i) solve_checked(tp_test::random_state(rng), CubieCube::solved(), o);
}

void random_states_max_21(void **) {
    tp_test::Rng rng{77};
    twophase::Options o;
    o.max_length = 21;
    for (int i = 0; i < repeats(200); ++i) solve_checked(tp_test::random_state(rng), CubieCube::solved(), o);
}

void solved_and_one_move_states(void **) {
    assert_int_equal(solve_checked(CubieCube::solved(), CubieCube::solved(), twophase::Options{}).size(), 0);
    for (int f = 0; f < 6; ++f)
        for (int a = 1; a <= 3; ++a) {
            const Move m{static_cast<uint8_t>(f), static_cast<uint8_t>(a)};
            MoveList out = solve_checked(apply_moves(CubieCube::solved(), {m}), CubieCube::solved(), twophase::Options{});
            assert_int_equal(out.size(), 1);
            assert_int_equal(out[0].kind, f);
            assert_int_equal(out[0].amount, 4 - a);
        }
}

void solve_to_target(void **) {
    CubieCube checker = apply_moves(CubieCube::solved(), parse("U2 D2 F2 B2 L2 R2"));
    CubieCube cube_in_cube = apply_moves(CubieCube::solved(), parse("F L F U' R U F2 L2 U' L' B D' B' L2 U"));
    twophase::Options o;
    solve_checked(CubieCube::solved(), checker, o);
    solve_checked(checker, cube_in_cube, o);
    assert_int_equal(solve_checked(checker, checker, o).size(), 0);
    tp_test::Rng rng{5};
    for (int i = 0; i < 50; ++i) solve_checked(tp_test::random_state(rng), tp_test::random_state(rng), o);
}

// Shortest solution length by brute force (up to `most` moves), or most + 1.
int distance(const CubieCube &c, int most) {
    const twophase::Symmetries &s = twophase::symmetries();
    std::vector<CubieCube> level{c};
    for (int d = 0; d <= most; ++d) {
        std::vector<CubieCube> next;
        for (const CubieCube &x : level) {
            if (x == CubieCube::solved()) return d;
            if (d < most)
                for (const CubieCube &m : s.move_cube) {
                    CubieCube y = x;
                    y.multiply(m);
                    next.push_back(y);
                }
        }
        level.swap(next);
    }
    return most + 1;
}

// With max_length 0..4 the answer is a solution exactly when one that short exists; otherwise
// UNSOLVABLE, proved (no time limit), as with the full tables.
void short_limits_are_exact(void **) {
    tp_test::Rng rng{13};
    for (int i = 0; i < 40; ++i) {
        CubieCube c = CubieCube::solved();
        const int scramble = 1 + i % 4;
        for (int k = 0; k < scramble; ++k)
            c = apply_moves(c, {Move{static_cast<uint8_t>(rng.below(6)), static_cast<uint8_t>(1 + rng.below(3))}});
        const int d = distance(c, 4);
        for (int limit = 0; limit <= 4; ++limit) {
            twophase::Options o;
            o.max_length = limit;
            MoveList out, full_out;
            const cube_status st = tp_test::solve_status(tables(), c, CubieCube::solved(), o, out);
            assert_int_equal(tp_test::solve_status(full_tables(), c, CubieCube::solved(), o, full_out), st);
            if (limit >= d) {
                assert_int_equal(st, CUBE_OK);
                check_answer(c, CubieCube::solved(), out, limit);
            } else {
                assert_int_equal(st, CUBE_ERROR_UNSOLVABLE);
                assert_non_null(strstr(cube_last_error(), "moves exists"));
            }
        }
    }
}

void timeout_is_honoured(void **) {
    tp_test::Rng rng{9};
    CubieCube c = tp_test::random_state(rng);
    twophase::Options o;
    o.max_length = 15;  // almost never possible for a random state: only the clock ends this search
    o.timeout_us = 30000;
    MoveList out;
    Clock::time_point t0 = Clock::now();
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), o, out), CUBE_ERROR_TIMEOUT);
    const double took = ms_since(t0);
    assert_true(took >= 30 && took < 30 + 50);
    assert_non_null(strstr(cube_last_error(), "no solution of at most 15 moves found within the time limit of 30 ms"));
    o.timeout_is_default = true;
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), o, out), CUBE_ERROR_TIMEOUT);
    assert_non_null(strstr(cube_last_error(), "default time limit of 30 ms (set timeout_ms to search longer)"));
}

void cancel_is_honoured(void **) {
    tp_test::Rng rng{9};
    CubieCube c = tp_test::random_state(rng);
    twophase::Options o;
    o.max_length = 15;
    MoveList out;
    // Set before the call, by the caller's token or by the call's own flag.
    std::atomic<int32_t> token{1};
    StopFlag by_token(&token);
    o.stop = &by_token;
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), o, out), CUBE_ERROR_CANCELLED);
    StopFlag own;
    own.stop();
    o.stop = &own;
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), o, out), CUBE_ERROR_CANCELLED);
    // Set from another thread during the search: it ends soon after.
    StopFlag later;
    o.stop = &later;
    std::atomic<int64_t> stopped_at{0};
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        stopped_at = Clock::now().time_since_epoch().count();
        later.stop();
    });
    const cube_status st = tp_test::solve_status(tables(), c, CubieCube::solved(), o, out);
    const Clock::time_point returned = Clock::now();
    stopper.join();
    assert_int_equal(st, CUBE_ERROR_CANCELLED);
    assert_string_equal(cube_last_error(), "solve cancelled");
    const double late = std::chrono::duration<double, std::milli>(returned - Clock::time_point(Clock::duration(stopped_at.load()))).count();
    assert_true(late < 50);
}

void bad_input(void **) {
    MoveList out;
    twophase::Options bad;
    bad.max_length = -1;
    assert_int_equal(tp_test::solve_status(tables(), CubieCube::solved(), CubieCube::solved(), bad, out), CUBE_ERROR_INVALID_ARGUMENT);
    CubieCube twisted = CubieCube::solved();
    twisted.co[0] = 1;
    assert_int_equal(tp_test::solve_status(tables(), twisted, CubieCube::solved(), twophase::Options{}, out), CUBE_ERROR_INVALID_CUBE);
    assert_int_equal(tp_test::solve_status(tables(), CubieCube::solved(), twisted, twophase::Options{}, out), CUBE_ERROR_INVALID_CUBE);
}

// min_effort never makes the answer longer, and with a time limit returns what it found.
void min_effort_improves_or_keeps(void **) {
    tp_test::Rng rng{11};
    int plain = 0, effort = 0;
    for (int i = 0; i < 10; ++i) {
        CubieCube c = tp_test::random_state(rng);
        twophase::Options o;
        o.max_length = 21;
        const auto t0 = Clock::now();
        const int first = static_cast<int>(solve_checked(c, CubieCube::solved(), o).size());
        o.min_effort = true;
        // 100 ms, or four times what the first answer took on a slow or loaded machine (a sanitizer build).
        o.timeout_us = std::max<int64_t>(100000, static_cast<int64_t>(4000 * ms_since(t0)));
        const int best = static_cast<int>(solve_checked(c, CubieCube::solved(), o).size());
        assert_true(best <= first);
        plain += first, effort += best;
    }
    printf("10 states: %d moves in all at first, %d with min_effort and at least 100 ms\n", plain, effort);
}

void deterministic(void **) {
    tp_test::Rng rng{3};
    for (int i = 0; i < 10; ++i) {
        CubieCube c = tp_test::random_state(rng);
        twophase::Options o;
        assert_true(solve_checked(c, CubieCube::solved(), o) == solve_checked(c, CubieCube::solved(), o));
    }
}

// The same states through both table sets: the same kind of answer (valid, within the limit).
void same_answers_as_full_tables(void **) {
    tp_test::Rng rng{31};
    for (int i = 0; i < repeats(200); ++i) {
        CubieCube start = tp_test::random_state(rng), target = i % 4 ? CubieCube::solved() : tp_test::random_state(rng);
        twophase::Options o;
        o.max_length = 20 + i % 2;
        MoveList compact, full;
        assert_int_equal(tp_test::solve_status(tables(), start, target, o, compact), CUBE_OK);
        assert_int_equal(tp_test::solve_status(full_tables(), start, target, o, full), CUBE_OK);
        check_answer(start, target, compact, o.max_length);
        check_answer(start, target, full, o.max_length);
    }
    // The superflip needs 20 moves: both find 20; with 19 neither can prove it in time.
    CubieCube superflip = apply_moves(CubieCube::solved(), parse("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"));
    twophase::Options o;
    assert_int_equal(solve_checked(superflip, CubieCube::solved(), o).size(), 20);
    o.max_length = 19;
    o.timeout_us = 100000;
    MoveList none;
    assert_int_equal(tp_test::solve_status(tables(), superflip, CubieCube::solved(), o, none), CUBE_ERROR_TIMEOUT);
    assert_int_equal(tp_test::solve_status(full_tables(), superflip, CubieCube::solved(), o, none), CUBE_ERROR_TIMEOUT);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threads_build_and_share),  // first: the tables are built here, by 8 threads at once
        cmocka_unit_test(tables_are_compact),
        cmocka_unit_test(no_short_return_to_phase2_group),
        cmocka_unit_test(bounds_match_full_tables),
        cmocka_unit_test(solved_and_one_move_states),
        cmocka_unit_test(random_states_max_20),
        cmocka_unit_test(random_states_max_21),
        cmocka_unit_test(solve_to_target),
        cmocka_unit_test(short_limits_are_exact),
        cmocka_unit_test(timeout_is_honoured),
        cmocka_unit_test(cancel_is_honoured),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(min_effort_improves_or_keeps),
        cmocka_unit_test(deterministic),
        cmocka_unit_test(same_answers_as_full_tables),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
