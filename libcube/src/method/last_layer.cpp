// The last layer, by named formulas: each stage looks only at the top layer (which edges are flipped,
// how the corners are twisted, where the corners or edges are), a key of at most 256 values. A table,
// computed once from the formulas' effects, gives for every key the fewest formulas (then moves) to the
// stage's goal; each round performs a formula that leads there (top-face: the one bringing up the most
// top-colour stickers, as a person counts them).
#include <climits>
#include <initializer_list>
#include <string>
#include <vector>

#include "error.hpp"
#include "method/formulas.hpp"
#include "method/lbl.hpp"

namespace lc::method {
namespace {

constexpr int kTopPieces = 4;  // positions 0..3 of corners (URF..UBR) and edges (UR..UB) are the top layer
constexpr int kFormulaCost = 1000;  // a formula weighs more than any number of U turns
constexpr int kUnreachable = INT_MAX;

enum class Look { kEdgeFlips, kCornerTwists, kCornerPlaces, kEdgePlaces };

int base_of(Look look) {
    switch (look) {
    case Look::kEdgeFlips: return 2;
    case Look::kCornerTwists: return 3;
    default: return 4;
    }
}

uint8_t &digit_of(CubieCube &c, Look look, int i) {
    switch (look) {
    case Look::kEdgeFlips: return c.eo[i];
    case Look::kCornerTwists: return c.co[i];
    case Look::kCornerPlaces: return c.cp[i];
    default: return c.ep[i];
    }
}

int key_of(CubieCube c, Look look) {
    int key = 0;
    for (int i = kTopPieces - 1; i >= 0; --i) key = key * base_of(look) + digit_of(c, look, i);
    return key;
}

// A cube whose top layer reads `key` (the rest solved).
CubieCube cube_of(int key, Look look) {
    CubieCube c = CubieCube::solved();
    for (int i = 0; i < kTopPieces; ++i, key /= base_of(look))
        digit_of(c, look, i) = static_cast<uint8_t>(key % base_of(look));
    return c;
}

int step_cost(const Step &s) {
    return kFormulaCost * static_cast<int>(s.formulas.size()) + static_cast<int>(s.moves.size());
}

struct Graph {
    Look look;
    std::vector<Step> steps;
    std::vector<int> next;  // key * steps + step
    std::vector<int> cost;  // per key: the cheapest way to the goal (kUnreachable: none)
};

Graph build(Look look, std::vector<Step> steps) {
    Graph g{look, std::move(steps), {}, {}};
    int keys = 1;
    for (int i = 0; i < kTopPieces; ++i) keys *= base_of(look);
    const int n = static_cast<int>(g.steps.size());
    g.next.resize(static_cast<size_t>(keys * n));
    for (int k = 0; k < keys; ++k)
        for (int s = 0; s < n; ++s)
            g.next[static_cast<size_t>(k * n + s)] = key_of(after(cube_of(k, look), g.steps[s]), look);
    g.cost.assign(static_cast<size_t>(keys), kUnreachable);
    g.cost[static_cast<size_t>(key_of(CubieCube::solved(), look))] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = 0; k < keys; ++k)
            for (int s = 0; s < n; ++s) {
                int rest = g.cost[static_cast<size_t>(g.next[static_cast<size_t>(k * n + s)])];
                if (rest == kUnreachable || rest + step_cost(g.steps[s]) >= g.cost[static_cast<size_t>(k)]) continue;
                g.cost[static_cast<size_t>(k)] = rest + step_cost(g.steps[s]);
                changed = true;
            }
    }
    return g;
}

// The formula from every side, after 0..3 U turns if `with_auf`; with `with_auf` also U turns alone.
std::vector<Step> from_every_side(std::initializer_list<const char *> formulas, bool with_auf) {
    std::vector<Step> steps;
    for (int auf = with_auf ? 1 : 4; auf < 4; ++auf) steps.push_back(make_step(auf, nullptr, 0, 0));
    for (const char *f : formulas)
        for (int side = 0; side < kSides; ++side)
            for (int auf = 0; auf < (with_auf ? 4 : 1); ++auf) steps.push_back(make_step(auf, f, side, 1));
    return steps;
}

const Graph &top_cross() {
    static const Graph g = build(Look::kEdgeFlips, from_every_side({"fruruf"}, false));
    return g;
}
const Graph &top_face() {
    static const Graph g = build(Look::kCornerTwists, from_every_side({"sune", "left-sune"}, false));
    return g;
}
const Graph &top_corners() {
    static const Graph g = build(Look::kCornerPlaces, from_every_side({"a-perm"}, true));
    return g;
}
const Graph &top_edges() {
    static const Graph g = build(Look::kEdgePlaces, from_every_side({"ua-perm", "ub-perm"}, false));
    return g;
}

int cost_after(const Graph &g, int key, int s) {
    int rest = g.cost[static_cast<size_t>(g.next[static_cast<size_t>(key) * g.steps.size() + static_cast<size_t>(s)])];
    return rest == kUnreachable ? kUnreachable : rest + step_cost(g.steps[static_cast<size_t>(s)]);
}

// The cheapest step towards the goal.
int cheapest(const Graph &g, int key) {
    int best = -1;
    for (int s = 0; s < static_cast<int>(g.steps.size()); ++s)
        if (cost_after(g, key, s) == g.cost[static_cast<size_t>(key)] && best < 0) best = s;
    return best;
}

// Top-colour stickers on the top face among the corners (the centre and edges are up already).
int corners_up(int key) {
    int up = 0;
    for (int i = 0; i < kTopPieces; ++i, key /= 3) up += key % 3 == 0;
    return up;
}

// Among the steps that leave fewer formulas to do, the one bringing up the most top-colour stickers;
// ties to the one with fewer formulas (then moves) left.
int most_stickers_up(const Graph &g, int key) {
    const size_t row = static_cast<size_t>(key) * g.steps.size();
    const int formulas_left = g.cost[static_cast<size_t>(key)] / kFormulaCost;
    int best = -1;
    for (int s = 0; s < static_cast<int>(g.steps.size()); ++s) {
        int next = g.next[row + static_cast<size_t>(s)];
        int rest = g.cost[static_cast<size_t>(next)];
        if (rest == kUnreachable || rest / kFormulaCost >= formulas_left) continue;
        if (best < 0) {
            best = s;
            continue;
        }
        int up = corners_up(next), best_up = corners_up(g.next[row + static_cast<size_t>(best)]);
        if (up > best_up || (up == best_up && cost_after(g, key, s) < cost_after(g, key, best))) best = s;
    }
    return best;
}

void run(const Graph &g, CubieCube &c, Stage &out, bool count_stickers) {
    for (int key = key_of(c, g.look); g.cost[static_cast<size_t>(key)] != 0; key = key_of(c, g.look)) {
        int s = g.cost[static_cast<size_t>(key)] == kUnreachable ? -1
                : count_stickers                                 ? most_stickers_up(g, key)
                                                                 : cheapest(g, key);
        if (s < 0) throw Error(CUBE_ERROR_INTERNAL, std::string(out.name) + ": the formulas cannot reach the goal");
        perform(c, g.steps[static_cast<size_t>(s)], out.moves, out.formulas);
    }
}

}  // namespace

void solve_top_cross(CubieCube &c, Stage &out) { run(top_cross(), c, out, false); }

void solve_top_face(CubieCube &c, Stage &out) { run(top_face(), c, out, true); }

void solve_top_corners(CubieCube &c, Stage &out) { run(top_corners(), c, out, false); }

void solve_top_edges(CubieCube &c, Stage &out) { run(top_edges(), c, out, false); }

}  // namespace lc::method
