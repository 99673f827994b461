// The HTTP side of `cube serve`, on libmicrohttpd: one thread per connection (so that a long solve holds up
// no other connection, and a keep-alive client's requests cost no hand-off between threads), at most
// `threads` connections at once plus a few kept for /healthz and /metrics; connections reach it through
// the front door (front_door.h) once their first request head is whole and sound; request bodies read up
// to the size limit, answers from route(), metrics per request, and a graceful stop (no new connections,
// in-flight requests finish before a deadline).
#ifndef CUBE_SERVE_HTTP_SERVER_H
#define CUBE_SERVE_HTTP_SERVER_H

#include <sys/socket.h>

#include <cstdint>

#include "connections.h"
#include "front_door.h"
#include "log_limit.h"
#include "server.h"

struct MHD_Daemon;

namespace serve {

struct http_options {
    const struct sockaddr *address = nullptr; // where to listen (IPv4 or IPv6)
    unsigned threads = 128;                   // connections at once, each on its own thread
    unsigned health_slots = 8;                // more connections, for /healthz and /metrics only
    unsigned max_per_ip = 16;                 // open connections per client address
    unsigned idle_timeout_s = 30;             // an idle connection is closed after this long
    int request_timeout_ms = 10000;           // a request's head and body must have come within this
};

class http_server {
public:
    explicit http_server(context &ctx) : ctx_(ctx), table_(connection_limits{}, log_), front_(table_) {}
    ~http_server();
    http_server(const http_server &) = delete;
    http_server &operator=(const http_server &) = delete;

    // Starts listening; false with a message on stderr when it cannot (address in use, ...).
    bool start(const http_options &options);
    // The port listened on (the one chosen for port 0).
    uint16_t port() const;
    // Stops accepting connections, waits up to `grace_ms` for the requests in flight, cancels the solves
    // still running and waits up to one more second, then closes every connection. Returns the number of
    // requests that were still unfinished at the deadline.
    int stop(int grace_ms);

    connection_table &connections() { return table_; }
    const front_door &front() const { return front_; }

private:
    context &ctx_;
    log_limit log_;
    connection_table table_;
    front_door front_;
    ::MHD_Daemon *daemon_ = nullptr;
};

} // namespace serve

#endif
