// The listening socket of `cube serve` and the connections that have not yet sent a whole request head:
// one thread accepts them (at most --max-per-ip per client address: a new one from an address at its cap
// takes the place of that address's oldest waiting one), peeks at what each sends without reading it, and
// hands a connection to libmicrohttpd only when its head is whole and sound. A head that is not sound gets
// a JSON refusal (request_head.h), one not whole within --request-timeout a 408, and a slow client holds
// no thread and no slot of libmicrohttpd meanwhile. The same thread runs the table's sweep.
#ifndef CUBE_SERVE_FRONT_DOOR_H
#define CUBE_SERVE_FRONT_DOOR_H

#include <sys/socket.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "connections.h"
#include "metrics.h"
#include "request_head.h"

namespace serve {

struct front_options {
    const struct sockaddr *address = nullptr;
    unsigned waiting_max = 512; // connections waiting for their head; a new one beyond takes the oldest's place
    head_limits head;
    metrics *counts = nullptr; // the front door's answers are counted under the endpoint "other"
};

class front_door {
public:
    // Gives libmicrohttpd a connection whose head has come (MHD_add_connection); false when it refused.
    using hand_over = std::function<bool(int fd, const struct sockaddr *address, socklen_t length)>;

    explicit front_door(connection_table &table) : table_(table) {}
    ~front_door();
    front_door(const front_door &) = delete;
    front_door &operator=(const front_door &) = delete;

    // Binds and listens; false with `why` when it cannot.
    bool open(const front_options &options, std::string &why);
    uint16_t port() const;
    // Starts the thread.
    bool start(hand_over give);
    // Closes the listening socket (new connections are refused); the connections accepted or waiting for
    // their head get 503 "the server is stopping" with Retry-After.
    void stop();
    // Connections waiting for their head now.
    unsigned waiting() const { return waiting_count_; }

private:
    struct waiting_connection {
        int fd;
        struct sockaddr_storage peer;
        socklen_t length;
        std::string address;
        steady::time_point accepted;
        bool continued = false; // "100 Continue" sent (a chunked body that waits for it)
    };
    using waiting_list = std::list<waiting_connection>;

    void run();
    void accept_all();
    void readable(int fd, bool ended);
    void expire(steady::time_point now);
    // Closes a waiting connection, after `answer` when not empty.
    void close_waiting(waiting_list::iterator it, const std::string &answer);
    // Closes the oldest waiting connection (of `address` when not null) after `answer`; one whose head has
    // come meanwhile is handed over instead and the next oldest closed.
    void close_oldest(const std::string *address, const std::string &answer);

    connection_table &table_;
    front_options options_;
    hand_over give_;
    int listener_ = -1, poller_ = -1, wake_ = -1;
    std::thread thread_;
    waiting_list waiting_; // oldest first
    std::map<int, waiting_list::iterator> by_fd_;
    std::atomic<unsigned> waiting_count_{0};
    std::vector<char> peeked_; // what readable() peeks into: peek_window() bytes
};

} // namespace serve

#endif
