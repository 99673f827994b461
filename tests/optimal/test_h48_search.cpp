// The search bounded by the H48 table (libcube/src/optimal/h48_search.hpp), with the tests' table of every
// class (kH48NoFlipsLayout: its codes follow from h0, the search's reads are those of h7): the same optimal
// lengths as the search with the two-phase tables alone, in HTM and QTM, on one and two threads, every
// answer solving its cube; the same number of solutions with `all_solutions`; a max_length below the
// optimal length ends with "no solution" and the lower bound reached.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <random>

#include "error.hpp"
#include "internal_fixtures.hpp"
#include "optimal/h48_search.hpp"
#include "optimal/h48_table.hpp"

extern "C" {
#include <cmocka.h>
}

namespace {

using namespace lc;
using optimal_tests::applied;
using optimal_tests::random_cube;
using optimal_tests::tables;

const optimal::h48::H48Table &table() {
    static const auto built = optimal::h48::build_h48(optimal::h48::kH48NoFlipsLayout, 2, {});
    return *built;
}

void lengths_are_optimal(void **) {
    const twophase::Tables &t = *tables();
    std::mt19937 rng(23);
    for (int n = 0; n < 40; ++n) {
        const CubieCube c = random_cube(rng, n < 30 ? 1 + n % 10 : 11 + n % 2);
        optimal::Options plain, h48;
        h48.h48 = &table();
        h48.threads = 1 + n % 2;
        if (n % 4 == 3) plain.metric = h48.metric = optimal::Metric::kQtm;
        optimal::Result a, b;
        optimal::solve(t, c, plain, a);
        optimal::solve(t, c, h48, b);
        assert_true(b.h48_table);
        assert_false(b.standard_table || b.small_table);
        assert_true(b.proven_optimal);
        if (a.length != b.length) fail_msg("cube %d: %d moves with the H48 table, %d without", n, b.length, a.length);
        assert_int_equal(b.solutions.size(), 1);
        assert_true(applied(c, b.solutions[0]) == CubieCube::solved());
    }
}

void every_solution_and_max_length(void **) {
    const twophase::Tables &t = *tables();
    std::mt19937 rng(29);
    for (int n = 0; n < 8; ++n) {
        const CubieCube c = random_cube(rng, 5 + n % 4);
        optimal::Options plain, h48;
        plain.all_solutions = h48.all_solutions = true;
        plain.limit = h48.limit = 1000;
        h48.h48 = &table();
        h48.threads = 2;
        optimal::Result a, b;
        optimal::solve(t, c, plain, a);
        optimal::solve(t, c, h48, b);
        assert_int_equal(b.length, a.length);
        assert_int_equal(b.solutions.size(), a.solutions.size());
        for (const MoveList &m : b.solutions) assert_true(applied(c, m) == CubieCube::solved());

        optimal::Options shorter;
        shorter.h48 = &table();
        shorter.max_length = a.length - 1;
        optimal::Result r;
        try {
            optimal::solve(t, c, shorter, r);
            fail_msg("cube %d: a solution shorter than %d", n, a.length);
        } catch (const Error &e) {
            assert_int_equal(e.status, CUBE_ERROR_UNSOLVABLE);
        }
        assert_int_equal(r.lower_bound, a.length);
    }
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lengths_are_optimal),
        cmocka_unit_test(every_solution_and_max_length),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
