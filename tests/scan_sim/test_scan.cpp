// Unit tests of colour scans (cube/scan.h): every bad-input class, and resolution of clean and noisy
// simulated scans (seeded): right answers, ordered alternatives, confidences in 0..1.
#include <cube/cube.h>

#include <cmath>
#include <cstring>
#include <string>

#include "assign.hpp"
#include "scan_sim.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

std::string hex_text(uint64_t seed, double noise) {
    scan_sim::SimOptions o;
    o.seed = seed;
    o.noise = noise;
    scan_sim::ScanSimulator sim(o);
    return scan_sim::to_hex_lines(sim.next());
}

void expect_parse_error(const char *text, cube_status status, const char *message_part) {
    cube_scan_input *in = reinterpret_cast<cube_scan_input *>(1);
    assert_int_equal(cube_scan_input_parse(text, &in), status);
    assert_null(in);
    if (!std::strstr(cube_last_error(), message_part)) fail_msg("message \"%s\" lacks \"%s\"", cube_last_error(), message_part);
}

void parse_errors(void **) {
    std::string good = hex_text(1, 4);
    expect_parse_error("", CUBE_ERROR_PARSE, "empty");
    expect_parse_error("#zzzzzz", CUBE_ERROR_PARSE, "line 1, sample 0 (U1)");
    std::string bad = good;
    bad.replace(bad.find('\n') + 1 + 8 * 2, 7, "#12345g");  // line 2, third colour
    expect_parse_error(bad.c_str(), CUBE_ERROR_PARSE, "line 2, sample 11 (R3)");
    std::string short_line = good.substr(0, good.find('\n') - 8) + "\n" + good.substr(good.find('\n') + 1);
    expect_parse_error(short_line.c_str(), CUBE_ERROR_PARSE, "line 1: 8 colours");
    expect_parse_error((good + good.substr(0, good.find('\n') + 1)).c_str(), CUBE_ERROR_PARSE, "seventh line");
    expect_parse_error(good.substr(0, good.rfind('\n', good.size() - 2)).c_str(), CUBE_ERROR_PARSE, "5 lines");
    expect_parse_error("#ffffff #ffffff #ffffff #ffffff\n", CUBE_ERROR_UNSUPPORTED, "2x2");
    // JSON
    expect_parse_error("{", CUBE_ERROR_PARSE, "line 1");
    expect_parse_error("{}", CUBE_ERROR_PARSE, "empty");
    expect_parse_error("{\"samples\": [[1,2,3]]}", CUBE_ERROR_PARSE, "1 samples");
    expect_parse_error("{\"colours\": []}", CUBE_ERROR_PARSE, "unknown key");
    expect_parse_error("{\"space\": \"hsv\"}", CUBE_ERROR_PARSE, "not \"srgb\" or \"lab\"");
    expect_parse_error("{\"samples\": [[1,2]]}", CUBE_ERROR_PARSE, "3 numbers");
    expect_parse_error("{\"samples\": [[1,2,nan]]}", CUBE_ERROR_PARSE, "not a finite number");
    expect_parse_error("{\"samples\": [[1,2,1e999]]}", CUBE_ERROR_PARSE, "not a finite number");
    expect_parse_error("{\"samples\": [\"#12\"]}", CUBE_ERROR_PARSE, "sample 0 (U1)");
    expect_parse_error("{\"samples\": []} x", CUBE_ERROR_PARSE, "after the closing");
    std::string json = "{\"samples\": [";
    for (int i = 0; i < 54; ++i) json += std::string(i ? "," : "") + (i == 20 ? "\n[300,0,0]" : "[10,20,30]");
    expect_parse_error((json + "]}").c_str(), CUBE_ERROR_PARSE, "line 2, sample 20 (F3): R = 300");
    std::string weights = json;
    weights.replace(weights.find("[300,0,0]"), 9, "[3,0,0]");
    expect_parse_error((weights + "], \"weights\": [1]}").c_str(), CUBE_ERROR_PARSE, "1 weights for 54 samples");
    std::string w = weights + "], \"weights\": [";
    for (int i = 0; i < 54; ++i) w += std::string(i ? "," : "") + (i == 7 ? "-1" : "1");
    expect_parse_error((w + "]}").c_str(), CUBE_ERROR_PARSE, "sample 7 (U8): weight -1");
    std::string lab = "{\"space\": \"lab\", \"samples\": [";
    for (int i = 0; i < 54; ++i) lab += std::string(i ? "," : "") + (i == 3 ? "[50,0,-250]" : "[50,0,0]");
    expect_parse_error((lab + "]}").c_str(), CUBE_ERROR_PARSE, "b* = -250");
    expect_parse_error(nullptr, CUBE_ERROR_INVALID_ARGUMENT, "NULL");
    std::string huge(CUBE_SCAN_TEXT_MAX + 1, ' ');
    expect_parse_error(huge.c_str(), CUBE_ERROR_INVALID_ARGUMENT, "longer than");
    assert_int_equal(cube_scan_input_parse(good.c_str(), nullptr), CUBE_ERROR_INVALID_ARGUMENT);
}

