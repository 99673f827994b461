// The cross: the four D edges placed the shortest way, by descending a distance table of their
// positions and flips (computed once from the face turns, 331776 bytes).
#include <array>
#include <vector>

#include "error.hpp"
#include "method/lbl.hpp"

namespace lc::method {
namespace {

constexpr int kEdgeStates = 2 * kEdges;  // position * 2 + flip
constexpr int kCrossEdges = 4;           // DR, DF, DL, DB
constexpr int kCrossStates = kEdgeStates * kEdgeStates * kEdgeStates * kEdgeStates;
constexpr int kTurns = 18;               // 6 faces x 3 amounts
constexpr uint8_t kUnknown = 0xff;

struct CrossTables {
    std::array<std::array<uint8_t, kTurns>, kEdgeStates> edge_move;  // one edge's state after a turn
    std::vector<uint8_t> distance;                                   // turns to the cross, per state
};

Move turn_of(int t) { return Move{static_cast<uint8_t>(t / 3), static_cast<uint8_t>(t % 3 + 1)}; }

int next_state(const CrossTables &t, int state, int turn) {
    int next = 0;
    for (int k = kCrossEdges - 1, scale = 1; k >= 0; --k, scale *= kEdgeStates) {
        int edge = state / scale % kEdgeStates;
        next += t.edge_move[edge][turn] * scale;
    }
    return next;
}

int state_of(const CubieCube &c) {
    int state = 0;
    for (int piece = DR; piece <= DB; ++piece)
        for (int i = 0; i < kEdges; ++i)
            if (c.ep[i] == piece) state = state * kEdgeStates + i * 2 + c.eo[i];
    return state;
}

CrossTables build() {
    CrossTables t;
    for (int turn = 0; turn < kTurns; ++turn) {
        CubieCube effect = CubieCube::solved();
        apply_face_turns(effect, MoveList{turn_of(turn)});
        // The piece at position p goes to the position q with effect.ep[q] == p.
        for (int q = 0; q < kEdges; ++q)
            for (int flip = 0; flip < 2; ++flip)
                t.edge_move[effect.ep[q] * 2 + flip][turn] = static_cast<uint8_t>(q * 2 + (flip ^ effect.eo[q]));
    }
    t.distance.assign(kCrossStates, kUnknown);
    std::vector<int> frontier{state_of(CubieCube::solved())};
    t.distance[frontier[0]] = 0;
    for (uint8_t depth = 0; !frontier.empty(); ++depth) {
        std::vector<int> next;
        for (int s : frontier)
            for (int turn = 0; turn < kTurns; ++turn) {
                int n = next_state(t, s, turn);
                if (t.distance[n] != kUnknown) continue;
                t.distance[n] = static_cast<uint8_t>(depth + 1);
                next.push_back(n);
            }
        frontier.swap(next);
    }
    return t;
}

const CrossTables &tables() {
    static const CrossTables t = build();
    return t;
}

}  // namespace

void solve_cross(CubieCube &c, Stage &out) {
    const CrossTables &t = tables();
    int state = state_of(c);
    while (t.distance[state] != 0) {
        int chosen = -1;
        for (int turn = 0; turn < kTurns && chosen < 0; ++turn)
            if (t.distance[next_state(t, state, turn)] + 1 == t.distance[state]) chosen = turn;
        if (chosen < 0) throw Error(CUBE_ERROR_INTERNAL, "cross: no turn brings the cross nearer");
        Move m = turn_of(chosen);
        apply_face_turns(c, MoveList{m});
        out.moves.push_back(m);
        state = next_state(t, state, chosen);
    }
}

}  // namespace lc::method
