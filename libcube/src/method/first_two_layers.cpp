// First-layer corners and middle-layer edges, as a beginner does them: bring a piece of the layer from the
// top above (or beside) its slot with U, then perform the slot's formula; a piece stuck in a wrong slot is
// first taken out by performing the formula at that slot.
#include <vector>

#include "error.hpp"
#include "method/formulas.hpp"
#include "method/lbl.hpp"

namespace lc::method {
namespace {

constexpr int kMaxRepeats = 5;  // sexy-move 6 times is no change

struct LayerSteps {
    // Corners: U turns then sexy-move 1..5 times, from every side (each side's slot is `slot`).
    std::vector<Step> corner;
    // Middle edges: U turns then edge-right or edge-left, from every side.
    std::vector<Step> edge;
};

const LayerSteps &steps() {
    static const LayerSteps s = [] {
        LayerSteps l;
        for (int side = 0; side < kSides; ++side)
            for (int auf = 0; auf < 4; ++auf) {
                for (int n = 1; n <= kMaxRepeats; ++n) l.corner.push_back(make_step(auf, "sexy-move", side, n));
                l.edge.push_back(make_step(auf, "edge-right", side, 1));
                l.edge.push_back(make_step(auf, "edge-left", side, 1));
            }
        return l;
    }();
    return s;
}

bool corner_home(const CubieCube &c, int i) { return c.cp[i] == i && c.co[i] == 0; }
bool edge_home(const CubieCube &c, int i) { return c.ep[i] == i && c.eo[i] == 0; }

int position_of_corner(const CubieCube &c, int piece) {
    for (int i = 0; i < kCorners; ++i)
        if (c.cp[i] == piece) return i;
    return -1;
}

int position_of_edge(const CubieCube &c, int piece) {
    for (int i = 0; i < kEdges; ++i)
        if (c.ep[i] == piece) return i;
    return -1;
}

// The shortest step among `candidates` that puts `slot` home; nullptr if none does.
const Step *cheapest_solving(const CubieCube &c, const std::vector<Step> &candidates, int slot,
                             bool (*home)(const CubieCube &, int)) {
    const Step *best = nullptr;
    for (const Step &s : candidates) {
        if (s.slot != slot || (best && s.moves.size() >= best->moves.size())) continue;
        if (home(after(c, s), slot)) best = &s;
    }
    return best;
}

// The step of `candidates` with no U turns and one formula at `slot` (taking a piece out).
const Step &take_out(const std::vector<Step> &candidates, int slot, const char *formula) {
    for (const Step &s : candidates)
        if (s.slot == slot && s.formulas.size() == 1 && s.formulas[0] == formula && s.auf == 0)
            return s;
    throw Error(CUBE_ERROR_INTERNAL, "no formula works on that slot");
}

// Each round places one piece of `first..last` (corners or edges) whose home is `first..last`: the cheapest
// one from the top layer, else the first one stuck in a wrong slot is taken out (or turned in place).
void place_layer(CubieCube &c, Stage &out, const std::vector<Step> &candidates, int first, int last,
                 bool (*home)(const CubieCube &, int), int (*position)(const CubieCube &, int),
                 const char *formula) {
    const int max_rounds = 3 * (last - first + 1);
    for (int round = 0; round < max_rounds; ++round) {
        const Step *best = nullptr;
        int stuck = -1;
        for (int piece = first; piece <= last; ++piece) {
            if (home(c, piece)) continue;
            int at = position(c, piece);
            if (at >= first && at <= last) {
                if (stuck < 0) stuck = at;
                if (at != piece) continue;  // twisted in place: its own slot's formula may turn it
            }
            const Step *s = cheapest_solving(c, candidates, piece, home);
            if (s && (!best || s->moves.size() < best->moves.size())) best = s;
        }
        if (best) {
            perform(c, *best, out.moves, out.formulas);
        } else if (stuck >= 0) {
            perform(c, take_out(candidates, stuck, formula), out.moves, out.formulas);
        } else {
            return;
        }
    }
    for (int piece = first; piece <= last; ++piece)
        if (!home(c, piece)) throw Error(CUBE_ERROR_INTERNAL, "a first-two-layers piece was not placed");
}

}  // namespace

void solve_first_layer_corners(CubieCube &c, Stage &out) {
    place_layer(c, out, steps().corner, DFR, DRB, corner_home, position_of_corner, "sexy-move");
}

void solve_middle_layer(CubieCube &c, Stage &out) {
    place_layer(c, out, steps().edge, FR, BR, edge_home, position_of_edge, "edge-right");
}

}  // namespace lc::method
