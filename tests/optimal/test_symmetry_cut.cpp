// The first moves the optimal search tries for a symmetric cube (libcube/src/optimal/symmetry_cut.hpp):
// the 48 symmetries, the orbits they leave, and the first solution unchanged by the cut (the search for
// every solution tries every first move, so its first solution is the reference); and the optimal length
// the same for a cube's 48 conjugates and its inverse.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cstdlib>
#include <random>
#include <set>
#include <vector>

#include "internal_fixtures.hpp"
#include "notation.hpp"
#include "optimal/symmetry_cut.hpp"
#include "optimal/optimal.hpp"
#include "twophase/symmetry.hpp"
#include "twophase/twophase.hpp"

extern "C" {
#include <cmocka.h>
}

namespace {

using namespace lc;
using namespace optimal_tests;

CubieCube cube_of(const char *moves) { return applied(CubieCube::solved(), parse_moves(moves, 3)); }

// All 48 are different symmetries, each a homomorphism on the moves: move maps are permutations that
// keep faces apart and quarter turns quarter turns, and conjugating a product is the product conjugated.
void there_are_48_symmetries(void **) {
    const optimal::AllSymmetries &all = optimal::all_symmetries();
    const twophase::Symmetries &s = twophase::symmetries();
    std::mt19937 rng(3);
    CubieCube c = random_cube(rng, 30);
    std::set<std::vector<uint8_t>> images;
    for (int n = 0; n < optimal::kAllSymmetries; ++n) {
        CubieCube seen = twophase::conjugate(c, all.sym[n], all.inv[n]);
        images.insert(std::vector<uint8_t>(std::begin(seen.cp), std::end(seen.cp)));
        uint32_t hit = 0;
        for (int m = 0; m < 18; ++m) {
            int to = all.move[n][m];
            hit |= 1u << to;
            assert_int_equal(to % 3 == 1, m % 3 == 1);
            for (int j = 0; j < 18; ++j)
                if (m / 3 == j / 3) assert_int_equal(to / 3, all.move[n][j] / 3);
        }
        assert_int_equal(hit, (1u << 18) - 1);
        CubieCube moved = c;
        moved.multiply(s.move_cube[5]);
        CubieCube want = twophase::conjugate(c, all.sym[n], all.inv[n]);
        want.multiply(s.move_cube[all.move[n][5]]);
        assert_true(twophase::conjugate(moved, all.sym[n], all.inv[n]) == want);
    }
    assert_int_equal(images.size(), optimal::kAllSymmetries);
}

// The first moves a cut tries, and the second ones after a.
uint32_t firsts(const optimal::SymmetryCut &cut) {
    uint32_t mask = 0;
    for (int m = 0; m < 18; ++m) mask |= uint32_t{cut.tries(nullptr, 0, m)} << m;
    return mask;
}
uint32_t seconds(const optimal::SymmetryCut &cut, int a) {
    uint8_t prefix[1] = {static_cast<uint8_t>(a)};
    uint32_t mask = 0;
    for (int m = 0; m < 18; ++m) mask |= uint32_t{cut.tries(prefix, 1, m)} << m;
    return mask;
}
int bits(uint32_t x) { return __builtin_popcount(x); }

// A cube without symmetry keeps every move; the superflip (all 48) keeps U and U2 first (every quarter
// turn is one orbit, every half turn another); the checkerboard some.
void cut_follows_the_symmetries(void **) {
    const uint32_t every = (1u << 18) - 1;
    std::mt19937 rng(8);
    CubieCube random = random_cube(rng, 25);
    optimal::SymmetryCut plain(random);
    assert_int_equal(plain.symmetries(), 1);
    assert_int_equal(firsts(plain), every);
    for (int a = 0; a < 18; ++a) assert_int_equal(seconds(plain, a), every);
    assert_int_equal(firsts(optimal::SymmetryCut()), every);

    CubieCube superflip = CubieCube::solved();
    for (uint8_t &o : superflip.eo) o = 1;
    optimal::SymmetryCut sf(superflip);
    assert_int_equal(sf.symmetries(), 48);
    assert_int_equal(firsts(sf), 0x3);  // U, U2
    // The four turns about the UD axis keep U: after it D, D', D2 and one turn of each kind on the sides.
    assert_int_equal(bits(seconds(sf, 0) & ~0x1ffu), 3);           // faces D, L, B: D's three
    assert_int_equal(bits(seconds(sf, 0) & 0x1f8u), 3);            // faces R, F: one of each kind
    assert_true(bits(seconds(sf, 1)) < bits(seconds(sf, 0)));      // U2 is kept by the mirrors as well
    // After U and R only the identity keeps both: every third move.
    uint8_t u_r[2] = {0, 3};
    for (int m = 0; m < 18; ++m) assert_true(sf.tries(u_r, 2, m));

    optimal::SymmetryCut cb(cube_of("R2 L2 U2 D2 F2 B2"));
    assert_true(cb.symmetries() > 1);
    assert_true(bits(firsts(cb)) < 18);
}

// With the cut, the first solution is the one the search for every solution finds first, for
// symmetric cubes (and a plain one), in HTM and QTM, on one and two threads; it visits fewer nodes.
void the_cut_keeps_the_first_solution(void **) {
    const char *cubes[] = {
        "R2 L2 U2 D2 F2 B2",          // checkerboard
        "U D' R L' F B' U D'",        // six spot
        "F2 B2 U D' R2 L2 U D'",      // four spot
        "U2 D2",                      // two layers
        "R U F' L2 D",                // no symmetry
    };
    int k = 0;
    for (const char *moves : cubes)
        for (optimal::Metric metric : {optimal::Metric::kHtm, optimal::Metric::kQtm}) {
            CubieCube c = cube_of(moves);
            optimal::Options cut, every;
            cut.metric = every.metric = metric;
            cut.threads = 1 + k++ % 2;
            every.all_solutions = true;
            every.limit = 1 << 20;
            optimal::Result a, b;
            optimal::solve(*tables(), c, cut, a);
            optimal::solve(*tables(), c, every, b);
            assert_int_equal(a.length, b.length);
            assert_true(a.proven_optimal);
            assert_true(applied(c, a.solutions[0]) == CubieCube::solved());
            if (format_moves(a.solutions[0]) != format_moves(b.solutions[0]))
                fail_msg("%s: %s with the cut, %s without", moves, format_moves(a.solutions[0]).c_str(),
                         format_moves(b.solutions[0]).c_str());
            if (optimal::SymmetryCut(c).symmetries() > 1 && a.length > 2) assert_true(a.nodes < b.nodes);
        }
}

// A cube, its inverse and its 48 conjugates have the same optimal length (HTM and QTM).
void conjugates_and_inverse_share_the_length(void **) {
    const optimal::AllSymmetries &all = optimal::all_symmetries();
    std::mt19937 rng(12);
    for (optimal::Metric metric : {optimal::Metric::kHtm, optimal::Metric::kQtm}) {
        CubieCube c = random_cube(rng, 9);
        optimal::Options o;
        o.metric = metric;
        optimal::Result want;
        optimal::solve(*tables(), c, o, want);
        optimal::Result r;
        optimal::solve(*tables(), c.inverse(), o, r);
        assert_int_equal(r.length, want.length);
        for (int n = 0; n < optimal::kAllSymmetries; ++n) {
            optimal::solve(*tables(), twophase::conjugate(c, all.sym[n], all.inv[n]), o, r);
            if (r.length != want.length) fail_msg("conjugate %d: %d moves, the cube %d", n, r.length, want.length);
        }
    }
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(there_are_48_symmetries),
        cmocka_unit_test(cut_follows_the_symmetries),
        cmocka_unit_test(the_cut_keeps_the_first_solution),
        cmocka_unit_test(conjugates_and_inverse_share_the_length),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
