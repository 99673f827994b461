#include "optimal/h48_search.hpp"

#include <cstring>
#include <utility>
#include <vector>

#include "error.hpp"
#include "optimal/bounds.hpp"
#include "optimal/inverse.hpp"
#include "optimal/lookahead.hpp"
#include "optimal/search_driver.hpp"

namespace lc::optimal::h48 {
namespace {

// A search node: its coset's coordinates, its inverse cube and the inverse's bound.
struct Node {
    uint32_t corners;  // cocsep
    uint32_t slices;   // Coset::slices
    uint16_t flips;    // 12 bits
    uint8_t inv_bound;
    Packed inv;
};

using Probe = H48Table::Entry;
constexpr int kFaces = 6;

// Whether quarter turn m is the first of its face in `quarter` (X, or X' without X): the inverse of the
// child it gives stands for the face's (X and X' give inverses of one coset, as X' = X2 X and X2 keeps
// the coset).
bool first_of_face(uint32_t quarter, int m) { return m % 3 == 0 || !(quarter >> (m - 2) & 1); }

// The coordinates' moves and the table's reads.
class Reader {
public:
    explicit Reader(const H48Table &table)
        : t_(coords()), parts_(piece_parts()), table_(table), solved_(pack(CubieCube::solved())) {}

    Node node(const CubieCube &c) const {
        const Coset own = coset_of(parts_, pack(c));
        Node n{own.corners, own.slices, own.flips, 0, pack(c.inverse())};
        n.inv_bound = static_cast<uint8_t>(bound(locate_inverse(n.inv)));
        return n;
    }
    // The coordinates after move m (the inverse is the worker's to update).
    Node moved(const Node &n, int m) const {
        Node child;
        child.corners = cocsep_moved(t_, n.corners, m);
        child.slices = slices_moved(t_, n.slices, m);
        child.flips = static_cast<uint16_t>(flips_moved(t_, n.flips, m));
        return child;
    }
    Probe locate(const Node &n) const { return table_.locate(n.corners, slices_of_masks(n.slices), n.flips); }
    Probe locate_inverse(const Packed &inv) const { return locate(coset_of(parts_, inv)); }
    Probe locate(const Coset &c) const { return table_.locate(c.corners, slices_of_masks(c.slices), c.flips); }
    // Prefetches the class of these corners (locate() reads it first: 600 KiB, mostly beyond the L2 cache).
    void prefetch_class(uint32_t corners) const { __builtin_prefetch(&t_.cocsep_class[corners]); }
    // The inverse's coset, its corner class prefetched.
    Coset inverse_coset(const Packed &inv) const {
        const Coset c = coset_of(parts_, inv);
        prefetch_class(c.corners);
        return c;
    }
    void prefetch(const Probe &p) const { __builtin_prefetch(table_.code_byte(p.code)); }
    int bound(const Probe &p) const { return table_.bound(p); }
    // Whether the node's cube is solved (its inverse is).
    bool solved(const Node &n) const { return std::memcmp(&n.inv, &solved_, sizeof solved_) == 0; }

private:
    const Coords &t_;
    const PieceParts &parts_;
    const H48Table &table_;
    const Packed solved_;
};

// A node's children being found (Worker::expand()): the candidates, the entries located, and for the
// inverse-first order the inverse and bound of each face.
struct Expansion {
    const Node *node;
    int budget;
    uint32_t allowed;  // the moves that may follow the node's last move
    bool inverse_first;
    int count;
    Node cand[kMoveCount];
    Probe probes[kMoveCount];
    uint8_t moves_of[kMoveCount];
    Coset cosets[kMoveCount];  // the inverses' cosets (inverse first: one a face)
    Packed face_inverses[kFaces];
    Probe face_probes[kFaces];
    uint8_t face_bound[kFaces];
};

class Worker : public Lookahead<Worker, Node> {
public:
    Worker(Shared &sh, const Reader &reader, const Node &root, bool reporting)
        : Lookahead(sh, reporting), r_(reader), root_(root), follow_(axis_maps().follow), maps_(inverse_maps()) {}

