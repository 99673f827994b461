// The HTTP side of `cube serve`, on libmicrohttpd: a pool of threads each polling its share of the
// connections, request bodies read up to the size limit, answers from route() (POST requests suspended
// and answered by the workers, so that a long solve never holds up the connections of its polling thread),
// metrics per request, and a graceful stop (no new connections, in-flight requests finish before a deadline).
#ifndef CUBE_SERVE_HTTP_SERVER_H
#define CUBE_SERVE_HTTP_SERVER_H

#include <sys/socket.h>

#include <cstdint>
#include <memory>

#include "server.h"
#include "workers.h"

struct MHD_Daemon;

namespace serve {

struct http_options {
    const struct sockaddr *address = nullptr; // where to listen (IPv4 or IPv6)
    unsigned http_threads = 2;                // the pool that polls the connections
    unsigned threads = 4;                     // the workers that answer POST requests
    unsigned max_connections = 256;
    unsigned idle_timeout_s = 30;             // an idle connection is closed after this long
};

class http_server {
public:
    explicit http_server(context &ctx) : ctx_(ctx) {}
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

    // What the request callbacks get.
    struct shared {
        context *ctx;
        workers *pool;
    };

private:
    context &ctx_;
    std::unique_ptr<workers> pool_;
    shared shared_{};
    ::MHD_Daemon *daemon_ = nullptr;
};

} // namespace serve

#endif
