#!/usr/bin/env python3
"""`cube serve` against slow and malformed clients (issue 36): 300 slow connections while /healthz and solves
are answered, one request per connection unless --keep-alive, the request time limit (head, body, keep-alive), the slots kept for /healthz and /metrics,
--max-per-ip, JSON for every malformed request head, and the rate limit of refusal lines on stderr.
Loopback addresses other than 127.0.0.1 (127.0.0.0/8 is all loopback on Linux) stand for other clients.
usage: test_serve_limits.py CUBE"""
import http.client
import json
import selectors
import socket
import statistics
import sys
import threading
import time

from serve_helper import Server, check, wait_for

CUBE = sys.argv[1]
CLOSING_HEALTHZ = b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"


def connect(port, source="127.0.0.1"):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((source, 0))
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    return s


def read_all(s, seconds=10):
    """What the server sends until it closes (or `seconds` pass); a reset ends it too."""
    s.settimeout(seconds)
    data = b""
    try:
        while True:
            part = s.recv(65536)
            if not part:
                break
            data += part
    except (ConnectionResetError, socket.timeout):
        pass
    return data


def parse(data):
    """(HTTP status, headers in lower case, the JSON body) of one raw answer."""
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (l.partition(":") for l in lines[1:])}
    return status, headers, json.loads(body)


def raw(port, data, source="127.0.0.1"):
    s = connect(port, source)
    s.sendall(data)
    answer = read_all(s)
    s.close()
    return answer


def expect_json(data, status, name, words=""):
    check(data, f"no answer where {status} was expected")
    code, headers, body = parse(data)
    check(code == status and body["ok"] is False and body["status"] == name,
          f"HTTP {code} {body}, expected {status} {name}")
    check(headers["content-type"] == "application/json", f"type {headers['content-type']}")
    check(words.lower() in body["error"].lower(), f"{body['error']!r} lacks {words!r}")
    return headers, body