    // Searches one unit: its prefix from the root, then the rest of the depth.
    void run(const Unit &u, int unit_index) {
        unit_ = unit_index;
        Node n = root_;
        int prev = -1, budget = sh_.depth;
        for (int k = 0; k < u.length; ++k) {
            const int m = u.moves[k];
            budget -= move_cost(sh_.options.metric, m);
            Node child = r_.moved(n, m);
            if (r_.bound(r_.locate(child)) > budget) return;
            child.inv = left_multiplied(maps_, n.inv, m);
            child.inv_bound = m % 3 == 1 ? n.inv_bound : static_cast<uint8_t>(r_.bound(r_.locate_inverse(child.inv)));
            if (child.inv_bound > budget) return;
            path_[k] = static_cast<uint8_t>(m);
            n = child;
            prev = m;
        }
        search_from(n, budget, prev, u.length);
    }

private:
    friend class Lookahead<Worker, Node>;
    bool solved(const Node &n) const { return r_.solved(n); }

    // The children of entries [begin, end), appended to the arena in order (none for a node with no
    // moves left). Two rounds of reads over all of them, each in two steps over all of them: the
    // coordinates of the entries to read, their corner classes prefetched; then the entries located and
    // prefetched. The last step reads them.
    void expand(uint32_t begin, uint32_t end) {
        const uint32_t count = end - begin;
        arena_.reserve(arena_.size() + size_t{count} * kMoveCount);
        if (expansions_.size() < count) expansions_.resize(count);
        uint32_t active = 0;
        for (uint32_t i = 0; i < count; ++i) {
            const Entry &entry = arena_[begin + i];
            if (entry.budget == 0) continue;
            Expansion &e = expansions_[active++];
            e.node = &entry.node;
            e.budget = entry.budget;
            e.allowed = follow_[prev_of(entry) + 1];
            e.inverse_first = e.node->inv_bound >= e.budget;
            if (e.inverse_first) face_cosets(e);
            else own_candidates(e);
        }
        for (uint32_t i = 0; i < active; ++i) {
            Expansion &e = expansions_[i];
            if (e.inverse_first) locate_faces(e);
            else locate_own(e);
        }
        for (uint32_t i = 0; i < active; ++i) {
            Expansion &e = expansions_[i];
            if (e.inverse_first) candidates_of_faces(e);
            else inverse_cosets(e);
        }
        for (uint32_t i = 0; i < active; ++i) {
            Expansion &e = expansions_[i];
            if (e.inverse_first) locate_own(e);
            else locate_inverses(e);
        }
        active = 0;
        for (uint32_t i = 0; i < count; ++i) {
            Entry &entry = arena_[begin + i];
            const size_t first = arena_.size();
            if (entry.budget > 0) {
                const Expansion &e = expansions_[active++];
                if (e.inverse_first) pass_own(e);
                else pass_inverses(e);
            }
            entry.first = static_cast<uint32_t>(first);
            entry.count = static_cast<uint8_t>(arena_.size() - first);
        }
    }
    // Appends a child that passed.
    void add(const Node &kid, int budget, int m) {
        arena_.push_back(Entry{kid, 0, 0, static_cast<uint8_t>(m), static_cast<int8_t>(budget)});
    }

    // Normal first: every child (a half turn keeps the inverse's coset: its bound is the node's, and when
    // that leaves no room the half turns are not tried), then its own entry.
    void own_candidates(Expansion &e) const {
        const Metric metric = sh_.options.metric;
        e.count = 0;
        for (uint32_t moves = e.allowed; moves; moves &= moves - 1) {
            const int m = __builtin_ctz(moves);
            const int rest = e.budget - move_cost(metric, m);
            if (rest < 0 || (m % 3 == 1 && e.node->inv_bound > rest)) continue;
            e.cand[e.count] = r_.moved(*e.node, m);
            r_.prefetch_class(e.cand[e.count].corners);
            e.moves_of[e.count++] = static_cast<uint8_t>(m);
        }
    }
    void locate_own(Expansion &e) const {
        for (int i = 0; i < e.count; ++i) {
            e.probes[i] = r_.locate(e.cand[i]);
            r_.prefetch(e.probes[i]);
        }
    }
    // Then the inverses of the children that passed, and their entries.
    void inverse_cosets(Expansion &e) const {
        const Metric metric = sh_.options.metric;
        int kept = 0;
        for (int i = 0; i < e.count; ++i)
            if (r_.bound(e.probes[i]) <= e.budget - move_cost(metric, e.moves_of[i])) {
                e.cand[kept] = e.cand[i];
                e.moves_of[kept++] = e.moves_of[i];
            }
        e.count = kept;
        for (int i = 0; i < kept; ++i) {
            e.cand[i].inv = left_multiplied(maps_, e.node->inv, e.moves_of[i]);
            if (e.moves_of[i] % 3 != 1) e.cosets[i] = r_.inverse_coset(e.cand[i].inv);
        }
    }
    void locate_inverses(Expansion &e) const {
        for (int i = 0; i < e.count; ++i) {
            if (e.moves_of[i] % 3 == 1) continue;
            e.probes[i] = r_.locate(e.cosets[i]);
            r_.prefetch(e.probes[i]);
        }
    }
    void pass_inverses(const Expansion &e) {
        const Metric metric = sh_.options.metric;
        for (int i = 0; i < e.count; ++i) {
            const int m = e.moves_of[i];
            const int rest = e.budget - move_cost(metric, m);
            Node kid = e.cand[i];
            kid.inv_bound = m % 3 == 1 ? e.node->inv_bound : static_cast<uint8_t>(r_.bound(e.probes[i]));
            if (kid.inv_bound <= rest) add(kid, rest, m);
        }
    }

