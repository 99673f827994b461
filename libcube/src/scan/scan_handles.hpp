// What the public scan handles hold.
#pragma once
#include <cube/scan.h>

#include <array>
#include <string>
#include <vector>

#include "error.hpp"

namespace lc {

constexpr uint32_t kMagicScanInput = 0x5343414e;   // "SCAN"
constexpr uint32_t kMagicScanResult = 0x53524553;  // "SRES"

// One colour sample: three channels in the scan's colour space and a weight.
struct ScanSample {
    std::array<double, 3> value{};
    double weight = 1.0;
    bool set = false;
};

// Checks one sample against its space's range; throws an Error naming `where` if it is outside.
void check_sample(int space, const std::array<double, 3> &value, double weight, const std::string &where);

}  // namespace lc

struct cube_scan_input {
    lc::HandleTag tag{lc::kMagicScanInput};
    int size = 3;
    int space = CUBE_SCAN_SRGB;
    std::vector<lc::ScanSample> samples;
    ~cube_scan_input() { tag.magic = 0; }
};

struct cube_scan_result {
    lc::HandleTag tag{lc::kMagicScanResult};
    std::string facelets;
    double confidence = 0;
    bool low = false;
    bool search_complete = true;  // false: the piece search stopped at its limit of permutations
    std::vector<double> sticker_confidence;
    std::vector<int32_t> doubtful;
    std::vector<std::string> alternatives;
    std::vector<double> ratios;
    ~cube_scan_result() { tag.magic = 0; }
};
