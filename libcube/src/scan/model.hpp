// The per-scan colour model: white-balanced L*a*b* samples and one robust Gaussian per colour.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "colour.hpp"
#include "scan_handles.hpp"

namespace lc {

// The samples in L*a*b* after white balance: the most neutral bright centre becomes a neutral white.
std::vector<Vec3> balanced_lab(const std::vector<ScanSample> &samples, int space, int size);

// A mean and covariance per colour (index = face of its centre), with an outlier share for glare.
struct ColourModel {
    std::array<Vec3, 6> mean{};
    std::array<std::array<double, 9>, 6> inverse{};  // inverse covariance, row-major
    std::array<double, 6> log_norm{};                 // log of the Gaussian's normalising factor
};

// The starting model: each colour centred on its centre sticker, with a wide isotropic spread.
ColourModel model_from_centres(const std::vector<Vec3> &lab, int size);

// Refits each colour on the stickers `letters` gives it (samples far from the old model are left out).
ColourModel refit_model(const std::vector<Vec3> &lab, const std::vector<ScanSample> &samples,
                        const std::string &letters, const ColourModel &old);

// Weighted log-likelihood of every sample under every colour: out[i * 6 + colour].
std::vector<double> sticker_scores(const ColourModel &model, const std::vector<Vec3> &lab,
                                   const std::vector<ScanSample> &samples);

}  // namespace lc
