// Reading scan text. Both forms give 54 samples; a 2x2's 24 are refused with a clear message.
#include "parse.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "geometry.hpp"
#include "shown_text.hpp"

namespace lc {
namespace {

constexpr int kSamples3 = 54;
constexpr int kSamples2 = 24;

// A short, printable quote of untrusted text for messages.
std::string quoted(const char *s, size_t n) {
    std::string out = "\"" + shown_text(std::string(s, std::min<size_t>(n, 24)), HexCase::upper, "\"\\");
    if (n > 24) out += "...";
    return out + "\"";
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// `#rrggbb` or `rrggbb` to sRGB 0..255; false if it is neither.
bool read_hex_colour(const char *s, size_t n, std::array<double, 3> &out) {
    if (n > 0 && s[0] == '#') {
        ++s;
        --n;
    }
    if (n != 6) return false;
    for (int k = 0; k < 3; ++k) {
        int hi = hex_digit(s[2 * k]);
        int lo = hex_digit(s[2 * k + 1]);
        if (hi < 0 || lo < 0) return false;
        out[k] = hi * 16 + lo;
    }
    return true;
}

Error wrong_count(int count) {
    if (count == kSamples2)
        return Error(CUBE_ERROR_UNSUPPORTED,
                     "24 samples make a 2x2 scan, which cannot be resolved because a 2x2 has no centres to "
                     "calibrate the colours on.");
    return Error(CUBE_ERROR_PARSE, error_text("%d samples: a 3x3 scan has 54 (9 per face, URFDLB order)", count));
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// ---- six lines of hex colours ------------------------------------------------------------------

void parse_hex_lines(const char *text, cube_scan_input &out) {
    int line = 0;
    int faces = 0;
    std::vector<ScanSample> samples;
    for (const char *p = text; *p;) {
        const char *end = std::strchr(p, '\n');
        if (!end) end = p + std::strlen(p);
        ++line;
        const char *q = p;
        while (q < end && is_space(*q)) ++q;
        bool comment = q < end && *q == '#' && (q + 1 == end || is_space(q[1]) || q[1] == '#');
        if (q < end && !comment) {
            if (faces == 6)
                throw Error(CUBE_ERROR_PARSE,
                            error_text("line %d: a seventh line of colours; a 3x3 scan has six (URFDLB)", line));
            int on_line = 0;
            while (q < end) {
                const char *t = q;
                while (q < end && !is_space(*q)) ++q;
                std::array<double, 3> rgb{};
                int index = faces * 9 + on_line;
                if (on_line < 9 && !read_hex_colour(t, static_cast<size_t>(q - t), rgb))
                    throw Error(CUBE_ERROR_PARSE,
                                error_text("line %d, %s: %s is not a colour: expected #rrggbb or rrggbb", line,
                                           sample_name(index).c_str(), quoted(t, static_cast<size_t>(q - t)).c_str()));
                if (on_line < 9) samples.push_back(ScanSample{rgb, 1.0, true});
                ++on_line;
                while (q < end && is_space(*q)) ++q;
            }
            if (on_line == 4 && faces == 0) throw wrong_count(kSamples2);
            if (on_line != 9)
                throw Error(CUBE_ERROR_PARSE,
                            error_text("line %d: %d colours; each face line of a 3x3 scan has 9 (face %c)", line,
                                       on_line, kFaceLetters[faces]));
            ++faces;
        }
        p = *end ? end + 1 : end;
    }
    if (faces != 6)
        throw Error(CUBE_ERROR_PARSE,
                    error_text("%d lines of colours: a 3x3 scan has six, one face each in URFDLB order", faces));
    out.space = CUBE_SCAN_SRGB;
    out.samples = std::move(samples);
}

// ---- JSON ---------------------------------------------------------------------------------------

// A reader of the one JSON shape a scan has; every error names its line.
class JsonScan {
public:
    explicit JsonScan(const char *text) : p_(text) {}

    void read(cube_scan_input &out) {
        bool have_space = false;
        bool have_samples = false;
        bool have_weights = false;
        int weights_line = 0;
        std::vector<double> weights;
        std::vector<int> sample_lines;
        std::vector<ScanSample> samples;
        int space = CUBE_SCAN_SRGB;
        expect('{');
        skip();
        if (*p_ == '}') throw error("the object is empty: it needs \"samples\"");
        do {
            std::string key;
            string(key);
            expect(':');
            if (key == "space") {
                if (have_space) throw error("\"space\" is given twice");
                have_space = true;
                std::string name;
                string(name);
                if (name == "srgb") {
                    space = CUBE_SCAN_SRGB;
                } else if (name == "lab") {
                    space = CUBE_SCAN_LAB;
                } else {
                    throw error("space " + quoted(name.data(), name.size()) + " is not \"srgb\" or \"lab\"");
                }
            } else if (key == "samples") {
                if (have_samples) throw error("\"samples\" is given twice");
                have_samples = true;
                sample_list(samples, sample_lines);
            } else if (key == "weights") {
                if (have_weights) throw error("\"weights\" is given twice");
                have_weights = true;
                weights_line = line_;
                weight_list(weights);
            } else {
                throw error("unknown key " + quoted(key.data(), key.size()) +
                            ": a scan has \"space\", \"samples\" and \"weights\"");
            }
        } while (accept(','));
        expect('}');
        skip();
        if (*p_) throw error("text after the closing }");
        if (!have_samples) throw Error(CUBE_ERROR_PARSE, "no \"samples\": a scan needs its 54 colour samples");
        if (static_cast<int>(samples.size()) != kSamples3) throw wrong_count(static_cast<int>(samples.size()));
        if (have_weights && weights.size() != samples.size())
            throw Error(CUBE_ERROR_PARSE, error_text("line %d: %zu weights for %zu samples", weights_line,
                                                     weights.size(), samples.size()));
        for (size_t i = 0; i < samples.size(); ++i) {
            if (have_weights) samples[i].weight = weights[i];
            std::string where = "line " + std::to_string(sample_lines[i]) + ", " + sample_name(static_cast<int>(i));
            try {
                check_sample(space, samples[i].value, samples[i].weight, where);
            } catch (const Error &e) {
                throw Error(CUBE_ERROR_PARSE, e.what());  // a bad value in the text is a parse error
            }
        }
        out.space = space;
        out.samples = std::move(samples);
    }

private:
    Error error(const std::string &what) const {
        return Error(CUBE_ERROR_PARSE, error_text("line %d: %s", line_, what.c_str()));
    }

    void skip() {
        while (*p_ == ' ' || *p_ == '\t' || *p_ == '\r' || *p_ == '\n') {
            if (*p_ == '\n') ++line_;
            ++p_;
        }
    }

    void expect(char c) {
        skip();
        if (*p_ != c) {
            std::string want(1, c);
            throw error(*p_ ? "expected '" + want + "', found " + quoted(p_, std::strlen(p_) > 8 ? 8 : std::strlen(p_))
                            : "the text ends where '" + want + "' was expected");
        }
        ++p_;
    }

    // Like expect(), but false instead of an error when `c` is not next.
    bool accept(char c) {
        skip();
        if (*p_ != c) return false;
        ++p_;
        return true;
    }

    void string(std::string &out) {
        expect('"');
        for (;;) {
            char c = *p_;
            if (!c || c == '\n') throw error("a string is not closed");
            ++p_;
            if (c == '"') return;
            if (c == '\\') {
                char e = *p_++;
                if (e == '"' || e == '\\' || e == '/') {
                    out += e;
                } else {
                    throw error("unsupported escape in a string (only \\\" \\\\ \\/)");
                }
            } else {
                out += c;
            }
            if (out.size() > 64) throw error("a string longer than 64 characters");
        }
    }

    void number(double &out, const std::string &what) {
        skip();
        const char *start = p_;
        while ((*p_ >= '0' && *p_ <= '9') || *p_ == '-' || *p_ == '+' || *p_ == '.' || *p_ == 'e' || *p_ == 'E') ++p_;
        std::string token(start, static_cast<size_t>(p_ - start));
        char *end = nullptr;
        out = token.empty() ? 0 : std::strtod(token.c_str(), &end);
        if (token.empty() || token.size() > 32 || *end || !std::isfinite(out)) {
            size_t n = token.empty() ? std::strlen(start) : token.size();
            throw error(what + ": " + quoted(start, n > 12 && token.empty() ? 12 : n) + " is not a finite number");
        }
    }

    void sample_list(std::vector<ScanSample> &samples, std::vector<int> &lines) {
        expect('[');
        if (accept(']')) return;
        do {
            int index = static_cast<int>(samples.size());
            if (index >= kSamples3) throw error("more than 54 samples");
            std::string where = sample_name(index);
            ScanSample s;
            s.set = true;
            skip();
            lines.push_back(line_);
            if (*p_ == '"') {
                std::string hex;
                string(hex);
                if (!read_hex_colour(hex.data(), hex.size(), s.value))
                    throw error(where + ": " + quoted(hex.data(), hex.size()) +
                                " is not a colour: expected \"#rrggbb\"");
            } else if (*p_ == '[') {
                ++p_;
                for (int k = 0; k < 3; ++k) {
                    if (k > 0 && !accept(',')) throw error(where + ": a colour has 3 numbers");
                    number(s.value[k], where);
                }
                skip();
                if (*p_ != ']') throw error(where + ": a colour has 3 numbers");
                ++p_;
            } else {
                throw error(where + ": expected [c0, c1, c2] or \"#rrggbb\"");
            }
            samples.push_back(s);
        } while (accept(','));
        expect(']');
    }

    void weight_list(std::vector<double> &weights) {
        expect('[');
        if (accept(']')) return;
        do {
            if (weights.size() >= static_cast<size_t>(kSamples3)) throw error("more than 54 weights");
            double w = 0;
            number(w, "weight " + std::to_string(weights.size()));
            weights.push_back(w);
        } while (accept(','));
        expect(']');
    }

    const char *p_;
    int line_ = 1;
};

}  // namespace

std::string sample_name(int index) {
    return "sample " + std::to_string(index) + " (" + facelet_name(3, index) + ")";
}

void check_sample(int space, const std::array<double, 3> &value, double weight, const std::string &where) {
    static const char *const srgb_names[3] = {"R", "G", "B"};
    static const char *const lab_names[3] = {"L*", "a*", "b*"};
    for (int k = 0; k < 3; ++k) {
        double lo = space == CUBE_SCAN_LAB ? (k == 0 ? 0.0 : -200.0) : 0.0;
        double hi = space == CUBE_SCAN_LAB ? (k == 0 ? 100.0 : 200.0) : 255.0;
        const char *name = space == CUBE_SCAN_LAB ? lab_names[k] : srgb_names[k];
        if (!(value[k] >= lo && value[k] <= hi))
            throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                        error_text("%s: %s = %g is outside %g..%g", where.c_str(), name, value[k], lo, hi));
    }
    if (!(weight >= 0 && weight <= 1000))
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, error_text("%s: weight %g is outside 0..1000", where.c_str(), weight));
}

void parse_scan_text(const char *text, cube_scan_input &out) {
    if (!text) throw Error(CUBE_ERROR_INVALID_ARGUMENT, "text is NULL");
    size_t length = strnlen(text, CUBE_SCAN_TEXT_MAX + 1);
    if (length > CUBE_SCAN_TEXT_MAX)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, error_text("scan text is longer than %d bytes", CUBE_SCAN_TEXT_MAX));
    const char *p = text;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') ++p;
    if (!*p) throw Error(CUBE_ERROR_PARSE, "the scan text is empty: expected JSON or six lines of hex colours");
    out.size = 3;
    if (*p == '{') {
        JsonScan(text).read(out);
    } else {
        parse_hex_lines(text, out);
    }
}

}  // namespace lc
