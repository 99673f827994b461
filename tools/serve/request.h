// The JSON bodies of `cube serve`'s POST requests, read into plain structs: every field checked for its
// type and range, unknown fields refused (a misspelt option is an error, never silently ignored).
#ifndef CUBE_SERVE_REQUEST_H
#define CUBE_SERVE_REQUEST_H

#include <cstdint>
#include <string>
#include <string_view>

extern "C" {
#include <cube/cube.h>
}

namespace serve {

// Why a request is refused: the HTTP status, the library's status for the JSON error and a message;
// `name` (when set) is a status of the server's own that no library status fits, such as SERVE_BUSY.
struct failure {
    int http = 400;
    cube_status status = CUBE_ERROR_INVALID_ARGUMENT;
    std::string message;
    const char *name = nullptr;
};

// A cube given as a facelet string (URFDLB letters or any six colours) or as a scramble from solved.
struct cube_input {
    std::string facelets;
    std::string scramble;
    int32_t size = 0; // 0: from the facelets' length; a scramble's default is 3
};

// solve --method: the size's default (two-phase for a 3x3, optimal for a 2x2) or the one named.
enum class solve_method { automatic, twophase, optimal, lbl };

struct solve_request {
    cube_input cube;
    std::string target;           // "" = solved
    solve_method method = solve_method::automatic;
    int32_t metric = CUBE_METRIC_HTM;
    int32_t max_length = 0;       // 0 = the library's default
    int32_t timeout_ms = 0;       // 0 = the server's limit
    bool min_effort = false;
    bool steps = false;           // also the moves one by one and the cube after each
    bool all = false;             // optimal 3x3: every optimal solution (up to `limit`)
    int32_t limit = 0;            // with `all`: the most solutions, 0 = the library's default (1000)
};

struct validate_request {
    cube_input cube;
};

struct plan_request {
    std::string robot;  // a spec such as "four-arm:turn90=200"; never a file
    cube_input cube;    // the cube to solve, or
    std::string moves;  // the moves to perform
    int32_t strategy = CUBE_PLAN_OPTIMAL;
    bool shortest = false;
    bool svg = false;   // also the timeline as SVG
    int32_t timeout_ms = 0;
};

struct scan_request {
    std::string scan;   // the scan as cube_scan_input_parse() reads it (samples, space, weights)
    int32_t alternatives = 3; // next best cubes to report, 0..CUBE_SCAN_ALTERNATIVES_MAX
};

// Each reads `body` (a JSON object) into `out`; false with `why` filled when it cannot.
bool parse_solve(std::string_view body, solve_request &out, failure &why);
bool parse_validate(std::string_view body, validate_request &out, failure &why);
bool parse_plan(std::string_view body, plan_request &out, failure &why);
bool parse_scan(std::string_view body, scan_request &out, failure &why);

// The cube of `in` (to free with cube_state_free()); false with `why` filled (422 and the library's message
// for a cube it refuses, 400 for a request that gives both forms or neither).
bool make_state(const cube_input &in, cube_state **out, failure &why);

// `text` as it may appear in a message: bytes outside printable ASCII as \xNN, cut after 1000 bytes.
std::string shown(std::string_view text);

} // namespace serve

#endif
