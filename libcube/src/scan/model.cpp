// Calibration on the centres and the EM-style refit of the colour model.
#include "model.hpp"

#include <algorithm>
#include <cmath>

#include "geometry.hpp"

namespace lc {
namespace {

constexpr double kStartSigma = 10.0;       // L*a*b* units: wide enough for any lighting
constexpr double kFloorVariance = 2.0;     // keeps every covariance invertible
constexpr double kShrink = 6.0;            // prior weight of the pooled covariance, in samples
constexpr double kInlierDistance2 = 25.0;  // squared Mahalanobis distance beyond which a sample is an outlier
constexpr double kOutlierShare = 0.03;
constexpr double kLogUniform = -15.2;      // log of 1 / (100 * 200 * 200): a sample anywhere in L*a*b*
constexpr double kWhiteTarget = 0.9;       // luminance the white reference is scaled to

using Mat3 = std::array<double, 9>;

// Inverse and log-determinant of a symmetric positive definite 3x3 matrix.
bool invert(const Mat3 &m, Mat3 &inv, double &log_det) {
    double det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
                 m[2] * (m[3] * m[7] - m[4] * m[6]);
    if (!(det > 1e-12)) return false;
    inv = {(m[4] * m[8] - m[5] * m[7]) / det, (m[2] * m[7] - m[1] * m[8]) / det, (m[1] * m[5] - m[2] * m[4]) / det,
           (m[5] * m[6] - m[3] * m[8]) / det, (m[0] * m[8] - m[2] * m[6]) / det, (m[2] * m[3] - m[0] * m[5]) / det,
           (m[3] * m[7] - m[4] * m[6]) / det, (m[1] * m[6] - m[0] * m[7]) / det, (m[0] * m[4] - m[1] * m[3]) / det};
    log_det = std::log(det);
    return true;
}

double mahalanobis2(const Mat3 &inv, const Vec3 &x, const Vec3 &mean) {
    double d[3] = {x[0] - mean[0], x[1] - mean[1], x[2] - mean[2]};
    double sum = 0;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) sum += d[i] * inv[i * 3 + j] * d[j];
    return sum;
}

void set_covariance(ColourModel &model, int colour, const Mat3 &cov) {
    Mat3 inv{};
    double log_det = 0;
    if (!invert(cov, inv, log_det)) {
        Mat3 fallback{kStartSigma * kStartSigma, 0, 0, 0, kStartSigma * kStartSigma, 0, 0, 0, kStartSigma * kStartSigma};
        invert(fallback, inv, log_det);
    }
    model.inverse[colour] = inv;
    constexpr double kPi = 3.14159265358979323846;  // M_PI is POSIX, not C++ (MinGW lacks it)
    model.log_norm[colour] = -1.5 * std::log(2 * kPi) - 0.5 * log_det;
}

// Chroma of linear RGB: 0 for grey, 1 for a pure hue.
double chroma(const Vec3 &c) {
    double hi = std::max({c[0], c[1], c[2]});
    double lo = std::min({c[0], c[1], c[2]});
    return hi > 1e-6 ? (hi - lo) / hi : 1.0;
}

}  // namespace

std::vector<Vec3> balanced_lab(const std::vector<ScanSample> &samples, int space, int size) {
    std::vector<Vec3> linear(samples.size());
    for (size_t i = 0; i < samples.size(); ++i)
        linear[i] = space == CUBE_SCAN_LAB ? lab_to_linear(samples[i].value) : srgb_to_linear(samples[i].value);
    const Geometry &g = geometry(size);
    double brightest = 0;
    for (int f = 0; f < 6; ++f) brightest = std::max(brightest, luminance(linear[g.centre[f]]));
    // The white reference: the least chromatic of the bright centres.
    int white = g.centre[0];
    double best = 2.0;
    for (int f = 0; f < 6; ++f) {
        const Vec3 &c = linear[g.centre[f]];
        if (luminance(c) < 0.4 * brightest) continue;
        if (chroma(c) < best) {
            best = chroma(c);
            white = g.centre[f];
        }
    }
    Vec3 gain{};
    for (int k = 0; k < 3; ++k) gain[k] = kWhiteTarget / std::max(linear[white][k], 1e-4);
    std::vector<Vec3> lab(samples.size());
    for (size_t i = 0; i < samples.size(); ++i) {
        Vec3 balanced{};
        for (int k = 0; k < 3; ++k) balanced[k] = linear[i][k] * gain[k];
        lab[i] = linear_to_lab(balanced);
    }
    return lab;
}

