// POST /v1/scan, POST /v1/plan, GET /v1/random, GET /healthz, GET /metrics.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <vector>

#include "answer.h"
#include "connections.h"
#include "front_door.h"
#include "handlers.h"

extern "C" {
#include "../cli.h"
#include "../robot_input.h"
}

namespace serve {

using json = nlohmann::json;

namespace {

// The scan's answer as cube_scan_result_format() writes it in JSON, the same as `cube scan --json`.
response scan_answer(const cube_scan_result *r) {
    std::string text;
    auto write = [&](char *b, int32_t c, int32_t *l) {
        return cube_scan_result_format(r, CUBE_SCAN_FORMAT_JSON, b, c, l);
    };
    if (!library_text(write, text)) return error_response(library_failure(""));
    return library_json_response(std::move(text));
}

// The plan as cube_plan_format() writes it in JSON, and (svg) its timeline.
bool plan_answer(const cube_plan *p, bool svg, json &out) {
    std::string text;
    auto write = [&](char *b, int32_t c, int32_t *l) {
        return cube_plan_format(p, CUBE_PLAN_JSON, b, c, l);
    };
    if (!library_text(write, text)) return false;
    out = {{"ok", true}, {"plan", json::parse(text, nullptr, false)}};
    if (!svg) return true;
    cube_render_options o;
    cube_render_options_init(&o);
    o.format = CUBE_RENDER_SVG;
    std::string picture;
    if (!library_text([&](char *b, int32_t c, int32_t *l) { return cube_render_plan(p, &o, b, c, l); }, picture))
        return false;
    out["svg"] = std::move(picture);
    return true;
}

// A whole number from 0 to max in a query argument; false when it is not one.
bool query_number(const std::string &text, uint64_t max, uint64_t &out) {
    if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos) return false;
    errno = 0;
    unsigned long long v = strtoull(text.c_str(), nullptr, 10);
    if (errno || v > max) return false;
    out = v;
    return true;
}

// Microseconds as milliseconds: "200", "0.001".
std::string as_ms(long long us) {
    char text[32];
    snprintf(text, sizeof text, "%g", us / 1000.0);
    return text;
}

// The library names a time it refuses by its field in microseconds ("turn90_us 0: must be 1 to 600000000
// (600 s)"); the user wrote the spec's key in milliseconds: "'turn90' is under 1 microsecond: it must be
// from 0.001 to 600000 ms".
std::string user_keys(const std::string &message) {
    static const std::regex field(
        "([A-Za-z0-9_.]+)_us (-?[0-9]{1,15}): must be ([0-9]{1,15}) to ([0-9]{1,15})( \\([^)]*\\))?");
    std::smatch m;
    if (!std::regex_search(message, m, field)) return message;
    long long given = std::stoll(m[2].str());
    std::string value = given == 0 ? "under 1 microsecond" : as_ms(given) + " ms";
    std::string range = as_ms(std::stoll(m[3].str())) + " to " + as_ms(std::stoll(m[4].str())) + " ms";
    return m.prefix().str() + "'" + m[1].str() + "' is " + value + ": it must be from " + range + m.suffix().str();
}

} // namespace

response handle_scan(context &ctx, std::string_view body) {
    scan_request req;
    failure why;
    if (!parse_scan(body, req, why)) return error_response(why);
    cube_scan_options options;
    cube_scan_options_init(&options);
    options.alternatives = req.alternatives == 0 ? -1 : req.alternatives;
    slot_guard slot(*ctx.solves, ctx.limit.queue_ms);
    if (!slot.held()) return busy_response(ctx);
    cube_scan_input *input = nullptr;
    cube_scan_result *result = nullptr;
    response r;
    if (cube_scan_input_parse(req.scan.c_str(), &input) != CUBE_OK ||
        cube_scan_resolve(input, &options, &result) != CUBE_OK) {
        failure f = library_failure("scan");
        if (f.http == 400) f.http = 422; // the scan's content, not the request's form
        r = error_response(f);
    } else {
        r = scan_answer(result);
    }
    cube_scan_result_free(result);
    cube_scan_input_free(input);
    return r;
}