def held_open(port, source, path="/v1/solve"):
    """A connection whose head has come and whose body never does: it holds a slot of libmicrohttpd."""
    s = connect(port, source)
    s.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{{\"scr".encode())
    return s


def slow_clients():
    """300 connections sending one byte every 3 s (reconnecting when closed), 285 from 19 other addresses
    (15 each, under --max-per-ip 16) and 15 from 127.0.0.1, the address of the /healthz probe and the solves;
    defaults otherwise (128 slots, --request-timeout 10). For 25 s: every /healthz and every solve answered."""
    s = Server(CUBE)
    try:
        sources = [f"127.0.1.{1 + k // 15}" for k in range(285)] + ["127.0.0.1"] * 15
        sel = selectors.DefaultSelector()
        slow = {}  # socket -> [source, next send time, bytes sent]
        closed_with = {}  # the status the server answered when it closed a slow connection (None: none)
        text = b"GET /v1/solve HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 1000
        duration = 25.0
        started = time.monotonic()

        def open_slow(source, at):
            c = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            c.bind((source, 0))
            c.setblocking(False)
            c.connect_ex(("127.0.0.1", s.port))
            slow[c] = [source, at, 0, b""]
            sel.register(c, selectors.EVENT_READ)

        for k, source in enumerate(sources):
            open_slow(source, started + 3.0 * k / len(sources))
        health, solves, held = [], [], []
        stop = threading.Event()

        def probe():
            while not stop.is_set():
                t = time.monotonic()
                try:
                    c = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10)
                    c.request("GET", "/healthz")
                    r = c.getresponse()
                    body = r.read()
                    health.append((r.status, time.monotonic() - t) + (() if r.status == 200 else (body[:200],)))
                    c.close()
                except Exception as e:  # unanswered
                    health.append((repr(e), time.monotonic() - t))
                stop.wait(0.5)

        def solver():
            seed = 0
            while not stop.is_set():
                seed += 1
                t = time.monotonic()
                try:
                    c = http.client.HTTPConnection("127.0.0.1", s.port, timeout=20)
                    c.request("GET", f"/v1/random?seed={seed}")
                    facelets = json.loads(c.getresponse().read())["facelets"]
                    c.request("POST", "/v1/solve", body=json.dumps({"facelets": facelets}))
                    r = c.getresponse()
                    answer = json.loads(r.read())
                    solves.append((r.status == 200 and answer["length"] <= 20, time.monotonic() - t))
                    c.close()
                except Exception as e:
                    solves.append((repr(e), time.monotonic() - t))
                stop.wait(0.2)

        workers = [threading.Thread(target=probe), threading.Thread(target=solver)]
        for w in workers:
            w.start()
        next_sample = started + 1
        while time.monotonic() - started < duration:
            now = time.monotonic()
            for key, _ in sel.select(timeout=0.1):
                c = key.fileobj
                try:
                    part = c.recv(65536)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    part = b""
                if part:
                    slow[c][3] += part
                    continue
                source, _, _, answer = slow.pop(c)
                code = answer[9:12].decode() or "none"
                closed_with[code] = closed_with.get(code, 0) + 1
                sel.unregister(c)
                c.close()
                open_slow(source, now + 0.5)
            for c, state in list(slow.items()):
                if now >= state[1]:
                    try:
                        c.send(text[state[2]:state[2] + 1])
                        state[2] += 1
                    except (BlockingIOError, InterruptedError):
                        pass
                    except OSError:
                        pass
                    state[1] = now + 3.0
            if now >= next_sample:
                held.append(sum(1 for st in slow.values() if st[2] > 0 and not st[3]))
                next_sample += 1
        stop.set()
        for w in workers:
            w.join()
        for c in list(slow):
            c.close()
        answered = sum(1 for h in health if h[0] == 200)
        solved = [t for ok, t in solves if ok is True]
        print(f"figures: slow connections held (sampled each second): max {max(held)}, median "
              f"{statistics.median(held)} of 300; /healthz answered {answered} of {len(health)} "
              f"(slowest {max(h[1] for h in health) * 1000:.0f} ms); solves answered {len(solved)} of {len(solves)}, "
              f"latency median {statistics.median(solved) * 1000:.0f} ms, max {max(solved) * 1000:.0f} ms; "
              f"slow connections closed by the server, by its answer: {closed_with}")
        check(answered == len(health) and len(health) >= 20,
              f"/healthz unanswered: {[h for h in health if h[0] != 200]}")
        check(len(solved) == len(solves) and len(solves) >= 10,
              f"solves failed: {[x for x in solves if x[0] is not True]}")
        check(max(held) >= 250, f"the slow connections were held (not refused): {held}")
        check(closed_with.get("408", 0) >= 250, f"the slow connections were cut at --request-timeout: {closed_with}")
        status, err = s.stop()
        check(status == 0, f"exit {status}: {err}")
        check(len(err.splitlines()) < 60, f"stderr is rate-limited: {len(err.splitlines())} lines")
    finally:
        s.kill()


def request_time_limit():
    """--request-timeout 1: a silent new connection, a keep-alive connection that starts a request and a body
    that stops coming are each answered 408 and closed; a keep-alive connection idle between requests is not."""
    s = Server(CUBE, "--request-timeout", "1", "--keep-alive")
    try:
        for what, send in [("silent", b""), ("half a head", b"GET /healthz HTTP/1.1\r\nHo"),
                           ("half a body", b"POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n\r\n{\"s")]:
            c = connect(s.port)
            started = time.monotonic()
            c.sendall(send)
            try:
                expect_json(read_all(c), 408, "CUBE_ERROR_TIMEOUT", "--request-timeout")
            except AssertionError as e:
                raise AssertionError(f"{what}: {e}")
            took = time.monotonic() - started
            check(0.9 < took < 5, f"{what}: cut after {took:.1f} s")
            c.close()
        c = connect(s.port)
        c.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        check(c.recv(65536).startswith(b"HTTP/1.1 200"), "the first request")
        time.sleep(2.5)  # idle: the idle timeout (30 s) holds, not the request limit
        c.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        check(c.recv(65536).startswith(b"HTTP/1.1 200"), "a keep-alive request after 2.5 s idle")
        c.sendall(b"GET /healthz HTTP/1.1\r\nHo")
        started = time.monotonic()
        kept_answer = read_all(c, 5)
        took = time.monotonic() - started
        c.close()
        metrics = s.request("GET", "/metrics")[2].decode()
        status, err = s.stop()
        check(status == 0 and "--request-timeout" in err, f"exit {status}: {err}")
        if "does not report received bytes" in err and not kept_answer:
            # qemu-user's TCP_INFO has no byte counts: the server said so at its start, as it must.
            print("figures: the kernel (qemu-user) does not count received bytes: the kept-alive request was "
                  "left to the idle timeout, as the server warned")
            check("cube_http_requests_timed_out_total 3" in metrics, "three 408s counted")
            return
        expect_json(kept_answer, 408, "CUBE_ERROR_TIMEOUT")
        check(took < 5, "the keep-alive request was cut")
        check("cube_http_requests_timed_out_total 4" in metrics, "four 408s counted")
    finally:
        s.kill()


