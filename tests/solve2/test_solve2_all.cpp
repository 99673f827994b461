// Long test: solves every one of the 3,674,160 positions in both metrics and checks each
// answer with the cubie model (multiply by face_turn_cubie): it solves the cube and is as
// long as the table says (in the metric: a half turn counts 2 in QTM).
// cmocka 1.1.5 declares its functions without extern "C", so the include is wrapped.
#include <cube/moves.h>

#include "apply_moves.hpp"
#include "notation.hpp"
#include "solve2/coord.hpp"
#include "solve2/solve2.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

using namespace lc;
using namespace lc::solve2;

namespace {

void solve_every_position(Metric metric) {
    const Tables &t = tables(metric);
    std::array<int64_t, 16> lengths{};
    for (int32_t i = 0; i < kPositions; i++) {
        const CubieCube start = corners_from_index(i);
        MoveList ml = solve(t, start);
        CubieCube c = start;
        solve2_test::apply_moves(c, ml);
        assert_true(solve2_test::corners_solved(c));
        const int length = moves_length(ml, metric == Metric::kQtm ? CUBE_METRIC_QTM : CUBE_METRIC_HTM);
        assert_int_equal(length, distance(t, start));
        lengths[length]++;
    }
    auto want = distribution(t);
    for (int d = 0; d < 16; d++) assert_int_equal(lengths[d], want[d]);
}

void every_position_htm(void **) { solve_every_position(Metric::kHtm); }
void every_position_qtm(void **) { solve_every_position(Metric::kQtm); }

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_position_htm),
        cmocka_unit_test(every_position_qtm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
