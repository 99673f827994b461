#include "front_door.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include "answer.h"
#include "routes.h"

namespace serve {

namespace {

std::string address_of(const struct sockaddr_storage &peer) {
    char text[INET6_ADDRSTRLEN] = "?";
    if (peer.ss_family == AF_INET)
        inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in &>(peer).sin_addr, text, sizeof text);
    else if (peer.ss_family == AF_INET6)
        inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6 &>(peer).sin6_addr, text, sizeof text);
    return text;
}

failure busy(std::string message) {
    return failure{503, CUBE_ERROR_UNSUPPORTED, std::move(message), serve_busy};
}

} // namespace

front_door::~front_door() {
    stop();
}

bool front_door::open(const front_options &options, std::string &why) {
    options_ = options;
    peeked_.resize(peek_window(options.head));
    int family = options.address->sa_family;
    listener_ = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int one = 1;
    // Room in the receive buffer for the whole peek window (accepted sockets inherit it), so a chunked
    // body can wait there whole; never below the system's default.
    int buffer = 0;
    socklen_t buffer_length = sizeof buffer;
    int wanted = 2 * (int)peeked_.size();
    if (listener_ >= 0 && getsockopt(listener_, SOL_SOCKET, SO_RCVBUF, &buffer, &buffer_length) == 0 &&
        buffer < wanted)
        setsockopt(listener_, SOL_SOCKET, SO_RCVBUF, &wanted, sizeof wanted); // capped by rmem_max: best effort
    socklen_t length = family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in);
    bool ok = listener_ >= 0 && setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) == 0 &&
              (family != AF_INET6 || setsockopt(listener_, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one) == 0) &&
              bind(listener_, options.address, length) == 0 && listen(listener_, 1024) == 0;
    if (!ok) {
        why = strerror(errno);
        return false;
    }
    poller_ = epoll_create1(EPOLL_CLOEXEC);
    wake_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    struct epoll_event on_listener = {}, on_wake = {};
    on_listener.events = EPOLLIN;
    on_listener.data.fd = listener_;
    on_wake.events = EPOLLIN;
    on_wake.data.fd = wake_;
    if (poller_ < 0 || wake_ < 0 || epoll_ctl(poller_, EPOLL_CTL_ADD, listener_, &on_listener) != 0 ||
        epoll_ctl(poller_, EPOLL_CTL_ADD, wake_, &on_wake) != 0) {
        why = strerror(errno);
        return false;
    }
    return true;
}

uint16_t front_door::port() const {
    struct sockaddr_storage bound = {};
    socklen_t length = sizeof bound;
    if (getsockname(listener_, reinterpret_cast<sockaddr *>(&bound), &length) != 0) return 0;
    if (bound.ss_family == AF_INET6) return ntohs(reinterpret_cast<sockaddr_in6 &>(bound).sin6_port);
    return ntohs(reinterpret_cast<sockaddr_in &>(bound).sin_port);
}

bool front_door::start(hand_over give) {
    give_ = std::move(give);
    try {
        thread_ = std::thread([this] { run(); });
    } catch (const std::system_error &) {
        return false;
    }
    return true;
}

void front_door::stop() {
    if (thread_.joinable()) {
        uint64_t one = 1;
        ssize_t written = write(wake_, &one, sizeof one);
        (void)written;
        thread_.join();
    }
    // The connections the kernel has accepted and those still sending their head get a 503 that a client or a
    // load balancer may retry elsewhere, rather than a reset; only those that come after the close are refused.
    if (listener_ >= 0 && poller_ >= 0) accept_all();
    if (listener_ >= 0) close(listener_);
    listener_ = -1;
    std::string stopping = raw_response(failure{503, CUBE_ERROR_CANCELLED, "the server is stopping"}, true);
    while (!waiting_.empty()) close_waiting(waiting_.begin(), stopping);
    if (poller_ >= 0) close(poller_);
    if (wake_ >= 0) close(wake_);
    poller_ = wake_ = -1;
}

void front_door::run() {
    std::vector<struct epoll_event> events(64);
    auto swept = steady::now();
    for (;;) {
        int n = epoll_wait(poller_, events.data(), (int)events.size(), 100);
        for (int i = 0; i < n; ++i) {
            int fd = events[(size_t)i].data.fd;
            if (fd == wake_) return;
            if (fd == listener_)
                accept_all();
            else
                readable(fd, events[(size_t)i].events & (EPOLLRDHUP | EPOLLHUP | EPOLLERR));
        }
        auto now = steady::now();
        expire(now);
        if (now - swept >= std::chrono::milliseconds(100)) {
            table_.sweep(now);
            swept = now;
        }
    }
}

void front_door::close_oldest(const std::string *address, const std::string &answer) {
    for (auto it = waiting_.begin(); it != waiting_.end();) {
        if (address && it->address != *address) {
            ++it;
            continue;
        }
        auto next = std::next(it);
        int fd = it->fd;
        // A head that has come but is not yet read (accepted in the same round) is served, not closed.
        readable(fd, false);
        if (by_fd_.count(fd)) {
            close_waiting(it, answer);
            return;
        }
        it = next;
    }
}

