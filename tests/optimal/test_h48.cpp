// The coordinates of the 48-symmetric goal (libcube/src/optimal/h48_coord.hpp) and the h0 table: they
// are coset coordinates (the same for h x and x when h is in the goal group), the 48 symmetries map the
// goal group onto itself, the move, conjugation and class tables agree with the cube model, and the h0
// table holds exact coset distances (against a breadth-first search of the cosets near the goal), the
// same for a cube's 48 conjugates and never more than a scramble's length; the near set, the h7 codes and
// the table file (h48_table.hpp).
#include <setjmp.h>
#include <unistd.h>
#include <stdarg.h>
#include <stddef.h>

#include <algorithm>
#include <cstring>
#include <tuple>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <map>
#include <random>
#include <vector>

#include "internal_fixtures.hpp"
#include "optimal/h48_coord.hpp"
#include "optimal/h48_h0.hpp"
#include "optimal/h48_h7.hpp"
#include "optimal/h48_near.hpp"
#include "optimal/h48_table.hpp"
#include "twophase/symmetry.hpp"

extern "C" {
#include <cmocka.h>
}

namespace {

using namespace lc;
using namespace lc::optimal::h48;
using optimal::kAllSymmetries;
using optimal_tests::random_cube;

CubieCube conjugated(const CubieCube &c, int k) {
    const optimal::AllSymmetries &all = optimal::all_symmetries();
    return twophase::conjugate(c, all.sym[k], all.inv[k]);
}

// A random element of the goal group: corners shuffled within their tetrads, edges within their slices,
// nothing twisted or flipped, the two parities equal.
CubieCube random_goal_element(std::mt19937 &rng) {
    CubieCube h = CubieCube::solved();
    std::vector<uint8_t> a = {URF, ULB, DLF, DRB}, b = {UFL, UBR, DFR, DBL};
    std::shuffle(a.begin(), a.end(), rng);
    std::shuffle(b.begin(), b.end(), rng);
    int na = 0, nb = 0;
    for (int i = 0; i < kCorners; ++i) h.cp[static_cast<size_t>(i)] = in_tetrad_a(i) ? a[size_t(na++)] : b[size_t(nb++)];
    std::vector<uint8_t> slices[3] = {{UF, UB, DF, DB}, {UR, UL, DR, DL}, {FR, FL, BL, BR}};
    for (auto &s : slices) std::shuffle(s.begin(), s.end(), rng);
    int used[3] = {0, 0, 0};
    for (int i = 0; i < kEdges; ++i) {
        const int s = slice_of(i);
        h.ep[static_cast<size_t>(i)] = slices[s][size_t(used[s]++)];
    }
    if (h.corner_parity() != h.edge_parity()) std::swap(h.ep[UF], h.ep[UB]);
    return h;
}

void expect_same_coords(const CubieCube &a, const CubieCube &b) {
    assert_int_equal(cocsep(a), cocsep(b));
    assert_int_equal(esep(a), esep(b));
    assert_int_equal(flips(a), flips(b));
}

// h x has x's coordinates; every symmetry conjugates h into the goal group and h x's conjugate has x's
// conjugate's coordinates (so conjugation is well defined on cosets, flips included).
void goal_group_cosets_and_symmetries(void **) {
    std::mt19937 rng(5);
    const CubieCube solved = CubieCube::solved();
    for (int n = 0; n < 200; ++n) {
        const CubieCube h = random_goal_element(rng);
        assert_true(h.valid());
        expect_same_coords(h, solved);
        const CubieCube x = random_cube(rng, 25);
        CubieCube hx = h;
        hx.multiply(x);
        expect_same_coords(hx, x);
        for (int k = 0; k < kAllSymmetries; ++k) {
            expect_same_coords(conjugated(h, k), solved);
            expect_same_coords(conjugated(hx, k), conjugated(x, k));
        }
    }
}

// cube_of gives a reachable cube with the coordinates asked for; the move and conjugation tables agree
// with the cube model; each cocsep's class symmetry leads to the class's representative, which the
// representative's stabilizer keeps.
void tables_follow_the_cube(void **) {
    const Coords &t = coords();
    const twophase::Symmetries &s = twophase::symmetries();
    std::mt19937 rng(7);
    for (int n = 0; n < 2000; ++n) {
        const int v = static_cast<int>(rng() % kCocsep), e = static_cast<int>(rng() % kEsep);
        const CubieCube c = cube_of(v, e);
        assert_true(c.valid());
        assert_int_equal(cocsep(c), v);
        assert_int_equal(esep(c), e);
        const CubieCube x = random_cube(rng, 25);
        const int m = static_cast<int>(rng() % kMoves);
        CubieCube moved = x;
        moved.multiply(s.move_cube[static_cast<size_t>(m)]);
        assert_int_equal(cocsep_moved(t, cocsep(x), m), cocsep(moved));
        assert_int_equal(t.esep_move[size_t(m) * kEsep + size_t(esep(x))], esep(moved));
        assert_int_equal(esep_of(*t.parts, slices_moved(t, t.slice_masks[size_t(esep(x))], m)), esep(moved));
        assert_int_equal(flips_moved(t, unsigned(flips(x)), m), flips(moved));
        const int k = static_cast<int>(rng() % kAllSymmetries);
        assert_int_equal(t.esep_conj[size_t(k) * kEsep + size_t(esep(x))], esep(conjugated(x, k)));
        assert_int_equal(conj_flips(t, unsigned(flips(x)), unsigned(esep(x)), k), flips(conjugated(x, k)));
        const uint32_t cc = t.cocsep_class[static_cast<size_t>(cocsep(x))];
        const uint32_t rep = t.class_rep[cc & 0xffff];
        assert_int_equal(cocsep(conjugated(x, static_cast<int>(cc >> 16))), rep);
        for (uint64_t syms = t.class_stab[cc & 0xffff]; syms; syms &= syms - 1)
            assert_int_equal(cocsep(conjugated(cube_of(static_cast<int>(rep), 0), __builtin_ctzll(syms))), rep);
    }
}

// The cosets within `depth` moves of the goal, by a breadth-first search over cubes without symmetry: their
// (cocsep, esep, flips) and distance; with `with_flips` false, flips 0 for all (the cosets of h0).
std::map<std::tuple<int, int, int>, int> cosets_near_goal(int depth, bool with_flips) {
    const twophase::Symmetries &s = twophase::symmetries();
    auto key = [&](const CubieCube &c) { return std::make_tuple(cocsep(c), esep(c), with_flips ? flips(c) : 0); };
    std::map<std::tuple<int, int, int>, int> seen;
    std::vector<CubieCube> frontier = {CubieCube::solved()};
    seen[key(frontier[0])] = 0;
    for (int d = 1; d <= depth; ++d) {
        std::vector<CubieCube> next;
        for (const CubieCube &c : frontier)
            for (int m = 0; m < kMoves; ++m) {
                CubieCube n = c;
                n.multiply(s.move_cube[static_cast<size_t>(m)]);
                if (seen.emplace(key(n), d).second) next.push_back(n);
            }
        frontier = std::move(next);
    }
    return seen;
}

const H0Table &h0() {
    static const H0Table table = H0Table::build(coords(), 2, {});
    return table;
}

// The exact distances of the cosets within 5 moves of the goal, by a breadth-first search over
// (cocsep, esep) pairs without symmetry, against the table; the table's distribution.
void h0_holds_exact_distances(void **) {
    const H0Table &table = h0();
    const std::vector<uint64_t> counts = table.histogram();
    uint64_t total = 0;
    for (size_t d = 0; d < counts.size(); ++d) {
        std::printf("h0: distance %zu: %llu entries\n", d, static_cast<unsigned long long>(counts[d]));
        total += counts[d];
    }
    std::printf("h0: %d classes, %llu entries\n", coords().classes, static_cast<unsigned long long>(total));
    assert_int_equal(total, table.entries());
    assert_true(counts.size() < 15);  // every entry found

    for (const auto &entry : cosets_near_goal(5, false)) {
        const CubieCube c = cube_of(std::get<0>(entry.first), std::get<1>(entry.first));
        assert_int_equal(table.distance(c), entry.second);
    }
}

// A cube's 48 conjugates read the same distance, at most the scramble's length.
void h0_is_symmetric_and_a_lower_bound(void **) {
    const H0Table &table = h0();
    std::mt19937 rng(11);
    for (int n = 0; n < 300; ++n) {
        const int length = static_cast<int>(rng() % 14);
        const CubieCube x = random_cube(rng, length);
        const int d = table.distance(x);
        assert_true(d <= length);
        for (int k = 0; k < kAllSymmetries; ++k) assert_int_equal(table.distance(conjugated(x, k)), d);
    }
}

const NearSet &near6() {
    static const NearSet near = NearSet::build(coords(), 6, 2, {});
    return near;
}

// The key of a cube's coset as the near set lists it: its h0 entry and its flips in its class's frame.
std::pair<uint32_t, unsigned> class_frame(const CubieCube &c) {
    const Coords &t = coords();
    const uint32_t cc = t.cocsep_class[static_cast<size_t>(cocsep(c))];
    const int k = static_cast<int>(cc >> 16);
    return {h0_index(t, cocsep(c), esep(c)), conj_flips(t, unsigned(flips(c)), unsigned(esep(c)), k)};
}

// Every coset within 4 moves (a breadth-first search over cubes' (cocsep, esep, flips), no symmetry) is
// listed at its distance; every listed coset is at least its h0 distance away.
void near_set_lists_the_cosets_near_the_goal(void **) {
    const NearSet &near = near6();
    for (size_t d = 0; d < near.levels().size(); ++d)
        std::printf("near set: distance %zu: %llu cosets\n", d, static_cast<unsigned long long>(near.levels()[d]));
    for (const auto &entry : cosets_near_goal(4, true)) {
        CubieCube c = cube_of(std::get<0>(entry.first), std::get<1>(entry.first));
        for (int i = 0; i < kEdges; ++i) c.eo[static_cast<size_t>(i)] = std::get<2>(entry.first) >> i & 1;
        const std::pair<uint32_t, unsigned> key = class_frame(c);
        int listed = -1;
        for (const uint16_t *p = near.begin(key.first); p != near.end(key.first); ++p)
            if ((*p & 0xfff) == key.second) listed = *p >> 12;
        assert_int_equal(listed, entry.second);
    }
    for (uint32_t entry = 0; entry < h0().entries(); entry += 997)
        for (const uint16_t *p = near.begin(entry); p != near.end(entry); ++p) assert_true(h0().distance(entry) <= (*p >> 12));
}

// The least distance (at most `budget`) of each flip pattern of an h0 entry's coset, by a depth-first search
// over the cube's edges pruned by h0: a node where h0 reads 0 solves the one start whose flips it undoes.
void least_distances(const CubieCube &at, int depth, int budget, int last, const CubieCube &path, uint8_t *best) {
    const twophase::Symmetries &s = twophase::symmetries();
    CubieCube here = at;
    here.multiply(path);
    const int d = h0().distance(here);
    if (d > budget - depth) return;
    if (d == 0) {
        unsigned start = 0;  // x.eo[path.ep[i]] = path.eo[i] undoes the path's flips
        for (int i = 0; i < kEdges; ++i) start |= unsigned(path.eo[static_cast<size_t>(i)]) << path.ep[static_cast<size_t>(i)];
        best[start] = static_cast<uint8_t>(std::min<int>(best[start], depth));
    }
    if (depth == budget) return;
    for (int m = 0; m < kMoves; ++m) {
        if (last >= 0 && (m / 3 == last / 3 || m / 3 + 3 == last / 3)) continue;
        CubieCube next = path;
        next.multiply(s.move_cube[static_cast<size_t>(m)]);
        least_distances(at, depth + 1, budget, m, next, best);
    }
}

// The h7 sweep with a near set of depth 6 (budget 8) gives, for sampled entries of its classes, the codes of
// the least distances over the dropped flips that a plain search of each entry finds.
void h7_codes_are_the_least_distances(void **) {
    const Coords &t = coords();
    const NearSet &near = near6();
    const int budget = near.depth() + 2;
    const uint32_t classes[2][2] = {{0, 12}, {uint32_t(t.classes) - 6, uint32_t(t.classes)}};
    std::mt19937 rng(13);
    for (const auto &range : classes) {
        std::vector<uint8_t> codes(size_t(range[1] - range[0]) * kEsep * kH7BytesPerEntry);
        build_h7(t, h0(), near, range[0], range[1], codes.data(), 2, {});
        // Half of the entries sampled among those near enough to have codes below 3.
        std::vector<uint32_t> near_entries;
        for (uint32_t h0_entry = range[0] * kEsep; h0_entry < range[1] * kEsep; ++h0_entry)
            if (h0().distance(h0_entry) <= budget - 2) near_entries.push_back(h0_entry);
        for (int n = 0; n < 60; ++n) {
            uint32_t entry = range[0] * kEsep + rng() % ((range[1] - range[0]) * kEsep);
            if (n % 2 && !near_entries.empty()) entry = near_entries[rng() % near_entries.size()];
            const uint32_t cls = entry / kEsep, e = entry % kEsep;
            const CubieCube at = cube_of(static_cast<int>(t.class_rep[cls]), static_cast<int>(e));
            uint8_t best[4096];
            std::memset(best, 0xff, sizeof best);
            least_distances(at, 0, budget, -1, CubieCube::solved(), best);
            uint8_t least[kKeptValues];
            std::memset(least, 0xff, sizeof least);
            for (unsigned f = 0; f < 4096; ++f) least[kept_flips(f)] = std::min(least[kept_flips(f)], best[f]);
            for (int k = 0; k < kKeptValues; ++k) {
                const int want = least[k] <= budget - 2 ? 0 : least[k] == budget - 1 ? 1 : least[k] == budget ? 2 : 3;
                const size_t byte = (size_t(cls - range[0]) * kEsep + e) * kH7BytesPerEntry + size_t(k >> 2);
                assert_int_equal(codes[byte] >> (k & 3) * 2 & 3, want);
            }
        }
    }
}

// A cube of h0 entry `entry` (its class's representative's corners) with the flips `f` in the class's frame.
CubieCube cube_with_flips(uint32_t entry, unsigned f) {
    const Coords &t = coords();
    CubieCube c = cube_of(static_cast<int>(t.class_rep[entry / kEsep]), static_cast<int>(entry % kEsep));
    for (int i = 0; i < kEdges; ++i) c.eo[static_cast<size_t>(i)] = f >> i & 1;
    if (__builtin_popcount(f) % 2) c.eo[kEdges - 1] ^= 1;  // the 12th flip follows from the others
    return c;
}

// The tests' layout (two classes, budget 8) built into its sections holds h0 and the sweep's codes; each of
// a cube's 48 conjugates reads at least the cube's h0 distance; saved and found again (mapped or copied) it
// holds the same bytes; a damaged file is refused and a missing one named.
void h48_table_file_holds_the_built_table(void **) {
    const H48Layout &layout = kH48TestLayout;
    const auto built = build_h48(layout, 2, {}, &h0(), &near6());
    const std::vector<uint64_t> sections = h48_sections(layout);
    assert_memory_equal(built->h0_bytes(), h0().nibbles(), sections[0]);
    std::vector<uint8_t> codes(static_cast<size_t>(sections[1]));
    build_h7(coords(), h0(), near6(), 0, layout.classes, codes.data(), 2, {});
    assert_memory_equal(built->h7_bytes(), codes.data(), codes.size());

    // Every frame of a cube (its 48 conjugates: the kept flips are other edges' in each) reads a bound of
    // at least its h0 distance (up to "more than the budget"); the cosets within 4 moves, all of them
    // closer than the budget - 1, read their h0 distance.
    std::mt19937 rng(17);
    for (int n = 0; n < 400; ++n) {
        const uint32_t entry = static_cast<uint32_t>(rng() % layout.entries());
        const CubieCube c = cube_with_flips(entry, rng() & 0x7ff);
        for (int k = 0; k < kAllSymmetries; ++k)
            assert_true(built->bound(conjugated(c, k)) >= std::min(h0().distance(entry), layout.budget() + 1));
    }
    int near_goal = 0;
    for (const auto &entry : cosets_near_goal(4, true)) {
        CubieCube c = cube_of(std::get<0>(entry.first), std::get<1>(entry.first));
        for (int i = 0; i < kEdges; ++i) c.eo[static_cast<size_t>(i)] = std::get<2>(entry.first) >> i & 1;
        if ((coords().cocsep_class[static_cast<size_t>(cocsep(c))] & 0xffff) >= layout.classes) continue;
        assert_int_equal(built->bound(c), h0().distance(c));
        ++near_goal;
    }
    assert_true(near_goal > 0);

    for (const char *policy : {"mapped", "copy"}) {
        char dir[] = "/tmp/cube-h48-table-XXXXXX";
        assert_non_null(mkdtemp(dir));
        const std::string path = std::string(dir) + "/" + layout.file_name;
        save_h48(*built, path, {});
        setenv("CUBE_OPTIMAL_TABLE_MEMORY", policy, 1);
        std::string why;
        const auto found = find_h48({dir}, layout, why);
        unsetenv("CUBE_OPTIMAL_TABLE_MEMORY");
        if (!found) fail_msg("%s: %s", policy, why.c_str());
        assert_int_equal(found->blob().mapped_from_file(), std::string(policy) == "mapped");
        assert_memory_equal(found->h0_bytes(), built->h0_bytes(), sections[0]);
        assert_memory_equal(found->h7_bytes(), built->h7_bytes(), sections[1]);
        assert_int_equal(std::remove(path.c_str()), 0);
        assert_int_equal(rmdir(dir), 0);
    }

    char dir[] = "/tmp/cube-h48-damaged-XXXXXX";
    assert_non_null(mkdtemp(dir));
    const std::string path = std::string(dir) + "/" + layout.file_name;
    std::string why;
    assert_true(find_h48({dir}, layout, why) == nullptr);
    assert_string_equal(why.c_str(), (std::string("no ") + layout.file_name + " on the table search path").c_str());
    save_h48(*built, path, {});
    FILE *f = std::fopen(path.c_str(), "r+b");
    assert_non_null(f);
    assert_int_equal(std::fseek(f, -5, SEEK_END), 0);  // a code of the last class
    const int byte = std::fgetc(f);
    assert_int_equal(std::fseek(f, -5, SEEK_END), 0);
    assert_int_not_equal(std::fputc(byte ^ 0x40, f), EOF);
    assert_int_equal(std::fclose(f), 0);
    assert_true(find_h48({dir}, layout, why) == nullptr);
    std::printf("damaged: %s\n", why.c_str());
    assert_non_null(std::strstr(why.c_str(), "checksum"));
    assert_int_equal(std::remove(path.c_str()), 0);
    assert_int_equal(rmdir(dir), 0);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(goal_group_cosets_and_symmetries),
        cmocka_unit_test(tables_follow_the_cube),
        cmocka_unit_test(h0_holds_exact_distances),
        cmocka_unit_test(h0_is_symmetric_and_a_lower_bound),
        cmocka_unit_test(near_set_lists_the_cosets_near_the_goal),
        cmocka_unit_test(h7_codes_are_the_least_distances),
        cmocka_unit_test(h48_table_file_holds_the_built_table),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
