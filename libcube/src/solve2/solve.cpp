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

// In HTM two turns of one face in a row are never optimal, so they need not be tried.
bool skip_after(const Tables &t, int last, int m) {
    return t.metric == Metric::kHtm && last >= 0 && last / 3 == m / 3;
}

// Every node it visits lies on an optimal solution, so polling `stop` per solution is often enough.
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
        for (int k = 0; k < t.nmoves && produced < limit && !stopped; k++) {
            int m = t.moves[k];
            if (skip_after(t, last, m)) continue;
            int np = t.mt.perm[p][m], nt = t.mt.twist[m][tw];
            if (t.depth(np, nt) != d - 1) continue;
            path.push_back(move_of(m));
            run(np, nt, d - 1, m);
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
    for (int last = -1; d > 0; d--) {
        for (int k = 0;; k++) {  // some move always lowers the distance by one
            int m = t.moves[k];
            if (skip_after(t, last, m)) continue;
            int np = t.mt.perm[p][m], nt = t.mt.twist[m][tw];
            if (t.depth(np, nt) == d - 1) {
                out.push_back(move_of(m));
                p = np, tw = nt, last = m;
                break;
            }
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
    // Level by level towards solved: positions one move nearer, with their number of paths.
    std::vector<std::pair<int32_t, int64_t>> level{{c.perm * kTwists + c.twist, 1}}, next;
    for (int d = t.depth(level[0].first); d > 0; d--) {
        next.clear();
        for (auto [index, paths] : level) {
            int p = index / kTwists, tw = index % kTwists;
            for (int k = 0; k < t.nmoves; k++) {
                int m = t.moves[k];
                int np = t.mt.perm[p][m], nt = t.mt.twist[m][tw];
                if (t.depth(np, nt) == d - 1) next.emplace_back(np * kTwists + nt, paths);
            }
        }
        std::sort(next.begin(), next.end());
        level.clear();
        for (auto &e : next) {
            if (!level.empty() && level.back().first == e.first)
                level.back().second += e.second;
            else
                level.push_back(e);
        }
    }
    return level[0].second;
}

}  // namespace lc::solve2
