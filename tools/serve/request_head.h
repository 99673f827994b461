// The head of a connection's first request, checked before libmicrohttpd sees it (front_door.cpp peeks at
// the bytes): a request line and headers it would refuse with its own HTML page, or close on without an
// answer, get a JSON refusal instead; a head not yet whole waits. So does a chunked body, whose chunk-size
// lines libmicrohttpd would refuse in HTML too, until it has come whole or fills the peek window.
#ifndef CUBE_SERVE_REQUEST_HEAD_H
#define CUBE_SERVE_REQUEST_HEAD_H

#include <cstddef>
#include <string>
#include <string_view>

#include "request.h"

namespace serve {

struct head_limits {
    size_t head_max = 16 * 1024; // request line and headers; a longer head is 431
    size_t url_max = 8 * 1024;   // the request target; a longer one is 414
    size_t max_body = 64 * 1024; // a chunk larger than this is 413 at once
};

// The most bytes peeked at: a head and a chunked body of --max-body in chunks of at least a few bytes,
// capped at 1 MiB. A chunked body longer on the wire is handed over when the window is full.
size_t peek_window(const head_limits &limits);

struct request_head {
    enum class verdict { incomplete, ok, refused } result = verdict::incomplete;
    failure why;        // when refused
    std::string method; // when ok
    std::string path;   // when ok: the target without its query
    bool continue_first = false; // incomplete: a chunked body the client sends only after "100 Continue"
};

// Reads `bytes`, the start of what the client sent on a new connection.
request_head read_request_head(std::string_view bytes, const head_limits &limits);

} // namespace serve

#endif
