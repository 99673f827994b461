// cube serve: the solver as a JSON HTTP API and a web page (see docs/serve.md).
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "connections.h"
#include "http_server.h"
#include "listen_address.h"
#include "routes.h"

extern "C" {
#include "../cli.h"
#include "../commands.h"
#include "../output.h"
#include "../solver_notices.h"
}

namespace {

const char serve_help[] =
    "usage: cube serve [--listen ADDRESS:PORT] [--threads N] [--max-solves N] [--queue-ms MS]\n"
    "                  [--max-timeout MS] [--max-body BYTES] [--drain MS] [--grace MS]\n"
    "                  [--request-timeout SECONDS] [--max-per-ip N] [--keep-alive]\n"
    "                  [--tables auto|compact|full]\n"
    "Serves the solver as a JSON HTTP API and a web page until SIGINT or SIGTERM: POST /v1/solve,\n"
    "/v1/validate, /v1/scan, /v1/plan; GET /v1/random, /healthz, /metrics (Prometheus), /v1/ (the API\n"
    "reference) and / (the page). Prints 'cube serve: listening on http://ADDRESS:PORT/' when ready.\n"
    "  --listen A:P        where to listen (default 127.0.0.1:8080; port 0 picks a free one; [::1]:P for\n"
    "                      IPv6). An address other than loopback is reachable from other machines: the\n"
    "                      API has no authentication or TLS, and a warning says so\n"
    "  --threads N         connections served at once, each on a thread of its own (default 128);\n"
    "                      8 more are kept for /healthz and /metrics; a request beyond gets 503\n"
    "  --request-timeout S a request's head and body must come whole within S seconds (default 10,\n"
    "                      0.1 to 3600) from its first byte, else 408 and the connection is closed;\n"
    "                      a connection waits for its first request as long, later ones 30 s idle\n"
    "  --keep-alive        keep connections open for more requests (default: one request per\n"
    "                      connection, each answered with Connection: close). Faster for clients that\n"
    "                      reuse connections, but a malformed later request on a connection is then\n"
    "                      answered by libmicrohttpd itself (an HTML body, or none), not with JSON\n"
    "  --max-per-ip N      open connections per client address (default 16); a new one beyond takes\n"
    "                      the place of that address's oldest one still sending its request head\n"
    "  --max-solves N      solves, scans and plans at a time (default the number of cores); a request\n"
    "                      that finds none free within --queue-ms (default 1000) gets 503 + Retry-After\n"
    "  --max-timeout MS    the longest solver time limit a request may ask for (default 10000)\n"
    "  --max-body BYTES    the largest request body (default 65536); larger gets 413\n"
    "  --drain MS          on SIGINT/SIGTERM, first keep serving for MS (default 0) while /healthz\n"
    "                      answers 503, so that a load balancer's health checks take this instance out\n"
    "                      before it stops accepting (a second signal ends the wait)\n"
    "  --grace MS          on SIGINT/SIGTERM (after --drain): stop accepting (connections not yet\n"
    "                      read get 503 + Retry-After), let requests in flight finish for up to MS\n"
    "                      (default 10000), cancel the solves still running, exit 0\n"
    "  --tables T          3x3 tables, as for 'cube solve' (default auto: the compact ones answer at once\n"
    "                      while the full ones load); full loads them before listening\n"
    "Requests never read or write files.";

struct flags {
    const char *listen = nullptr, *threads = nullptr, *max_solves = nullptr, *queue_ms = nullptr,
               *max_timeout = nullptr, *max_body = nullptr, *drain = nullptr, *grace = nullptr,
               *tables = nullptr, *request_timeout = nullptr, *max_per_ip = nullptr,
               *keep_alive = nullptr;
};

// An option's number (default `fallback` when not given); false after a usage message.
bool number(const char *name, const char *text, int64_t min, int64_t max, int64_t fallback, int64_t &out) {
    out = fallback;
    return !text || cli_parse_int("serve", name, text, min, max, &out) == EXIT_OK;
}

// --request-timeout: seconds from 0.1 to 3600 (a decimal fraction allowed), as milliseconds.
bool seconds(const char *name, const char *text, int fallback_ms, int &out_ms) {
    out_ms = fallback_ms;
    if (!text) return true;
    char *end = nullptr;
    errno = 0;
    double s = strtod(text, &end);
    if (errno || end == text || *end || !(s >= 0.1 && s <= 3600)) {
        std::string why =
            std::string("--") + name + " must be a number of seconds from 0.1 to 3600, not '" + text + "'";
        cli_usage_error("serve", why.c_str());
        return false;
    }
    out_ms = (int)(s * 1000 + 0.5);
    return true;
}

// Blocks SIGINT and SIGTERM in this thread and every thread started later, so that sigwait() takes them.
void block_stop_signals(sigset_t &set) {
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    signal(SIGPIPE, SIG_IGN);
}

// What a stop signal starts: --drain, then --grace.
struct stop_plan {
    int drain_ms;
    int grace_ms;
};

// The drain: serves on for `ms` with /healthz answering 503, or until a second stop signal.
void drain(serve::context &ctx, int ms, const sigset_t &stop_set) {
    ctx.draining = true;
    fprintf(stderr, "cube serve: draining for %d ms (/healthz answers 503)\n", ms);
    struct timespec wait = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (sigtimedwait(&stop_set, nullptr, &wait) < 0 && errno == EINTR) {
    }
}

// Serves until a stop signal; the exit status.
int run_server(serve::context &ctx, const serve::listen_address &where, const serve::http_options &http,
               const stop_plan &plan, const sigset_t &stop_set) {
    serve::http_server server(ctx);
    if (!server.start(http)) {
        fprintf(stderr, "cube serve: cannot listen there (the reason is above)\n");
        return EXIT_BAD_INPUT;
    }
    std::string address = serve::address_text(where, server.port());
    if (!where.loopback)
        fprintf(stderr, "cube serve: warning: listening on %s, reachable from other machines; the API has no "
                        "authentication or TLS\n", address.c_str());
    if (ctx.limit.keep_alive && !serve::kernel_counts_received_bytes())
        fprintf(stderr, "cube serve: warning: this kernel does not report received bytes (TCP_INFO); a kept-alive "
                        "connection's second and later requests are limited by the idle timeout, not "
                        "--request-timeout\n");
    out_printf("cube serve: listening on http://%s/\n", address.c_str());
    if (out_answered(1) != EXIT_OK) return EXIT_IO_ERROR;
    int sig = 0;
    sigwait(&stop_set, &sig);
    if (plan.drain_ms > 0) drain(ctx, plan.drain_ms, stop_set);
    fprintf(stderr, "cube serve: %s: stopping; %d requests in flight\n", sig == SIGINT ? "SIGINT" : "SIGTERM",
            ctx.in_flight.load());
    int left = server.stop(plan.grace_ms);
    if (left)
        fprintf(stderr, "cube serve: %d requests were still running after --grace %d ms; their solves were cancelled\n",
                left, plan.grace_ms);
    fprintf(stderr, "cube serve: stopped\n");
    return EXIT_OK;
}

} // namespace

