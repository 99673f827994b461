// Writing JSON answers: nlohmann::json objects dumped as ASCII (other bytes replaced, never an exception).
#ifndef CUBE_SERVE_ANSWER_H
#define CUBE_SERVE_ANSWER_H

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "server.h"

namespace serve {

// A 200 answer (or `code`) with `body` as its JSON.
response json_response(const nlohmann::json &body, int code = 200);

// error_response()'s answer with the members of `more` added (what a stopped search reached).
response error_response(const failure &why, const nlohmann::json &more);

// What a library formatter (cube_solution_format(), ...) writes, called as write(buffer, capacity, &length):
// once for the length, then into `text`; false if it fails.
using library_writer = std::function<cube_status(char *buffer, int32_t capacity, int32_t *length)>;
bool library_text(const library_writer &write, std::string &text);

// A 200 answer with `body`, a JSON object a library formatter wrote (cube_scan_result_format(), ...), as it is.
response library_json_response(std::string body);

// The status of a 503 for a server at capacity (no solve or connection slot free): SERVE_BUSY.
extern const char *const serve_busy;

// 503 with Retry-After: every solve slot stayed busy.
response busy_response(context &ctx);

// A whole HTTP/1.1 answer with the failure's JSON body and `Connection: close`, written to the socket
// directly where libmicrohttpd does not answer (a request head refused before it, a request cut off);
// `retry_after` adds `Retry-After: 1`.
std::string raw_response(const failure &why, bool retry_after = false);

// 408: a request that had not come whole within `ms`.
failure request_timeout(int ms);

// "10 s", "2.5 s".
std::string seconds_text(int ms);

// The solver's time limit for a request that asked for `requested` ms (0: none): capped by the server's.
int32_t time_limit(const context &ctx, int32_t requested);

} // namespace serve

#endif
