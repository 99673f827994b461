/* Fuzz target: the request bodies of `cube serve` (tools/serve/request.cpp), read into requests and turned
 * into cubes as the handlers do. The first byte picks the endpoint (solve, validate, plan, scan), the rest is
 * the body. Checks: a refusal has an HTTP status of 400, 413, 422 or 500, a library status name and a
 * printable ASCII message; an accepted request's numbers are in their ranges, and its cube, when it has one,
 * is a valid state. */
#include <cstring>

#include "fuzz_common.h"
#include "serve/request.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

void check_failure(const serve::failure &why) {
    FUZZ_CHECK(why.http == 400 || why.http == 413 || why.http == 422 || why.http == 500);
    FUZZ_CHECK(std::strcmp(cube_status_name(why.status), "CUBE_STATUS_UNKNOWN") != 0 && why.status != CUBE_OK);
    FUZZ_CHECK(!why.message.empty());
    for (unsigned char c : why.message) FUZZ_CHECK(c >= 0x20 && c < 0x7f);
}

// The cube as a handler makes it: a valid state, or a failure.
void check_cube(const serve::cube_input &in) {
    cube_state *s = reinterpret_cast<cube_state *>(&s); /* not NULL: make_state must reset it */
    serve::failure why;
    if (serve::make_state(in, &s, why)) {
        const char *facelets = nullptr;
        FUZZ_CHECK(s && cube_state_facelets(s, &facelets) == CUBE_OK);
        FUZZ_CHECK(cube_validate_facelets(facelets, 0) == CUBE_OK);
    } else {
        FUZZ_CHECK(s == nullptr);
        check_failure(why);
    }
    cube_state_free(s);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    std::string_view body(reinterpret_cast<const char *>(data) + 1, size - 1);
    serve::failure why;
    switch (data[0] % 4) {
    case 0: {
        serve::solve_request r;
        if (!serve::parse_solve(body, r, why)) return check_failure(why), 0;
        FUZZ_CHECK(r.max_length >= 0 && r.max_length <= 1000 && r.timeout_ms >= 0);
        FUZZ_CHECK(r.metric == CUBE_METRIC_HTM || r.metric == CUBE_METRIC_QTM);
        check_cube(r.cube);
        break;
    }
    case 1: {
        serve::validate_request r;
        if (!serve::parse_validate(body, r, why)) return check_failure(why), 0;
        check_cube(r.cube);
        break;
    }
    case 2: {
        serve::plan_request r;
        if (!serve::parse_plan(body, r, why)) return check_failure(why), 0;
        FUZZ_CHECK(!r.robot.empty() && r.robot[0] != '@');
        if (r.moves.empty()) check_cube(r.cube);
        break;
    }
    default: {
        serve::scan_request r;
        if (!serve::parse_scan(body, r, why)) return check_failure(why), 0;
        FUZZ_CHECK(r.alternatives >= 0 && r.alternatives <= CUBE_SCAN_ALTERNATIVES_MAX);
        FUZZ_CHECK(r.scan.size() <= 16 * body.size() + 16);
        break;
    }
    }
    return 0;
}