// The piece search says when it stopped at its limit, and the result says so (and is flagged low).
void search_limit_is_reported(void **) {
    lc::PieceScores scores;
    scores.pieces = 8;
    scores.orientations = 3;
    for (int i = 0; i < 8 * 8 * 3; ++i) scores.values.push_back(-double((i * 7919) % 97));
    assert_false(lc::best_placements(scores, 4, 1).exact);
    assert_true(lc::best_placements(scores, 4, 100000).exact);
    cube_scan_input *in = nullptr;
    assert_int_equal(cube_scan_input_parse(hex_text(1, 4).c_str(), &in), CUBE_OK);
    cube_scan_result *r = nullptr;
    assert_int_equal(cube_scan_resolve(in, nullptr, &r), CUBE_OK);
    int32_t complete = -1;
    assert_int_equal(cube_scan_result_search_complete(r, &complete), CUBE_OK);
    assert_int_equal(complete, 1);
    assert_int_equal(cube_scan_result_search_complete(r, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_result_search_complete(nullptr, &complete), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(complete, 0);
    cube_scan_result_free(r);
    cube_scan_input_free(in);
}

void set_and_handle_errors(void **) {
    cube_scan_input *in = nullptr;
    assert_int_equal(cube_scan_input_new(2, CUBE_SCAN_SRGB, &in), CUBE_ERROR_UNSUPPORTED);
    // One clear sentence: a capital, one full stop at its end, the reason.
    const std::string why = cube_last_error();
    assert_true(why.find("no centres") != std::string::npos && why.back() == '.' && why.find('.') == why.size() - 1);
    assert_true(why[0] == 'A');
    assert_int_equal(cube_scan_input_new(4, CUBE_SCAN_SRGB, &in), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_input_new(3, 7, &in), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_input_new(3, CUBE_SCAN_SRGB, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_input_new(3, CUBE_SCAN_SRGB, &in), CUBE_OK);
    assert_int_equal(cube_scan_input_set(in, 54, 1, 2, 3, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_input_set(in, -1, 1, 2, 3, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_input_set(in, 0, NAN, 2, 3, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_input_set(in, 0, 256, 2, 3, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_input_set(in, 0, 1, 2, 3, NAN), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_input_set(in, 0, 1, 2, 3, 1001), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_input_set(nullptr, 0, 1, 2, 3, 1), CUBE_ERROR_INVALID_ARGUMENT);
    double v[3];
    assert_int_equal(cube_scan_input_get(in, 0, v, nullptr), CUBE_ERROR_NOT_FOUND);
    assert_int_equal(cube_scan_input_get(in, 0, nullptr, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    cube_scan_result *r = reinterpret_cast<cube_scan_result *>(1);
    assert_int_equal(cube_scan_resolve(in, nullptr, &r), CUBE_ERROR_INVALID_ARGUMENT);  // unset samples
    assert_null(r);
    assert_non_null(std::strstr(cube_last_error(), "sample 0 (U1) is not set"));
    for (int i = 0; i < 54; ++i) assert_int_equal(cube_scan_input_set(in, i, 100, 100, 100, 0), CUBE_OK);
    assert_int_equal(cube_scan_resolve(in, nullptr, &r), CUBE_ERROR_INVALID_ARGUMENT);  // all weights 0
    cube_scan_options o;
    assert_int_equal(cube_scan_options_init_sized(&o, 3), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_options_init(&o), CUBE_OK);
    for (int i = 0; i < 54; ++i) cube_scan_input_set(in, i, 100, 100, 100, 1);
    o.alternatives = 33;
    assert_int_equal(cube_scan_resolve(in, &o, &r), CUBE_ERROR_INVALID_ARGUMENT);
    o.alternatives = 0;
    o.low_confidence = 1.5;
    assert_int_equal(cube_scan_resolve(in, &o, &r), CUBE_ERROR_INVALID_ARGUMENT);
    o.struct_size = 5;
    assert_int_equal(cube_scan_resolve(in, &o, &r), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_resolve(reinterpret_cast<cube_scan_input *>(&o), nullptr, &r),
                     CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_resolve(in, nullptr, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    // A grey scan still resolves to some valid cube, with doubt.
    assert_int_equal(cube_scan_resolve(in, nullptr, &r), CUBE_OK);
    assert_int_equal(cube_validate_facelets(cube_scan_result_facelets(r), 3), CUBE_OK);
    double c = 2;
    int32_t count = 0, idx[54];
    assert_int_equal(cube_scan_result_confidence(r, nullptr, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_result_sticker_confidence(r, 54, &c), CUBE_ERROR_INVALID_ARGUMENT);
    cube_status st = cube_scan_result_doubtful(r, nullptr, 0, &count);
    assert_true(count > 0);
    assert_int_equal(st, CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(cube_scan_result_doubtful(r, idx, -1, &count), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_result_doubtful(r, nullptr, 5, &count), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_result_doubtful(r, idx, 54, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_result_doubtful(r, idx, 54, &count), CUBE_OK);
    const char *f = nullptr;
    assert_int_equal(cube_scan_result_alternative(r, 99, &f, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_result_alternative(r, 0, nullptr, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_null(cube_scan_result_facelets(nullptr));
    cube_scan_result_free(r);
    cube_scan_result_free(nullptr);
    cube_scan_input_free(in);
    cube_scan_input_free(nullptr);
}

// Resolves `scans` simulated scans at `noise`; returns how many were exactly right, checking the invariants.
int resolve_many(uint64_t seed, double noise, int scans) {
    scan_sim::SimOptions o;
    o.seed = seed;
    o.noise = noise;
    scan_sim::ScanSimulator sim(o);
    int right = 0;
    for (int n = 0; n < scans; ++n) {
        scan_sim::SimScan scan = sim.next();
        cube_scan_input *in = nullptr;
        assert_int_equal(cube_scan_input_parse(scan_sim::to_hex_lines(scan).c_str(), &in), CUBE_OK);
        cube_scan_result *r = nullptr;
        assert_int_equal(cube_scan_resolve(in, nullptr, &r), CUBE_OK);
        right += scan.truth == cube_scan_result_facelets(r);
        assert_int_equal(cube_validate_facelets(cube_scan_result_facelets(r), 3), CUBE_OK);
        double c = -1;
        assert_int_equal(cube_scan_result_confidence(r, &c, nullptr), CUBE_OK);
        assert_true(c >= 0 && c <= 1);
        for (int i = 0; i < 54; ++i) {
            assert_int_equal(cube_scan_result_sticker_confidence(r, i, &c), CUBE_OK);
            assert_true(c >= 0 && c <= 1);
        }
        int32_t count = 0;
        assert_int_equal(cube_scan_result_alternative_count(r, &count), CUBE_OK);
        assert_true(count <= 3);
        double previous = 1;
        for (int32_t k = 0; k < count; ++k) {
            const char *f = nullptr;
            double ratio = 2;
            assert_int_equal(cube_scan_result_alternative(r, k, &f, &ratio), CUBE_OK);
            assert_int_equal(cube_validate_facelets(f, 3), CUBE_OK);
            assert_string_not_equal(f, cube_scan_result_facelets(r));
            assert_true(ratio >= 0 && ratio <= previous);
            previous = ratio;
        }
        cube_scan_result_free(r);
        cube_scan_input_free(in);
    }
    return right;
}

void clean_scans_are_right(void **) { assert_int_equal(resolve_many(11, 1.0, 100), 100); }

void noisy_scans_are_right(void **) { assert_true(resolve_many(12, 8.0, 200) >= 198); }

void lab_and_json_agree_with_hex(void **) {
    scan_sim::SimOptions o;
    o.seed = 13;
    scan_sim::ScanSimulator sim(o);
    scan_sim::SimScan scan = sim.next();
    std::string json = "{\"space\": \"lab\", \"samples\": [";
    for (int i = 0; i < 54; ++i) {
        lc::Vec3 lab = lc::linear_to_lab(lc::srgb_to_linear(scan.srgb[static_cast<size_t>(i)]));
        char item[80];
        std::snprintf(item, sizeof item, "%s[%.4f,%.4f,%.4f]", i ? "," : "", std::min(100.0, lab[0]), lab[1], lab[2]);
        json += item;
    }
    json += "]}";
    cube_scan_input *in = nullptr;
    assert_int_equal(cube_scan_input_parse(json.c_str(), &in), CUBE_OK);
    int32_t space = -1;
    assert_int_equal(cube_scan_input_info(in, nullptr, &space), CUBE_OK);
    assert_int_equal(space, CUBE_SCAN_LAB);
    cube_scan_result *r = nullptr;
    assert_int_equal(cube_scan_resolve(in, nullptr, &r), CUBE_OK);
    assert_string_equal(cube_scan_result_facelets(r), scan.truth.c_str());
    cube_scan_result_free(r);
    cube_scan_input_free(in);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_errors),
        cmocka_unit_test(set_and_handle_errors),
        cmocka_unit_test(search_limit_is_reported),
        cmocka_unit_test(clean_scans_are_right),
        cmocka_unit_test(noisy_scans_are_right),
        cmocka_unit_test(lab_and_json_agree_with_hex),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
