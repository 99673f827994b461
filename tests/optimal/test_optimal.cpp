// The optimal 3x3 solver through the C API: lengths checked by an independent breadth-first search,
// every answer applied back, the same length for a cube, its inverse and conjugates, limits, stops,
// and every bad input. Uses the suite's shared table folder (CUBE_TABLE_DIR).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cube/cube.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

extern "C" {
#include <cmocka.h>
}

#include "../repeats.hpp"
#include "sticker_bfs.hpp"

namespace {

const char kFaces[] = "URFDLB";
const char *const kAmounts[] = {"", "", "2", "'"};

struct Scramble {
    std::vector<std::pair<int, int>> moves;  // (face 0..5, amount 1..3)
    std::string text() const {
        std::string s;
        for (auto [f, a] : moves) s += std::string(s.empty() ? "" : " ") + kFaces[f] + kAmounts[a];
        return s;
    }
};

// n face turns, never the same face twice in a row.
Scramble random_scramble(std::mt19937 &rng, int n) {
    Scramble s;
    int prev = -1;
    while (static_cast<int>(s.moves.size()) < n) {
        int f = static_cast<int>(rng() % 6), a = static_cast<int>(rng() % 3) + 1;
        if (f == prev) continue;
        s.moves.push_back({f, a});
        prev = f;
    }
    return s;
}

Scramble inverse(const Scramble &s) {
    Scramble r;
    for (auto it = s.moves.rbegin(); it != s.moves.rend(); ++it) r.moves.push_back({it->first, 4 - it->second});
    return r;
}

// The scramble seen after a whole-cube quarter turn about the R-L axis (U to F to D to B), or mirrored
// left to right (R and L swapped, every turn reversed): cubes with the same optimal length.
Scramble rotated(const Scramble &s) {
    const int to[6] = {2, 1, 3, 5, 4, 0};  // U->F, R->R, F->D, D->B, L->L, B->U
    Scramble r;
    for (auto [f, a] : s.moves) r.moves.push_back({to[f], a});
    return r;
}
Scramble mirrored(const Scramble &s) {
    const int to[6] = {0, 4, 2, 3, 1, 5};
    Scramble r;
    for (auto [f, a] : s.moves) r.moves.push_back({to[f], 4 - a});
    return r;
}

cube_solver *g_solver;

int setup(void **) {
    cube_solver_config c;
    cube_solver_config_init(&c);
    c.table_policy = CUBE_TABLES_FULL;
    return cube_solver_new(&c, &g_solver) == CUBE_OK ? 0 : -1;
}
int teardown(void **) {
    cube_solver_free(g_solver);
    return 0;
}

cube_state *state_of(const std::string &moves) {
    cube_state *s = nullptr;
    assert_int_equal(cube_state_new(3, &s), CUBE_OK);
    assert_int_equal(cube_state_apply_text(s, moves.c_str()), CUBE_OK);
    return s;
}

// Checks that every solution in the list solves `s` and has `length` face turns.
void check_solutions(const cube_state *s, const cube_solutions *list, int length, int32_t metric = CUBE_METRIC_HTM) {
    int32_t count = 0;
    assert_int_equal(cube_solutions_count(list, &count), CUBE_OK);
    assert_true(count >= 1);
    for (int32_t i = 0; i < count; ++i) {
        cube_moves *m = nullptr;
        assert_int_equal(cube_solutions_get(list, i, &m), CUBE_OK);
        int32_t n = -1, solved = 0;
        assert_int_equal(cube_moves_length(m, metric, &n), CUBE_OK);
        assert_int_equal(n, length);
        cube_state *c = nullptr;
        assert_int_equal(cube_state_copy(s, &c), CUBE_OK);
        assert_int_equal(cube_state_apply(c, m), CUBE_OK);
        assert_int_equal(cube_state_is_solved(c, &solved), CUBE_OK);
        assert_true(solved);
        cube_state_free(c);
        cube_moves_free(m);
    }
}

// The optimal length the solver gives (its answers checked), proven.
int optimal_length(const std::string &moves, int threads = 1, int32_t metric = CUBE_METRIC_HTM) {
    cube_state *s = state_of(moves);
    cube_optimal_options o;
    cube_optimal_options_init(&o);
    o.threads = threads;
    o.metric = metric;
    cube_optimal_result r;
    cube_optimal_result_init(&r);
    cube_solutions *list = nullptr;
    cube_status st = cube_solve_optimal(g_solver, s, &o, &list, &r);
    if (st != CUBE_OK) print_error("%s: %s\n", moves.c_str(), cube_last_error());
    assert_int_equal(st, CUBE_OK);
    assert_true(r.proven_optimal);
    assert_int_equal(r.lower_bound, r.length);
    check_solutions(s, list, r.length, metric);
    cube_solutions_free(list);
    cube_state_free(s);
    return r.length;
}

// Scrambles of 1 to 9 turns: the solver's length is the breadth-first search's (four of each length to 8,
// two of 9; one of each in the sanitizer run, tests/repeats.hpp).
void test_lengths_match_bfs(void **) {
    sticker_bfs::Model model;
    std::mt19937 rng(31);
    for (int n = 1; n <= 9; ++n)
        for (int k = 0; k < repeats(n <= 8 ? 4 : 2); ++k) {
            Scramble s = random_scramble(rng, n);
            sticker_bfs::State st = model.solved();
            for (auto [f, a] : s.moves) st = model.apply(st, f, a);
            int want = model.distance(st, n);
            assert_true(want >= 0 && want <= n);
            int got = optimal_length(s.text());
            if (got != want) print_error("%s: solver %d, breadth-first search %d\n", s.text().c_str(), got, want);
            assert_int_equal(got, want);
        }
}

// QTM: quarter-turn scrambles of 1 to 10 turns against the breadth-first search over quarter turns (one of
// each length in the sanitizer run).
void test_qtm_lengths_match_bfs(void **) {
    sticker_bfs::Model model;
    std::mt19937 rng(24);
    for (int n = 1; n <= 10; ++n)
        for (int k = 0; k < repeats(n <= 8 ? 3 : 1); ++k) {
            Scramble s;
            while (static_cast<int>(s.moves.size()) < n) {
                int f = static_cast<int>(rng() % 6), a = rng() % 2 ? 1 : 3;
                if (!s.moves.empty() && s.moves.back().first == f && s.moves.back().second != a) continue;
                s.moves.push_back({f, a});
            }
            sticker_bfs::State st = model.solved();
            for (auto [f, a] : s.moves) st = model.apply(st, f, a);
            int want = model.distance(st, n, true);
            assert_true(want >= 0 && want <= n);
            int got = optimal_length(s.text(), 1, CUBE_METRIC_QTM);
            if (got != want) print_error("%s: solver %d, breadth-first search %d (qtm)\n", s.text().c_str(), got, want);
            assert_int_equal(got, want);
        }
    // A half turn counts 2; the inverse and conjugates keep the length.
    assert_int_equal(optimal_length("R2", 1, CUBE_METRIC_QTM), 2);
    assert_int_equal(optimal_length("R2 U2 F2", 1, CUBE_METRIC_QTM), 6);
    std::mt19937 rng2(9);
    Scramble s = random_scramble(rng2, 9);
    int d = optimal_length(s.text(), 2, CUBE_METRIC_QTM);
    assert_int_equal(optimal_length(inverse(s).text(), 1, CUBE_METRIC_QTM), d);
    assert_int_equal(optimal_length(rotated(s).text(), 1, CUBE_METRIC_QTM), d);
    assert_int_equal(optimal_length(mirrored(s).text(), 1, CUBE_METRIC_QTM), d);
}

// Longer scrambles: at most their length; the same for the inverse, a rotation and a mirror image.
void test_longer_scrambles_and_conjugates(void **) {
    std::mt19937 rng(7);
    for (int n = 9; n <= 12; ++n) {
        Scramble s = random_scramble(rng, n);
        int d = optimal_length(s.text());
        assert_true(d <= n);
        assert_int_equal(optimal_length(inverse(s).text()), d);
        assert_int_equal(optimal_length(rotated(s).text()), d);
        assert_int_equal(optimal_length(mirrored(s).text()), d);
    }
}

// Known positions.
void test_known_positions(void **) {
    assert_int_equal(optimal_length(""), 0);
    assert_int_equal(optimal_length("R"), 1);
    assert_int_equal(optimal_length("R L"), 2);
    assert_int_equal(optimal_length("R U R' U'"), 4);
    assert_int_equal(optimal_length("R2 L2 U2 D2 F2 B2"), 6);  // checkerboard
    assert_int_equal(optimal_length("U D' R L' F B' U D'"), 8);  // six spot
    // The same in quarter turns (published: 12q*, 8q*).
    assert_int_equal(optimal_length("R2 L2 U2 D2 F2 B2", 1, CUBE_METRIC_QTM), 12);
    assert_int_equal(optimal_length("U D' R L' F B' U D'", 2, CUBE_METRIC_QTM), 8);
}

// Two threads find the same first solution as one.
void test_threads_agree(void **) {
    std::mt19937 rng(5);
    Scramble s = random_scramble(rng, 11);
    cube_state *st = state_of(s.text());
    std::string first[2];
    for (int t = 0; t < 2; ++t) {
        cube_optimal_options o;
        cube_optimal_options_init(&o);
        o.threads = t + 1;
        cube_solutions *list = nullptr;
        assert_int_equal(cube_solve_optimal(g_solver, st, &o, &list, nullptr), CUBE_OK);
        cube_moves *m = nullptr;
        assert_int_equal(cube_solutions_get(list, 0, &m), CUBE_OK);
        const char *text = nullptr;
        assert_int_equal(cube_moves_text(m, &text), CUBE_OK);
        first[t] = text;
        cube_moves_free(m);
        cube_solutions_free(list);
    }
    assert_string_equal(first[0].c_str(), first[1].c_str());
    cube_state_free(st);
}

// Two calls at once on one solver (each with two threads) give the lengths they give alone. The other
// thread only calls the library (cmocka's checks stay on the test's thread).
void test_concurrent_calls(void **) {
    std::mt19937 rng(77);
    Scramble a = random_scramble(rng, 10), b = random_scramble(rng, 11);
    int alone_a = optimal_length(a.text()), alone_b = optimal_length(b.text());
    cube_state *sb = state_of(b.text());
    cube_optimal_options o;
    cube_optimal_options_init(&o);
    o.threads = 2;
    cube_optimal_result rb;
    cube_optimal_result_init(&rb);
    cube_solutions *list_b = nullptr;
    cube_status st_b = CUBE_ERROR_INTERNAL;
    std::thread other([&] { st_b = cube_solve_optimal(g_solver, sb, &o, &list_b, &rb); });
    int together_a = optimal_length(a.text(), 2);
    other.join();
    assert_int_equal(st_b, CUBE_OK);
    check_solutions(sb, list_b, rb.length);
    assert_int_equal(together_a, alone_a);
    assert_int_equal(rb.length, alone_b);
    cube_solutions_free(list_b);
    cube_state_free(sb);
}

// Every optimal solution: distinct, each solving the cube; opposite faces counted once.
void test_all_solutions(void **) {
    struct Case {
        const char *moves;
        int32_t count;
    } cases[] = {{"R U", 1}, {"R L", 1}, {"U2 D2", 1}, {"R U R' U'", -1}, {"R2 L2 U2 D2 F2 B2", -1}};
    for (const Case &c : cases) {
        cube_state *s = state_of(c.moves);
        cube_optimal_options o;
        cube_optimal_options_init(&o);
        o.all_solutions = 1;
        o.threads = 2;
        cube_optimal_result r;
        cube_optimal_result_init(&r);
        cube_solutions *list = nullptr;
        assert_int_equal(cube_solve_optimal(g_solver, s, &o, &list, &r), CUBE_OK);
        check_solutions(s, list, r.length);
        int32_t count = 0;
        assert_int_equal(cube_solutions_count(list, &count), CUBE_OK);
        if (c.count > 0) assert_int_equal(count, c.count);
        std::vector<std::string> seen;
        for (int32_t i = 0; i < count; ++i) {
            cube_moves *m = nullptr;
            const char *text = nullptr;
            assert_int_equal(cube_solutions_get(list, i, &m), CUBE_OK);
            assert_int_equal(cube_moves_text(m, &text), CUBE_OK);
            for (const std::string &t : seen) assert_string_not_equal(t.c_str(), text);
            seen.push_back(text);
            cube_moves_free(m);
        }
        cube_solutions_free(list);
        // A limit keeps that many.
        o.limit = 1;
        assert_int_equal(cube_solve_optimal(g_solver, s, &o, &list, &r), CUBE_OK);
        assert_int_equal(cube_solutions_count(list, &count), CUBE_OK);
        assert_int_equal(count, 1);
        cube_solutions_free(list);
        cube_state_free(s);
    }
}

// max_length below the optimal length: "no solution of at most N moves", with the bound proven.
void test_max_length(void **) {
    cube_state *s = state_of("R U F D L B");
    cube_optimal_options o;
    cube_optimal_options_init(&o);
    o.max_length = 5;
    cube_optimal_result r;
    cube_optimal_result_init(&r);
    cube_solutions *list = nullptr;
    assert_int_equal(cube_solve_optimal(g_solver, s, &o, &list, &r), CUBE_ERROR_UNSOLVABLE);
    assert_null(list);
    assert_int_equal(r.lower_bound, 6);
    assert_int_equal(r.length, -1);
    assert_false(r.proven_optimal);
    o.max_length = 6;
    assert_int_equal(cube_solve_optimal(g_solver, s, &o, &list, &r), CUBE_OK);
    assert_int_equal(r.length, 6);
    cube_solutions_free(list);
    cube_state_free(s);
}

int32_t stop_at_once(void *user, const cube_optimal_progress *p) {
    auto *calls = static_cast<int *>(user);
    ++*calls;
    return p->depth >= 0;
}

int32_t count_reports(void *user, const cube_optimal_progress *p) {
    auto *last = static_cast<cube_optimal_progress *>(user);
    assert_true(p->depth >= last->depth);
    assert_true(p->nodes >= last->nodes);
    *last = *p;
    return 0;
}

cube_state *hard_cube() {
    cube_state *s = nullptr;
    assert_int_equal(cube_state_random(3, 12345, &s), CUBE_OK);
    return s;
}

// A time limit ends a long search soon after (a generous margin for a loaded machine), with a bound.
void test_timeout(void **) {
    cube_state *s = hard_cube();
    cube_optimal_options o;
    cube_optimal_options_init(&o);
    o.timeout_ms = 300;
    o.threads = 2;
    cube_optimal_progress last{};
    o.progress = count_reports;
    o.progress_user_data = &last;
    cube_optimal_result r;
    cube_optimal_result_init(&r);
    cube_solutions *list = nullptr;
    auto start = std::chrono::steady_clock::now();
    assert_int_equal(cube_solve_optimal(g_solver, s, &o, &list, &r), CUBE_ERROR_TIMEOUT);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    assert_true(seconds < 20.0);
    assert_null(list);
    assert_true(r.lower_bound >= 10);
    assert_true(r.nodes > 0);
    assert_true(last.depth >= 10);
    assert_int_equal(r.length, -1);
    cube_state_free(s);
}

void test_cancel(void **) {
    cube_state *s = hard_cube();
    cube_optimal_options o;
    cube_optimal_options_init(&o);
    int calls = 0;
    o.progress = stop_at_once;
    o.progress_user_data = &calls;
    cube_solutions *list = nullptr;
    cube_optimal_result r;
    cube_optimal_result_init(&r);
    assert_int_equal(cube_solve_optimal(g_solver, s, &o, &list, &r), CUBE_ERROR_CANCELLED);
    assert_int_equal(calls, 1);
    assert_true(r.lower_bound > 0);
    // A token triggered before the call.
    cube_cancel *token = nullptr;
    assert_int_equal(cube_cancel_new(&token), CUBE_OK);
    assert_int_equal(cube_cancel_trigger(token), CUBE_OK);
    o.progress = nullptr;
    o.cancel = token;
    assert_int_equal(cube_solve_optimal(g_solver, s, &o, &list, &r), CUBE_ERROR_CANCELLED);
    assert_null(list);
    cube_cancel_free(token);
    cube_state_free(s);
}

// Every bad input: a clear status, nothing returned.
// cube_optimal_tables_generate() and _size() refuse bad options, an unknown size and a folder they cannot save
// in before building.
void test_generate_refusals(void **) {
    cube_tables_options o;
    assert_int_equal(cube_tables_options_init(&o), CUBE_OK);
    o.struct_size = 3;
    assert_int_equal(cube_optimal_tables_generate(&o), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_tables_options_init(&o), CUBE_OK);
    o.table_dir = "/proc/no-such-folder";
    assert_int_equal(cube_optimal_tables_generate(&o), CUBE_ERROR_IO);
    assert_non_null(strstr(cube_last_error(), "cannot save the optimal table"));
    assert_int_equal(cube_optimal_tables_generate_size(&o, CUBE_OPTIMAL_TABLE_SMALL), CUBE_ERROR_IO);
    assert_int_equal(cube_optimal_tables_generate_size(&o, CUBE_OPTIMAL_TABLE_H48), CUBE_ERROR_IO);
    for (int32_t size : {-1, 3}) {
        assert_int_equal(cube_optimal_tables_generate_size(&o, size), CUBE_ERROR_INVALID_ARGUMENT);
        assert_non_null(strstr(cube_last_error(), "CUBE_OPTIMAL_TABLE_SMALL"));
    }
}

// The H48 table's build names its file in its notice, reports stages, and a progress callback that stops it
// ends it with CUBE_ERROR_CANCELLED, leaving no file behind. The suite's table folder has the 3x3 file, so the
// build starts at once.
struct BuildReports {
    std::string notice;
    int stages = 0;
};

int32_t stop_at_first_stage(void *user, const cube_progress *p) {
    auto *r = static_cast<BuildReports *>(user);
    if (p->event == CUBE_PROGRESS_NOTICE) r->notice = p->stage;
    if (p->event == CUBE_PROGRESS_STAGE && std::strstr(p->stage, "optimal")) ++r->stages;
    return r->stages > 0;
}

void test_generate_cancelled(void **) {
    const char *dir = std::getenv("CUBE_TABLE_DIR");
    assert_non_null(dir);
    const std::string file = std::string(dir) + "/optimal3x3-h48-v1.tbl";
    if (std::FILE *f = std::fopen(file.c_str(), "rb")) {
        std::fclose(f);
        skip();  // a real H48 table there: it would be kept, not built
    }
    cube_tables_options o;
    assert_int_equal(cube_tables_options_init(&o), CUBE_OK);
    o.table_dir = dir;
    BuildReports reports;
    o.progress = stop_at_first_stage;
    o.progress_user_data = &reports;
    assert_int_equal(cube_optimal_tables_generate_size(&o, CUBE_OPTIMAL_TABLE_H48), CUBE_ERROR_CANCELLED);
    assert_non_null(std::strstr(reports.notice.c_str(), "optimal3x3-h48-v1.tbl"));
    assert_int_equal(reports.stages, 1);
    assert_null(std::fopen(file.c_str(), "rb"));
}

void test_bad_inputs(void **) {
    cube_state *s = state_of("R U");
    cube_solutions *list = nullptr;
    cube_optimal_options o;
    cube_optimal_options_init(&o);
    assert_int_equal(cube_solve_optimal(g_solver, s, &o, nullptr, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve_optimal(nullptr, s, &o, &list, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve_optimal(g_solver, nullptr, &o, &list, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    auto refused = [&](cube_optimal_options bad, cube_status want) {
        assert_int_equal(cube_solve_optimal(g_solver, s, &bad, &list, nullptr), want);
        assert_null(list);
        assert_true(cube_last_error()[0] != '\0');
    };
    cube_optimal_options bad = o;
    bad.metric = 7;
    refused(bad, CUBE_ERROR_INVALID_ARGUMENT);
    bad = o, bad.max_length = -1;
    refused(bad, CUBE_ERROR_INVALID_ARGUMENT);
    bad = o, bad.max_length = 1001;
    refused(bad, CUBE_ERROR_INVALID_ARGUMENT);
    bad = o, bad.timeout_ms = -5;
    refused(bad, CUBE_ERROR_INVALID_ARGUMENT);
    bad = o, bad.limit = -1;
    refused(bad, CUBE_ERROR_INVALID_ARGUMENT);
    bad = o, bad.threads = 257;
    refused(bad, CUBE_ERROR_INVALID_ARGUMENT);
    bad = o, bad.reserved = 1;
    refused(bad, CUBE_ERROR_UNSUPPORTED);
    bad = o, bad.struct_size = 3;
    refused(bad, CUBE_ERROR_INVALID_ARGUMENT);
    // A result whose struct_size was never set.
    cube_optimal_result r{};
    assert_int_equal(cube_solve_optimal(g_solver, s, &o, &list, &r), CUBE_ERROR_INVALID_ARGUMENT);
    assert_null(list);
    assert_int_equal(cube_optimal_options_init_sized(nullptr, sizeof o), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_optimal_result_init_sized(&r, 2), CUBE_ERROR_INVALID_ARGUMENT);
    // A 2x2.
    cube_state *two = nullptr;
    assert_int_equal(cube_state_new(2, &two), CUBE_OK);
    assert_int_equal(cube_solve_optimal(g_solver, two, &o, &list, nullptr), CUBE_ERROR_UNSUPPORTED);
    cube_state_free(two);
    // A solver that keeps to the compact tables.
    cube_solver_config c;
    cube_solver_config_init(&c);
    c.table_policy = CUBE_TABLES_COMPACT;
    cube_solver *compact = nullptr;
    assert_int_equal(cube_solver_new(&c, &compact), CUBE_OK);
    assert_int_equal(cube_solve_optimal(compact, s, &o, &list, nullptr), CUBE_ERROR_UNSUPPORTED);
    cube_solver_free(compact);
    cube_state_free(s);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_positions),
        cmocka_unit_test(test_lengths_match_bfs),
        cmocka_unit_test(test_longer_scrambles_and_conjugates),
        cmocka_unit_test(test_qtm_lengths_match_bfs),
        cmocka_unit_test(test_threads_agree),
        cmocka_unit_test(test_concurrent_calls),
        cmocka_unit_test(test_all_solutions),
        cmocka_unit_test(test_max_length),
        cmocka_unit_test(test_timeout),
        cmocka_unit_test(test_cancel),
        cmocka_unit_test(test_bad_inputs),
        cmocka_unit_test(test_generate_refusals),
        cmocka_unit_test(test_generate_cancelled),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