ColourModel model_from_centres(const std::vector<Vec3> &lab, int size) {
    const Geometry &g = geometry(size);
    ColourModel model;
    const double v = kStartSigma * kStartSigma;
    for (int f = 0; f < 6; ++f) {
        model.mean[f] = lab[g.centre[f]];
        set_covariance(model, f, Mat3{v, 0, 0, 0, v, 0, 0, 0, v});
    }
    return model;
}

ColourModel refit_model(const std::vector<Vec3> &lab, const std::vector<ScanSample> &samples,
                        const std::string &letters, const ColourModel &old) {
    std::array<double, 6> weight{};
    std::array<Vec3, 6> sum{};
    std::vector<int> colour_of(lab.size());
    std::vector<bool> inlier(lab.size());
    for (size_t i = 0; i < lab.size(); ++i) {
        int c = static_cast<int>(std::string("URFDLB").find(letters[i]));
        colour_of[i] = c;
        inlier[i] = samples[i].weight > 0 && mahalanobis2(old.inverse[c], lab[i], old.mean[c]) < kInlierDistance2;
        if (!inlier[i]) continue;
        weight[c] += samples[i].weight;
        for (int k = 0; k < 3; ++k) sum[c][k] += samples[i].weight * lab[i][k];
    }
    ColourModel model = old;
    for (int c = 0; c < 6; ++c)
        if (weight[c] > 0)
            for (int k = 0; k < 3; ++k) model.mean[c][k] = sum[c][k] / weight[c];
    std::array<Mat3, 6> scatter{};
    Mat3 pooled{};
    double pooled_weight = 0;
    for (size_t i = 0; i < lab.size(); ++i) {
        if (!inlier[i]) continue;
        int c = colour_of[i];
        double d[3] = {lab[i][0] - model.mean[c][0], lab[i][1] - model.mean[c][1], lab[i][2] - model.mean[c][2]};
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) scatter[c][a * 3 + b] += samples[i].weight * d[a] * d[b];
        pooled_weight += samples[i].weight;
    }
    for (int c = 0; c < 6; ++c)
        for (int k = 0; k < 9; ++k) pooled[k] += scatter[c][k];
    for (int k = 0; k < 9; ++k) pooled[k] = pooled_weight > 0 ? pooled[k] / pooled_weight : 0;
    for (int k = 0; k < 9; k += 4) pooled[k] += kFloorVariance;
    for (int c = 0; c < 6; ++c) {
        Mat3 cov{};
        for (int k = 0; k < 9; ++k) cov[k] = (scatter[c][k] + kShrink * pooled[k]) / (weight[c] + kShrink);
        set_covariance(model, c, cov);
    }
    return model;
}

std::vector<double> sticker_scores(const ColourModel &model, const std::vector<Vec3> &lab,
                                   const std::vector<ScanSample> &samples) {
    std::vector<double> out(lab.size() * 6);
    const double log_inlier = std::log(1 - kOutlierShare);
    const double log_outlier = std::log(kOutlierShare) + kLogUniform;
    for (size_t i = 0; i < lab.size(); ++i)
        for (int c = 0; c < 6; ++c) {
            double gauss = log_inlier + model.log_norm[c] - 0.5 * mahalanobis2(model.inverse[c], lab[i], model.mean[c]);
            double hi = std::max(gauss, log_outlier);
            double mixed = hi + std::log1p(std::exp(std::min(gauss, log_outlier) - hi));
            out[i * 6 + c] = samples[i].weight * mixed;
        }
    return out;
}

}  // namespace lc
