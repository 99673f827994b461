// Calibrate, score, place pieces under the cube's constraints, refit, and rank the valid cubes.
#include "resolve.hpp"

#include <algorithm>
#include <cmath>

#include "assign.hpp"
#include "cubie.hpp"
#include "facelets.hpp"
#include "geometry.hpp"
#include "model.hpp"

namespace lc {
namespace {

constexpr int kRefits = 2;

// Placement scores of the corners (3 stickers, 3 twists) or edges (2, 2): `slots` lists each slot's
// facelets, `n` per slot, in the geometry's order.
PieceScores placement_scores(const std::vector<double> &sticker, const uint8_t *slots, int pieces, int n) {
    PieceScores s;
    s.pieces = pieces;
    s.orientations = n;
    s.values.assign(static_cast<size_t>(pieces * pieces * n), 0.0);
    for (int slot = 0; slot < pieces; ++slot)
        for (int piece = 0; piece < pieces; ++piece)
            for (int o = 0; o < n; ++o) {
                double sum = 0;
                for (int k = 0; k < n; ++k) {
                    int facelet = slots[slot * n + (k + o) % n];
                    int colour = slots[piece * n + k] / 9;
                    sum += sticker[facelet * 6 + colour];
                }
                s.at(slot, piece, o) = sum;
            }
    return s;
}

struct Candidate {
    double score;
    const Placement *corners;
    const Placement *edges;
};

// The best `keep` pairings of corner and edge placements with equal permutation parity.
// `complete` (may be null) is cleared when either piece search stopped at its limit of permutations.
std::vector<ScanCube> best_cubes(const std::vector<double> &sticker, int keep, bool *complete = nullptr) {
    const Geometry &g = geometry(3);
    PlacementLists corners = best_placements(placement_scores(sticker, g.corner_facelets[0].data(), kCorners, 3), keep, kMaxPermutations);
    PlacementLists edges = best_placements(placement_scores(sticker, g.edge_facelets[0].data(), kEdges, 2), keep, kMaxPermutations);
    if (complete) *complete = corners.exact && edges.exact;
    std::vector<Candidate> candidates;
    for (int parity = 0; parity < 2; ++parity)
        for (const Placement &c : corners.by_parity[parity])
            for (const Placement &e : edges.by_parity[parity]) candidates.push_back({c.score + e.score, &c, &e});
    std::sort(candidates.begin(), candidates.end(),
              [](const Candidate &a, const Candidate &b) { return a.score > b.score; });
    if (static_cast<int>(candidates.size()) > keep) candidates.resize(static_cast<size_t>(keep));
    std::vector<ScanCube> cubes;
    for (const Candidate &cand : candidates) {
        CubieCube c = CubieCube::solved();
        for (int i = 0; i < kCorners; ++i) {
            c.cp[i] = cand.corners->perm[i];
            c.co[i] = cand.corners->orient[i];
        }
        for (int i = 0; i < kEdges; ++i) {
            c.ep[i] = cand.edges->perm[i];
            c.eo[i] = cand.edges->orient[i];
        }
        if (!c.valid()) throw Error(CUBE_ERROR_INTERNAL, "scan resolution built an invalid cube");
        cubes.push_back({cubies_to_facelets(3, c), cand.score, 0.0});
    }
    return cubes;
}

}  // namespace

ScanResolution resolve_scan(const cube_scan_input &input, int keep) {
    std::vector<Vec3> lab = balanced_lab(input.samples, input.space, input.size);
    ColourModel model = model_from_centres(lab, input.size);
    for (int round = 0; round < kRefits; ++round) {
        std::vector<ScanCube> best = best_cubes(sticker_scores(model, lab, input.samples), 1);
        model = refit_model(lab, input.samples, best.front().facelets, model);
    }
    ScanResolution out;
    out.cubes = best_cubes(sticker_scores(model, lab, input.samples), keep, &out.complete);
    if (out.cubes.empty()) throw Error(CUBE_ERROR_INTERNAL, "scan resolution found no valid cube");
    double total = 0;
    for (ScanCube &cube : out.cubes) {
        cube.posterior = std::exp(cube.log_likelihood - out.cubes.front().log_likelihood);
        total += cube.posterior;
    }
    for (ScanCube &cube : out.cubes) cube.posterior /= total;
    const std::string &best = out.cubes.front().facelets;
    out.sticker_confidence.assign(best.size(), 0.0);
    for (const ScanCube &cube : out.cubes)
        for (size_t i = 0; i < best.size(); ++i)
            if (cube.facelets[i] == best[i]) out.sticker_confidence[i] += cube.posterior;
    for (double &c : out.sticker_confidence) c = std::min(1.0, c);
    return out;
}

}  // namespace lc
