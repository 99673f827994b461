// k-best piece placements: Murty's ranking of assignments by their unconstrained bound, each
// permutation completed with its best orientations whose sum is 0 (a small dynamic programme).
#include "assign.hpp"

#include <algorithm>
#include <limits>
#include <queue>

namespace lc {
namespace {

constexpr double kForbidden = 1e9;
constexpr int kMaxPieces = 12;

using Allowed = std::array<std::array<bool, kMaxPieces>, kMaxPieces>;

// The state of the Hungarian method: dual potentials of rows and columns and the row holding each
// column (1-based, 0 = free), as in the classic O(n^3) formulation that adds one row at a time.
struct Hungarian {
    std::array<double, kMaxPieces + 1> u{}, v{};
    std::array<int, kMaxPieces + 1> row_of{};

    // Assigns row `i` (1-based) along a shortest augmenting path, keeping the duals feasible: O(n^2).
    void add_row(int n, const double *cost, int i) {
        const double inf = std::numeric_limits<double>::infinity();
        std::array<double, kMaxPieces + 1> minv;
        std::array<int, kMaxPieces + 1> way{};
        std::array<bool, kMaxPieces + 1> used{};
        minv.fill(inf);
        row_of[0] = i;
        int j0 = 0;
        do {
            used[j0] = true;
            int i0 = row_of[j0];
            int j1 = 0;
            double delta = inf;
            for (int j = 1; j <= n; ++j) {
                if (used[j]) continue;
                double cur = cost[(i0 - 1) * n + (j - 1)] - u[i0] - v[j];
                if (cur < minv[j]) {
                    minv[j] = cur;
                    way[j] = j0;
                }
                if (minv[j] < delta) {
                    delta = minv[j];
                    j1 = j;
                }
            }
            for (int j = 0; j <= n; ++j) {
                if (used[j]) {
                    u[row_of[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
        } while (row_of[j0] != 0);
        do {
            int j1 = way[j0];
            row_of[j0] = row_of[j1];
            j0 = j1;
        } while (j0);
    }

    // The assignment as row -> column (0-based); false if it uses a forbidden pair.
    bool read(int n, const double *cost, std::array<uint8_t, kMaxPieces> &row_to_col) const {
        for (int j = 1; j <= n; ++j) row_to_col[row_of[j] - 1] = static_cast<uint8_t>(j - 1);
        for (int i = 0; i < n; ++i)
            if (cost[i * n + row_to_col[i]] >= kForbidden / 2) return false;
        return true;
    }
};

// A subproblem of Murty's partition: the allowed pairs, the optimal permutation under them and its bound.
struct Node {
    double bound = 0;
    Hungarian solver;
    Allowed allowed{};
    std::array<uint8_t, kMaxPieces> perm{};
    bool operator<(const Node &o) const { return bound < o.bound; }
};

class MurtyRanking {
public:
    explicit MurtyRanking(const PieceScores &s) : n_(s.pieces) {
        for (int slot = 0; slot < n_; ++slot)
            for (int piece = 0; piece < n_; ++piece) {
                double best = -std::numeric_limits<double>::infinity();
                for (int o = 0; o < s.orientations; ++o) best = std::max(best, s.at(slot, piece, o));
                bound_[slot][piece] = best;
            }
        Node root;
        for (auto &row : root.allowed) row.fill(true);
        std::array<double, kMaxPieces * kMaxPieces> cost;
        costs_of(root, cost);
        for (int i = 1; i <= n_; ++i) root.solver.add_row(n_, cost.data(), i);
        push_if_feasible(root, cost);
    }

    bool empty() const { return queue_.empty(); }
    double next_bound() const { return queue_.top().bound; }

    // The next permutation in decreasing bound order; partitions the rest of its subproblem.
    std::array<uint8_t, kMaxPieces> pop() {
        Node node = queue_.top();
        queue_.pop();
        Node child = node;
        for (int slot = 0; slot < n_; ++slot) {
            int piece = node.perm[slot];
            int free_choices = 0;
            for (int q = 0; q < n_; ++q) free_choices += child.allowed[slot][q];
            if (free_choices > 1) {
                // The parent's duals stay feasible when a pair is forbidden: one augmenting path re-solves it.
                Node excluded = child;
                excluded.allowed[slot][piece] = false;
                std::array<double, kMaxPieces * kMaxPieces> cost;
                costs_of(excluded, cost);
                excluded.solver.row_of[piece + 1] = 0;
                excluded.solver.add_row(n_, cost.data(), slot + 1);
                push_if_feasible(excluded, cost);
            }
            // Later children keep this pair fixed.
            for (int q = 0; q < n_; ++q) child.allowed[slot][q] = q == piece;
        }
        return node.perm;
    }

private:
    void costs_of(const Node &node, std::array<double, kMaxPieces * kMaxPieces> &cost) const {
        for (int slot = 0; slot < n_; ++slot)
            for (int piece = 0; piece < n_; ++piece)
                cost[slot * n_ + piece] = node.allowed[slot][piece] ? -bound_[slot][piece] : kForbidden;
    }

    void push_if_feasible(Node &node, const std::array<double, kMaxPieces * kMaxPieces> &cost) {
        if (!node.solver.read(n_, cost.data(), node.perm)) return;
        node.bound = 0;
        for (int slot = 0; slot < n_; ++slot) node.bound += bound_[slot][node.perm[slot]];
        queue_.push(node);
    }

    int n_;
    double bound_[kMaxPieces][kMaxPieces];
    std::priority_queue<Node> queue_;
};

// The best `limit` orientation choices for a fixed permutation whose orientations sum to 0.
std::vector<Placement> best_orientations(const PieceScores &s, const std::array<uint8_t, kMaxPieces> &perm,
                                         int limit) {
    const int n = s.pieces;
    const int m = s.orientations;
    // partial[r]: the best partial choices over the slots so far whose sum is r mod m.
    std::vector<std::vector<Placement>> partial(m);
    partial[0].push_back(Placement{});
    for (int slot = 0; slot < n; ++slot) {
        std::vector<std::vector<Placement>> next(m);
        for (int r = 0; r < m; ++r)
            for (const Placement &p : partial[r])
                for (int o = 0; o < m; ++o) {
                    Placement q = p;
                    q.score += s.at(slot, perm[slot], o);
                    q.orient[slot] = static_cast<uint8_t>(o);
                    next[(r + o) % m].push_back(q);
                }
        for (auto &list : next) {
            auto by_score = [](const Placement &a, const Placement &b) { return a.score > b.score; };
            size_t keep = std::min(list.size(), static_cast<size_t>(limit));
            std::partial_sort(list.begin(), list.begin() + static_cast<long>(keep), list.end(), by_score);
            list.resize(keep);
        }
        partial = std::move(next);
    }
    for (Placement &p : partial[0]) p.perm = perm;
    return partial[0];
}

// Keeps the best `limit` of `list`, best first.
void keep_best(std::vector<Placement> &list, int limit) {
    std::sort(list.begin(), list.end(), [](const Placement &a, const Placement &b) { return a.score > b.score; });
    if (static_cast<int>(list.size()) > limit) list.resize(static_cast<size_t>(limit));
}

}  // namespace

int permutation_parity(const uint8_t *perm, int n) {
    int inversions = 0;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) inversions += perm[i] > perm[j];
    return inversions & 1;
}

PlacementLists best_placements(const PieceScores &scores, int per_parity, int max_permutations) {
    PlacementLists out;
    MurtyRanking ranking(scores);
    for (int popped = 0; !ranking.empty(); ++popped) {
        // Done when every parity holds `per_parity` placements no remaining permutation can beat.
        bool done = true;
        for (auto &list : out.by_parity)
            if (static_cast<int>(list.size()) < per_parity || list.back().score < ranking.next_bound()) done = false;
        if (done) break;
        if (popped == max_permutations) {
            out.exact = false;
            break;
        }
        std::array<uint8_t, kMaxPieces> perm = ranking.pop();
        auto &list = out.by_parity[permutation_parity(perm.data(), scores.pieces)];
        std::vector<Placement> found = best_orientations(scores, perm, per_parity);
        list.insert(list.end(), found.begin(), found.end());
        keep_best(list, per_parity);
    }
    return out;
}

}  // namespace lc
