// Unit tests of cube_scan_result_format(): the text and JSON answers of `cube scan`, with doubtful stickers,
// alternatives and a stopped search, and every bad input (NULL or foreign handle, unknown kind, buffers).
#include <cube/cube.h>

#include <cstring>
#include <string>

#include "scan_handles.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

// A result as the resolver leaves it: two doubtful stickers (U5, B9), two alternatives, a stopped search.
cube_scan_result *made_result(bool complete) {
    auto *r = new cube_scan_result;
    r->facelets = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    r->confidence = 0.87654321;
    r->low = true;
    r->search_complete = complete;
    r->sticker_confidence.assign(54, 1.0);
    r->sticker_confidence[4] = 0.5;
    r->sticker_confidence[53] = 0.25;
    r->doubtful = {4, 53};
    r->alternatives = {"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBF", "A\"\\\x01"};
    r->ratios = {0.125, 3.7222e-18};
    return r;
}

std::string formatted(const cube_scan_result *r, int32_t kind) {
    int32_t length = -1;
    assert_int_equal(cube_scan_result_format(r, kind, nullptr, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    std::string text(static_cast<size_t>(length) + 1, 'x');
    int32_t again = -1;
    assert_int_equal(cube_scan_result_format(r, kind, &text[0], length + 1, &again), CUBE_OK);
    assert_int_equal(again, length);
    assert_int_equal(text[static_cast<size_t>(length)], '\0');
    text.resize(static_cast<size_t>(length));
    return text;
}

void text_answer(void **) {
    cube_scan_result *r = made_result(false);
    assert_string_equal(formatted(r, CUBE_SCAN_FORMAT_TEXT).c_str(),
                        "facelets: UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n"
                        "confidence: 0.8765 (low: re-scan the doubtful stickers)\n"
                        "search: stopped at its limit (400 permutations): the best cube found, not proven best\n"
                        "doubtful: U5 B9\n"
                        "alternative 1: UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBF ratio 0.125\n"
                        "alternative 2: A\"\\\x01 ratio 3.72e-18\n");
    r->doubtful.clear();
    r->alternatives.clear();
    r->ratios.clear();
    r->low = false;
    r->search_complete = true;
    assert_string_equal(formatted(r, CUBE_SCAN_FORMAT_TEXT).c_str(),
                        "facelets: UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n"
                        "confidence: 0.8765\n"
                        "doubtful: none\n");
    delete r;
}

void json_answer(void **) {
    cube_scan_result *r = made_result(false);
    assert_string_equal(formatted(r, CUBE_SCAN_FORMAT_JSON).c_str(),
                        "{\"ok\":true,\"facelets\":\"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\","
                        "\"confidence\":0.876543,\"low_confidence\":true,\"search_complete\":false,"
                        "\"doubtful\":[{\"sticker\":\"U5\",\"index\":4,\"confidence\":0.500000},"
                        "{\"sticker\":\"B9\",\"index\":53,\"confidence\":0.250000}],"
                        "\"alternatives\":[{\"facelets\":\"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBF\","
                        "\"ratio\":0.125},{\"facelets\":\"A\\\"\\\\\",\"ratio\":3.7222e-18}]}");
    delete r;
}

void bad_inputs(void **) {
    cube_scan_result *r = made_result(true);
    char buffer[8];
    std::memset(buffer, '#', sizeof buffer);
    int32_t length = -1;
    assert_int_equal(cube_scan_result_format(r, CUBE_SCAN_FORMAT_TEXT, buffer, sizeof buffer, &length),
                     CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(length, static_cast<int32_t>(formatted(r, CUBE_SCAN_FORMAT_TEXT).size()));
    assert_int_equal(buffer[0], '#');  // nothing written into a buffer too small
    assert_non_null(strstr(cube_last_error(), "cannot hold"));
    assert_int_equal(cube_scan_result_format(r, 2, buffer, sizeof buffer, &length), CUBE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(cube_last_error(), "unknown scan format 2"));
    assert_int_equal(cube_scan_result_format(r, -1, buffer, sizeof buffer, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_result_format(r, CUBE_SCAN_FORMAT_JSON, nullptr, 10, nullptr),
                     CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_result_format(r, CUBE_SCAN_FORMAT_JSON, buffer, -1, nullptr),
                     CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scan_result_format(nullptr, CUBE_SCAN_FORMAT_JSON, buffer, sizeof buffer, nullptr),
                     CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(std::strlen(cube_last_error()) > 0);
    int not_a_result[16] = {0};
    assert_int_equal(cube_scan_result_format(reinterpret_cast<cube_scan_result *>(not_a_result), CUBE_SCAN_FORMAT_JSON,
                                             buffer, sizeof buffer, nullptr),
                     CUBE_ERROR_INVALID_ARGUMENT);
    delete r;
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_answer),
        cmocka_unit_test(json_answer),
        cmocka_unit_test(bad_inputs),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
