// Every connection of `cube serve` from its accept to its close: connections per client address (at most
// --max-per-ip, counted from the accept), the connection slots of libmicrohttpd (--threads of them for any
// request, a few more kept for /healthz and /metrics), and the total time limit of a request
// (--request-timeout, from its first byte to the last of its body; a request over it is answered 408 and
// its connection closed). Thread-safe: the front door's thread and libmicrohttpd's threads call it.
#ifndef CUBE_SERVE_CONNECTIONS_H
#define CUBE_SERVE_CONNECTIONS_H

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "log_limit.h"

namespace serve {

using steady = std::chrono::steady_clock;

struct connection_limits {
    unsigned slots = 128;           // connections in libmicrohttpd for any request (--threads)
    unsigned reserve = 8;           // more, for a request of /healthz or /metrics when those are taken
    unsigned max_per_ip = 16;       // open connections per client address
    int request_timeout_ms = 10000; // a request's head and body must have come within this
};

// Which slot a connection handed to libmicrohttpd holds.
enum class slot { none, general, reserve };

struct connection_counts {
    unsigned open = 0;             // in libmicrohttpd
    unsigned reserve = 0;          // of them on the kept slots
    uint64_t timed_out = 0;        // requests cut off at --request-timeout (408), since the start
    uint64_t refused_address = 0;  // connections refused for --max-per-ip
};

// A connection in libmicrohttpd.
struct live_connection {
    enum class phase { receiving, handling, waiting };
    int fd = -1;
    std::string address;
    slot holds = slot::none;
    phase at = phase::receiving;
    steady::time_point since;     // when the request being received began (the first one: at the accept)
    uint64_t bytes_when_read = 0; // bytes the socket had received when the last request was read whole
    bool cut = false;             // answered 408 and shut for writing by sweep()
    steady::time_point cut_at;    // then, half a second later, shut for reading (which ends libmicrohttpd's wait)
    bool shut = false;
};

// Whether the kernel reports a socket's received bytes (TCP_INFO's tcpi_bytes_received), which is how a
// keep-alive connection's next request is seen to begin; without it only its idle timeout limits it.
bool kernel_counts_received_bytes();

class connection_table {
public:
    connection_table(const connection_limits &limits, log_limit &log) : limits_(limits), log_(log) {}
    connection_table(const connection_table &) = delete;
    connection_table &operator=(const connection_table &) = delete;

    // Before any connection comes.
    void set_limits(const connection_limits &limits) { limits_ = limits; }
    const connection_limits &limits() const { return limits_; }

    // A new connection from `address`; false (and a line on stderr) when that address has its cap.
    bool add_address(const std::string &address);
    // A connection the front door closed itself.
    void drop_address(const std::string &address);
    // How many connections `address` has open.
    unsigned connections_of(const std::string &address);

    // A slot for a request, or none: any request takes a general slot, /healthz and /metrics (`health`)
    // a kept one when the general ones are taken.
    slot take_slot(bool health);
    // Before MHD_add_connection(fd): what the connection is; add_failed() when that call refused it.
    void expect(int fd, const std::string &address, steady::time_point accepted, slot s);
    void add_failed(int fd);

    // libmicrohttpd's notices: the connection's start (NULL when it was not expected) and close.
    live_connection *started(int fd);
    void closed(live_connection *c);
    // A request's head has been read (false: the connection was cut off; answer nothing).
    bool request_began(live_connection *c);
    // Its body has been read and the handler runs (false: cut off).
    bool answering(live_connection *c);
    // Its answer has been sent: the connection waits for the next request.
    void answered(live_connection *c);
    // Whether the connection holds a kept slot (its answers then close it).
    bool on_reserve(live_connection *c);

    // Answers 408 to each request in libmicrohttpd that has taken longer than the limit and closes its
    // connection (for writing at once; for reading, which wakes libmicrohttpd's thread, half a second later,
    // so that the client can read the answer before libmicrohttpd closes the socket); called a few times a
    // second.
    void sweep(steady::time_point now);

    // A line on stderr, rate-limited by `kind`.
    void log(const std::string &kind, const std::string &text) { log_.line(kind, text); }
    // A request the front door answered 408 (counted and written on stderr, as sweep() does).
    void note_timeout(const std::string &address);

    connection_counts counts();

private:
    void release(const live_connection &c);
    void note_timeout_locked(const std::string &address);

    connection_limits limits_;
    log_limit &log_;
    std::mutex lock_;
    std::map<std::string, unsigned> per_address_;
    std::map<int, live_connection> expected_, live_;
    unsigned general_ = 0, reserve_ = 0;
    uint64_t timed_out_ = 0, refused_address_ = 0;
};

// Reads and drops what the client sent and not yet read, sends `answer` (without waiting) and shuts the
// socket for writing.
void answer_and_shut(int fd, const std::string &answer);

} // namespace serve

#endif
