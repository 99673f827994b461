// The endpoints of `cube serve`: each takes the request and answers with JSON (handlers.cpp: solve and
// validate; handlers_more.cpp: scan, plan, random, health).
#ifndef CUBE_SERVE_HANDLERS_H
#define CUBE_SERVE_HANDLERS_H

#include <string_view>

#include "server.h"

namespace serve {

response handle_solve(context &ctx, std::string_view body);
response handle_validate(context &ctx, std::string_view body);
response handle_scan(context &ctx, std::string_view body);
response handle_plan(context &ctx, std::string_view body);
response handle_random(context &ctx, const query &args);
response handle_health(context &ctx);
response handle_metrics(context &ctx);

} // namespace serve

#endif