def health_slots():
    """--threads 2 taken by two requests whose bodies never come: /healthz and /metrics are still answered
    (on a kept slot, which the answer closes); any other request gets 503 SERVE_BUSY with Retry-After."""
    s = Server(CUBE, "--threads", "2", "--request-timeout", "60")
    try:
        holders = [held_open(s.port, f"127.0.0.{3 + k}") for k in range(2)]
        # Open: the two held and the /metrics request itself.
        wait_for(lambda: "cube_http_connections_open 3" in s.request("GET", "/metrics")[2].decode(), 5,
                 "two held connections")
        for path in ("/healthz", "/metrics"):
            code, headers, _ = s.request("GET", path)
            check(code == 200 and headers["Connection"] == "close", f"{path}: {code} {headers}")
        headers, _ = expect_json(raw(s.port, b"GET /v1/random HTTP/1.1\r\nHost: x\r\n\r\n"), 503, "SERVE_BUSY", "busy")
        check(headers["retry-after"] == "1", "Retry-After")
        for h in holders:
            h.close()
        wait_for(lambda: s.request("GET", "/v1/random")[0] == 200, 5, "a slot free again")
        status, err = s.stop()
        check(status == 0, f"exit {status}: {err}")
    finally:
        s.kill()


def per_address_cap():
    """--max-per-ip 3: an address with three connections being served gets its fourth refused (other
    addresses do not); an address whose three connections still wait for their head gets the fourth, which
    takes the oldest one's place (that one is answered 503). 50 refusals make at most a few stderr lines."""
    s = Server(CUBE, "--max-per-ip", "3", "--request-timeout", "60")
    try:
        holders = [held_open(s.port, "127.0.0.5") for _ in range(3)]
        wait_for(lambda: "cube_http_connections_open 4" in s.request("GET", "/metrics")[2].decode(), 5,
                 "three held connections (and the /metrics request)")
        check(raw(s.port, CLOSING_HEALTHZ, "127.0.0.5") == b"", "the fourth is refused")
        check(raw(s.port, CLOSING_HEALTHZ, "127.0.0.6").startswith(b"HTTP/1.1 200"),
              "another address is served")
        silent = [connect(s.port, "127.0.0.7") for _ in range(3)]
        time.sleep(0.3)
        answer = raw(s.port, CLOSING_HEALTHZ, "127.0.0.7")
        check(answer.startswith(b"HTTP/1.1 200"), f"the newest of a full address is served: {answer[:80]}")
        expect_json(read_all(silent[0], 5), 503, "SERVE_BUSY", "newer connection")
        for c in silent:
            c.close()
        # The refusal lines: 50 refusals at once, then one more after a second, which counts the left-out ones.
        for _ in range(50):
            raw(s.port, b"", "127.0.0.5")
        time.sleep(1.2)
        raw(s.port, b"", "127.0.0.5")
        for h in holders:
            h.close()
        check("cube_http_connections_refused_total 52" in s.request("GET", "/metrics")[2].decode(), "refusals counted")
        status, err = s.stop()
        lines = [l for l in err.splitlines() if "refused a connection from 127.0.0.5" in l]
        print(f"figures: 52 refused connections gave {len(lines)} stderr lines: {lines}")
        check(status == 0 and 2 <= len(lines) <= 4, f"{len(lines)} lines: {err}")
        check(any("more like it" in l for l in lines), "the left-out ones are counted")
    finally:
        s.kill()


