// Configuration files (cube/driver_plugin.h "@section config") through the host's config_* services:
// the format, [defaults], integers, and every error naming its line, section and key.
#include <cube/driver_plugin.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "driver/config.hpp"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
extern "C" {
#include <cmocka.h>
}

using namespace lc::driver;

namespace {

const char kGood[] =
    "# a robot's settings\n"
    "[device]              # the driver as a whole\n"
    "port = /dev/ttyACM0\n"
    "\n"
    "[defaults]\n"
    "speed = 2000\n"
    "   current=1000   \r\n"
    "[U]\n"
    "serial = 00301234     # which board\n"
    "speed = 4000\n"
    "direction = -1\n"
    "note = a#b c # d\n"
    "empty =\n"
    "[L.grip]\n"
    "pulse.-1 = 1000\n"
    "pulse.0 = 1500";

cube_driver_config *parsed(const char *text) {
    cube_driver_config *c = nullptr;
    if (config_parse(text, &c) != CUBE_OK) print_error("%s\n", cube_last_error());
    assert_non_null(c);
    return c;
}

std::string value_of(const cube_driver_config *c, const char *section, const char *key) {
    const char *v = nullptr;
    assert_int_equal(config_get(c, section, key, &v), CUBE_OK);
    return v ? v : "(absent)";
}

// Asserts that the text is refused with `status` and a message containing `needle`.
void refused(const char *text, cube_status status, const char *needle) {
    cube_driver_config *c = reinterpret_cast<cube_driver_config *>(1);  // must be cleared
    assert_int_equal(config_parse(text, &c), status);
    assert_null(c);
    if (!std::strstr(cube_last_error(), needle)) print_error("\"%s\" lacks \"%s\"\n", cube_last_error(), needle);
    assert_non_null(std::strstr(cube_last_error(), needle));
}

void reads_sections_keys_and_comments(void **) {
    cube_driver_config *c = parsed(kGood);
    int32_t n = 0;
    assert_int_equal(config_section_count(c, &n), CUBE_OK);
    assert_int_equal(n, 4);
    const char *name = nullptr;
    const char *const order[] = {"device", "defaults", "U", "L.grip"};
    for (int32_t i = 0; i < 4; ++i) {
        assert_int_equal(config_section_name(c, i, &name), CUBE_OK);
        assert_string_equal(name, order[i]);
    }
    assert_string_equal(value_of(c, "device", "port").c_str(), "/dev/ttyACM0");
    assert_string_equal(value_of(c, "U", "serial").c_str(), "00301234");
    assert_string_equal(value_of(c, "U", "note").c_str(), "a#b c");  // '#' ends a value only after a blank
    assert_string_equal(value_of(c, "U", "empty").c_str(), "");
    assert_string_equal(value_of(c, "defaults", "current").c_str(), "1000");
    assert_string_equal(value_of(c, "L.grip", "pulse.-1").c_str(), "1000");
    assert_string_equal(value_of(c, "U", "missing").c_str(), "(absent)");
    assert_string_equal(value_of(c, "nowhere", "port").c_str(), "(absent)");
    config_free(c);
}

void actuator_sections_inherit_defaults(void **) {
    cube_driver_config *c = parsed(kGood);
    assert_string_equal(value_of(c, "U", "speed").c_str(), "4000");        // its own wins
    assert_string_equal(value_of(c, "U", "current").c_str(), "1000");      // inherited
    assert_string_equal(value_of(c, "R", "current").c_str(), "1000");      // even without a section
    assert_string_equal(value_of(c, "device", "speed").c_str(), "(absent)");  // device does not inherit
    assert_int_equal(config_set(c, "U", "current", "500"), CUBE_OK);
    assert_string_equal(value_of(c, "U", "current").c_str(), "500");
    assert_int_equal(config_set(c, "F", "steps", "200"), CUBE_OK);  // a new section
    int32_t n = 0;
    assert_int_equal(config_section_count(c, &n), CUBE_OK);
    assert_int_equal(n, 5);
    assert_int_equal(config_set(c, "F", "two words", "x"), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(config_set(c, "", "steps", "x"), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(config_set(c, "F", "steps", nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(config_set(nullptr, "F", "steps", "1"), CUBE_ERROR_INVALID_ARGUMENT);
    config_free(c);
}

void integers_are_checked(void **) {
    cube_driver_config *c = parsed("[U]\nsteps = 200\ndirection = -1\nplus = +7\nword = fast\nhuge = "
                                   "99999999999999999999\nhalf = 1.5\n[defaults]\nspeed = 12\n");
    int64_t v = 0;
    assert_int_equal(config_get_int(c, "U", "steps", 1, 1000, 0, &v), CUBE_OK);
    assert_int_equal(v, 200);
    assert_int_equal(config_get_int(c, "U", "direction", -1, 1, 0, &v), CUBE_OK);
    assert_int_equal(v, -1);
    assert_int_equal(config_get_int(c, "U", "plus", 0, 10, 0, &v), CUBE_OK);
    assert_int_equal(v, 7);
    assert_int_equal(config_get_int(c, "U", "speed", 0, 100, 0, &v), CUBE_OK);  // from [defaults]
    assert_int_equal(v, 12);
    assert_int_equal(config_get_int(c, "U", "absent", 0, 10, 42, &v), CUBE_OK);
    assert_int_equal(v, 42);
    struct {
        const char *key;
        const char *needle;
    } bad[] = {{"steps", "U.steps = 200: out of range 1..100"},
               {"word", "U.word = \"fast\": not an integer"},
               {"huge", "U.huge = 99999999999999999999: out of range"},
               {"half", "U.half = \"1.5\": not an integer"}};
    for (const auto &b : bad) {
        v = 5;
        assert_int_equal(config_get_int(c, "U", b.key, 1, 100, 0, &v), CUBE_ERROR_PARSE);
        assert_int_equal(v, 0);
        if (!std::strstr(cube_last_error(), b.needle)) print_error("\"%s\" lacks \"%s\"\n", cube_last_error(), b.needle);
        assert_non_null(std::strstr(cube_last_error(), b.needle));
    }
    assert_int_equal(config_get_int(c, "U", "steps", 10, 1, 0, &v), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(config_get_int(c, "U", "steps", 1, 10, 0, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(config_get_int(c, nullptr, "steps", 1, 10, 0, &v), CUBE_ERROR_INVALID_ARGUMENT);
    config_free(c);
}

void errors_name_the_line(void **) {
    refused("[U]\nsteps = 1\n\n# fine\nsteps = 2\n", CUBE_ERROR_PARSE,
            "configuration line 5: key \"steps\" twice in [U] (first on line 2)");
    refused("# no section yet\nport = /dev/ttyACM0\n", CUBE_ERROR_PARSE,
            "line 2: key \"port\" before any [section]");
    refused("[U]\n[R]\n[U]\n", CUBE_ERROR_PARSE, "line 3: section [U] again (first on line 1)");
    refused("[U]\njust words\n", CUBE_ERROR_PARSE, "line 2: expected \"key = value\" or \"[section]\"");
    refused("[U\n", CUBE_ERROR_PARSE, "line 1: a section line is \"[name]\"");
    refused("[]\n", CUBE_ERROR_PARSE, "line 1: section name \"\" is empty");
    refused("[U]\n= 3\n", CUBE_ERROR_PARSE, "line 2: key \"\" is empty");
    refused("[U]\ntwo words = 3\n", CUBE_ERROR_PARSE, "line 2: key \"two words\"");
    // The same key in different sections is fine.
    cube_driver_config *c = parsed("[U]\nsteps = 1\n[R]\nsteps = 2\n");
    config_free(c);
}

void empty_text_and_bad_arguments(void **) {
    cube_driver_config *c = parsed("");
    int32_t n = -1;
    assert_int_equal(config_section_count(c, &n), CUBE_OK);
    assert_int_equal(n, 0);
    const char *name = "x";
    assert_int_equal(config_section_name(c, 0, &name), CUBE_ERROR_INVALID_ARGUMENT);
    assert_null(name);
    assert_int_equal(config_section_name(c, -1, &name), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(config_section_count(c, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    const char *v = "x";
    assert_int_equal(config_get(c, "U", nullptr, &v), CUBE_ERROR_INVALID_ARGUMENT);
    assert_null(v);
    assert_int_equal(config_get(c, "U", "k", nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    config_free(c);
    // A freed or foreign pointer is refused, not used.
    int not_a_config = 0;
    assert_int_equal(config_section_count(reinterpret_cast<cube_driver_config *>(&not_a_config), &n),
                     CUBE_ERROR_INVALID_ARGUMENT);
    config_free(nullptr);
    assert_int_equal(config_parse(nullptr, &c), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(config_parse("", nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(config_load(nullptr, &c), CUBE_ERROR_INVALID_ARGUMENT);
}

void text_over_64_kib_is_refused(void **) {
    std::string big = "[U]\n" + std::string(64 * 1024, '#');
    refused(big.c_str(), CUBE_ERROR_INVALID_ARGUMENT, "more than 65536 bytes");
}

// A file in a private folder; returns its path.
std::string write_file(const std::string &name, const std::string &text) {
    char folder[] = "/tmp/cube-config-XXXXXX";
    assert_non_null(mkdtemp(folder));
    std::string path = std::string(folder) + "/" + name;
    FILE *f = std::fopen(path.c_str(), "w");
    assert_non_null(f);
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
    return path;
}

void remove_file(const std::string &path) {
    unlink(path.c_str());
    rmdir(path.substr(0, path.rfind('/')).c_str());
}

void files_are_read_with_limits(void **) {
    std::string good = write_file("robot.conf", kGood);
    cube_driver_config *c = nullptr;
    assert_int_equal(config_load(good.c_str(), &c), CUBE_OK);
    assert_string_equal(value_of(c, "U", "current").c_str(), "1000");
    config_free(c);
    remove_file(good);

    std::string bad = write_file("bad.conf", "[U]\nsteps = 1\nsteps = 2\n");
    assert_int_equal(config_load(bad.c_str(), &c), CUBE_ERROR_PARSE);
    assert_null(c);
    std::string expected = "configuration file " + bad + " line 3:";
    assert_non_null(std::strstr(cube_last_error(), expected.c_str()));
    remove_file(bad);

    std::string big = write_file("big.conf", std::string(64 * 1024 + 1, '#'));
    assert_int_equal(config_load(big.c_str(), &c), CUBE_ERROR_INVALID_ARGUMENT);
    assert_non_null(std::strstr(cube_last_error(), "more than 65536 bytes, the most a configuration may have"));
    assert_non_null(std::strstr(cube_last_error(), "configuration file"));
    remove_file(big);

    assert_int_equal(config_load("/nonexistent/robot.conf", &c), CUBE_ERROR_NOT_FOUND);
    assert_non_null(std::strstr(cube_last_error(), "cannot open configuration file /nonexistent/robot.conf"));
    assert_int_equal(config_load("/tmp", &c), CUBE_ERROR_IO);
    assert_non_null(std::strstr(cube_last_error(), "is a folder"));
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_sections_keys_and_comments),
        cmocka_unit_test(actuator_sections_inherit_defaults),
        cmocka_unit_test(integers_are_checked),
        cmocka_unit_test(errors_name_the_line),
        cmocka_unit_test(empty_text_and_bad_arguments),
        cmocka_unit_test(text_over_64_kib_is_refused),
        cmocka_unit_test(files_are_read_with_limits),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
