#include "request_head.h"

#include <cctype>
#include <cstdint>

namespace serve {

namespace {

using verdict = request_head::verdict;

request_head refused(int http, cube_status status, std::string message) {
    request_head h;
    h.result = verdict::refused;
    h.why = failure{http, status, std::move(message)};
    return h;
}

request_head bad(std::string message) {
    return refused(400, CUBE_ERROR_PARSE, std::move(message));
}

// A token character of RFC 9110 (methods and header names).
bool token_char(unsigned char c) {
    return std::isalnum(c) || std::string_view("!#$%&'*+-.^_`|~").find((char)c) != std::string_view::npos;
}

bool token(std::string_view s) {
    if (s.empty()) return false;
    for (unsigned char c : s)
        if (!token_char(c)) return false;
    return true;
}

bool same_letters(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower((unsigned char)a[i]) != std::tolower((unsigned char)b[i])) return false;
    return true;
}

// Whether every byte of `s` is one of `set`.
bool all_of(std::string_view s, const char *set) {
    return s.find_first_not_of(set) == std::string_view::npos;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// The next line of `s` from `at` (without its CRLF or LF); false when no line end has come yet.
bool next_line(std::string_view s, size_t &at, std::string_view &line) {
    size_t end = s.find('\n', at);
    if (end == std::string_view::npos) return false;
    line = s.substr(at, end - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    at = end + 1;
    return true;
}

// The request line: METHOD SP TARGET SP HTTP/1.x.
request_head request_line(std::string_view line, const head_limits &limits) {
    const std::string form = "the request line must be METHOD PATH HTTP/1.1";
    size_t first = line.find(' ');
    size_t last = line.rfind(' ');
    if (first == std::string_view::npos || first == last)
        return bad(form + ", not '" + shown(line.substr(0, 200)) + "'");
    std::string_view method = line.substr(0, first);
    std::string_view target = line.substr(first + 1, last - first - 1);
    std::string_view version = line.substr(last + 1);
    if (!token(method)) return bad("the method '" + shown(method.substr(0, 200)) + "' is not a method name");
    if (target.size() > limits.url_max)
        return refused(414, CUBE_ERROR_INVALID_ARGUMENT,
                       "the URL is longer than " + std::to_string(limits.url_max) + " bytes");
    if (target.empty() || target[0] != '/') return bad(form + " (the path starts with /)");
    for (unsigned char c : target)
        if (c <= ' ' || c == 127) return bad("the URL holds a space or a control character");
    bool digits = version.size() == 8 && version.substr(0, 5) == "HTTP/" && std::isdigit((unsigned char)version[5]) &&
                  version[6] == '.' && std::isdigit((unsigned char)version[7]);
    if (!digits) return bad(form + ", not a version '" + shown(version.substr(0, 200)) + "'");
    if (version != "HTTP/1.1" && version != "HTTP/1.0")
        return refused(505, CUBE_ERROR_UNSUPPORTED, "HTTP version " + std::string(version.substr(5)) +
                                                        " is not served (HTTP/1.0 and HTTP/1.1 are)");
    request_head h;
    h.result = verdict::ok;
    h.method = std::string(method);
    h.path = std::string(target.substr(0, target.find('?')));
    return h;
}

// A chunked body: every chunk-size line checked, and incomplete until the last chunk and the trailer have
// come, or the bytes fill the peek window (libmicrohttpd then reads the rest). Before a client that waits
// for "100 Continue" (`Expect`) has sent any of it, incomplete with continue_first (the front door answers
// 100 Continue).
request_head chunks(std::string_view s, size_t at, const head_limits &limits, request_head ok, bool expects) {
    if (expects && at == s.size()) {
        request_head asks = ok;
        asks.result = verdict::incomplete;
        asks.continue_first = true;
        return asks;
    }
    request_head waiting = ok;
    waiting.result = s.size() >= peek_window(limits) ? verdict::ok : verdict::incomplete;
    uint64_t body = 0;
    for (;;) {
        std::string_view line;
        if (!next_line(s, at, line)) return waiting;
        std::string_view size = trim(line.substr(0, line.find(';')));
        if (size.empty() || size.size() > 16 || !all_of(size, "0123456789abcdefABCDEF"))
            return bad("the chunk size '" + shown(size.substr(0, 40)) + "' is not a hexadecimal number");
        uint64_t n = std::stoull(std::string(size), nullptr, 16);
        if (n > limits.max_body)
            return refused(413, CUBE_ERROR_INVALID_ARGUMENT,
                           "the request body is larger than " + std::to_string(limits.max_body) + " bytes");
        body += n;
        // Too long in several chunks: the handler answers 413 once it has read them (a refusal here would
        // close the socket under a client still sending, which then may never read the answer).
        if (body > limits.max_body) return ok;
        if (n == 0) break;
        if (s.size() - at < n + 2) return waiting;
        if (s.substr(at + (size_t)n, 2) != "\r\n") return bad("a chunk does not end where its size says");
        at += (size_t)n + 2;
    }
    for (;;) { // the trailer: header lines up to an empty one
        std::string_view line;
        if (!next_line(s, at, line)) return waiting;
        if (line.empty()) return ok;
    }
}

} // namespace

size_t peek_window(const head_limits &limits) {
    size_t most = 1 << 20;
    size_t body = limits.max_body < most ? 2 * limits.max_body : most;
    size_t window = limits.head_max + body + 4096;
    return window < most ? window : most;
}

request_head read_request_head(std::string_view s, const head_limits &limits) {
    size_t at = 0;
    while (at < s.size() && (s[at] == '\r' || s[at] == '\n')) ++at; // empty lines before a request are allowed
    std::string_view line;
    if (!next_line(s, at, line)) {
        if (s.size() - at > limits.url_max + 32)
            return refused(414, CUBE_ERROR_INVALID_ARGUMENT,
                           "the URL is longer than " + std::to_string(limits.url_max) + " bytes");
        if (s.size() > limits.head_max)
            return refused(431, CUBE_ERROR_INVALID_ARGUMENT,
                           "the request head is larger than " + std::to_string(limits.head_max) + " bytes");
        return request_head{};
    }
    request_head h = request_line(line, limits);
    if (h.result != verdict::ok) return h;
    bool http11 = line.substr(line.size() - 3) == "1.1";
    bool host = false, chunked = false, length = false, expects = false;
    for (int count = 1;; ++count) {
        if (!next_line(s, at, line)) {
            if (s.size() > limits.head_max)
                return refused(431, CUBE_ERROR_INVALID_ARGUMENT,
                               "the request head is larger than " + std::to_string(limits.head_max) + " bytes");
            return request_head{};
        }
        if (at > limits.head_max)
            return refused(431, CUBE_ERROR_INVALID_ARGUMENT,
                           "the request head is larger than " + std::to_string(limits.head_max) + " bytes");
        if (line.empty()) break;
        size_t colon = line.find(':');
        if (colon == std::string_view::npos || !token(line.substr(0, colon)))
            return bad("header line " + std::to_string(count) + " is not NAME: VALUE");
        std::string_view name = line.substr(0, colon);
        std::string_view value = trim(line.substr(colon + 1));
        for (unsigned char c : value)
            if ((c < ' ' && c != '\t') || c == 127) return bad("header " + shown(name) + " holds a control character");
        if (same_letters(name, "host")) {
            if (host) return bad("more than one Host header");
            host = true;
        } else if (same_letters(name, "content-length")) {
            if (length || value.empty() || value.size() > 19 || !all_of(value, "0123456789"))
                return bad("Content-Length must be one whole number");
            length = true;
        } else if (same_letters(name, "expect")) {
            expects = true;
        } else if (same_letters(name, "transfer-encoding")) {
            if (chunked || !same_letters(value, "chunked"))
                return refused(501, CUBE_ERROR_UNSUPPORTED, "only Transfer-Encoding: chunked is read");
            chunked = true;
        }
    }
    if (http11 && !host) return bad("an HTTP/1.1 request needs a Host header");
    if (chunked && length) return bad("Content-Length and Transfer-Encoding: chunked together");
    if (chunked) return chunks(s, at, limits, h, expects);
    return h;
}

} // namespace serve
