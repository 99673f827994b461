// Scan results as `cube scan` prints them: text lines or one JSON object.
#include "format.hpp"

#include <cstdio>

#include "geometry.hpp"
#include "json_text.hpp"
#include "resolve.hpp"

namespace lc {
namespace {

constexpr int kSize = 3;

std::string json_answer(const cube_scan_result &r) {
    std::string o = "{\"ok\":true,\"facelets\":" + json_quoted(r.facelets);
    o += ",\"confidence\":" + printed("%.6f", r.confidence);
    o += std::string(",\"low_confidence\":") + json_bool(r.low);
    o += std::string(",\"search_complete\":") + json_bool(r.search_complete) + ",\"doubtful\":[";
    for (size_t i = 0; i < r.doubtful.size(); ++i) {
        int32_t index = r.doubtful[i];
        o += i ? ",{" : "{";
        o += "\"sticker\":\"" + facelet_name(kSize, index) + "\",\"index\":" + std::to_string(index);
        o += ",\"confidence\":" + printed("%.6f", r.sticker_confidence[static_cast<size_t>(index)]) + "}";
    }
    o += "],\"alternatives\":[";
    for (size_t i = 0; i < r.alternatives.size(); ++i) {
        o += i ? ",{" : "{";
        o += "\"facelets\":" + json_quoted(r.alternatives[i]) + ",\"ratio\":" + printed("%.6g", r.ratios[i]) + "}";
    }
    return o + "]}";
}

std::string text_answer(const cube_scan_result &r) {
    std::string o = "facelets: " + r.facelets + "\n";
    o += "confidence: " + printed("%.4f", r.confidence);
    o += r.low ? " (low: re-scan the doubtful stickers)\n" : "\n";
    if (!r.search_complete)
        o += "search: stopped at its limit (" + std::to_string(kMaxPermutations) +
             " permutations): the best cube found, not proven best\n";
    o += "doubtful:";
    if (r.doubtful.empty()) o += " none";
    for (int32_t index : r.doubtful)
        o += " " + facelet_name(kSize, index);
    o += "\n";
    for (size_t i = 0; i < r.alternatives.size(); ++i)
        o += "alternative " + std::to_string(i + 1) + ": " + r.alternatives[i] + " ratio " +
             printed("%.3g", r.ratios[i]) + "\n";
    return o;
}

}  // namespace

std::string format_scan_result(const cube_scan_result &result, bool json) {
    return json ? json_answer(result) : text_answer(result);
}

}  // namespace lc
