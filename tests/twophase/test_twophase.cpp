// Unit tests of the 3x3 two-phase solver: coordinates, symmetries, and solutions checked with the
// cubie model. The tables come from the folder in CUBE_TABLE_DIR (built once per build folder).
#include <atomic>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "error.hpp"
#include "helpers.hpp"
#include "twophase/coord.hpp"
#include "twophase/symmetry.hpp"
#include "twophase/tables.hpp"
#include "twophase/twophase.hpp"
#include "probe.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

using namespace lc;
using namespace lc::twophase;
using tp_test::apply_moves;
using tp_test::parse;

namespace {

const Tables &tables() {
    auto t = tp_test::shared_tables();
    if (!t) fprintf(stderr, "tables: %s\n", cube_last_error());
    assert_non_null(t.get());
    return *t;
}

// Solves start -> target and checks the answer with the cubie model.
MoveList solve_checked(const CubieCube &start, const CubieCube &target, const Options &o) {
    MoveList out;
    cube_status st = tp_test::solve_status(tables(), start, target, o, out);
    if (st != CUBE_OK) fprintf(stderr, "solve: %s\n", cube_last_error());
    assert_int_equal(st, CUBE_OK);
    assert_true(apply_moves(start, out) == target);
    assert_true(static_cast<int>(out.size()) <= o.max_length);
    for (size_t i = 0; i < out.size(); ++i) {
        assert_true(out[i].kind <= 5 && out[i].amount >= 1 && out[i].amount <= 3);
        if (i > 0) assert_true(out[i].kind != out[i - 1].kind);
    }
    return out;
}

void coordinates_round_trip(void **) {
    tp_test::Rng rng{1};
    for (int i = 0; i < 200; ++i) {
        CubieCube c = tp_test::random_state(rng), d = CubieCube::solved();
        set_twist(d, twist_of(c));
        assert_true(d.co == c.co);
        set_flip(d, flip_of(c));
        assert_true(d.eo == c.eo);
        set_corners(d, corners_of(c));
        assert_true(d.cp == c.cp);
        for (EdgeGroup g : {kSliceEdges, kUEdges, kDEdges}) {
            CubieCube e = CubieCube::solved();
            set_four_edges(e, g, four_edges_of(c, g));
            assert_int_equal(four_edges_of(e, g), four_edges_of(c, g));
        }
    }
    CubieCube s = CubieCube::solved();
    assert_int_equal(twist_of(s) + flip_of(s) + four_edges_of(s, kSliceEdges) + corners_of(s) + ud_edges_of(s), 0);
}

void symmetries_are_a_group(void **) {
    const Symmetries &s = symmetries();
    assert_true(s.sym[0] == CubieCube::solved());
    for (int i = 0; i < kSyms; ++i) {
        assert_true(sym_multiply(s.sym[i], s.sym[s.inv[i]]) == CubieCube::solved());
        for (int j = 0; j < i; ++j) assert_false(s.sym[i] == s.sym[j]);
        // Conjugating a face turn gives a face turn: U turns stay on the U-D axis.
        CubieCube u = conjugate(s.move_cube[0], s.sym[i], s.sym[s.inv[i]]);
        bool found = false;
        for (int m : {0, 2, 9, 11}) found = found || u == s.move_cube[m];
        assert_true(found);
    }
    // The mirror in Kociemba's convention turns U into U'.
    assert_true(conjugate(s.move_cube[0], s.sym[1], s.sym[s.inv[1]]) == s.move_cube[2]);
    CubieCube r3 = sym_multiply(sym_multiply(s.urf3, s.urf3), s.urf3);
    assert_true(r3 == CubieCube::solved());
}

void solved_state_needs_no_moves(void **) {
    Options o;
    MoveList out = solve_checked(CubieCube::solved(), CubieCube::solved(), o);
    assert_int_equal(out.size(), 0);
}

void one_move_states(void **) {
    Options o;
    for (int f = 0; f < 6; ++f)
        for (int a = 1; a <= 3; ++a) {
            CubieCube c = apply_moves(CubieCube::solved(), MoveList{Move{static_cast<uint8_t>(f), static_cast<uint8_t>(a)}});
            MoveList out = solve_checked(c, CubieCube::solved(), o);
            assert_int_equal(out.size(), 1);
            assert_int_equal(out[0].kind, f);
            assert_int_equal(out[0].amount, 4 - a);
        }
}

void random_states(void **) {
    tp_test::Rng rng{2024};
    Options o;
    for (int i = 0; i < 100; ++i) solve_checked(tp_test::random_state(rng), CubieCube::solved(), o);
}

void random_states_21_moves(void **) {
    tp_test::Rng rng{77};
    Options o;
    o.max_length = 21;
    for (int i = 0; i < 100; ++i) solve_checked(tp_test::random_state(rng), CubieCube::solved(), o);
}

void superflip_in_20(void **) {
    CubieCube c = apply_moves(CubieCube::solved(), parse("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"));
    for (int i = 0; i < 12; ++i) assert_true(c.ep[i] == i && c.eo[i] == 1);
    Options o;
    MoveList out = solve_checked(c, CubieCube::solved(), o);
    assert_int_equal(out.size(), 20);  // the superflip needs exactly 20
    o.max_length = 19;
    o.timeout_us = 200000;
    MoveList none;
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), o, none), CUBE_ERROR_TIMEOUT);
}

