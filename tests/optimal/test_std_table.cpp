// The optimal solver's standard table (libcube/src/optimal/std_table.hpp), below the C API: the corner-set
// coordinate against the cube model (moves, the 16 symmetries), the index's symmetry invariance, and the
// builder run on the phase-1 layout (the same code with one corner set), whose distances must be the
// two-phase tables' phase-1 distances. The standard layout itself (3.5 GiB) is not built here.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <cstdlib>
#include <random>
#include <string>
#include <set>

#include "cancel.hpp"
#include "error.hpp"
#include "internal_fixtures.hpp"
#include "optimal/bounds.hpp"
#include "optimal/inverse.hpp"
#include "optimal/optimal.hpp"
#include "optimal/std_table.hpp"
#include "twophase/coord.hpp"
#include "twophase/symmetry.hpp"
#include "twophase/tables.hpp"
#include "twophase/twophase.hpp"

extern "C" {
#include <cmocka.h>
}

namespace {

using namespace lc;
using namespace optimal_tests;

void corner_sets_follow_the_cube(void **) {
    const optimal::CornerSets &cs = optimal::corner_sets();
    const twophase::Symmetries &s = twophase::symmetries();
    assert_int_equal(optimal::corner_set_of(CubieCube::solved()), cs.home);
    std::set<int> seen;
    std::mt19937 rng(5);
    for (int n = 0; n < 3000; ++n) {
        CubieCube c = random_cube(rng, 30);
        int set = optimal::corner_set_of(c);
        assert_in_range(set, 0, optimal::kCornerSets - 1);
        seen.insert(set);
        for (int m = 0; m < 18; ++m) {
            CubieCube moved = c;
            moved.multiply(s.move_cube[m]);
            assert_int_equal(optimal::corner_set_of(moved), cs.move[set][m]);
        }
        for (int k = 0; k < twophase::kSyms; ++k)
            assert_int_equal(optimal::corner_set_of(twophase::conjugate(c, s.sym[k], s.sym[s.inv[k]])),
                             cs.conj[set][k]);
    }
    assert_int_equal(seen.size(), optimal::kCornerSets);
}

// The small table's corner pairs: a set and its complement share a pair, the 35 pairs each have two sets,
// and a move or a symmetry maps the sets of one pair to the sets of one pair.
void corner_pairs_follow_the_sets(void **) {
    const optimal::CornerSets &cs = optimal::corner_sets();
    const optimal::Layout &small = optimal::kSmallLayout;
    int per_pair[optimal::kCornerPairs] = {};
    for (int mask = 0; mask < 256; ++mask) {
        int set = cs.of_mask[mask];
        if (set == 255) continue;
        int pair = optimal::layout_coord(small, set);
        assert_in_range(pair, 0, optimal::kCornerPairs - 1);
        assert_int_equal(optimal::layout_coord(small, cs.of_mask[~mask & 0xff]), pair);
        assert_int_equal(optimal::layout_coord(small, optimal::layout_rep(small, pair)), pair);
        ++per_pair[pair];
        int other = cs.of_mask[~mask & 0xff];
        for (int m = 0; m < 18; ++m)
            assert_int_equal(optimal::layout_coord(small, cs.move[set][m]),
                             optimal::layout_coord(small, cs.move[other][m]));
        for (int k = 0; k < twophase::kSyms; ++k)
            assert_int_equal(optimal::layout_coord(small, cs.conj[set][k]),
                             optimal::layout_coord(small, cs.conj[other][k]));
    }
    for (int n : per_pair) assert_int_equal(n, 2);
}

// The rule of three equal distances (bounds.hpp, axes_allow): its premise, that every move seen from
// the axis of its face is in that axis's goal (phase 1's and the standard table's), and its use.
void three_equal_distances_rule_a_node_out(void **) {
    const twophase::Symmetries &s = twophase::symmetries();
    const optimal::AxisMaps &maps = optimal::axis_maps();
    for (int m = 0; m < 18; ++m) {
        int r = maps.turn_axis[m];
        CubieCube seen = twophase::conjugate(s.move_cube[m], maps.rot[r], maps.rot_inv[r]);
        assert_int_equal(twophase::flip_of(seen), 0);
        assert_int_equal(twophase::twist_of(seen), 0);
        assert_int_equal(twophase::four_edges_of(seen, twophase::kSliceEdges) / 24, 0);
        assert_int_equal(optimal::corner_set_of(seen), optimal::corner_sets().home);
    }
    optimal::Node n{};
    n.dist[0] = n.dist[1] = n.dist[2] = 7;
    n.corner_dist = 5;
    assert_false(optimal::Bounds::axes_allow(n, 7));
    assert_true(optimal::Bounds::axes_allow(n, 8));
    assert_int_equal(optimal::Bounds::bound(n), 8);
    n.dist[1] = 6;
    assert_true(optimal::Bounds::axes_allow(n, 7));
    assert_int_equal(optimal::Bounds::bound(n), 7);
    n.dist[0] = n.dist[1] = n.dist[2] = 0;
    assert_true(optimal::Bounds::axes_allow(n, 0));
    assert_int_equal(optimal::Bounds::bound(n), 5);
}

// The rule that rules a move out by the inverse (search.cpp, inverse_rules_out): when the inverse's
// distance to an axis's goal is the whole length, no shortest solution starts with a turn of that axis's
// U or D face (such a turn is in the goal). Checked with phase 1's goal and exact distances against every
// shortest solution of short scrambles, in HTM and QTM.
void tight_inverse_rules_out_first_moves(void **) {
    const twophase::Tables &t = *tables();
    const optimal::AxisMaps &maps = optimal::axis_maps();
    std::mt19937 rng(23);
    int tight = 0;
    for (int n = 0; n < 40; ++n) {
        CubieCube c = random_cube(rng, 3 + n % 6);
        optimal::Options o;
        o.all_solutions = true;
        o.limit = 1 << 20;
        if (n % 4 == 3) o.metric = optimal::Metric::kQtm;
        optimal::Result r;
        optimal::solve(t, c, o, r);
        CubieCube inverse = c.inverse();
        for (int axis = 0; axis < optimal::kAxes; ++axis) {
            CubieCube seen = twophase::conjugate(inverse, maps.rot[axis], maps.rot_inv[axis]);
            int d = t.phase1_distance(twophase::flip_of(seen), twophase::four_edges_of(seen, twophase::kSliceEdges),
                                      twophase::twist_of(seen));
            // A first move of the axis costs 1 (2 for a half turn in QTM) and leaves the distance as it is.
            for (const MoveList &m : r.solutions) {
                int first = m[0].kind * 3 + m[0].amount - 1;
                int cost = o.metric == optimal::Metric::kQtm && m[0].amount == 2 ? 2 : 1;
                if (maps.turn_axis[first] != axis) continue;
                if (d > r.length - cost)
                    fail_msg("cube %d: inverse at %d on axis %d, a solution of %d starts on it", n, d, axis, r.length);
            }
            tight += d == r.length;
        }
    }
    assert_true(tight > 10);  // the premise was put to the test
}

// The entries a table index stands for: its images under the self-symmetries of the class.
std::set<uint64_t> images(const twophase::Tables &t, const optimal::StdTable &table, uint64_t i) {
    const optimal::Layout &l = table.layout();
    uint32_t cls = static_cast<uint32_t>(i / l.stored_block() / twophase::kTwist);
    int twist = static_cast<int>(i / l.stored_block() % twophase::kTwist);
    int set = optimal::layout_rep(l, static_cast<int>(i % l.stored_block()));
    std::set<uint64_t> all;
    for (int s = 0; s < 16; ++s)
        if (t.fs_selfsym[cls] >> s & 1)
            all.insert(table.index(cls, t.twist_conj[twist * 16 + s],
                                   optimal::layout_coord(l, optimal::corner_sets().conj[set][s])));
    return all;
}

uint64_t index_of(const twophase::Tables &t, const optimal::StdTable &table, const CubieCube &c) {
    int fs = twophase::four_edges_of(c, twophase::kSliceEdges) / 24 * twophase::kFlip + twophase::flip_of(c);
    return table.index_of(t, t.fs_classsym[fs], twophase::twist_of(c), optimal::corner_set_of(c));
}

void index_invariant_in(const optimal::Layout &layout);

void index_is_symmetry_invariant(void **) {
    for (const optimal::Layout *layout : {&optimal::kStdLayout, &optimal::kSmallLayout}) index_invariant_in(*layout);
}

void index_invariant_in(const optimal::Layout &layout) {
    const twophase::Tables &t = *tables();
    const twophase::Symmetries &s = twophase::symmetries();
    // Only the index arithmetic is used: an unfilled table of the layout's shape costs nothing.
    optimal::StdTable table(layout, tablefile::Blob::allocate(4096 + 64));
    std::mt19937 rng(9);
    int self_symmetric = 0;
    for (int n = 0; n < 3000; ++n) {
        CubieCube c = random_cube(rng, n % 3 == 0 ? 3 : 30);  // short scrambles reach self-symmetric classes
        uint64_t i = index_of(t, table, c);
        assert_true(i < layout.blocks() * layout.stored_block());
        assert_in_range(i % layout.stored_block(), 0, static_cast<uint64_t>(layout.sets - 1));
        std::set<uint64_t> same = images(t, table, i);
        self_symmetric += same.size() > 1;
        for (int k = 0; k < twophase::kSyms; ++k) {
            uint64_t j = index_of(t, table, twophase::conjugate(c, s.sym[k], s.sym[s.inv[k]]));
            assert_true(same.count(j) == 1);
        }
    }
    assert_true(self_symmetric > 0);
}

// Whether this is the sanitizer run (scripts/sanitize.sh sets CUBE_TEST_REPEAT_DIVISOR): there the whole
// phase-1 layout build takes minutes, so the tests that read it are skipped and cancelled_build_throws runs
// the builder's first levels on two threads instead; the whole build runs in the main build's suite.
bool sanitizer_run() {
    const char *divisor = std::getenv("CUBE_TEST_REPEAT_DIVISOR");
    return divisor && std::atoi(divisor) > 1;
}

// The phase-1 layout built once for the tests that read it; `calls` counts the build's progress calls.
std::shared_ptr<const optimal::StdTable> phase1_table(int *calls = nullptr) {
    if (sanitizer_run()) skip();
    static int progress_calls = 0;
    static std::shared_ptr<const optimal::StdTable> built =
        optimal::build_std(*tables(), optimal::kPhase1Layout, 2, [](double f, int) {
            if (f < 0.0 || f > 1.0 + 1e-9) fail_msg("progress fraction %f", f);
            ++progress_calls;
            return false;
        });
    if (calls) *calls = progress_calls;
    return built;
}

// The phase-1 small layout (1 bit an entry) built once.
std::shared_ptr<const optimal::StdTable> phase1_small_table() {
    if (sanitizer_run()) skip();
    static std::shared_ptr<const optimal::StdTable> built =
        optimal::build_std(*tables(), optimal::kPhase1SmallLayout, 2, [](double, int) { return false; });
    return built;
}

// Its bits say whether the phase-1 distance is at least kSmallFrom: against the 3-bit phase-1 layout for
// every entry (whose codes tell 8 to 12 apart) and against the exact distance for cubes.
void phase1_small_layout_gives_phase1_bits(void **) {
    const twophase::Tables &t = *tables();
    auto coded = phase1_table();
    auto small = phase1_small_table();
    assert_int_equal(small->layout().bytes(), (twophase::kPrune1Entries + 7) / 8);
    uint64_t ones = 0;
    for (uint64_t k = 0; k < twophase::kPrune1Entries; ++k) {
        int bit = small->entry(k);
        ones += bit;
        int bound = coded->bound(k * optimal::kPhase1Layout.block_entries);
        if (bit != (bound >= optimal::kSmallFrom))
            fail_msg("entry %llu: bit %d, coded bound %d", (unsigned long long)k, bit, bound);
        if (small->bound(k) != bit * optimal::kSmallFrom)
            fail_msg("entry %llu: bound %d", (unsigned long long)k, small->bound(k));
    }
    assert_true(ones > 0 && ones < twophase::kPrune1Entries);
    std::mt19937 rng(4);
    for (int n = 0; n < 300; ++n) {
        CubieCube c = random_cube(rng, 1 + n % 25);
        int flip = twophase::flip_of(c), slice = twophase::four_edges_of(c, twophase::kSliceEdges);
        int d = t.phase1_distance(flip, slice, twophase::twist_of(c));
        assert_int_equal(small->entry(index_of(t, *small, c)), d >= optimal::kSmallFrom);
    }
}

// The phase-1 layout's entries are the phase-1 distances coded as the standard table codes them (at
// most 7, 8 to 12, 13 or more): against prune1's distances mod 3 for every entry, and exactly for cubes.
void phase1_layout_gives_phase1_distances(void **) {
    const twophase::Tables &t = *tables();
    int calls = 0;
    auto built = phase1_table(&calls);
    assert_true(calls > 0);
    const optimal::StdTable &table = *built;
    uint64_t by_bound[optimal::kLastExact + 2] = {};
    for (uint64_t k = 0; k < twophase::kPrune1Entries; ++k) {
        int bound = table.bound(k * optimal::kPhase1Layout.block_entries);
        ++by_bound[bound];
        if (bound != 0 && bound % 3 != (t.prune1[k] & 3))
            fail_msg("entry %llu: %d, phase 1 says %d mod 3", (unsigned long long)k, bound, t.prune1[k] & 3);
    }
    // Phase 1 takes at most 12 moves: every code but "13 or more" occurs.
    assert_true(by_bound[0] > 0);
    for (int d = optimal::kFirstExact; d <= optimal::kLastExact; ++d) assert_true(by_bound[d] > 0);
    assert_int_equal(by_bound[optimal::kLastExact + 1], 0);
    std::mt19937 rng(3);
    for (int n = 0; n < 300; ++n) {
        CubieCube c = random_cube(rng, 1 + n % 25);
        int flip = twophase::flip_of(c), slice = twophase::four_edges_of(c, twophase::kSliceEdges);
        int twist = twophase::twist_of(c);
        int d = t.phase1_distance(flip, slice, twist);
        int want = d < optimal::kFirstExact ? 0 : d;
        assert_int_equal(table.bound(index_of(t, table, c)), want);
    }
}

// The inverse kept at a node: a left multiplication per move gives the inverse of the moved cube, and
// its coordinates on each axis are those of the cube conjugated onto that axis.
void inverse_steps_and_views_follow_the_cube(void **) {
    const twophase::Symmetries &s = twophase::symmetries();
    const optimal::AxisMaps &axes = optimal::axis_maps();
    const optimal::InverseMaps &maps = optimal::inverse_maps();
    std::mt19937 rng(21);
    for (int n = 0; n < 2000; ++n) {
        CubieCube c = random_cube(rng, n % 30);
        int m = static_cast<int>(rng() % 18);
        CubieCube moved = c;
        moved.multiply(s.move_cube[m]);
        optimal::Packed inv = optimal::left_multiplied(maps, optimal::pack(c.inverse()), m);
        CubieCube want = moved.inverse();
        optimal::Packed expected = optimal::pack(want);
        assert_memory_equal(&inv, &expected, sizeof inv);
        // Seen from the axis on which m turns the U or D face, the inverse's coordinates stay as they were
        // (that turn is in the axis's goal, and the goal's elements on the left keep a coordinate).
        const int r_turn = axes.turn_axis[m];
        optimal::AxisCoords before = optimal::axis_coords(maps, optimal::pack(c.inverse()), r_turn);
        optimal::AxisCoords after = optimal::axis_coords(maps, inv, r_turn);
        assert_int_equal(after.flip, before.flip);
        assert_int_equal(after.twist, before.twist);
        assert_int_equal(after.slice_pos, before.slice_pos);
        assert_int_equal(after.set, before.set);
        for (int r = 0; r < optimal::kAxes; ++r) {
            CubieCube seen = twophase::conjugate(want, axes.rot[r], axes.rot_inv[r]);
            optimal::AxisCoords a = optimal::axis_coords(maps, inv, r);
            assert_int_equal(a.flip, twophase::flip_of(seen));
            assert_int_equal(a.twist, twophase::twist_of(seen));
            assert_int_equal(a.slice_pos, twophase::four_edges_of(seen, twophase::kSliceEdges) / 24);
            assert_int_equal(a.set, optimal::corner_set_of(seen));
        }
    }
}

// A saved table found again, read through the file mapping or from its copy in anonymous memory
// ($CUBE_OPTIMAL_TABLE_MEMORY), holds the built entries either way.
void found_table_is_the_built_one(void **) {
    auto built = phase1_table();
    const optimal::Layout &layout = optimal::kPhase1Layout;
    for (const char *policy : {"mapped", "copy"}) {
        char dir[] = "/tmp/cube-std-table-XXXXXX";
        assert_non_null(mkdtemp(dir));
        std::string path = std::string(dir) + "/" + layout.file_name;
        optimal::save_std(*built, path, {});
        setenv("CUBE_OPTIMAL_TABLE_MEMORY", policy, 1);
        std::string why;
        auto found = optimal::find_std({dir}, layout, why);
        unsetenv("CUBE_OPTIMAL_TABLE_MEMORY");
        if (!found) fail_msg("%s: %s", policy, why.c_str());
        assert_int_equal(found->blob().mapped_from_file(), std::string(policy) == "mapped");
        assert_memory_equal(found->data(), built->data(), layout.bytes());
        assert_int_equal(std::remove(path.c_str()), 0);  // the mapping or the copy stays readable
        uint64_t last = layout.blocks() * layout.stored_block() - 1;
        assert_int_equal(found->entry(last), built->entry(last));
        rmdir(dir);
    }
}

void search_is_optimal_with(const optimal::StdTable &table);

// The search bounded by a table of a layout (here the phase-1 layout: the code path of the standard
// table, with its copies of the small tables in huge pages and the corner-first pruning) finds
// solutions as short as the search with the two-phase tables alone, on 1 and 2 threads, in HTM and
// QTM, and every answer solves its cube.
void search_with_a_layout_table_is_optimal(void **) { search_is_optimal_with(*phase1_table()); }

// The same with the phase-1 small layout: the code path of the small table (prune1 beside its bits).
void search_with_a_small_layout_table_is_optimal(void **) { search_is_optimal_with(*phase1_small_table()); }

void search_is_optimal_with(const optimal::StdTable &table) {
    const twophase::Tables &t = *tables();
    std::mt19937 rng(11);
    for (int n = 0; n < 32; ++n) {
        // Scrambles of up to 12 moves: the longer ones reach the distances the codes hold (8 or more),
        // where the cube's and the inverse's probes prune.
        CubieCube c = random_cube(rng, n < 24 ? 1 + n % 9 : 10 + n % 3);
        optimal::Options plain, bounded;
        bounded.table = &table;
        bounded.threads = 1 + n % 2;
        if (n % 4 == 3) plain.metric = bounded.metric = optimal::Metric::kQtm;
        optimal::Result a, b;
        optimal::solve(t, c, plain, a);
        optimal::solve(t, c, bounded, b);
        assert_int_equal(b.standard_table, table.layout().bits == 3);
        assert_int_equal(b.small_table, table.layout().bits == 1);
        assert_true(b.proven_optimal);
        if (a.length != b.length) fail_msg("cube %d: %d moves with the table, %d without", n, b.length, a.length);
        assert_int_equal(b.solutions.size(), 1);
        assert_true(applied(c, b.solutions[0]) == CubieCube::solved());
    }
}

// A stop request ends a long search with a table of a layout soon after (each worker looks every
// 4096 nodes); the figure is printed, the assertion has a wide margin for loaded and sanitizer builds.
void stop_ends_a_layout_table_search_soon(void **) {
    auto table = phase1_table();
    std::mt19937 rng(17);
    CubieCube c = random_cube(rng, 40);
    for (int threads = 1; threads <= 2; ++threads) {
        StopFlag stop;
        optimal::Options o;
        o.table = table.get();
        o.threads = threads;
        o.stop = &stop;
        optimal::Result r;
        std::chrono::steady_clock::time_point asked;
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            asked = std::chrono::steady_clock::now();
            stop.stop();
        });
        cube_status st = lc::api_guard([&] {
            optimal::solve(*tables(), c, o, r);
            return CUBE_OK;
        });
        auto ended = std::chrono::steady_clock::now();
        stopper.join();
        assert_int_equal(st, CUBE_ERROR_CANCELLED);
        double ms = std::chrono::duration<double, std::milli>(ended - asked).count();
        printf("stop answered after %.1f ms (%d thread(s), lower bound %d)\n", ms, threads, r.lower_bound);
        assert_true(ms < 1000.0);
        assert_true(r.lower_bound >= 10);
    }
}