response handle_plan(context &ctx, std::string_view body) {
    plan_request req;
    failure why;
    if (!parse_plan(body, req, why)) return error_response(why);
    plan_input in = {};
    std::string facelets;
    in.strategy = req.strategy;
    in.shortest = req.shortest;
    in.timeout_ms = time_limit(ctx, req.timeout_ms);
    in.cancel = ctx.stop;
    in.size = req.cube.size ? req.cube.size : 3;
    if (!req.moves.empty()) {
        in.moves = req.moves.c_str();
    } else {
        cube_state *s = nullptr;
        const char *text = nullptr;
        if (!make_state(req.cube, &s, why)) return error_response(why);
        bool ok = cube_state_facelets(s, &text) == CUBE_OK && cube_state_size(s, &in.size) == CUBE_OK;
        if (ok) facelets = text;
        cube_state_free(s);
        if (!ok) return error_response(library_failure(""));
        in.facelets = facelets.c_str();
    }
    cube_robot *robot = nullptr;
    if (cube_robot_parse(req.robot.c_str(), &robot) != CUBE_OK) {
        failure f = library_failure("robot");
        f.message = user_keys(f.message);
        return error_response(f);
    }
    slot_guard slot(*ctx.solves, ctx.limit.queue_ms);
    cube_plan *p = nullptr;
    json out;
    response r;
    if (!slot.held())
        r = busy_response(ctx);
    else if (plan_with_solver(robot, ctx.solver, &in, &p) != CUBE_OK || !plan_answer(p, req.svg, out))
        r = error_response(library_failure(""));
    else
        r = json_response(out);
    cube_plan_free(p);
    cube_robot_free(robot);
    return r;
}

response handle_random(context &ctx, const query &args) {
    (void)ctx;
    uint64_t size = 3, seed = 0;
    bool seeded = false;
    for (const auto &a : args) {
        bool ok = false;
        if (a.first == "size")
            ok = query_number(a.second, 3, size) && size >= 2;
        else if (a.first == "seed")
            ok = seeded = query_number(a.second, UINT64_MAX, seed);
        else
            return error_response(failure{400, CUBE_ERROR_INVALID_ARGUMENT,
                                          "unknown query argument '" + shown(a.first) + "' (size, seed)"});
        if (!ok)
            return error_response(failure{400, CUBE_ERROR_INVALID_ARGUMENT,
                                          a.first == "size" ? "size must be 2 or 3"
                                                            : "seed must be a whole number from 0 to 2^64-1"});
    }
    if (!seeded) seed = cli_random_seed();
    cube_state *s = nullptr;
    const char *facelets = nullptr;
    response r;
    if (cube_state_random((int32_t)size, seed, &s) != CUBE_OK || cube_state_facelets(s, &facelets) != CUBE_OK)
        r = error_response(library_failure(""));
    else
        r = json_response({{"ok", true}, {"size", size}, {"seed", seed}, {"facelets", facelets}});
    cube_state_free(s);
    return r;
}

response handle_health(context &ctx) {
    if (ctx.stopping || ctx.draining)
        return error_response(failure{503, CUBE_ERROR_CANCELLED, "the server is stopping"});
    return json_response({{"ok", true}, {"version", cube_version_string()}, {"in_flight", ctx.in_flight.load()},
                          {"solves_in_progress", ctx.solves->busy()}});
}

response handle_metrics(context &ctx) {
    response r;
    r.type = "text/plain; version=0.0.4; charset=utf-8";
    connection_counts c = ctx.connections->counts();
    r.body = ctx.counts->text(
        {{"cube_http_requests_in_flight", "Requests being answered now.", (double)ctx.in_flight},
         {"cube_solves_in_progress", "Solves, scans and plans running now.", (double)ctx.solves->busy()},
         {"cube_http_connections_open", "Connections with a whole request head, each on its thread.", (double)c.open},
         {"cube_http_connections_waiting", "Connections still sending their first request head.",
          (double)ctx.front->waiting()},
         {"cube_http_requests_timed_out_total", "Requests answered 408 at --request-timeout.", (double)c.timed_out,
          "counter"},
         {"cube_http_connections_refused_total", "Connections refused at --max-per-ip.", (double)c.refused_address,
          "counter"}});
    return r;
}

} // namespace serve