void solve_to_target(void **) {
    CubieCube checker = apply_moves(CubieCube::solved(), parse("U2 D2 F2 B2 L2 R2"));
    CubieCube cube_in_cube = apply_moves(CubieCube::solved(), parse("F L F U' R U F2 L2 U' L' B D' B' L2 U"));
    Options o;
    // From solved to a pattern, from a pattern to another, from random states to random targets.
    solve_checked(CubieCube::solved(), checker, o);
    solve_checked(checker, cube_in_cube, o);
    tp_test::Rng rng{5};
    for (int i = 0; i < 20; ++i) solve_checked(tp_test::random_state(rng), tp_test::random_state(rng), o);
    MoveList out = solve_checked(checker, checker, o);
    assert_int_equal(out.size(), 0);
}

void short_limits_are_exact(void **) {
    CubieCube c = apply_moves(CubieCube::solved(), parse("R U F"));
    Options o;
    o.max_length = 3;
    MoveList out = solve_checked(c, CubieCube::solved(), o);
    assert_int_equal(out.size(), 3);
    o.max_length = 2;
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), o, out), CUBE_ERROR_UNSOLVABLE);
    assert_non_null(strstr(cube_last_error(), "no solution of at most 2 moves exists"));
}

// Every move sequence of `left` moves from (tw, fl, pos) that ends in the phase-2 group, by brute force.
void brute_force_paths(const Tables &t, int tw, int fl, int pos, int prev, int left, std::vector<uint8_t> &cur,
                       std::vector<std::vector<uint8_t>> &out) {
    const bool in_group = (tw | fl | pos) == 0;
    if (left == 0) {
        if (in_group) out.push_back(cur);
        return;
    }
    for (int m = 0; m < kMoves; ++m) {
        if (!may_follow(prev, m) || (in_group && left < 5 && is_phase2_move(m))) continue;
        cur.push_back(static_cast<uint8_t>(m));
        brute_force_paths(t, t.twist_move[tw * kMoves + m], t.flip_move[fl * kMoves + m],
                          t.slice_move[pos * 24 * kMoves + m] / 24, m, left - 1, cur, out);
        cur.pop_back();
    }
}

// The same sequences, walked in the near graph as the search walks it.
void graph_paths(const Tables &t, uint32_t node, int prev, int left, std::vector<uint8_t> &cur,
                 std::vector<std::vector<uint8_t>> &out) {
    if (left == 0) {
        if (node == 0) out.push_back(cur);
        return;
    }
    for (int m = 0; m < kMoves; ++m) {
        uint32_t e = t.near_succ[node * kMoves + m];
        if (static_cast<int>(e & 7) > left - 1 || !may_follow(prev, m)) continue;
        if (node == 0 && left < 5 && is_phase2_move(m)) continue;
        cur.push_back(static_cast<uint8_t>(m));
        graph_paths(t, e >> 3, m, left - 1, cur, out);
        cur.pop_back();
    }
}

