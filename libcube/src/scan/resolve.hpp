// Resolution of a scan: the most likely valid cubes, their posteriors and the sticker confidences.
#pragma once
#include <string>
#include <vector>

#include "scan_handles.hpp"

namespace lc {

// The piece search stops after this many permutations of the corners or of the edges.
constexpr int kMaxPermutations = 400;

struct ScanCube {
    std::string facelets;
    double log_likelihood = 0;
    double posterior = 0;
};

struct ScanResolution {
    std::vector<ScanCube> cubes;            // best first, at least one
    std::vector<double> sticker_confidence;  // per facelet
    bool complete = true;  // false: the last piece search stopped at its limit of permutations
};

// The best `keep` valid cubes of a 3x3 scan whose samples are all set.
ScanResolution resolve_scan(const cube_scan_input &input, int keep);

}  // namespace lc
