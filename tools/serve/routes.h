// Which handler answers a request: by path and HTTP method (404 for an unknown path, 405 with Allow for a
// method the path does not take). Each endpoint has an index, the label of its metrics.
#ifndef CUBE_SERVE_ROUTES_H
#define CUBE_SERVE_ROUTES_H

#include <string>
#include <string_view>
#include <vector>

#include "server.h"

namespace serve {

// The metrics label of each endpoint index route() gives; the last is "other" (unknown paths).
std::vector<std::string> endpoint_labels();

// The endpoint index of `path` (the "other" index for an unknown one).
int endpoint_of(std::string_view path);

// Answers a request whose body was read whole.
response route(context &ctx, std::string_view method, std::string_view path, const query &args,
               std::string_view body);

} // namespace serve

#endif