void near_graph_matches_brute_force(void **) {
    const Tables &t = tables();
    assert_int_equal(t.near_index(0, 0, 0), 0);
    tp_test::Rng rng{11};
    // Brute force is 18^length sequences: up to 5 moves here; the membership check below covers 6.
    const int longest = kNearDepth < 5 ? kNearDepth : 5;
    for (int start = 0; start < 12; ++start) {
        // A start 0..longest moves from the phase-2 group (its phase-1 coordinates all 0).
        int tw = 0, fl = 0, pos = 0;
        for (int k = start % (longest + 1); k > 0; --k) {
            int m = static_cast<int>(rng.below(kMoves));
            tw = t.twist_move[tw * kMoves + m], fl = t.flip_move[fl * kMoves + m];
            pos = t.slice_move[pos * 24 * kMoves + m] / 24;
        }
        uint32_t node = t.near_index(tw, fl, pos);
        assert_true(node < kNearNodes);
        for (int length = 1; length <= longest; ++length) {
            std::vector<std::vector<uint8_t>> want, got;
            std::vector<uint8_t> cur;
            brute_force_paths(t, tw, fl, pos, -1, length, cur, want);
            graph_paths(t, node, -1, length, cur, got);
            assert_true(want == got);
        }
    }
    // Each node's move masks sort its successors by distance: closer, as close, further.
    for (uint32_t node = 0; node < kNearNodes; node += 997) {
        const uint64_t moves = t.near_moves[node];
        const int depth = static_cast<int>(moves >> 54);
        assert_true(depth <= kNearDepth);
        for (int m = 0; m < kMoves; ++m) {
            const uint32_t e = t.near_succ[node * kMoves + m];
            for (int group = 0; group < 3; ++group) {
                bool set = moves >> (18 * group + m) & 1;
                assert_int_equal(set, e != kNoNear && static_cast<int>(e & 7) == depth - 1 + group);
            }
        }
    }
    // A state is in the graph exactly when its phase-1 distance is at most kNearDepth.
    for (int i = 0; i < 200; ++i) {
        CubieCube c = CubieCube::solved();
        int moves = 3 + i % 8;
        for (int k = 0; k < moves; ++k) c = apply_moves(c, {Move{static_cast<uint8_t>(rng.below(6)), static_cast<uint8_t>(1 + rng.below(3))}});
        int slice = four_edges_of(c, kSliceEdges);
        bool near = t.near_index(twist_of(c), flip_of(c), slice / 24) != kNoNear;
        assert_int_equal(near, t.phase1_distance(flip_of(c), slice, twist_of(c)) <= kNearDepth);
    }
}

void timeout_and_cancel(void **) {
    tp_test::Rng rng{9};
    CubieCube c = tp_test::random_state(rng);
    Options o;
    o.max_length = 15;  // almost never possible for a random state: only the clock ends this search
    o.timeout_us = 30000;
    MoveList out;
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), o, out), CUBE_ERROR_TIMEOUT);
    assert_non_null(strstr(cube_last_error(), "time limit"));
    // A stop flag set before or during the search ends it as cancelled, the token's or the call's own.
    std::atomic<int32_t> token{1};
    StopFlag by_token(&token);
    Options oc;
    oc.stop = &by_token;
    oc.max_length = 15;
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), oc, out), CUBE_ERROR_CANCELLED);
    StopFlag own;
    own.stop();
    oc.stop = &own;
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), oc, out), CUBE_ERROR_CANCELLED);
    Options bad;
    bad.max_length = -1;
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), bad, out), CUBE_ERROR_INVALID_ARGUMENT);
    CubieCube twisted = CubieCube::solved();
    twisted.co[0] = 1;
    assert_int_equal(tp_test::solve_status(tables(), twisted, CubieCube::solved(), Options{}, out), CUBE_ERROR_INVALID_CUBE);
}

// min_effort with a time limit returns the shortest solution found when the time runs out.
void min_effort_time_limit_keeps_a_solution(void **) {
    tp_test::Rng rng{12};
    CubieCube c = tp_test::random_state(rng);
    Options o;
    o.min_effort = true;
    o.timeout_us = 20000;
    MoveList out = solve_checked(c, CubieCube::solved(), o);
    assert_true(out.size() <= 20);
}

