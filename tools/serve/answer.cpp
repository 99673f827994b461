#include "answer.h"

#include <cstdio>

namespace serve {

response json_response(const nlohmann::json &body, int code) {
    response r;
    r.code = code;
    r.body = body.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
    r.body += "\n";
    return r;
}

bool library_text(const library_writer &write, std::string &text) {
    int32_t length = 0;
    write(nullptr, 0, &length);
    text.assign((size_t)length + 1, '\0');
    if (write(text.data(), length + 1, nullptr) != CUBE_OK) return false;
    text.resize((size_t)length);
    return true;
}

response library_json_response(std::string body) {
    response r;
    r.code = 200;
    r.body = std::move(body);
    r.body += "\n";
    return r;
}

response error_response(const failure &why) {
    return error_response(why, nlohmann::json::object());
}

response error_response(const failure &why, const nlohmann::json &more) {
    nlohmann::json body = {
        {"ok", false}, {"status", why.name ? why.name : cube_status_name(why.status)}, {"error", why.message}};
    body.update(more);
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

const char *const serve_busy = "SERVE_BUSY";

response busy_response(context &ctx) {
    ctx.counts->rejected();
    response r =
        error_response(failure{503, CUBE_ERROR_UNSUPPORTED, "every solve slot is busy; try again shortly", serve_busy});
    r.headers.emplace_back("Retry-After", "1");
    return r;
}

namespace {

const char *reason_of(int code) {
    switch (code) {
    case 400: return "Bad Request";
    case 408: return "Request Timeout";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 431: return "Request Header Fields Too Large";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Error";
    }
}

} // namespace

std::string raw_response(const failure &why, bool retry_after) {
    response r = error_response(why);
    std::string out = "HTTP/1.1 " + std::to_string(r.code) + " " + reason_of(r.code) + "\r\n";
    out += "Content-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n";
    if (retry_after) out += "Retry-After: 1\r\n";
    out += "Content-Length: " + std::to_string(r.body.size()) + "\r\n\r\n" + r.body;
    return out;
}

std::string seconds_text(int ms) {
    char text[32];
    snprintf(text, sizeof text, "%g s", ms / 1000.0);
    return text;
}

failure request_timeout(int ms) {
    return failure{408, CUBE_ERROR_TIMEOUT,
                   "the request did not come whole within " + seconds_text(ms) + " (--request-timeout)"};
}

int32_t time_limit(const context &ctx, int32_t requested) {
    if (requested <= 0 || requested > ctx.limit.max_timeout_ms) return ctx.limit.max_timeout_ms;
    return requested;
}

} // namespace serve
