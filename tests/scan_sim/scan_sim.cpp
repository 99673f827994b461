// The scan simulator and the naive classifier it is compared with.
#include "scan_sim.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "error.hpp"
#include "facelets.hpp"
#include "geometry.hpp"

namespace scan_sim {
namespace {

// Sticker plastics (sRGB as photographed under D65), in the colour order white, yellow, red, orange, blue,
// green: set 0 like the classic stickered cube, set 1 like a bright stickerless one.
constexpr double kPlastics[kSchemes][6][3] = {
    {{235, 235, 230}, {255, 213, 0}, {185, 0, 0}, {255, 88, 0}, {0, 69, 173}, {0, 155, 72}},
    {{245, 245, 245}, {250, 235, 20}, {215, 25, 40}, {255, 125, 10}, {0, 110, 230}, {20, 200, 80}},
};
enum { kWhite, kYellow, kRed, kOrange, kBlue, kGreen };
// The western scheme: the colour of each face, URFDLB.
constexpr int kFaceColour[6] = {kWhite, kRed, kGreen, kYellow, kOrange, kBlue};

constexpr double kXyzToRgb[3][3] = {{3.2404542, -1.5371385, -0.4985314},
                                    {-0.9692660, 1.8760108, 0.0415560},
                                    {0.0556434, -0.2040259, 1.0572252}};

// Linear RGB of the Planckian locus at `kelvin`, luminance 1.
lc::Vec3 planck_rgb(double kelvin) {
    double t = kelvin;
    double x = t <= 4000 ? -0.2661239e9 / (t * t * t) - 0.2343589e6 / (t * t) + 0.8776956e3 / t + 0.179910
                         : -3.0258469e9 / (t * t * t) + 2.1070379e6 / (t * t) + 0.2226347e3 / t + 0.240390;
    double y = t <= 2222   ? -1.1063814 * x * x * x - 1.34811020 * x * x + 2.18555832 * x - 0.20219683
               : t <= 4000 ? -0.9549476 * x * x * x - 1.37418593 * x * x + 2.09137015 * x - 0.16748867
                           : 3.0817580 * x * x * x - 5.87338670 * x * x + 3.75112997 * x - 0.37001483;
    double xyz[3] = {x / y, 1.0, (1 - x - y) / y};
    lc::Vec3 rgb{};
    for (int i = 0; i < 3; ++i) rgb[i] = kXyzToRgb[i][0] * xyz[0] + kXyzToRgb[i][1] * xyz[1] + kXyzToRgb[i][2] * xyz[2];
    return rgb;
}

int face_index(char letter) { return static_cast<int>(std::string("URFDLB").find(letter)); }

double clip(double v) { return std::min(255.0, std::max(0.0, v)); }

}  // namespace

lc::Vec3 lamp_gain(double kelvin) {
    lc::Vec3 lamp = planck_rgb(kelvin);
    lc::Vec3 d65 = planck_rgb(6504);
    lc::Vec3 gain{};
    for (int i = 0; i < 3; ++i) gain[i] = std::max(0.0, lamp[i] / d65[i]);
    for (int i = 0; i < 3; ++i) gain[i] /= lamp[1] / d65[1];
    return gain;
}

ScanSimulator::ScanSimulator(const SimOptions &options) : options_(options), rng_(options.seed) {}

double ScanSimulator::uniform() { return (rng_.next() >> 11) * (1.0 / 9007199254740992.0); }

double ScanSimulator::gaussian() {
    double u = 1.0 - uniform();
    double v = uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2 * M_PI * v);
}

SimScan ScanSimulator::next() {
    SimScan scan;
    scan.truth = lc::cubies_to_facelets(3, lc::random_cubie(rng_));
    scan.scheme = options_.scheme >= 0 ? options_.scheme % kSchemes : static_cast<int>(rng_.below(kSchemes));
    scan.kelvin = options_.kelvin_min + (options_.kelvin_max - options_.kelvin_min) * uniform();
    lc::Vec3 gain = lamp_gain(scan.kelvin);
    double exposure = std::exp2(options_.exposure_stops * (2 * uniform() - 1));
    // This scan's plastics, red and orange pulled towards each other by a random part of the overlap.
    double plastic[6][3];
    for (int c = 0; c < 6; ++c)
        for (int k = 0; k < 3; ++k) plastic[c][k] = kPlastics[scan.scheme][c][k];
    double pull = 0.5 * options_.red_orange_overlap * uniform();
    for (int k = 0; k < 3; ++k) {
        double red = plastic[kRed][k];
        double orange = plastic[kOrange][k];
        plastic[kRed][k] = red + pull * (orange - red);
        plastic[kOrange][k] = orange + pull * (red - orange);
    }
    double face_exposure[6];
    for (double &e : face_exposure) e = exposure * std::exp2(options_.face_exposure_stops * gaussian());
    for (int i = 0; i < 54; ++i) {
        const double *p = plastic[kFaceColour[face_index(scan.truth[static_cast<size_t>(i)])]];
        lc::Vec3 linear = lc::srgb_to_linear(lc::Vec3{p[0], p[1], p[2]});
        for (int k = 0; k < 3; ++k) linear[k] *= gain[k] * face_exposure[i / 9] * (1 + 0.02 * gaussian());
        lc::Vec3 encoded = lc::linear_to_srgb(lc::Vec3{std::max(0.0, linear[0]), std::max(0.0, linear[1]),
                                                       std::max(0.0, linear[2])});
        for (int k = 0; k < 3; ++k) scan.srgb[static_cast<size_t>(i)][k] = clip(encoded[k] + options_.noise * gaussian());
    }
    if (uniform() < options_.glare_probability) {
        scan.glare_stickers = 1 + static_cast<int>(rng_.below(3));
        for (int g = 0; g < scan.glare_stickers; ++g) {
            int i = static_cast<int>(rng_.below(54));
            if (i % 9 == 4) continue;  // the centres are the calibration: a glared centre is a re-scan
            double mix = 0.7 + 0.3 * uniform();
            for (double &v : scan.srgb[static_cast<size_t>(i)]) v = clip(v + mix * (255 - v) + 2 * gaussian());
        }
    }
    return scan;
}

std::string to_hex_lines(const SimScan &scan) {
    std::string out;
    for (int i = 0; i < 54; ++i) {
        char hex[16];
        const lc::Vec3 &c = scan.srgb[static_cast<size_t>(i)];
        std::snprintf(hex, sizeof hex, "#%02x%02x%02x", static_cast<int>(std::lround(c[0])),
                      static_cast<int>(std::lround(c[1])), static_cast<int>(std::lround(c[2])));
        out += hex;
        out += i % 9 == 8 ? '\n' : ' ';
    }
    return out;
}

std::string naive_classify(const SimScan &scan) {
    std::array<lc::Vec3, 54> lab{};
    for (size_t i = 0; i < 54; ++i) lab[i] = lc::linear_to_lab(lc::srgb_to_linear(scan.srgb[i]));
    std::string letters(54, '?');
    for (size_t i = 0; i < 54; ++i) {
        double best = 1e300;
        for (int f = 0; f < 6; ++f) {
            const lc::Vec3 &c = lab[static_cast<size_t>(f * 9 + 4)];
            double d = 0;
            for (int k = 0; k < 3; ++k) d += (lab[i][k] - c[k]) * (lab[i][k] - c[k]);
            if (d < best) {
                best = d;
                letters[i] = "URFDLB"[f];
            }
        }
    }
    try {
        lc::parse_facelets(letters.c_str(), 3);
    } catch (const lc::Error &) {
        return "";
    }
    return letters;
}

}  // namespace scan_sim