void min_effort_finds_shorter(void **) {
    tp_test::Rng rng{11};
    int plain = 0, effort = 0;
    for (int i = 0; i < 5; ++i) {
        CubieCube c = tp_test::random_state(rng);
        Options o;
        o.max_length = 21;
        plain += static_cast<int>(solve_checked(c, CubieCube::solved(), o).size());
        o.min_effort = true;
        o.timeout_us = 20000;
        effort += static_cast<int>(solve_checked(c, CubieCube::solved(), o).size());
    }
    assert_true(effort <= plain);
}

// Every solution collected with a node limit, with only the shortest phase-2 ending or with every one:
// the second is a superset of the first, and every solution solves the cube within the length.
void collector_can_take_every_ending(void **) {
    tp_test::Rng rng{5};
    const CubieCube c = tp_test::random_state(rng);
    std::vector<MoveList> shortest_endings, every_ending;
    std::vector<MoveList> *into = nullptr;
    std::function<bool(const MoveList &)> collect = [&](const MoveList &m) {
        assert_true(apply_moves(c, m) == CubieCube::solved());
        assert_true(m.size() <= 21);
        into->push_back(m);
        return true;
    };
    Options o;
    o.max_length = 21;
    o.node_limit = 200000;
    o.collect = &collect;
    MoveList none;
    into = &shortest_endings;
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), o, none), CUBE_OK);
    o.collect_every_ending = true;
    into = &every_ending;
    assert_int_equal(tp_test::solve_status(tables(), c, CubieCube::solved(), o, none), CUBE_OK);
    assert_true(!shortest_endings.empty());
    assert_true(every_ending.size() > shortest_endings.size());
    // Within the same node limit the search reaches fewer phase-1 solutions, so compare the first few.
    for (size_t i = 0; i < shortest_endings.size() && i < 3; ++i) {
        bool met = false;
        for (const MoveList &m : every_ending) met = met || m == shortest_endings[i];
        assert_true(met);
    }
}

void deterministic(void **) {
    tp_test::Rng rng{3};
    for (int i = 0; i < 10; ++i) {
        CubieCube c = tp_test::random_state(rng);
        Options o;
        MoveList a = solve_checked(c, CubieCube::solved(), o), b = solve_checked(c, CubieCube::solved(), o);
        assert_true(a == b);
    }
}

void threads_share_tables(void **) {
    const Tables &t = tables();
    std::atomic<int> bad{0};
    std::vector<std::thread> pool;
    for (int k = 0; k < 4; ++k)
        pool.emplace_back([&, k] {
            tp_test::Rng rng{100u + k};
            for (int i = 0; i < 25; ++i) {
                CubieCube c = tp_test::random_state(rng);
                MoveList out;
                if (tp_test::solve_status(t, c, CubieCube::solved(), Options{}, out) != CUBE_OK || apply_moves(c, out) != CubieCube::solved() ||
                    out.size() > 20)
                    ++bad;
            }
        });
    for (auto &th : pool) th.join();
    assert_int_equal(bad.load(), 0);
}

void table_file_verifies(void **) {
    tables();
    assert_int_equal(tp_test::verify_status(table_file_path(default_table_dir())), CUBE_OK);
    assert_true(tables_mapped(tables()));
    assert_true(table_bytes(tables()) < (uint64_t{1} << 30));
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(coordinates_round_trip),
        cmocka_unit_test(symmetries_are_a_group),
        cmocka_unit_test(table_file_verifies),
        cmocka_unit_test(solved_state_needs_no_moves),
        cmocka_unit_test(one_move_states),
        cmocka_unit_test(random_states),
        cmocka_unit_test(collector_can_take_every_ending),
        cmocka_unit_test(random_states_21_moves),
        cmocka_unit_test(superflip_in_20),
        cmocka_unit_test(solve_to_target),
        cmocka_unit_test(short_limits_are_exact),
        cmocka_unit_test(near_graph_matches_brute_force),
        cmocka_unit_test(timeout_and_cancel),
        cmocka_unit_test(min_effort_time_limit_keeps_a_solution),
        cmocka_unit_test(min_effort_finds_shorter),
        cmocka_unit_test(deterministic),
        cmocka_unit_test(threads_share_tables),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