    // Inverse first, when the node's inverse bound leaves no room (no half turn can follow): the inverse
    // of each face (first_of_face()), then its entry.
    void face_cosets(Expansion &e) const {
        e.allowed &= kQuarterTurns;
        for (uint32_t moves = e.allowed; moves; moves &= moves - 1) {
            const int m = __builtin_ctz(moves);
            if (!first_of_face(e.allowed, m)) continue;
            e.face_inverses[m / 3] = left_multiplied(maps_, e.node->inv, m);
            e.cosets[m / 3] = r_.inverse_coset(e.face_inverses[m / 3]);
        }
    }
    void locate_faces(Expansion &e) const {
        for (uint32_t moves = e.allowed; moves; moves &= moves - 1) {
            const int m = __builtin_ctz(moves);
            if (!first_of_face(e.allowed, m)) continue;
            e.face_probes[m / 3] = r_.locate(e.cosets[m / 3]);
            r_.prefetch(e.face_probes[m / 3]);
        }
    }
    // Then the quarter turns whose face passed, and their own entries (locate_own()).
    void candidates_of_faces(Expansion &e) const {
        e.count = 0;
        for (uint32_t moves = e.allowed; moves; moves &= moves - 1) {
            const int m = __builtin_ctz(moves);
            const int face = m / 3;
            if (first_of_face(e.allowed, m)) e.face_bound[face] = static_cast<uint8_t>(r_.bound(e.face_probes[face]));
            if (e.face_bound[face] > e.budget - 1) continue;
            e.cand[e.count] = r_.moved(*e.node, m);
            r_.prefetch_class(e.cand[e.count].corners);
            e.moves_of[e.count++] = static_cast<uint8_t>(m);
        }
    }
    void pass_own(const Expansion &e) {
        for (int i = 0; i < e.count; ++i) {
            const int m = e.moves_of[i];
            if (r_.bound(e.probes[i]) > e.budget - 1) continue;
            const int face = m / 3;
            Node kid = e.cand[i];
            kid.inv = first_of_face(e.allowed, m) ? e.face_inverses[face] : left_multiplied(maps_, e.node->inv, m);
            kid.inv_bound = e.face_bound[face];
            add(kid, e.budget - 1, m);
        }
    }

    const Reader &r_;
    const Node &root_;
    const uint32_t *follow_;  // [prev + 1]: the moves that may follow prev (-1: none)
    const InverseMaps &maps_;
    std::vector<Expansion> expansions_;  // expand()'s, one a node
};

}  // namespace

void solve(const twophase::Tables &tables, const H48Table &table, const CubieCube &cube, const Options &options,
           Result &result) {
    result = Result{};
    result.h48_table = true;
    check_request(cube, options);
    if (table.layout().classes != kCornerClasses)
        throw Error(CUBE_ERROR_INTERNAL, "optimal: an H48 table without every corner class");
    const Reader reader(table);
    const CubieCube inverse = cube.inverse();
    // The cube or its inverse, whichever the table bounds higher at the root (as in optimal::solve()).
    Node root = reader.node(cube);
    const int own = reader.bound(reader.locate(root)), other = root.inv_bound;
    const bool use_inverse = other > own;
    if (use_inverse) root = reader.node(inverse);
    const SymmetryCut cut = options.all_solutions ? SymmetryCut() : SymmetryCut(use_inverse ? inverse : cube);
    Shared sh(options, cut);
    result.lower_bound = std::max(own, other);
    search_depths(sh, tables, cube, use_inverse,
                  [&](bool reporting) { return Worker(sh, reader, root, reporting); }, result);
}

}  // namespace lc::optimal::h48
