#include "http_server.h"

#include <microhttpd.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <thread>

#include "answer.h"
#include "routes.h"

namespace serve {

namespace {

using clock = std::chrono::steady_clock;

// One request on its connection, from its first call to its completion.
struct exchange {
    clock::time_point start = clock::now();
    std::string body;
    bool too_large = false;
    int endpoint = -1;
    int code = 0;
};

MHD_Result collect_argument(void *out, enum MHD_ValueKind, const char *key, const char *value) {
    (*static_cast<query *>(out))[key ? key : ""] = value ? value : "";
    return MHD_YES;
}

MHD_Result send(struct MHD_Connection *c, exchange &x, const response &r, bool closing) {
    x.code = r.code;
    struct MHD_Response *m =
        MHD_create_response_from_buffer(r.body.size(), const_cast<char *>(r.body.data()), MHD_RESPMEM_MUST_COPY);
    if (!m) return MHD_NO;
    MHD_add_response_header(m, MHD_HTTP_HEADER_CONTENT_TYPE, r.type.c_str());
    MHD_add_response_header(m, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(m, "Content-Security-Policy",
                            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:");
    for (const auto &h : r.headers) MHD_add_response_header(m, h.first.c_str(), h.second.c_str());
    if (closing) MHD_add_response_header(m, MHD_HTTP_HEADER_CONNECTION, "close");
    MHD_Result queued = MHD_queue_response(c, (unsigned)r.code, m);
    MHD_destroy_response(m);
    return queued;
}

response too_large(const context &ctx) {
    return error_response(failure{413, CUBE_ERROR_INVALID_ARGUMENT,
                                  "the request body is larger than " + std::to_string(ctx.limit.max_body) + " bytes"});
}

MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method, const char *,
                      const char *upload, size_t *upload_size, void **state) {
    context &ctx = *static_cast<context *>(cls);
    auto *x = static_cast<exchange *>(*state);
    if (!x) {
        x = new (std::nothrow) exchange;
        if (!x) return MHD_NO;
        *state = x;
        ++ctx.in_flight;
        x->endpoint = endpoint_of(url);
        const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length && strtoull(length, nullptr, 10) > ctx.limit.max_body) return send(c, *x, too_large(ctx), true);
        return MHD_YES;
    }
    if (*upload_size) {
        if (!x->too_large && x->body.size() + *upload_size <= ctx.limit.max_body) {
            x->body.append(upload, *upload_size);
        } else {
            x->too_large = true;
            x->body.clear();
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (x->too_large) return send(c, *x, too_large(ctx), true);
    query args;
    MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, collect_argument, &args);
    return send(c, *x, route(ctx, method, url, args, x->body), ctx.stopping);
}

void on_completed(void *cls, struct MHD_Connection *, void **state, enum MHD_RequestTerminationCode) {
    context &ctx = *static_cast<context *>(cls);
    auto *x = static_cast<exchange *>(*state);
    if (!x) return;
    if (x->code) ctx.counts->record(x->endpoint, x->code, std::chrono::duration<double>(clock::now() - x->start).count());
    delete x;
    *state = nullptr;
    --ctx.in_flight;
}

// Waits until no request is in flight or `ms` have passed; whether none is.
bool drained(const context &ctx, int ms) {
    auto deadline = clock::now() + std::chrono::milliseconds(ms);
    while (ctx.in_flight > 0 && clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return ctx.in_flight == 0;
}

} // namespace

http_server::~http_server() {
    if (daemon_) MHD_stop_daemon(daemon_);
}

bool http_server::start(const http_options &o) {
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG;
    if (o.address->sa_family == AF_INET6) flags |= MHD_USE_IPv6;
    daemon_ = MHD_start_daemon(flags, 0, nullptr, nullptr, on_request, &ctx_,
                               MHD_OPTION_SOCK_ADDR, o.address,
                               MHD_OPTION_CONNECTION_LIMIT, o.threads,
                               MHD_OPTION_THREAD_STACK_SIZE, (size_t)(1 << 20),
                               MHD_OPTION_CONNECTION_TIMEOUT, o.idle_timeout_s,
                               MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
                               MHD_OPTION_LISTEN_BACKLOG_SIZE, 128u,
                               MHD_OPTION_NOTIFY_COMPLETED, on_completed, &ctx_,
                               MHD_OPTION_END);
    return daemon_ != nullptr;
}

uint16_t http_server::port() const {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon_, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

int http_server::stop(int grace_ms) {
    ctx_.stopping = true;
    MHD_socket listener = MHD_quiesce_daemon(daemon_);
    if (listener != MHD_INVALID_SOCKET) close(listener);
    int left = 0;
    if (!drained(ctx_, grace_ms)) {
        left = ctx_.in_flight;
        cube_cancel_trigger(ctx_.stop);
        drained(ctx_, 1000);
    }
    MHD_stop_daemon(daemon_);
    daemon_ = nullptr;
    return left;
}

} // namespace serve
