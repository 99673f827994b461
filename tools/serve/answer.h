// Writing JSON answers: nlohmann::json objects dumped as ASCII (other bytes replaced, never an exception).
#ifndef CUBE_SERVE_ANSWER_H
#define CUBE_SERVE_ANSWER_H

#include <nlohmann/json.hpp>

#include "server.h"

namespace serve {

// A 200 answer (or `code`) with `body` as its JSON.
response json_response(const nlohmann::json &body, int code = 200);

// 503 with Retry-After: every solve slot stayed busy.
response busy_response(context &ctx);

// The solver's time limit for a request that asked for `requested` ms (0: none): capped by the server's.
int32_t time_limit(const context &ctx, int32_t requested);

} // namespace serve

#endif
