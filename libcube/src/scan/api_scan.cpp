// C API: colour scans (cube/scan.h).
#include <cmath>
#include <memory>

#include "api_util.hpp"
#include "format.hpp"
#include "parse.hpp"
#include "resolve.hpp"
#include "scan_handles.hpp"
#include "versioned.hpp"

using namespace lc;

namespace {

constexpr int kStickers3 = 54;
constexpr int kDefaultAlternatives = 3;
constexpr double kDefaultLowConfidence = 0.9999;
// Cubes weighed for the confidences, however few alternatives are asked for.
constexpr int kWeighedCubes = 4;

cube_scan_input *input_impl(const cube_scan_input *h) {
    return checked<cube_scan_input>(const_cast<cube_scan_input *>(h), kMagicScanInput, "scan input");
}
cube_scan_result *result_impl(const cube_scan_result *h) {
    return checked<cube_scan_result>(const_cast<cube_scan_result *>(h), kMagicScanResult, "scan result");
}

cube_scan_options default_options() {
    cube_scan_options o{};
    o.struct_size = sizeof o;
    return o;
}

cube_status check_index(int32_t index, size_t count) {
    if (index < 0 || static_cast<size_t>(index) >= count)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "sample index %d is outside 0..%zu", index, count - 1);
    return CUBE_OK;
}

}  // namespace

extern "C" {

CUBE_API cube_status cube_scan_input_new(int32_t size, int32_t color_space, cube_scan_input **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out_and_size(out, size);
        if (st != CUBE_OK) return st;
        if (color_space != CUBE_SCAN_SRGB && color_space != CUBE_SCAN_LAB)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "colour space %d: must be 0 (sRGB) or 1 (Lab)", color_space);
        if (size == 2)
            return set_error(CUBE_ERROR_UNSUPPORTED,
                             "A 2x2 scan cannot be resolved because a 2x2 has no centres to calibrate the colours on.");
        auto in = std::make_unique<cube_scan_input>();
        in->size = size;
        in->space = color_space;
        in->samples.resize(kStickers3);
        *out = in.release();
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_scan_input_parse(const char *text, cube_scan_input **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        auto in = std::make_unique<cube_scan_input>();
        parse_scan_text(text, *in);
        *out = in.release();
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_scan_input_set(cube_scan_input *input, int32_t index, double c0, double c1, double c2,
                                         double weight) {
    return api_guard([&]() -> cube_status {
        cube_scan_input *in = input_impl(input);
        if (!in) return CUBE_ERROR_INVALID_ARGUMENT;
        cube_status st = check_index(index, in->samples.size());
        if (st != CUBE_OK) return st;
        std::array<double, 3> value{c0, c1, c2};
        check_sample(in->space, value, weight, sample_name(index));
        in->samples[static_cast<size_t>(index)] = ScanSample{value, weight, true};
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_scan_input_get(const cube_scan_input *input, int32_t index, double *values,
                                         double *weight) {
    cube_scan_input *in = input_impl(input);
    if (!in) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!values) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "values pointer is NULL");
    cube_status st = check_index(index, in->samples.size());
    if (st != CUBE_OK) return st;
    const ScanSample &s = in->samples[static_cast<size_t>(index)];
    if (!s.set) return set_error(CUBE_ERROR_NOT_FOUND, "%s is not set", sample_name(index).c_str());
    for (int k = 0; k < 3; ++k) values[k] = s.value[k];
    if (weight) *weight = s.weight;
    return CUBE_OK;
}

CUBE_API cube_status cube_scan_input_info(const cube_scan_input *input, int32_t *count, int32_t *color_space) {
    cube_scan_input *in = input_impl(input);
    if (!in) return CUBE_ERROR_INVALID_ARGUMENT;
    if (count) *count = static_cast<int32_t>(in->samples.size());
    if (color_space) *color_space = in->space;
    return CUBE_OK;
}

CUBE_API void cube_scan_input_free(cube_scan_input *input) {
    if (input && input->tag.magic == kMagicScanInput) delete input;
}

CUBE_API cube_status cube_scan_options_init_sized(cube_scan_options *options, uint32_t size) {
    return api_guard([&]() -> cube_status { return init_versioned(options, size, default_options()); });
}

CUBE_API cube_status cube_scan_resolve(const cube_scan_input *input, const cube_scan_options *options,
                                       cube_scan_result **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        cube_scan_input *in = input_impl(input);
        if (!in) return CUBE_ERROR_INVALID_ARGUMENT;
        cube_scan_options o = default_options();
        if ((st = read_versioned(options, o, "scan options")) != CUBE_OK) return st;
        if (o.alternatives < -1 || o.alternatives > CUBE_SCAN_ALTERNATIVES_MAX)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "alternatives %d: must be -1 (none), 0 (default 3) or 1..%d",
                             o.alternatives, CUBE_SCAN_ALTERNATIVES_MAX);
        if (!(o.low_confidence >= 0 && o.low_confidence <= 1))
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "low_confidence %g: must be 0 (default) or up to 1",
                             o.low_confidence);
        int alternatives = o.alternatives == 0 ? kDefaultAlternatives : std::max(0, o.alternatives);
        double threshold = o.low_confidence == 0 ? kDefaultLowConfidence : o.low_confidence;
        bool any_weight = false;
        for (size_t i = 0; i < in->samples.size(); ++i) {
            if (!in->samples[i].set)
                return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                 "%s is not set", sample_name(static_cast<int>(i)).c_str());
            any_weight = any_weight || in->samples[i].weight > 0;
        }
        if (!any_weight) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "every sample has weight 0: nothing to go on");
        ScanResolution r = resolve_scan(*in, std::max(alternatives + 1, kWeighedCubes));
        auto res = std::make_unique<cube_scan_result>();
        res->facelets = r.cubes.front().facelets;
        res->confidence = r.cubes.front().posterior;
        res->sticker_confidence = r.sticker_confidence;
        for (size_t i = 0; i < r.sticker_confidence.size(); ++i)
            if (r.sticker_confidence[i] < threshold) res->doubtful.push_back(static_cast<int32_t>(i));
        res->search_complete = r.complete;
        res->low = res->confidence < threshold || !res->doubtful.empty() || !r.complete;
        for (size_t k = 1; k < r.cubes.size() && static_cast<int>(k) <= alternatives; ++k) {
            res->alternatives.push_back(r.cubes[k].facelets);
            res->ratios.push_back(std::exp(r.cubes[k].log_likelihood - r.cubes.front().log_likelihood));
        }
        *out = res.release();
        return CUBE_OK;
    });
}

