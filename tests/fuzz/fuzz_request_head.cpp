/* Fuzz target: the request heads (and chunked bodies) that the front door of `cube serve` checks before
 * libmicrohttpd sees them (tools/serve/request_head.cpp). The first byte picks --max-body (1 KiB to 64 KiB),
 * the rest is what the client sent. Checks: a refusal has one of the statuses the front door answers with
 * and a printable ASCII message; an accepted head has a method and a path that starts with '/'; more bytes
 * never turn an accepted head into an incomplete one. */
#include <string>
#include <string_view>

#include "fuzz_common.h"
#include "serve/request_head.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

void check_refusal(const serve::failure &why) {
    int h = why.http;
    FUZZ_CHECK(h == 400 || h == 413 || h == 414 || h == 431 || h == 501 || h == 505);
    FUZZ_CHECK(why.status != CUBE_OK && !why.message.empty());
    for (unsigned char c : why.message) FUZZ_CHECK(c >= 0x20 && c < 0x7f);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    serve::head_limits limits;
    limits.max_body = 1024 + (size_t)data[0] * 252;
    std::string_view bytes(reinterpret_cast<const char *>(data) + 1, size - 1);
    serve::request_head head = serve::read_request_head(bytes, limits);
    using verdict = serve::request_head::verdict;
    if (head.result == verdict::refused) check_refusal(head.why);
    if (head.result == verdict::ok) {
        FUZZ_CHECK(!head.method.empty() && !head.path.empty() && head.path[0] == '/');
        std::string more(bytes);
        more += "\r\n\r\n0\r\n\r\n";
        FUZZ_CHECK(serve::read_request_head(more, limits).result != verdict::incomplete);
    }
    return 0;
}
