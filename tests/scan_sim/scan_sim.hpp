// A seeded, reproducible camera-scan simulator: random 3x3 cubes seen through real sticker plastics,
// lamp colour temperature, exposure, per-sticker noise, glare and red/orange overlap.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "colour.hpp"
#include "random.hpp"

namespace scan_sim {

struct SimOptions {
    uint64_t seed = 1;
    double noise = 6.0;               // per-sticker noise: standard deviation per sRGB channel (0..255 units)
    int scheme = -1;                  // plastics set 0 or 1; -1 picks one per scan
    double kelvin_min = 2700;         // lamp colour temperature range
    double kelvin_max = 6500;
    double exposure_stops = 0.5;      // scan exposure uniform in +-this many stops
    double face_exposure_stops = 0.1; // per-face exposure jitter (standard deviation, stops)
    double glare_probability = 0.1;   // share of scans with glare on 1..3 stickers
    double red_orange_overlap = 0.3;  // how far red and orange are pulled towards each other, 0..1
};

// Number of plastics sets the simulator knows.
constexpr int kSchemes = 2;

struct SimScan {
    std::string truth;                            // facelets of the scanned cube, URFDLB letters
    std::array<lc::Vec3, 54> srgb{};              // the camera's samples, 0..255
    int scheme = 0;
    double kelvin = 0;
    int glare_stickers = 0;
};

// Linear RGB gains of a blackbody lamp of `kelvin` relative to D65, the green gain 1 (Planckian locus
// chromaticity by Kim et al.'s cubic spline).
lc::Vec3 lamp_gain(double kelvin);

class ScanSimulator {
public:
    explicit ScanSimulator(const SimOptions &options);
    SimScan next();

private:
    double uniform();
    double gaussian();
    SimOptions options_;
    lc::Rng rng_;
};

// The scan as the CLI reads it: six lines of nine #rrggbb colours, URFDLB order.
std::string to_hex_lines(const SimScan &scan);

// The naive classifier: every sticker gets its nearest centre colour in L*a*b* (CIE76 distance), then
// the facelets are validated. Returns the letters, or "" if they are not a valid cube.
std::string naive_classify(const SimScan &scan);

}  // namespace scan_sim
