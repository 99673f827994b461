// What every request handler of `cube serve` shares: the one solver, the limits, the solve slots, the
// metrics, and the answer a handler gives.
#ifndef CUBE_SERVE_SERVER_H
#define CUBE_SERVE_SERVER_H

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

extern "C" {
#include <cube/cube.h>
}

#include "metrics.h"
#include "request.h"
#include "slots.h"

namespace serve {

class connection_table;
class front_door;

struct limits {
    int32_t max_timeout_ms = 10000; // a request's solver time limit is capped at this
    int32_t queue_ms = 1000;        // how long a solve waits for a slot before 503
    size_t max_body = 64 * 1024;    // bytes; a larger body is 413
    bool keep_alive = false;        // --keep-alive: later requests on a connection (libmicrohttpd reads their heads)
};

struct context {
    cube_solver *solver = nullptr; // one solver for all threads (solvers are thread-safe)
    cube_cancel *stop = nullptr;   // triggered when the shutdown deadline passes: running solves end
    limits limit;
    slots *solves = nullptr;
    metrics *counts = nullptr;
    connection_table *connections = nullptr; // set by http_server::start
    const front_door *front = nullptr;
    std::atomic<int> in_flight{0};
    std::atomic<bool> draining{false}; // --drain after a stop signal: /healthz answers 503, the rest is served
    std::atomic<bool> stopping{false};
};

// An HTTP answer.
struct response {
    int code = 200;
    std::string type = "application/json";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};

using query = std::map<std::string, std::string>;

// {"ok":false,"status":NAME,"error":MESSAGE} with the failure's HTTP status.
response error_response(const failure &why);

// The HTTP status for a library status: 400 bad argument, 422 a cube or request the library refuses
// (invalid, unsolvable within the limits, timed out, unsupported), 503 cancelled by the shutdown, else 500.
int http_status_of(cube_status status);

// The failure of the library call that just failed on this thread (cube_last_error()).
failure library_failure(const char *what);

} // namespace serve

#endif
