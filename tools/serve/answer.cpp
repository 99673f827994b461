#include "answer.h"

namespace serve {

response json_response(const nlohmann::json &body, int code) {
    response r;
    r.code = code;
    r.body = body.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
    r.body += "\n";
    return r;
}

response error_response(const failure &why) {
    nlohmann::json body = {{"ok", false}, {"status", cube_status_name(why.status)}, {"error", why.message}};
    return json_response(body, why.http);
}

int http_status_of(cube_status status) {
    switch (status) {
    case CUBE_ERROR_INVALID_ARGUMENT:
        return 400;
    case CUBE_ERROR_PARSE:
    case CUBE_ERROR_INVALID_CUBE:
    case CUBE_ERROR_UNSOLVABLE:
    case CUBE_ERROR_TIMEOUT:
    case CUBE_ERROR_UNSUPPORTED:
    case CUBE_ERROR_NOT_FOUND:
        return 422;
    case CUBE_ERROR_CANCELLED:
        return 503;
    default:
        return 500;
    }
}

failure library_failure(const char *what) {
    cube_status status = cube_last_status();
    std::string message = shown(cube_last_error());
    if (what && *what) message = std::string(what) + ": " + message;
    return failure{http_status_of(status), status, message};
}

response busy_response(context &ctx) {
    ctx.counts->rejected();
    response r = error_response(failure{503, CUBE_ERROR_UNSUPPORTED, "every solve slot is busy; try again shortly"});
    r.headers.emplace_back("Retry-After", "1");
    return r;
}

int32_t time_limit(const context &ctx, int32_t requested) {
    if (requested <= 0 || requested > ctx.limit.max_timeout_ms) return ctx.limit.max_timeout_ms;
    return requested;
}

} // namespace serve