void front_door::accept_all() {
    for (;;) {
        waiting_connection w = {};
        w.length = sizeof w.peer;
        w.fd = accept4(listener_, reinterpret_cast<sockaddr *>(&w.peer), &w.length, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (w.fd < 0) {
            // EAGAIN: all taken. Out of descriptors: the listener stays ready, so wait a little before the
            // next round rather than spin.
            if (errno == EMFILE || errno == ENFILE) {
                table_.log("descriptors", "cannot accept a connection: out of file descriptors");
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
            return;
        }
        w.address = address_of(w.peer);
        w.accepted = steady::now();
        // An address at its cap: its oldest connection still waiting for its head makes room.
        if (table_.connections_of(w.address) >= table_.limits().max_per_ip)
            close_oldest(&w.address, raw_response(busy("closed for a newer connection from the same address "
                                                       "(--max-per-ip)"), true));
        if (!table_.add_address(w.address)) {
            close(w.fd);
            continue;
        }
        if (waiting_.size() >= options_.waiting_max)
            close_oldest(nullptr, raw_response(busy("too many connections are waiting to send their request; "
                                                    "this one waited longest"), true));
        struct epoll_event on_data = {};
        on_data.events = EPOLLIN | EPOLLRDHUP | EPOLLET;
        on_data.data.fd = w.fd;
        if (epoll_ctl(poller_, EPOLL_CTL_ADD, w.fd, &on_data) != 0) {
            table_.drop_address(w.address);
            close(w.fd);
            continue;
        }
        waiting_.push_back(w);
        by_fd_[w.fd] = std::prev(waiting_.end());
        waiting_count_ = (unsigned)waiting_.size();
    }
}

void front_door::readable(int fd, bool ended) {
    auto found = by_fd_.find(fd);
    if (found == by_fd_.end()) return;
    auto it = found->second;
    std::vector<char> &bytes = peeked_;
    ssize_t n = recv(fd, bytes.data(), bytes.size(), MSG_PEEK | MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (n <= 0) {
        close_waiting(it, ""); // closed before a request
        return;
    }
    request_head head = read_request_head(std::string_view(bytes.data(), (size_t)n), options_.head);
    if (head.result == request_head::verdict::incomplete) {
        if (ended) {
            close_waiting(it, raw_response(failure{400, CUBE_ERROR_PARSE, "the request head ended unfinished"}));
            return;
        }
        if (head.continue_first && !it->continued) {
            static const char kContinue[] = "HTTP/1.1 100 Continue\r\n\r\n";
            it->continued = true;
            const ssize_t length = sizeof kContinue - 1;
            if (send(fd, kContinue, length, MSG_DONTWAIT | MSG_NOSIGNAL) != length)
                close_waiting(it, ""); // a client that cannot take 25 bytes is gone
        }
        return;
    }
    if (head.result == request_head::verdict::refused) {
        close_waiting(it, raw_response(head.why));
        return;
    }
    slot s = table_.take_slot(head.path == "/healthz" || head.path == "/metrics");
    if (s == slot::none) {
        table_.log("busy", "answered 503 to " + it->address + ": every connection slot is busy (--threads)");
        close_waiting(it, raw_response(busy("every connection slot is busy; try again shortly"), true));
        return;
    }
    waiting_connection w = *it;
    epoll_ctl(poller_, EPOLL_CTL_DEL, fd, nullptr);
    by_fd_.erase(found);
    waiting_.erase(it);
    waiting_count_ = (unsigned)waiting_.size();
    table_.expect(fd, w.address, w.accepted, s);
    if (!give_(fd, reinterpret_cast<const sockaddr *>(&w.peer), w.length)) table_.add_failed(fd);
}

void front_door::expire(steady::time_point now) {
    auto limit = std::chrono::milliseconds(table_.limits().request_timeout_ms);
    while (!waiting_.empty() && now - waiting_.front().accepted > limit) {
        table_.note_timeout(waiting_.front().address);
        close_waiting(waiting_.begin(), raw_response(request_timeout(table_.limits().request_timeout_ms)));
    }
}

void front_door::close_waiting(waiting_list::iterator it, const std::string &answer) {
    if (!answer.empty()) {
        answer_and_shut(it->fd, answer);
        int code = std::atoi(answer.c_str() + 9); // "HTTP/1.1 NNN"
        double seconds = std::chrono::duration<double>(steady::now() - it->accepted).count();
        if (options_.counts) options_.counts->record(endpoint_of(""), code, seconds);
    }
    close(it->fd);
    table_.drop_address(it->address);
    by_fd_.erase(it->fd);
    waiting_.erase(it);
    waiting_count_ = (unsigned)waiting_.size();
}

} // namespace serve