CUBE_API const char *cube_scan_result_facelets(const cube_scan_result *result) {
    cube_scan_result *r = result_impl(result);
    return r ? r->facelets.c_str() : nullptr;
}

CUBE_API cube_status cube_scan_result_confidence(const cube_scan_result *result, double *confidence, int32_t *low) {
    cube_scan_result *r = result_impl(result);
    if (!r) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!confidence) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "confidence pointer is NULL");
    *confidence = r->confidence;
    if (low) *low = r->low;
    return CUBE_OK;
}

CUBE_API cube_status cube_scan_result_sticker_confidence(const cube_scan_result *result, int32_t index,
                                                         double *confidence) {
    if (confidence) *confidence = 0;
    cube_scan_result *r = result_impl(result);
    if (!r) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!confidence) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "confidence pointer is NULL");
    cube_status st = check_index(index, r->sticker_confidence.size());
    if (st != CUBE_OK) return st;
    *confidence = r->sticker_confidence[static_cast<size_t>(index)];
    return CUBE_OK;
}

CUBE_API cube_status cube_scan_result_doubtful(const cube_scan_result *result, int32_t *indexes, int32_t capacity,
                                               int32_t *count) {
    cube_scan_result *r = result_impl(result);
    if (!r) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!count) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "count pointer is NULL");
    if (capacity < 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "capacity %d is negative", capacity);
    if (!indexes && capacity > 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                                   "indexes is NULL but capacity is %d", capacity);
    int32_t n = static_cast<int32_t>(r->doubtful.size());
    *count = n;
    if (capacity < n)
        return set_error(CUBE_ERROR_BUFFER_TOO_SMALL, "room for %d indexes, %d stickers are doubtful", capacity, n);
    for (int32_t i = 0; i < n; ++i) indexes[i] = r->doubtful[static_cast<size_t>(i)];
    return CUBE_OK;
}

CUBE_API cube_status cube_scan_result_search_complete(const cube_scan_result *result, int32_t *complete) {
    if (complete) *complete = 0;
    cube_scan_result *r = result_impl(result);
    if (!r) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!complete) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "complete pointer is NULL");
    *complete = r->search_complete ? 1 : 0;
    return CUBE_OK;
}

CUBE_API cube_status cube_scan_result_alternative_count(const cube_scan_result *result, int32_t *count) {
    cube_scan_result *r = result_impl(result);
    if (!r) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!count) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "count pointer is NULL");
    *count = static_cast<int32_t>(r->alternatives.size());
    return CUBE_OK;
}

CUBE_API cube_status cube_scan_result_alternative(const cube_scan_result *result, int32_t index,
                                                  const char **facelets, double *ratio) {
    if (facelets) *facelets = nullptr;
    if (ratio) *ratio = 0;
    cube_scan_result *r = result_impl(result);
    if (!r) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!facelets) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "facelets pointer is NULL");
    if (index < 0 || static_cast<size_t>(index) >= r->alternatives.size())
        return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                         "alternative %d: the result has %zu", index, r->alternatives.size());
    *facelets = r->alternatives[static_cast<size_t>(index)].c_str();
    if (ratio) *ratio = r->ratios[static_cast<size_t>(index)];
    return CUBE_OK;
}

CUBE_API cube_status cube_scan_result_format(const cube_scan_result *result, int32_t format, char *buffer,
                                             int32_t capacity, int32_t *length) {
    return api_guard([&]() -> cube_status {
        cube_scan_result *r = result_impl(result);
        if (!r) return cube_last_status();
        if (format != CUBE_SCAN_FORMAT_TEXT && format != CUBE_SCAN_FORMAT_JSON)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "unknown scan format %d (CUBE_SCAN_FORMAT_TEXT or _JSON)", format);
        return copy_out(format_scan_result(*r, format == CUBE_SCAN_FORMAT_JSON), buffer, capacity, length);
    });
}

CUBE_API void cube_scan_result_free(cube_scan_result *result) {
    if (result && result->tag.magic == kMagicScanResult) delete result;
}

}  // extern "C"
