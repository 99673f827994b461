#include "robot_time_search.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <vector>

#include "error.hpp"
#include "robot/orient.hpp"
#include "twophase/coord.hpp"
#include "twophase/symmetry.hpp"
#include "twophase/tables.hpp"

namespace lc::robot {
namespace {

using twophase::kMoves;

constexpr int kAxes = 3;
constexpr int kMaxDepth = 30;

// For each axis r: the move of the cube seen along that axis (conjugated by urf3^r) that a move of
// the cube is, as the two-phase search sees it.
struct AxisMoves {
    uint8_t m[kAxes][kMoves];
    CubieCube rot[kAxes], rot_inv[kAxes];
    AxisMoves() {
        const twophase::Symmetries &s = twophase::symmetries();
        rot[0] = rot_inv[0] = CubieCube::solved();
        rot[1] = s.urf3;
        rot[2] = twophase::sym_multiply(s.urf3, s.urf3);
        rot_inv[1] = rot[2], rot_inv[2] = rot[1];
        for (int r = 0; r < kAxes; ++r)
            for (int j = 0; j < kMoves; ++j) {
                const CubieCube seen = twophase::conjugate(s.move_cube[j], rot[r], rot_inv[r]);
                m[r][j] = 0xff;
                for (int k = 0; k < kMoves; ++k)
                    if (s.move_cube[k] == seen) m[r][j] = uint8_t(k);
                if (m[r][j] == 0xff) throw std::logic_error("time search: rotated move is not a face turn");
            }
    }
};

const AxisMoves &axis_moves() {
    static const AxisMoves am;
    return am;
}

// The cube's coordinates at one depth: phase-1 coordinates and distance on each axis, and on the
// first axis everything that tells the solved cube.
struct Coords {
    uint16_t twist[kAxes], flip[kAxes], slice[kAxes];
    uint8_t dist[kAxes];
    uint16_t corners, u_edges, d_edges;
};

class Searcher {
  public:
    Searcher(const twophase::Tables &t, const SequenceCost &cost, TimeSearch &s) : t_(t), cost_(cost), s_(s) {}

    void run(const CubieCube &cube) {
        const AxisMoves &am = axis_moves();
        Coords &c = at_[0];
        for (int r = 0; r < kAxes; ++r) {
            const CubieCube v = twophase::conjugate(cube, am.rot[r], am.rot_inv[r]);
            c.twist[r] = uint16_t(twophase::twist_of(v));
            c.flip[r] = uint16_t(twophase::flip_of(v));
            c.slice[r] = uint16_t(twophase::four_edges_of(v, twophase::kSliceEdges));
            const int d = t_.phase1_distance(c.flip[r], c.slice[r], c.twist[r]);
            if (d < 0) throw Error(CUBE_ERROR_INTERNAL, "time search: inconsistent phase-1 table");
            c.dist[r] = uint8_t(d);
        }
        c.corners = uint16_t(twophase::corners_of(cube));
        c.u_edges = uint16_t(twophase::four_edges_of(cube, twophase::kUEdges));
        c.d_edges = uint16_t(twophase::four_edges_of(cube, twophase::kDEdges));
        const CubieCube solved = CubieCube::solved();
        solved_ = {uint16_t(twophase::twist_of(solved)), uint16_t(twophase::flip_of(solved)),
                   uint16_t(twophase::four_edges_of(solved, twophase::kSliceEdges)),
                   uint16_t(twophase::corners_of(solved)), uint16_t(twophase::four_edges_of(solved, twophase::kUEdges)),
                   uint16_t(twophase::four_edges_of(solved, twophase::kDEdges))};
        best_ = s_.bound_us > 0 ? s_.bound_us : SequenceCost::kNever;
        cost_.begin(frontier_[0]);
        max_length_ = std::min(s_.max_length, kMaxDepth);
        stopped_ = false;
        dfs(0, -1);
        s_.us = found_ ? best_ : SequenceCost::kNever;
        s_.moves = best_moves_;
        s_.complete = !stopped_;
    }

  private:
    bool is_solved(const Coords &c) const {
        return c.twist[0] == solved_[0] && c.flip[0] == solved_[1] && c.slice[0] == solved_[2] &&
               c.corners == solved_[3] && c.u_edges == solved_[4] && c.d_edges == solved_[5];
    }

    // The moves still needed at least: the largest phase-1 distance, or the corners' distance.
    int moves_needed(const Coords &c) const {
        int d = std::max({c.dist[0], c.dist[1], c.dist[2]});
        return std::max(d, t_.corner_distance(c.corners, c.twist[0]));
    }