def malformed_heads():
    """Every request head libmicrohttpd would answer with HTML or not at all is answered with JSON."""
    s = Server(CUBE)
    try:
        host = b"Host: x\r\n"
        for data, status, name, words in [
            (b"GARBAGE\r\n\r\n", 400, "CUBE_ERROR_PARSE", "METHOD PATH HTTP/1.1"),
            (b"GET /healthz\r\n\r\n", 400, "CUBE_ERROR_PARSE", "METHOD PATH"),
            (b"G(T /healthz HTTP/1.1\r\n" + host + b"\r\n", 400, "CUBE_ERROR_PARSE", "method"),
            (b"GET healthz HTTP/1.1\r\n" + host + b"\r\n", 400, "CUBE_ERROR_PARSE", "starts with /"),
            (b"GET /healthz HTTP/1.1\r\n" + host + b"X-Big: " + b"a" * 100000 + b"\r\n\r\n", 431,
             "CUBE_ERROR_INVALID_ARGUMENT", "16384 bytes"),
            (b"GET /" + b"a" * 200000 + b" HTTP/1.1\r\n" + host + b"\r\n", 414, "CUBE_ERROR_INVALID_ARGUMENT", "URL"),
            (b"GET /healthz HTTP/9.9\r\n" + host + b"\r\n", 505, "CUBE_ERROR_UNSUPPORTED", "9.9"),
            (b"GET /healthz HTTP/one\r\n" + host + b"\r\n", 400, "CUBE_ERROR_PARSE", "version"),
            (b"GET /healthz HTTP/1.1\r\n\r\n", 400, "CUBE_ERROR_PARSE", "Host"),
            (b"GET /healthz HTTP/1.1\r\n" + host + b"no colon here\r\n\r\n", 400, "CUBE_ERROR_PARSE", "header line 2"),
            (b"POST /v1/solve HTTP/1.1\r\n" + host + b"Content-Length: 1x\r\n\r\n", 400, "CUBE_ERROR_PARSE",
             "Content-Length"),
            (b"POST /v1/solve HTTP/1.1\r\n" + host + b"Transfer-Encoding: gzip\r\n\r\n", 501, "CUBE_ERROR_UNSUPPORTED",
             "chunked"),
            (b"POST /v1/solve HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\nZZ\r\n", 400,
             "CUBE_ERROR_PARSE", "chunk size"),
            (b"POST /v1/solve HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFF\r\n", 413,
             "CUBE_ERROR_INVALID_ARGUMENT", "65536"),
            (b"POST /v1/solve HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\n3\r\n{\"s\r\nQ\r\n", 400,
             "CUBE_ERROR_PARSE", "chunk size"),
            (b"POST /v1/solve HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\n" +
             (b"9c40\r\n" + b" " * 40000 + b"\r\n") * 2 + b"0\r\n\r\n", 413, "CUBE_ERROR_INVALID_ARGUMENT", "65536"),
            (b"POST /v1/solve HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}xx\r\n0\r\n\r\n", 400,
             "CUBE_ERROR_PARSE", "where its size says"),
        ]:
            try:
                expect_json(raw(s.port, data), status, name, words)
            except AssertionError as e:
                raise AssertionError(f"{data[:50]!r}: {e}")
        # A head that ends unfinished, and heads that are sound: in pieces, after empty lines, chunked.
        c = connect(s.port)
        c.sendall(b"GET /healthz HTTP/1.1\r\nHo")
        c.shutdown(socket.SHUT_WR)
        expect_json(read_all(c), 400, "CUBE_ERROR_PARSE", "unfinished")
        c = connect(s.port)
        for byte in b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n":
            c.send(bytes([byte]))
        check(read_all(c).startswith(b"HTTP/1.1 200"), "a head sent byte by byte")
        check(raw(s.port, b"\r\nGET /healthz HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.1 200"), "an empty line first")
        body = json.dumps({"scramble": "R U"}).encode()
        chunked = b"POST /v1/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
        answer = raw(s.port, chunked + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
        check(parse(answer)[0] == 200 and parse(answer)[2]["length"] <= 20, f"a chunked solve: {answer}")
        # A chunked body in pieces: a bad chunk size that comes later is answered with JSON too, and a sound
        # one that comes slowly is served once whole.
        head = b"POST /v1/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
        c = connect(s.port)
        c.sendall(head + b"%x\r\n%s\r\n" % (len(body), body))
        time.sleep(0.3)
        c.sendall(b"ZZ\r\n")
        expect_json(read_all(c), 400, "CUBE_ERROR_PARSE", "chunk size")
        c = connect(s.port)
        c.sendall(head + b"%x\r\n%s\r\n" % (len(body), body))
        time.sleep(0.3)
        c.sendall(b"0\r\n")
        time.sleep(0.3)
        c.sendall(b"\r\n")
        answer = read_all(c)
        check(parse(answer)[0] == 200, f"a chunked solve in pieces: {answer}")
        # A chunked body sent only after "100 Continue" (as curl does): the front door says 100 Continue and
        # checks the body as it comes (libmicrohttpd may say 100 Continue once more, which clients accept).
        expecting = chunked.replace(b"\r\n\r\n", b"\r\nExpect: 100-continue\r\n\r\n")
        continued = b"HTTP/1.1 100 Continue\r\n\r\n"
        c = connect(s.port)
        c.sendall(expecting)
        c.settimeout(5)
        check(c.recv(1024) == continued, "100 Continue")
        c.sendall(b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
        answer = read_all(c)
        while answer.startswith(continued):
            answer = answer[len(continued):]
        check(answer.startswith(b"HTTP/1.1 200"), f"the body after 100 Continue: {answer[:100]!r}")
        c = connect(s.port)
        c.sendall(expecting)
        check(c.recv(1024) == continued, "100 Continue before a bad chunk")
        c.sendall(b"%x\r\n%s\r\nZZ\r\n" % (len(body), body))
        answer = read_all(c)
        check(not answer.startswith(continued), "a second 100 Continue from the front door")
        expect_json(answer, 400, "CUBE_ERROR_PARSE", "chunk size")
        metrics = s.request("GET", "/metrics")[2].decode()
        check('cube_http_requests_total{endpoint="other",code="400"}' in metrics, f"front answers counted")
        status, err = s.stop()
        check(status == 0, f"exit {status}: {err}")
    finally:
        s.kill()


def one_request_per_connection():
    """Without --keep-alive each answer says Connection: close and the server closes: a malformed second
    request on the connection never reaches libmicrohttpd (which would answer it in HTML). With it, two
    requests are answered on one connection."""
    s = Server(CUBE)
    try:
        c = connect(s.port)
        c.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        first = read_all(c)
        code, headers, _ = parse(first)
        check(code == 200 and headers.get("connection") == "close", f"the first answer: {first[:200]!r}")
        try:
            c.sendall(b"GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n")
            later = read_all(c)
        except (BrokenPipeError, ConnectionResetError):
            later = b""
        check(later == b"", f"a second request on a closed connection was answered: {later[:200]!r}")
        c.close()
        code, headers, _ = s.request("GET", "/healthz")
        check(code == 200, "the next connection")
        status, err = s.stop()
        check(status == 0, f"exit {status}: {err}")
    finally:
        s.kill()
    s = Server(CUBE, "--keep-alive")
    try:
        c = connect(s.port)
        for k in range(2):
            c.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            answer = c.recv(65536)
            check(answer.startswith(b"HTTP/1.1 200") and b"Connection: close" not in answer, f"request {k}: {answer!r}")
        c.close()
        status, err = s.stop()
        check(status == 0, f"exit {status}: {err}")
    finally:
        s.kill()


def options():
    import subprocess
    for args in (["--request-timeout", "0"], ["--request-timeout", "x"], ["--request-timeout", "nan"],
                 ["--max-per-ip", "0"]):
        r = subprocess.run([CUBE, "serve", *args], capture_output=True, text=True, timeout=30)
        check(r.returncode == 2 and "cube serve:" in r.stderr, f"{args}: exit {r.returncode}: {r.stderr}")


def main():
    failed = 0
    chosen = sys.argv[2:]  # test names, to run only those
    for t in [options, malformed_heads, one_request_per_connection, request_time_limit, health_slots, per_address_cap, slow_clients]:
        if chosen and t.__name__ not in chosen:
            continue
        started = time.monotonic()
        try:
            t()
            print(f"ok: {t.__name__} ({time.monotonic() - started:.1f} s)")
        except Exception as e:  # report every test, then fail
            failed += 1
            print(f"FAIL: {t.__name__}: {e!r}")
    sys.exit(1 if failed else 0)


main()
