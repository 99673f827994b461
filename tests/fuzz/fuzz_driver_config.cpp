// Fuzz target: driver configuration text (the host's config_parse service, cube/driver_plugin.h). On
// success every section name can be read back, lookups and integer reads never fail for valid arguments,
// and a value that is set reads back.
#include <cube/driver_plugin.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "driver/config.hpp"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    cube_driver_config *config = reinterpret_cast<cube_driver_config *>(text);  // not NULL: the call must reset it
    cube_status status = lc::driver::config_parse(text, &config);
    if (status != CUBE_OK) {
        FUZZ_CHECK(config == nullptr);
        FUZZ_CHECK(cube_last_error()[0] != '\0');
        std::free(text);
        return 0;
    }
    int32_t sections = -1;
    FUZZ_CHECK(lc::driver::config_section_count(config, &sections) == CUBE_OK);
    FUZZ_CHECK(sections >= 0);
    for (int32_t i = 0; i < sections; ++i) {
        const char *name = nullptr;
        FUZZ_CHECK(lc::driver::config_section_name(config, i, &name) == CUBE_OK);
        FUZZ_CHECK(name != nullptr);
        const char *value = nullptr;
        FUZZ_CHECK(lc::driver::config_get(config, name, "speed", &value) == CUBE_OK);
        int64_t number = 0;
        cube_status got = lc::driver::config_get_int(config, name, "speed", -1000000, 1000000, 7, &number);
        FUZZ_CHECK(got == CUBE_OK || got == CUBE_ERROR_PARSE);
        if (got == CUBE_OK && value == nullptr) FUZZ_CHECK(number == 7);
    }
    FUZZ_CHECK(lc::driver::config_set(config, "U", "steps", "200") == CUBE_OK);
    const char *steps = nullptr;
    FUZZ_CHECK(lc::driver::config_get(config, "U", "steps", &steps) == CUBE_OK);
    FUZZ_CHECK(steps != nullptr && std::strcmp(steps, "200") == 0);
    lc::driver::config_free(config);
    std::free(text);
    return 0;
}