// Stopped at the fourth level: the first levels ran on two workers, then the stop is heard.
void cancelled_build_throws(void **) {
    bool cancelled = false;
    try {
        optimal::build_std(*tables(), optimal::kPhase1Layout, 2, [](double, int level) { return level >= 4; });
    } catch (const Error &e) {
        cancelled = e.status == CUBE_ERROR_CANCELLED;
    }
    assert_true(cancelled);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corner_sets_follow_the_cube),
        cmocka_unit_test(corner_pairs_follow_the_sets),
        cmocka_unit_test(index_is_symmetry_invariant),
        cmocka_unit_test(three_equal_distances_rule_a_node_out),
        cmocka_unit_test(tight_inverse_rules_out_first_moves),
        cmocka_unit_test(phase1_layout_gives_phase1_distances),
        cmocka_unit_test(inverse_steps_and_views_follow_the_cube),
        cmocka_unit_test(phase1_small_layout_gives_phase1_bits),
        cmocka_unit_test(found_table_is_the_built_one),
        cmocka_unit_test(search_with_a_layout_table_is_optimal),
        cmocka_unit_test(search_with_a_small_layout_table_is_optimal),
        cmocka_unit_test(stop_ends_a_layout_table_search_soon),
        cmocka_unit_test(cancelled_build_throws),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
