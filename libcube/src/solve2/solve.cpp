// Solving by descent: from distance d, any move reaching distance d - 1 starts an optimal
// solution, and every optimal solution is a chain of such moves.
#include <algorithm>
#include <utility>
#include <vector>

#include "error.hpp"
#include "solve2/tables.hpp"

namespace lc::solve2 {
namespace {

struct Coords {
    int perm, twist;
};

Coords coords_of(const CubieCube &c) {
    if (!valid_corners(c))
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "solve2: corners are not a 2x2 position with DBL at home");
    return {perm_coord(c), twist_coord(c)};
}

Move move_of(int m) { return Move{static_cast<uint8_t>(m / 3), static_cast<uint8_t>(m % 3 + 1)}; }

// A move's length in the metric: a half turn counts 2 in QTM (written X2 there too, never X X).
int cost(const Tables &t, int m) { return t.metric == Metric::kQtm && m % 3 == 1 ? 2 : 1; }

// Two turns of one face in a row are never needed: in HTM never optimal, in QTM only as X X or X' X', which
// is the half turn X2 written once.
bool skip_after(int last, int m) { return last >= 0 && last / 3 == m / 3; }

// Whether move m takes (p, tw) at distance d one move nearer (by its cost); (np, nt) is where it goes.
bool descends(const Tables &t, int p, int tw, int d, int m, int &np, int &nt) {
    np = t.mt.perm[p][m], nt = t.mt.twist[m][tw];
    return t.depth(np, nt) == d - cost(t, m);
}

// Whether a move of face `face` to (p, tw) at distance d can go on: solved, or a move of another face descends.
// In QTM a quarter turn X can end there when only X X was optimal; then the half turn X2 is the way on.
bool goes_on(const Tables &t, int p, int tw, int d, int face) {
    if (d == 0) return true;
    for (int m = 0; m < kMoves; m++) {
        int np = 0, nt = 0;
        if (m / 3 != face && descends(t, p, tw, d, m, np, nt)) return true;
    }
    return false;
}

// Every node it visits but the ends of QTM quarter turns that cannot go on (see goes_on) lies on an optimal
// solution, so polling `stop` per solution is often enough.
struct Enumerator {
    const Tables &t;
    int64_t limit;
    const std::function<void(const MoveList &)> &fn;
    const StopFlag *stop;
    int64_t produced = 0;
    bool stopped = false;
    MoveList path;

    void run(int p, int tw, int d, int last) {
        if (d == 0) {
            fn(path);
            produced++;
            stopped = stop && stop->stopped();
            return;
        }
        for (int m = 0; m < kMoves && produced < limit && !stopped; m++) {
            int np = 0, nt = 0;
            if (skip_after(last, m) || !descends(t, p, tw, d, m, np, nt)) continue;
            path.push_back(move_of(m));
            run(np, nt, d - cost(t, m), m);
            path.pop_back();
        }
    }
};

}  // namespace

int distance(const Tables &t, const CubieCube &corners) {
    Coords c = coords_of(corners);
    return t.depth(c.perm, c.twist);
}

MoveList solve(const Tables &t, const CubieCube &corners) {
    Coords c = coords_of(corners);
    int p = c.perm, tw = c.twist;
    int d = t.depth(p, tw);
    MoveList out;
    out.reserve(d);
    for (int last = -1; d > 0;) {
        for (int m = 0;; m++) {  // some move always brings the cube nearer by its cost and goes on
            int np = 0, nt = 0;
            if (skip_after(last, m) || !descends(t, p, tw, d, m, np, nt)) continue;
            if (!goes_on(t, np, nt, d - cost(t, m), m / 3)) continue;
            out.push_back(move_of(m));
            p = np, tw = nt, last = m, d -= cost(t, m);
            break;
        }
    }
    return out;
}

int64_t solve_all(const Tables &t, const CubieCube &corners, int64_t limit,
                  const std::function<void(const MoveList &)> &fn, const StopFlag *stop) {
    Coords c = coords_of(corners);
    if (limit <= 0) return 0;
    Enumerator e{t, limit, fn, stop, 0, false, {}};
    int d = t.depth(c.perm, c.twist);
    e.path.reserve(d);
    e.run(c.perm, c.twist, d, -1);
    return e.produced;
}

int64_t count_optimal(const Tables &t, const CubieCube &corners) {
    Coords c = coords_of(corners);
    // Distance by distance towards solved: (position, face of the last move) with its number of paths; a move
    // of cost 2 (a QTM half turn) reaches two distances nearer.
    constexpr int kNoFace = 3;
    auto key = [](int32_t index, int face) { return int64_t(index) * 4 + face; };
    int d0 = t.depth(c.perm, c.twist);
    std::vector<std::vector<std::pair<int64_t, int64_t>>> level(d0 + 1);
    level[d0].emplace_back(key(c.perm * kTwists + c.twist, kNoFace), 1);
    for (int d = d0; d > 0; d--) {
        std::vector<std::pair<int64_t, int64_t>> &here = level[d];
        std::sort(here.begin(), here.end());
        for (size_t i = 0; i < here.size(); i++) {
            int64_t paths = here[i].second;
            while (i + 1 < here.size() && here[i + 1].first == here[i].first) paths += here[++i].second;
            int32_t index = static_cast<int32_t>(here[i].first / 4);
            int face = static_cast<int>(here[i].first % 4);
            int p = index / kTwists, tw = index % kTwists;
            for (int m = 0; m < kMoves; m++) {
                int np = 0, nt = 0;
                if (skip_after(face == kNoFace ? -1 : face * 3, m) || !descends(t, p, tw, d, m, np, nt)) continue;
                level[d - cost(t, m)].emplace_back(key(np * kTwists + nt, m / 3), paths);
            }
        }
        here.clear();
        here.shrink_to_fit();
    }
    int64_t total = 0;
    for (auto &e : level[0]) total += e.second;
    return total;
}

}  // namespace lc::solve2