extern "C" int cmd_serve(int argc, char **argv) {
    flags f;
    cli_option opts[] = {{"listen", 1, &f.listen},         {"threads", 1, &f.threads},
                         {"max-solves", 1, &f.max_solves}, {"queue-ms", 1, &f.queue_ms},
                         {"max-timeout", 1, &f.max_timeout}, {"max-body", 1, &f.max_body},
                         {"drain", 1, &f.drain},           {"grace", 1, &f.grace},
                         {"request-timeout", 1, &f.request_timeout},
                         {"max-per-ip", 1, &f.max_per_ip}, {"keep-alive", 0, &f.keep_alive},
                         {"tables", 1, &f.tables},         {nullptr, 0, nullptr}};
    cli_args a;
    int parsed = cli_parse("serve", serve_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc) return cli_usage_error("serve", "takes no positional arguments");
    if (a.size) return cli_usage_error("serve", "--size does not go with serve (each request names its cube)");
    int64_t cores = sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
    int64_t threads = 0, solves = 0, queue = 0, timeout = 0, body = 0, drain_ms = 0, grace = 0, per_ip = 0;
    int request_timeout_ms = 0;
    if (!number("threads", f.threads, 2, 4096, 128, threads) ||
        !number("max-solves", f.max_solves, 1, 1024, cores, solves) ||
        !number("queue-ms", f.queue_ms, 0, 600000, 1000, queue) ||
        !number("max-timeout", f.max_timeout, 1, 86400000, 10000, timeout) ||
        !number("max-body", f.max_body, 1024, 16 << 20, 64 * 1024, body) ||
        !number("drain", f.drain, 0, 3600000, 0, drain_ms) ||
        !number("grace", f.grace, 0, 3600000, 10000, grace) ||
        !number("max-per-ip", f.max_per_ip, 1, 4096, 16, per_ip) ||
        !seconds("request-timeout", f.request_timeout, 10000, request_timeout_ms))
        return EXIT_USAGE;
    serve::listen_address where;
    std::string why;
    if (!serve::parse_listen_address(f.listen ? f.listen : "127.0.0.1:8080", where, why))
        return cli_usage_error("serve", why.c_str());
    int32_t policy = 0;
    if (cli_table_policy("serve", f.tables, &policy) != EXIT_OK) return EXIT_USAGE;

    /* SIGINT and SIGTERM are blocked before any thread starts (the auto policy's table thread, the HTTP
     * pool), so that only sigwait() takes them. --tables full loads on this thread first, where a signal
     * still ends the program at once. */
    sigset_t stop_set;
    bool load_first = policy == CUBE_TABLES_FULL;
    if (!load_first) block_stop_signals(stop_set);
    serve::context ctx;
    ctx.limit.max_timeout_ms = (int32_t)timeout;
    ctx.limit.queue_ms = (int32_t)queue;
    ctx.limit.max_body = (size_t)body;
    ctx.limit.keep_alive = f.keep_alive != nullptr;
    serve::slots solve_slots((int)solves);
    serve::metrics counts(serve::endpoint_labels());
    ctx.solves = &solve_slots;
    ctx.counts = &counts;
    if (cube_cancel_new(&ctx.stop) != CUBE_OK || cli_solver_new(policy, &ctx.solver) != CUBE_OK ||
        cube_solver_prepare(ctx.solver, 3, nullptr) != CUBE_OK) {
        cli_solver_free(ctx.solver);
        cube_cancel_free(ctx.stop);
        return cli_fail("serve", "cannot make the solver");
    }
    if (load_first) block_stop_signals(stop_set);
    serve::http_options http;
    http.address = reinterpret_cast<const sockaddr *>(&where.storage);
    http.threads = (unsigned)threads;
    http.max_per_ip = (unsigned)per_ip;
    http.request_timeout_ms = request_timeout_ms;
    int status = run_server(ctx, where, http, stop_plan{(int)drain_ms, (int)grace}, stop_set);
    cli_solver_free(ctx.solver);
    cube_cancel_free(ctx.stop);
    return status;
}
