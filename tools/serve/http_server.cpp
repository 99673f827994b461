#include "http_server.h"

#include <microhttpd.h>
#include <unistd.h>

#include <chrono>
#include <cstdarg>
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

struct arguments {
    query values;
    std::string repeated; // the first key given more than once
    bool twice = false;
};

MHD_Result collect_argument(void *out, enum MHD_ValueKind, const char *key, const char *value) {
    auto &a = *static_cast<arguments *>(out);
    std::string k = key ? key : "";
    if (!a.values.emplace(k, value ? value : "").second && !a.twice) {
        a.twice = true;
        a.repeated = k;
    }
    return MHD_YES;
}

live_connection *record_of(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? static_cast<live_connection *>(info->socket_context) : nullptr;
}

MHD_Result send(context &ctx, struct MHD_Connection *c, exchange &x, const response &r, bool closing) {
    if (!ctx.connections->answering(record_of(c))) return MHD_NO; // cut off at its time limit: answered
    // One request per connection unless --keep-alive: the front door checks only a connection's first head,
    // and libmicrohttpd would answer a malformed later one itself, in HTML.
    closing = closing || !ctx.limit.keep_alive || ctx.connections->on_reserve(record_of(c));
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
        if (!ctx.connections->request_began(record_of(c))) return MHD_NO;
        x = new (std::nothrow) exchange;
        if (!x) return MHD_NO;
        *state = x;
        ++ctx.in_flight;
        x->endpoint = endpoint_of(url);
        const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length && strtoull(length, nullptr, 10) > ctx.limit.max_body) return send(ctx, c, *x, too_large(ctx), true);
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
    if (x->too_large) return send(ctx, c, *x, too_large(ctx), true);
    arguments args;
    MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, collect_argument, &args);
    if (args.twice)
        return send(ctx, c, *x,
                    error_response(failure{400, CUBE_ERROR_INVALID_ARGUMENT,
                                           "query argument '" + shown(args.repeated) + "' is given more than once"}),
                    ctx.stopping);
    return send(ctx, c, *x, route(ctx, method, url, args.values, x->body), ctx.stopping);
}

void on_completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode) {
    context &ctx = *static_cast<context *>(cls);
    ctx.connections->answered(record_of(c));
    auto *x = static_cast<exchange *>(*state);
    if (!x) return;
    if (x->code) ctx.counts->record(x->endpoint, x->code, std::chrono::duration<double>(clock::now() - x->start).count());
    delete x;
    *state = nullptr;
    --ctx.in_flight;
}

void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                   enum MHD_ConnectionNotificationCode code) {
    auto &table = *static_cast<connection_table *>(cls);
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        *socket_context = info ? table.started(info->connect_fd) : nullptr;
    } else {
        table.closed(static_cast<live_connection *>(*socket_context));
        *socket_context = nullptr;
    }
}

// libmicrohttpd's own messages, each kind (its format) at most once a second.
void on_log(void *cls, const char *format, va_list ap) {
    char text[512];
    vsnprintf(text, sizeof text, format, ap);
    size_t length = strlen(text);
    while (length && (text[length - 1] == '\n' || text[length - 1] == '\r')) text[--length] = '\0';
    static_cast<log_limit *>(cls)->line(format, std::string("libmicrohttpd: ") + text);
}

// Waits until no request is in flight or `ms` have passed; whether none is.
bool drained(const context &ctx, int ms) {
    auto deadline = clock::now() + std::chrono::milliseconds(ms);
    while (ctx.in_flight > 0 && clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return ctx.in_flight == 0;
}

} // namespace

http_server::~http_server() {
    front_.stop();
    if (daemon_) MHD_stop_daemon(daemon_);
}

bool http_server::start(const http_options &o) {
    connection_limits limits;
    limits.slots = o.threads;
    limits.reserve = o.health_slots;
    limits.max_per_ip = o.max_per_ip;
    limits.request_timeout_ms = o.request_timeout_ms;
    table_.set_limits(limits);
    ctx_.connections = &table_;
    ctx_.front = &front_;
    front_options fo;
    fo.address = o.address;
    fo.waiting_max = 4 * o.threads;
    fo.head.max_body = ctx_.limit.max_body;
    fo.counts = ctx_.counts;
    std::string why;
    if (!front_.open(fo, why)) {
        fprintf(stderr, "cube serve: cannot listen there: %s\n", why.c_str());
        return false;
    }
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG |
                     MHD_USE_NO_LISTEN_SOCKET;
    // Our counts drop at a connection's close notice, libmicrohttpd's a little later: the margin covers that.
    unsigned margin = 16;
    daemon_ = MHD_start_daemon(flags, 0, nullptr, nullptr, on_request, &ctx_,
                               MHD_OPTION_EXTERNAL_LOGGER, on_log, &log_,
                               MHD_OPTION_CONNECTION_LIMIT, o.threads + o.health_slots + margin,
                               MHD_OPTION_THREAD_STACK_SIZE, (size_t)(1 << 20),
                               MHD_OPTION_CONNECTION_TIMEOUT, o.idle_timeout_s,
                               MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
                               MHD_OPTION_NOTIFY_COMPLETED, on_completed, &ctx_,
                               MHD_OPTION_NOTIFY_CONNECTION, on_connection, &table_,
                               MHD_OPTION_END);
    if (!daemon_) {
        fprintf(stderr, "cube serve: libmicrohttpd did not start\n");
        return false;
    }
    MHD_Daemon *daemon = daemon_;
    return front_.start([daemon](int fd, const struct sockaddr *address, socklen_t length) {
        return MHD_add_connection(daemon, fd, address, length) == MHD_YES;
    });
}

uint16_t http_server::port() const {
    return front_.port();
}

int http_server::stop(int grace_ms) {
    ctx_.stopping = true;
    front_.stop();
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
