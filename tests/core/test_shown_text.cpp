// Unit tests of lc::shown_text() (shown_text.hpp): how messages quote the text they were given.
#include <string>

#include "shown_text.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

using lc::HexCase;
using lc::shown_text;

namespace {

void printable_ascii_stays(void **) {
    assert_string_equal(shown_text(" az~AZ09\"\\", HexCase::lower).c_str(), " az~AZ09\"\\");
    assert_string_equal(shown_text("", HexCase::upper).c_str(), "");
}

void other_bytes_escaped_in_either_case(void **) {
    const std::string text("a\x1f\x7f\xc3\xa9\tb", 7);
    assert_string_equal(shown_text(text, HexCase::lower).c_str(), "a\\x1f\\x7f\\xc3\\xa9\\x09b");
    assert_string_equal(shown_text(text, HexCase::upper).c_str(), "a\\x1F\\x7F\\xC3\\xA9\\x09b");
    assert_string_equal(shown_text(std::string(1, '\0'), HexCase::upper).c_str(), "\\x00");
}

void also_escapes_the_bytes_named(void **) {
    assert_string_equal(shown_text("say \"hi\\\"", HexCase::upper, "\"\\").c_str(), "say \\x22hi\\x5C\\x22");
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(printable_ascii_stays),
        cmocka_unit_test(other_bytes_escaped_in_either_case),
        cmocka_unit_test(also_escapes_the_bytes_named),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
