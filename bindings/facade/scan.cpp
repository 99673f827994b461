// lcb::Scan, ScanOptions and ScanResult over cube_scan_input and cube_scan_result (cube/scan.h).
#include "call.hpp"

namespace lcb {

// The defaults of cube_scan_options, as cube/scan.h gives them.
ScanOptions::ScanOptions() : alternatives_(3), lowConfidence_(0.9999) {}

int32_t ScanOptions::alternatives() const { return alternatives_; }
void ScanOptions::setAlternatives(int32_t alternatives) { alternatives_ = alternatives; }
double ScanOptions::lowConfidence() const { return lowConfidence_; }
void ScanOptions::setLowConfidence(double lowConfidence) { lowConfidence_ = lowConfidence; }

Scan::Scan(cube_scan_input *input) : input_(input) {}

Scan::Scan(ColorSpace space) : input_(nullptr) {
    detail::check(cube_scan_input_new(3, static_cast<int32_t>(space), &input_));
}

Scan::Scan(ColourSpace space) : Scan(static_cast<ColorSpace>(space)) {}

Scan::~Scan() { cube_scan_input_free(input_); }

Scan *Scan::parse(const std::string &text) {
    cube_scan_input *input = nullptr;
    detail::check(cube_scan_input_parse(text.c_str(), &input));
    return new Scan(input);
}

Scan *Scan::fromFrames(const Plan &scanPlan, const Scan &frames) {
    cube_scan_input *input = nullptr;
    detail::check(cube_scan_input_from_frames(scanPlan.handle(), frames.input_, &input));
    return new Scan(input);
}

int32_t Scan::count() const {
    int32_t count = 0;
    detail::check(cube_scan_input_info(input_, &count, nullptr));
    return count;
}

ColorSpace Scan::colorSpace() const {
    int32_t space = 0;
    detail::check(cube_scan_input_info(input_, nullptr, &space));
    return static_cast<ColorSpace>(space);
}

ColourSpace Scan::colourSpace() const { return static_cast<ColourSpace>(colorSpace()); }

void Scan::set(int32_t index, double c0, double c1, double c2, double weight) {
    detail::check(cube_scan_input_set(input_, index, c0, c1, c2, weight));
}

bool Scan::isSet(int32_t index) const {
    double values[3];
    cube_status st = cube_scan_input_get(input_, index, values, nullptr);
    if (st == CUBE_ERROR_NOT_FOUND) return false;
    detail::check(st);
    return true;
}

double Scan::value(int32_t index, int32_t channel) const {
    double values[3];
    detail::check(cube_scan_input_get(input_, index, values, nullptr));
    if (channel < 0 || channel > 2)
        detail::fail(Status::InvalidArgument, "channel " + std::to_string(channel) + ": must be 0, 1 or 2");
    return values[channel];
}

double Scan::weight(int32_t index) const {
    double values[3];
    double weight = 0;
    detail::check(cube_scan_input_get(input_, index, values, &weight));
    return weight;
}

ScanResult *Scan::resolve() const { return resolve(ScanOptions()); }

ScanResult *Scan::resolve(const ScanOptions &options) const {
    cube_scan_options o;
    detail::check(cube_scan_options_init(&o));
    // The C API's 0 means "the default 3" and -1 "none"; the facade's numbers mean what they say.
    o.alternatives = options.alternatives_ == 0 ? -1 : options.alternatives_;
    o.low_confidence = options.lowConfidence_;
    if (!(options.lowConfidence_ > 0))
        detail::fail(Status::InvalidArgument,
                     "lowConfidence " + std::to_string(options.lowConfidence_) + ": must be above 0, up to 1");
    cube_scan_result *result = nullptr;
    detail::check(cube_scan_resolve(input_, &o, &result));
    std::unique_ptr<ScanResult> owner(new ScanResult(result));
    owner->readDoubtful();
    return owner.release();
}

ScanResult::ScanResult(cube_scan_result *result) : result_(result) {}

void ScanResult::readDoubtful() {
    int32_t count = 0;
    cube_status st = cube_scan_result_doubtful(result_, nullptr, 0, &count);
    if (st != CUBE_ERROR_BUFFER_TOO_SMALL) detail::check(st);
    doubtful_.resize(static_cast<size_t>(count));
    if (count > 0) detail::check(cube_scan_result_doubtful(result_, doubtful_.data(), count, &count));
}

ScanResult::~ScanResult() { cube_scan_result_free(result_); }

std::string ScanResult::facelets() const { return detail::ownedText(cube_scan_result_facelets(result_)); }

double ScanResult::confidence() const {
    double confidence = 0;
    detail::check(cube_scan_result_confidence(result_, &confidence, nullptr));
    return confidence;
}

bool ScanResult::isLow() const {
    double confidence = 0;
    int32_t low = 0;
    detail::check(cube_scan_result_confidence(result_, &confidence, &low));
    return low != 0;
}

bool ScanResult::searchComplete() const {
    int32_t complete = 0;
    detail::check(cube_scan_result_search_complete(result_, &complete));
    return complete != 0;
}

double ScanResult::stickerConfidence(int32_t index) const {
    double confidence = 0;
    detail::check(cube_scan_result_sticker_confidence(result_, index, &confidence));
    return confidence;
}

int32_t ScanResult::doubtfulCount() const { return static_cast<int32_t>(doubtful_.size()); }

int32_t ScanResult::doubtful(int32_t index) const {
    if (index < 0 || static_cast<size_t>(index) >= doubtful_.size())
        detail::fail(Status::InvalidArgument, "doubtful sticker " + std::to_string(index) + ": the result has " +
                                                  std::to_string(doubtful_.size()));
    return doubtful_[static_cast<size_t>(index)];
}

int32_t ScanResult::alternativeCount() const {
    int32_t count = 0;
    detail::check(cube_scan_result_alternative_count(result_, &count));
    return count;
}

std::string ScanResult::alternativeFacelets(int32_t index) const {
    const char *facelets = nullptr;
    detail::check(cube_scan_result_alternative(result_, index, &facelets, nullptr));
    return facelets;
}

double ScanResult::alternativeRatio(int32_t index) const {
    const char *facelets = nullptr;
    double ratio = 0;
    detail::check(cube_scan_result_alternative(result_, index, &facelets, &ratio));
    return ratio;
}

std::string ScanResult::text() const {
    return detail::readFormat(cube_scan_result_format, result_, CUBE_SCAN_FORMAT_TEXT);
}

std::string ScanResult::json() const {
    return detail::readFormat(cube_scan_result_format, result_, CUBE_SCAN_FORMAT_JSON);
}

} // namespace lcb
