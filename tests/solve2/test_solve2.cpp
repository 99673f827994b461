// Unit tests of the optimal 2x2 solver: coordinates, tables, distances, solutions, counts.
// cmocka 1.1.5 declares its functions without extern "C", so the include is wrapped.
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <cube/moves.h>

#include "apply_moves.hpp"
#include "error.hpp"
#include "notation.hpp"
#include "solve2/coord.hpp"
#include "solve2/solve2.hpp"
#include "solve2/tables.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

using namespace lc;
using namespace lc::solve2;
using solve2_test::apply_moves;
using solve2_test::corners_solved;
using solve2_test::SplitMix64;

namespace {

const Metric kMetrics[] = {Metric::kHtm, Metric::kQtm};

CubieCube random_corners(SplitMix64 &rng) { return corners_from_index(static_cast<int32_t>(rng.below(kPositions))); }

CubieCube turned(CubieCube c, int face, int amount) {
    apply_moves(c, MoveList{Move{static_cast<uint8_t>(face), static_cast<uint8_t>(amount)}});
    return c;
}

std::string text(const MoveList &ml) {
    std::string s;
    for (const Move &m : ml) s += "URF"[m.kind], s += "0123"[m.amount];
    return s;
}

// Length in the metric: a half turn counts 2 in QTM.
int length(const Tables &t, const MoveList &ml) {
    return moves_length(ml, metric_of(t) == Metric::kQtm ? CUBE_METRIC_QTM : CUBE_METRIC_HTM);
}

// The solution solves `c` (by the cubie model), is as long as the distance in the metric, and never turns
// one face twice in a row (a QTM half turn is written X2, not X X).
void check_solution(const Tables &t, const CubieCube &c, const MoveList &ml) {
    CubieCube x = c;
    apply_moves(x, ml);
    assert_true(corners_solved(x));
    assert_int_equal(length(t, ml), distance(t, c));
    for (size_t i = 0; i < ml.size(); i++) {
        assert_true(ml[i].kind <= 2 && ml[i].amount >= 1 && ml[i].amount <= 3);
        if (i > 0) assert_true(ml[i].kind != ml[i - 1].kind);
    }
}

void coords_round_trip(void **) {
    assert_int_equal(position_index(CubieCube::solved()), 0);
    for (int32_t i = 0; i < kPositions; i++) {
        CubieCube c = corners_from_index(i);
        assert_true(valid_corners(c));
        assert_int_equal(position_index(c), i);
    }
}

// The move tables agree with the cubie model on every perm, every twist and random pairs.
void move_tables_match_cubie_model(void **) {
    const MoveTables &mt = tables(Metric::kHtm).mt;
    SplitMix64 rng{1};
    for (int i = 0; i < kPerms + kTwists + 100000; i++) {
        int p = i < kPerms ? i : static_cast<int>(rng.below(kPerms));
        int tw = i < kPerms ? static_cast<int>(rng.below(kTwists)) : i < kPerms + kTwists ? i - kPerms : static_cast<int>(rng.below(kTwists));
        for (int m = 0; m < kMoves; m++) {
            CubieCube c = turned(corners_from_coords(p, tw), m / 3, m % 3 + 1);
            assert_int_equal(perm_coord(c), mt.perm[p][m]);
            assert_int_equal(twist_coord(c), mt.twist[m][tw]);
        }
    }
}

void distribution_htm(void **) {
    const int64_t want[16] = {1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644};
    auto got = distribution(tables(Metric::kHtm));
    for (int d = 0; d < 16; d++) assert_int_equal(got[d], want[d]);
}

void distribution_qtm(void **) {
    const int64_t want[16] = {1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276};
    auto got = distribution(tables(Metric::kQtm));
    for (int d = 0; d < 16; d++) assert_int_equal(got[d], want[d]);
}

// Proof of exactness: d(solved) = 0 and d(s) = 1 + min over moves of d(s * move) for every
// other s; only the true distance satisfies both (induction on the distance).
void table_is_exact(void **) {
    for (Metric metric : kMetrics) {
        const Tables &t = tables(metric);
        assert_int_equal(t.depth(0), 0);
        for (int p = 0; p < kPerms; p++) {
            for (int tw = 0; tw < kTwists; tw++) {
                if (p == 0 && tw == 0) continue;
                int best = 99;
                for (int k = 0; k < t.nmoves; k++) {
                    int m = t.moves[k];
                    int d = t.depth(t.mt.perm[p][m], t.mt.twist[m][tw]);
                    best = d < best ? d : best;
                }
                assert_int_equal(t.depth(p, tw), best + 1);
            }
        }
    }
}

void solved_cube(void **) {
    for (Metric metric : kMetrics) {
        const Tables &t = tables(metric);
        CubieCube c = CubieCube::solved();
        assert_int_equal(distance(t, c), 0);
        assert_true(solve(t, c).empty());
        assert_int_equal(count_optimal(t, c), 1);
        int calls = 0;
        assert_int_equal(solve_all(t, c, 10, [&](const MoveList &ml) { calls++, assert_true(ml.empty()); }), 1);
        assert_int_equal(calls, 1);
    }
}

void single_turns(void **) {
    const Tables &htm = tables(Metric::kHtm), &qtm = tables(Metric::kQtm);
    for (int f = 0; f < 3; f++) {
        for (int a = 1; a <= 3; a++) {
            CubieCube c = turned(CubieCube::solved(), f, a);
            MoveList s = solve(htm, c);
            assert_int_equal(s.size(), 1);
            assert_int_equal(s[0].kind, f);
            assert_int_equal(s[0].amount, 4 - a);
            assert_int_equal(count_optimal(htm, c), 1);
            assert_int_equal(distance(qtm, c), a == 2 ? 2 : 1);
            assert_int_equal(count_optimal(qtm, c), 1);  // X X and X' X' are both the half turn X2
            MoveList q = solve(qtm, c);
            check_solution(qtm, c, q);
            assert_int_equal(q.size(), 1);
            assert_int_equal(q[0].amount, 4 - a);
        }
    }
}

// Random positions: solutions are valid and optimal; scrambles of n moves are at distance <= n.
void random_positions(void **) {
    SplitMix64 rng{2};
    for (Metric metric : kMetrics) {
        const Tables &t = tables(metric);
        for (int i = 0; i < 20000; i++) {
            CubieCube c = random_corners(rng);
            check_solution(t, c, solve(t, c));
        }
        for (int i = 0; i < 2000; i++) {
            CubieCube c = CubieCube::solved();
            int n = 1 + static_cast<int>(rng.below(16));
            for (int j = 0; j < n; j++) c = turned(c, static_cast<int>(rng.below(3)), metric == Metric::kQtm ? 1 + 2 * static_cast<int>(rng.below(2)) : 1 + static_cast<int>(rng.below(3)));
            assert_true(distance(t, c) <= n);
            check_solution(t, c, solve(t, c));
        }
    }
}

// solve_all gives count_optimal distinct valid optimal solutions, the first being solve()'s.
void all_solutions(void **) {
    SplitMix64 rng{3};
    for (Metric metric : kMetrics) {
        const Tables &t = tables(metric);
        for (int i = 0; i < 300; i++) {
            CubieCube c = random_corners(rng);
            int64_t count = count_optimal(t, c);
            assert_true(count >= 1);
            if (count > 100000) continue;
            std::set<std::string> seen;
            MoveList first;
            int64_t n = solve_all(t, c, INT64_MAX, [&](const MoveList &ml) {
                if (seen.empty()) first = ml;
                check_solution(t, c, ml);
                seen.insert(text(ml));
            });
            assert_int_equal(n, count);
            assert_int_equal(seen.size(), count);
            assert_true(first == solve(t, c));
            int64_t calls = 0;
            assert_int_equal(solve_all(t, c, 3, [&](const MoveList &) { calls++; }), count < 3 ? count : 3);
            assert_int_equal(calls, count < 3 ? count : 3);
            assert_int_equal(solve_all(t, c, 0, [&](const MoveList &) { fail(); }), 0);
        }
    }
}

// Counts by brute force with the cubie model every solving sequence of length d (a half turn counts 2 in QTM)
// that never turns the face `last` turned, nor one face twice in a row.
int64_t brute_count(const CubieCube &c, int d, bool qtm, int last = -1) {
    if (d <= 0) return d == 0 && corners_solved(c) ? 1 : 0;
    int64_t n = 0;
    for (int f = 0; f < 3; f++)
        for (int a = 1; a <= 3; a++)
            if (f != last) n += brute_count(turned(c, f, a), d - (qtm && a == 2 ? 2 : 1), qtm, f);
    return n;
}

void counts_match_brute_force(void **) {
    SplitMix64 rng{4};
    for (Metric metric : kMetrics) {
        const Tables &t = tables(metric);
        for (int i = 0; i < 60; i++) {
            CubieCube c = CubieCube::solved();  // a few random turns: brute force stays small
            for (int j = 0, n = 1 + static_cast<int>(rng.below(5)); j < n; j++)
                c = turned(c, static_cast<int>(rng.below(3)), metric == Metric::kQtm ? 1 + 2 * static_cast<int>(rng.below(2)) : 1 + static_cast<int>(rng.below(3)));
            int d = distance(t, c);
            assert_int_equal(count_optimal(t, c), brute_count(c, d, metric == Metric::kQtm));
            if (d > 0) assert_int_equal(brute_count(c, d - 1, metric == Metric::kQtm), 0);
        }
    }
}

void invalid_input_is_refused(void **) {
    const Tables &t = tables(Metric::kHtm);
    CubieCube bad[4];
    bad[0] = turned(CubieCube::solved(), 3, 1);  // a D turn moves DBL
    bad[1] = CubieCube::solved();
    bad[1].co[URF] = 1;  // twist sum not 0
    bad[2] = CubieCube::solved();
    bad[2].cp[URF] = UFL;  // UFL twice
    bad[3] = CubieCube::solved();
    bad[3].co[UFL] = 3;
    for (const CubieCube &c : bad) {
        int thrown = 0;
        try {
            distance(t, c);
        } catch (const Error &e) {
            thrown += e.status == CUBE_ERROR_INVALID_ARGUMENT;
        }
        try {
            solve(t, c);
        } catch (const Error &e) {
            thrown += e.status == CUBE_ERROR_INVALID_ARGUMENT;
        }
        try {
            count_optimal(t, c);
        } catch (const Error &e) {
            thrown += e.status == CUBE_ERROR_INVALID_ARGUMENT;
        }
        try {
            solve_all(t, c, 1, [](const MoveList &) {});
        } catch (const Error &e) {
            thrown += e.status == CUBE_ERROR_INVALID_ARGUMENT;
        }
        assert_int_equal(thrown, 4);
    }
}

void tables_built_once(void **) {
    const Tables *seen[4] = {};
    std::thread a([&] { seen[0] = &tables(Metric::kQtm); seen[1] = &tables(Metric::kHtm); });
    std::thread b([&] { seen[2] = &tables(Metric::kQtm); seen[3] = &tables(Metric::kHtm); });
    a.join();
    b.join();
    assert_ptr_equal(seen[0], seen[2]);
    assert_ptr_equal(seen[1], seen[3]);
    assert_ptr_not_equal(seen[0], seen[1]);
    for (Metric metric : kMetrics) {
        assert_true(memory_bytes(tables(metric)) <= 2u << 20);
        assert_true(metric_of(tables(metric)) == metric);
    }
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tables_built_once),
        cmocka_unit_test(coords_round_trip),
        cmocka_unit_test(move_tables_match_cubie_model),
        cmocka_unit_test(distribution_htm),
        cmocka_unit_test(distribution_qtm),
        cmocka_unit_test(table_is_exact),
        cmocka_unit_test(solved_cube),
        cmocka_unit_test(single_turns),
        cmocka_unit_test(random_positions),
        cmocka_unit_test(all_solutions),
        cmocka_unit_test(counts_match_brute_force),
        cmocka_unit_test(invalid_input_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
