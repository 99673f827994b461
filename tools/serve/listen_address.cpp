#include "listen_address.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <cstring>

namespace serve {

bool parse_listen_address(const std::string &text, listen_address &out, std::string &why) {
    memset(&out, 0, sizeof out);
    size_t colon = text.rfind(':');
    why = "--listen takes ADDRESS:PORT (127.0.0.1:8080, [::1]:8080, 0.0.0.0:0)";
    if (colon == std::string::npos) return false;
    std::string host = text.substr(0, colon), port = text.substr(colon + 1);
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) return false;
    unsigned long number = std::stoul(port);
    if (number > 65535) return false;
    if (host == "localhost") host = "127.0.0.1";
    auto *v4 = reinterpret_cast<sockaddr_in *>(&out.storage);
    auto *v6 = reinterpret_cast<sockaddr_in6 *>(&out.storage);
    if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
        if (inet_pton(AF_INET6, host.substr(1, host.size() - 2).c_str(), &v6->sin6_addr) != 1) return false;
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)number);
        out.loopback = IN6_IS_ADDR_LOOPBACK(&v6->sin6_addr);
        return true;
    }
    if (inet_pton(AF_INET, host.c_str(), &v4->sin_addr) != 1) return false;
    v4->sin_family = AF_INET;
    v4->sin_port = htons((uint16_t)number);
    out.loopback = (ntohl(v4->sin_addr.s_addr) >> 24) == 127;
    return true;
}

std::string address_text(const listen_address &a, unsigned port) {
    char host[INET6_ADDRSTRLEN] = "";
    if (a.storage.ss_family == AF_INET6) {
        inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6 *>(&a.storage)->sin6_addr, host, sizeof host);
        return "[" + std::string(host) + "]:" + std::to_string(port);
    }
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in *>(&a.storage)->sin_addr, host, sizeof host);
    return std::string(host) + ":" + std::to_string(port);
}

} // namespace serve