    // The child of `c` after move m.
    void child(const Coords &c, int m, Coords &out) const {
        static constexpr int8_t kStep[12] = {0, -1, 1, 0, 1, 0, -1, 0, -1, 1, 0, 0};
        const AxisMoves &am = axis_moves();
        for (int r = 0; r < kAxes; ++r) {
            const int mr = am.m[r][m];
            out.twist[r] = t_.twist_move[c.twist[r] * kMoves + mr];
            out.flip[r] = t_.flip_move[c.flip[r] * kMoves + mr];
            out.slice[r] = t_.slice_move[c.slice[r] * kMoves + mr];
            const uint8_t e = t_.prune1[t_.phase1_index(out.flip[r], out.slice[r], out.twist[r])];
            out.dist[r] = uint8_t(c.dist[r] + kStep[(e & 3) * 4 + c.dist[r] % 3]);
        }
        out.corners = t_.corners_move[c.corners * kMoves + m];
        out.u_edges = t_.u_edges_move[c.u_edges * kMoves + m];
        out.d_edges = t_.d_edges_move[c.d_edges * kMoves + m];
    }

    static int64_t least(const SequenceCost::Frontier &f) {
        int64_t best = SequenceCost::kNever;
        for (const auto &e : f) best = std::min(best, e.second);
        return best;
    }

    void dfs(int n, int prev) {
        if (stopped_) return;
        if (s_.node_limit && ++s_.nodes > s_.node_limit) {
            stopped_ = true;
            return;
        }
        if (!s_.node_limit) ++s_.nodes;
        const Coords &c = at_[n];
        if (is_solved(c)) {
            const int64_t us = cost_.finish(frontier_[n]);
            if (us < best_) {
                best_ = us;
                found_ = true;
                best_moves_.assign(moves_, moves_ + n);
            }
            return;
        }
        if (n == max_length_) return;
        struct Option {
            int64_t order;
            int move;
        };
        Option options[kMoves];
        int count = 0;
        const int64_t turn = cost_.least_turn(), finish = cost_.least_finish();
        const int64_t here = least(frontier_[n]);
        for (int m = 0; m < kMoves; ++m) {
            if (!twophase::may_follow(prev, m)) continue;
            Coords &k = kids_[n][m];
            child(c, m, k);
            const int need = moves_needed(k);
            if (n + 1 + need > max_length_) continue;
            const int face = m / 3, amount = m % 3 + 1;
            SequenceCost::Frontier &f = kid_frontier_[n][m];
            const int64_t limit = best_ - int64_t(need) * turn - finish;
            if (prev >= 0 && face == kOpposite[prev / 3]) {
                const FaceTurn a{uint8_t(prev / 3), uint8_t(prev % 3 + 1), 0}, b{uint8_t(face), uint8_t(amount), 0};
                cost_.then_pair(frontier_[n - 1], a, b, limit, f);
            } else {
                // The opposite face may still come next and go first: the bound must allow for it.
                const bool open_pair = face < 3;
                cost_.then(frontier_[n], face, amount, open_pair ? SequenceCost::kNever : limit, f);
                if (open_pair && !f.empty() && std::min(least(f), here + turn) >= limit) continue;
            }
            if (f.empty()) continue;
            options[count++] = {least(f), m};
        }
        auto cheaper = [](const Option &x, const Option &y) {
            return x.order != y.order ? x.order < y.order : x.move < y.move;
        };
        std::sort(options, options + count, cheaper);
        for (int i = 0; i < count && !stopped_; ++i) {
            const int m = options[i].move;
            const int need = moves_needed(kids_[n][m]);
            // best_ may have dropped since the options were listed.
            const int64_t g = kid_frontier_[n][m].empty() ? SequenceCost::kNever : least(kid_frontier_[n][m]);
            const bool open_pair = m / 3 < 3 && !(prev >= 0 && m / 3 == kOpposite[prev / 3]);
            const int64_t lower = open_pair ? std::min(g, here + turn) : g;
            if (lower + int64_t(need) * turn + finish >= best_) continue;
            at_[n + 1] = kids_[n][m];
            frontier_[n + 1] = kid_frontier_[n][m];
            moves_[n] = Move{uint8_t(m / 3), uint8_t(m % 3 + 1)};
            dfs(n + 1, m);
        }
    }

    const twophase::Tables &t_;
    const SequenceCost &cost_;
    TimeSearch &s_;
    std::array<uint16_t, 6> solved_{};
    Coords at_[kMaxDepth + 1];
    Coords kids_[kMaxDepth][kMoves];
    SequenceCost::Frontier frontier_[kMaxDepth + 1];
    SequenceCost::Frontier kid_frontier_[kMaxDepth][kMoves];
    Move moves_[kMaxDepth];
    MoveList best_moves_;
    int64_t best_ = 0;
    bool found_ = false;
    bool stopped_ = false;
    int max_length_ = 0;
};

}  // namespace

void time_search(const twophase::Tables &tables, const SequenceCost &cost, const CubieCube &cube, TimeSearch &search) {
    if (!cube.valid()) throw Error(CUBE_ERROR_INVALID_CUBE, "time search: not a solvable cube");
    search.nodes = 0;
    search.moves.clear();
    auto searcher = std::make_unique<Searcher>(tables, cost, search);
    searcher->run(cube);
}

}  // namespace lc::robot
