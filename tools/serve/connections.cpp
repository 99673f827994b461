#include "connections.h"

#include <linux/tcp.h>
#include <unistd.h>

#include <cstddef>
#include <netinet/in.h>
#include <sys/socket.h>

#include "answer.h"

namespace serve {

namespace {

constexpr socklen_t kThroughBytesReceived =
    offsetof(struct tcp_info, tcpi_bytes_received) + sizeof(((struct tcp_info *)nullptr)->tcpi_bytes_received);

// Bytes the socket has received since its accept (0 when the kernel does not say: before Linux 4.1, or
// under qemu-user, whose TCP_INFO returns 4 bytes).
uint64_t bytes_received(int fd) {
    struct tcp_info info = {};
    socklen_t size = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &size) != 0) return 0;
    if (size < kThroughBytesReceived) return 0;
    return info.tcpi_bytes_received;
}

} // namespace

bool kernel_counts_received_bytes() {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return false;
    struct tcp_info info = {};
    socklen_t size = sizeof info;
    bool counts = getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &size) == 0 && size >= kThroughBytesReceived;
    close(fd);
    return counts;
}

void answer_and_shut(int fd, const std::string &answer) {
    char scratch[4096];
    while (recv(fd, scratch, sizeof scratch, MSG_DONTWAIT) > 0) {
    }
    ssize_t sent = send(fd, answer.data(), answer.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
    (void)sent; // a client that cannot take a few hundred bytes now gets none
    shutdown(fd, SHUT_WR);
}

bool connection_table::add_address(const std::string &address) {
    unsigned now = 0;
    {
        std::lock_guard<std::mutex> hold(lock_);
        unsigned &n = per_address_[address];
        if (n < limits_.max_per_ip) {
            ++n;
            return true;
        }
        now = n;
        ++refused_address_;
    }
    log_.line("per-ip", "refused a connection from " + address + ": it has " + std::to_string(now) +
                            " open (--max-per-ip " + std::to_string(limits_.max_per_ip) + ")");
    return false;
}

void connection_table::drop_address(const std::string &address) {
    std::lock_guard<std::mutex> hold(lock_);
    auto it = per_address_.find(address);
    if (it == per_address_.end()) return;
    if (--it->second == 0) per_address_.erase(it);
}

unsigned connection_table::connections_of(const std::string &address) {
    std::lock_guard<std::mutex> hold(lock_);
    auto it = per_address_.find(address);
    return it == per_address_.end() ? 0 : it->second;
}

slot connection_table::take_slot(bool health) {
    std::lock_guard<std::mutex> hold(lock_);
    if (general_ < limits_.slots) {
        ++general_;
        return slot::general;
    }
    if (health && reserve_ < limits_.reserve) {
        ++reserve_;
        return slot::reserve;
    }
    return slot::none;
}

void connection_table::expect(int fd, const std::string &address, steady::time_point accepted, slot s) {
    std::lock_guard<std::mutex> hold(lock_);
    live_connection &c = expected_[fd];
    c.fd = fd;
    c.address = address;
    c.holds = s;
    c.since = accepted;
}

// The slot and the address count of `c` (the lock held).
void connection_table::release(const live_connection &c) {
    if (c.holds == slot::general) --general_;
    if (c.holds == slot::reserve) --reserve_;
    auto it = per_address_.find(c.address);
    if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
}

void connection_table::add_failed(int fd) {
    std::lock_guard<std::mutex> hold(lock_);
    auto it = expected_.find(fd);
    if (it == expected_.end()) return; // started: its close notice releases it
    release(it->second);
    expected_.erase(it);
}

live_connection *connection_table::started(int fd) {
    std::lock_guard<std::mutex> hold(lock_);
    auto node = expected_.extract(fd);
    if (node.empty()) return nullptr;
    auto placed = live_.insert(std::move(node));
    return &placed.position->second;
}

void connection_table::closed(live_connection *c) {
    if (!c) return;
    std::lock_guard<std::mutex> hold(lock_);
    release(*c);
    live_.erase(c->fd);
}

bool connection_table::request_began(live_connection *c) {
    if (!c) return true;
    std::lock_guard<std::mutex> hold(lock_);
    if (c->at == live_connection::phase::waiting) {
        c->at = live_connection::phase::receiving;
        c->since = steady::now();
    }
    return !c->cut;
}

bool connection_table::answering(live_connection *c) {
    if (!c) return true;
    // Bytes beyond these belong to the next request (measured here, not after the answer, by when a quick
    // client may have sent part of its next request already).
    uint64_t bytes = bytes_received(c->fd);
    std::lock_guard<std::mutex> hold(lock_);
    c->at = live_connection::phase::handling;
    c->bytes_when_read = bytes;
    return !c->cut;
}

void connection_table::answered(live_connection *c) {
    if (!c) return;
    std::lock_guard<std::mutex> hold(lock_);
    c->at = live_connection::phase::waiting;
}

bool connection_table::on_reserve(live_connection *c) {
    if (!c) return false;
    std::lock_guard<std::mutex> hold(lock_);
    return c->holds == slot::reserve;
}

void connection_table::sweep(steady::time_point now) {
    auto limit = std::chrono::milliseconds(limits_.request_timeout_ms);
    {
        std::lock_guard<std::mutex> hold(lock_);
        for (auto &item : live_) {
            live_connection &c = item.second;
            if (c.cut) {
                if (!c.shut && now - c.cut_at > std::chrono::milliseconds(500)) shutdown(c.fd, SHUT_RD);
                c.shut = now - c.cut_at > std::chrono::milliseconds(500);
                continue;
            }
            // A waiting keep-alive connection that has received bytes since its last request has begun the
            // next (one still silent is left to libmicrohttpd's idle timeout).
            if (c.at == live_connection::phase::waiting && bytes_received(c.fd) > c.bytes_when_read) {
                c.at = live_connection::phase::receiving;
                c.since = now;
            }
            if (c.at != live_connection::phase::receiving || now - c.since <= limit) continue;
            c.cut = true;
            c.cut_at = now;
            answer_and_shut(c.fd, raw_response(request_timeout(limits_.request_timeout_ms)));
            note_timeout_locked(c.address);
        }
    }
}

void connection_table::note_timeout(const std::string &address) {
    std::lock_guard<std::mutex> hold(lock_);
    note_timeout_locked(address);
}

void connection_table::note_timeout_locked(const std::string &address) {
    ++timed_out_;
    log_.line("timeout", "closed a connection from " + address + ": its request took over " +
                             seconds_text(limits_.request_timeout_ms) + " (--request-timeout)");
}

connection_counts connection_table::counts() {
    std::lock_guard<std::mutex> hold(lock_);
    connection_counts n;
    n.open = general_ + reserve_;
    n.reserve = reserve_;
    n.timed_out = timed_out_;
    n.refused_address = refused_address_;
    return n;
}

} // namespace serve
