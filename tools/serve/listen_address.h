// The address of `cube serve --listen`: "HOST:PORT" with HOST an IPv4 address, "localhost" or "[IPv6]".
#ifndef CUBE_SERVE_LISTEN_ADDRESS_H
#define CUBE_SERVE_LISTEN_ADDRESS_H

#include <sys/socket.h>

#include <string>

namespace serve {

struct listen_address {
    struct sockaddr_storage storage;
    bool loopback; // 127.0.0.0/8 or ::1: reachable from this machine only
};

// Reads `text`; false with `why` set when it is not such an address (no name is looked up).
bool parse_listen_address(const std::string &text, listen_address &out, std::string &why);

// "127.0.0.1:8080" or "[::1]:8080" with the given port.
std::string address_text(const listen_address &a, unsigned port);

} // namespace serve

#endif
