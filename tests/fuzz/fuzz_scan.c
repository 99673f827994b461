/* Fuzz target: colour-scan text (cube_scan_input_parse, JSON and six-lines-of-hex forms).
 * Checks: a failure leaves NULL and a message; an accepted scan has 54 set samples in range, and
 * resolves to a valid cube whose confidences lie in 0..1. */
#include <cube/cube.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    cube_scan_input *input = (cube_scan_input *)text; /* not NULL: the call must reset it */
    cube_status status = cube_scan_input_parse(text, &input);
    if (status != CUBE_OK) {
        FUZZ_CHECK(input == NULL);
        FUZZ_CHECK(cube_last_error()[0] != '\0');
        free(text);
        return 0;
    }
    int32_t count = 0;
    FUZZ_CHECK(cube_scan_input_info(input, &count, NULL) == CUBE_OK && count == 54);
    for (int32_t i = 0; i < count; ++i) {
        double values[3], weight = -1;
        FUZZ_CHECK(cube_scan_input_get(input, i, values, &weight) == CUBE_OK);
        FUZZ_CHECK(weight >= 0 && weight <= 1000);
    }
    cube_scan_result *result = NULL;
    if (cube_scan_resolve(input, NULL, &result) == CUBE_OK) {
        FUZZ_CHECK(cube_validate_facelets(cube_scan_result_facelets(result), 3) == CUBE_OK);
        double confidence = -1;
        FUZZ_CHECK(cube_scan_result_confidence(result, &confidence, NULL) == CUBE_OK);
        FUZZ_CHECK(confidence >= 0 && confidence <= 1);
    } else {
        FUZZ_CHECK(result == NULL);
    }
    cube_scan_result_free(result);
    cube_scan_input_free(input);
    free(text);
    return 0;
}
