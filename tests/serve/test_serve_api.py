#!/usr/bin/env python3
"""`cube serve` over real HTTP: every endpoint, every error class, the limits (body size, solve slots with
503 + Retry-After), 64 concurrent clients, and SIGTERM with requests in flight.
usage: test_serve_api.py CUBE"""
import http.client
import json
import signal
import sys
import threading
import time

from serve_helper import Server, check, wait_for

CUBE = sys.argv[1]
SOLVED3 = "".join(f * 9 for f in "URFDLB")
SOLVED2 = "".join(f * 4 for f in "URFDLB")
# A 3x3 with one corner twisted (URF turned once): no cube can be this.
TWISTED = "UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
tests = []


def test(function):
    tests.append(function)
    return function


def error_of(server, method, path, body, status, name, words=""):
    """Checks a failure: its HTTP status, library status name and words of the message."""
    code, headers, answer = server.json(method, path, body)
    check(code == status, f"{method} {path} {body!r}: HTTP {code}, expected {status}: {answer}")
    check(answer["ok"] is False and answer["status"] == name, f"{path}: {answer}")
    check(words.lower() in answer["error"].lower(), f"{path}: message {answer['error']!r} lacks {words!r}")
    return headers, answer


def solved_at_end(answer, solved):
    return answer["states"][-1] == solved and len(answer["states"]) == len(answer["moves"]) + 1


@test
def health_and_static(s):
    code, _, answer = s.json("GET", "/healthz")
    check(code == 200 and answer["ok"] and answer["version"], f"healthz: {answer}")
    code, headers, page = s.request("GET", "/")
    check(code == 200 and b"<html" in page and headers["Content-Type"].startswith("text/html"), "page")
    check("default-src 'self'" in headers["Content-Security-Policy"], "the page's CSP")
    code, headers, script = s.request("GET", "/app.js")
    check(code == 200 and b"/v1/solve" in script and "javascript" in headers["Content-Type"], "app.js")
    for path in ("/v1/", "/v1"):
        code, headers, reference = s.request("GET", path)
        check(code == 200 and b"API reference" in reference and b"POST /v1/solve" in reference, f"GET {path}")
    code, _, body = s.request("HEAD", "/healthz")
    check(code == 200 and body == b"", "HEAD /healthz")


@test
def solve_3x3(s):
    _, _, random = s.json("GET", "/v1/random?size=3&seed=7")
    code, _, answer = s.json("POST", "/v1/solve", {"facelets": random["facelets"], "steps": True})
    check(code == 200 and answer["method"] == "twophase" and 0 < answer["length"] <= 20, f"solve: {answer}")
    check(solved_at_end(answer, SOLVED3) and answer["states"][0] == random["facelets"], "the steps end solved")
    check(" ".join(answer["moves"]) == answer["solution"], "moves are the solution's")
    code, _, short = s.json("POST", "/v1/solve", {"scramble": "R U R' U'", "max_length": 4})
    check(code == 200 and short["length"] <= 4, f"scramble: {short}")
    code, _, to = s.json("POST", "/v1/solve", {"facelets": SOLVED3, "target": random["facelets"], "steps": True})
    check(code == 200 and to["states"][-1] == random["facelets"], f"target: {to}")
    code, _, colours = s.json("POST", "/v1/solve", {"facelets": random["facelets"].translate(str.maketrans("URFDLB", "WRGYOB"))})
    check(code == 200 and colours["length"] <= 20, f"colour letters: {colours}")


@test
def solve_2x2_and_lbl(s):
    code, _, answer = s.json("POST", "/v1/solve", {"scramble": "R U F' U2", "size": 2, "metric": "qtm", "steps": True})
    check(code == 200 and answer["method"] == "optimal" and answer["metric"] == "qtm" and answer["length"] == 5,
          f"2x2: {answer}")
    check(solved_at_end(answer, SOLVED2), "2x2 steps end solved")
    code, _, lbl = s.json("POST", "/v1/solve", {"scramble": "R U R' F2 D L'", "method": "lbl", "steps": True})
    check(code == 200 and lbl["method"] == "lbl" and len(lbl["stages"]) == 7, f"lbl: {lbl}")
    check(lbl["stages"][0]["name"] == "cross" and solved_at_end(lbl, SOLVED3), "lbl stages and steps")
    # One formatter (cube_method_solution_format): the server's answer is `cube solve --method lbl --json`'s
    # with the steps added.
    import subprocess
    scrambled = subprocess.run([CUBE, "apply", "R U R' F2 D L'"], capture_output=True, text=True,
                               timeout=30).stdout.strip()
    cli = subprocess.run([CUBE, "solve", "--method", "lbl", "--json", scrambled], capture_output=True, text=True,
                         timeout=30)
    served = {k: v for k, v in lbl.items() if k not in ("moves", "states")}
    check(served == json.loads(cli.stdout), f"lbl: server {served} against cube solve --json {cli.stdout!r}")


def applied(moves, facelets):
    """The cube after `moves` from `facelets` (through `cube apply`)."""
    import subprocess
    return subprocess.run([CUBE, "apply", facelets, moves], capture_output=True, text=True,
                          timeout=30).stdout.strip()


@test
def solve_optimal_3x3(s):
    """Method optimal on a 3x3: the shortest solution, proven, as `cube solve --optimal --json` prints it."""
    import subprocess
    scramble = "R U F' D2 L B'"
    code, _, answer = s.json("POST", "/v1/solve", {"scramble": scramble, "method": "optimal", "steps": True})
    check(code == 200 and answer["method"] == "optimal" and answer["length"] == 6 and answer["optimal"] is True
          and answer["lower_bound"] == 6 and answer["nodes"] > 0 and answer["metric"] == "htm", f"optimal: {answer}")
    check(solved_at_end(answer, SOLVED3) and " ".join(answer["moves"]) == answer["solution"], "optimal steps")
    scrambled = subprocess.run([CUBE, "apply", scramble], capture_output=True, text=True, timeout=30).stdout.strip()
    cli = subprocess.run([CUBE, "solve", "--optimal", "--threads", "1", "--json", scrambled], capture_output=True,
                         text=True, timeout=120)
    served = {k: v for k, v in answer.items() if k not in ("moves", "states", "method", "lower_bound")}
    check(served == json.loads(cli.stdout), f"server {served} against cube solve --optimal --json {cli.stdout!r}")
    code, _, qtm = s.json("POST", "/v1/solve", {"scramble": "R2 U", "method": "optimal", "metric": "qtm"})
    check(code == 200 and qtm["length"] == 3 and qtm["metric"] == "qtm" and qtm["optimal"], f"qtm: {qtm}")
    code, _, every = s.json("POST", "/v1/solve", {"scramble": "R2 L2 U2 D2", "method": "optimal", "all": True})
    check(code == 200 and every["length"] == 4 and len(every["solutions"]) >= 1 and "solution" not in every,
          f"all: {every}")
    check(all(applied(m, applied("R2 L2 U2 D2", SOLVED3)) == SOLVED3 for m in every["solutions"]), "all solve it")
    code, _, one = s.json("POST", "/v1/solve", {"scramble": "R2 L2 U2 D2", "method": "optimal", "all": True,
                                                "limit": 1})
    check(code == 200 and len(one["solutions"]) == 1, f"all with limit 1: {one}")
    # Nothing within max_length, and a time out: the error with the lower bound reached.
    _, short = error_of(s, "POST", "/v1/solve", {"scramble": scramble, "method": "optimal", "max_length": 4}, 422,
                        "CUBE_ERROR_UNSOLVABLE", "4")
    check(5 <= short["lower_bound"] <= 6 and short["optimal"] is False, f"max_length: {short}")
    _, _, random = s.json("GET", "/v1/random?seed=3")
    started = time.monotonic()
    _, late = error_of(s, "POST", "/v1/solve", {"facelets": random["facelets"], "method": "optimal",
                                                "timeout_ms": 300}, 422, "CUBE_ERROR_TIMEOUT")
    check(time.monotonic() - started < 20 and 1 <= late["lower_bound"] <= 20 and late["nodes"] > 0,
          f"timeout: {late}")
    # Bad input.
    for body, words in [
        ({"scramble": "R", "method": "optimal", "target": SOLVED3}, "no target"),
        ({"scramble": "R", "method": "optimal", "min_effort": True}, "min_effort"),
        ({"scramble": "R", "method": "optimal", "limit": 5}, "'limit' goes with"),
        ({"scramble": "R", "method": "optimal", "all": True, "limit": 0}, "from 1 to 10000000"),
        ({"scramble": "R", "method": "optimal", "all": "yes"}, "true or false"),
        ({"scramble": "R", "method": "optimal", "metric": "stm"}, "unknown metric"),
    ]:
        error_of(s, "POST", "/v1/solve", body, 400, "CUBE_ERROR_INVALID_ARGUMENT", words)
    for body in ({"scramble": "R", "size": 2, "method": "optimal", "all": True}, {"scramble": "R", "all": True}):
        error_of(s, "POST", "/v1/solve", body, 422, "CUBE_ERROR_UNSUPPORTED", "3x3")


def optimal_capped_by_server():
    """A random 3x3 with method optimal and no timeout_ms stops at the server's --max-timeout."""
    s = Server(CUBE, "--max-timeout", "500")
    try:
        _, _, random = s.json("GET", "/v1/random?seed=11")
        started = time.monotonic()
        _, late = error_of(s, "POST", "/v1/solve", {"facelets": random["facelets"], "method": "optimal"}, 422,
                           "CUBE_ERROR_TIMEOUT")
        check(time.monotonic() - started < 30 and late["lower_bound"] >= 1, f"capped: {late}")
    finally:
        s.stop()
        s.kill()


@test
def validate(s):
    code, _, answer = s.json("POST", "/v1/validate", {"facelets": SOLVED3})
    check(code == 200 and answer == {"ok": True, "size": 3, "facelets": SOLVED3, "solved": True}, f"{answer}")
    code, _, answer = s.json("POST", "/v1/validate", {"scramble": "R", "size": 2})
    check(code == 200 and answer["size"] == 2 and not answer["solved"], f"{answer}")
    error_of(s, "POST", "/v1/validate", {"facelets": "UUU"}, 422, "CUBE_ERROR_INVALID_CUBE", "wrong length")
    error_of(s, "POST", "/v1/validate", {"facelets": SOLVED3[:-1] + "X"}, 422, "CUBE_ERROR_INVALID_CUBE")
    error_of(s, "POST", "/v1/validate", {"facelets": TWISTED}, 422, "CUBE_ERROR_INVALID_CUBE", "twist")
    error_of(s, "POST", "/v1/validate", {"scramble": "R Q"}, 422, "CUBE_ERROR_PARSE", "scramble")
    _, answer = error_of(s, "POST", "/v1/validate", {"facelets": "\u00e9" * 54}, 422, "CUBE_ERROR_INVALID_CUBE")
    check(all(32 <= ord(c) < 127 for c in answer["error"]), "messages are printable ASCII")


@test
def request_errors(s):
    for body, name, words in [
        ("{nope", "CUBE_ERROR_PARSE", "not JSON"),
        ("", "CUBE_ERROR_PARSE", "not JSON"),
        ("[1, 2]", "CUBE_ERROR_PARSE", "JSON object"),
        ({"facelets": 5}, "CUBE_ERROR_INVALID_ARGUMENT", "'facelets' must be a string"),
        ({"scramble": "R", "max_length": "20"}, "CUBE_ERROR_INVALID_ARGUMENT", "whole number"),
        ({"scramble": "R", "max_length": 2.5}, "CUBE_ERROR_INVALID_ARGUMENT", "whole number"),
        ({"scramble": "R", "max_length": 0}, "CUBE_ERROR_INVALID_ARGUMENT", "from 1 to 1000"),
        ({"scramble": "R", "min_effort": 1}, "CUBE_ERROR_INVALID_ARGUMENT", "true or false"),
        ({"scramble": "R", "size": 4}, "CUBE_ERROR_INVALID_ARGUMENT", "from 2 to 3"),
        ({"scramble": "R", "colour": "x"}, "CUBE_ERROR_INVALID_ARGUMENT", "unknown field 'colour'"),
        ({"scramble": "R", "method": "cfop"}, "CUBE_ERROR_INVALID_ARGUMENT", "unknown method 'cfop'"),
        ({"scramble": "R", "metric": "xtm"}, "CUBE_ERROR_INVALID_ARGUMENT", "unknown metric"),
        ({"scramble": "R", "facelets": SOLVED3}, "CUBE_ERROR_INVALID_ARGUMENT", "one of them"),
        ({}, "CUBE_ERROR_INVALID_ARGUMENT", "one of them"),
        ({"scramble": "R", "method": "lbl", "max_length": 5}, "CUBE_ERROR_INVALID_ARGUMENT", "lbl"),
        ({"facelets": "U\u0000" + SOLVED3[2:]}, "CUBE_ERROR_INVALID_ARGUMENT", "NUL"),
    ]:
        error_of(s, "POST", "/v1/solve", body, 400, name, words)
    error_of(s, "POST", "/v1/solve", {"scramble": "R", "size": 2, "method": "twophase"}, 422,
             "CUBE_ERROR_UNSUPPORTED", "3x3")
    error_of(s, "POST", "/v1/solve", {"facelets": TWISTED}, 422, "CUBE_ERROR_INVALID_CUBE", "twist")
    error_of(s, "POST", "/v1/solve", {"facelets": SOLVED3, "target": "UUU"}, 422, "CUBE_ERROR_INVALID_CUBE", "target")
    _, _, random = s.json("GET", "/v1/random?seed=3")
    code, _, answer = s.json("POST", "/v1/solve", {"facelets": random["facelets"], "max_length": 5, "timeout_ms": 300})
    check(code == 422 and answer["status"] in ("CUBE_ERROR_UNSOLVABLE", "CUBE_ERROR_TIMEOUT"), f"too short: {answer}")


@test
def http_errors(s):
    headers, _ = error_of(s, "GET", "/v1/solve", None, 405, "CUBE_ERROR_INVALID_ARGUMENT", "takes POST")
    check(headers["Allow"] == "POST", "Allow: POST")
    headers, _ = error_of(s, "DELETE", "/healthz", None, 405, "CUBE_ERROR_INVALID_ARGUMENT", "takes GET")
    check(headers["Allow"] == "GET, HEAD", "Allow: GET, HEAD")
    error_of(s, "GET", "/v2/solve", None, 404, "CUBE_ERROR_NOT_FOUND", "no such path")
    error_of(s, "GET", "/../etc/passwd", None, 404, "CUBE_ERROR_NOT_FOUND")
    error_of(s, "GET", "/healthz?x=1", None, 400, "CUBE_ERROR_INVALID_ARGUMENT", "no query")
    error_of(s, "POST", "/v1/solve?scramble=R", {"scramble": "R"}, 400, "CUBE_ERROR_INVALID_ARGUMENT", "JSON body")
    big = json.dumps({"scramble": "R " * 40000})
    error_of(s, "POST", "/v1/solve", big, 413, "CUBE_ERROR_INVALID_ARGUMENT", "65536 bytes")
    # The same without a Content-Length: chunked, counted as it arrives.
    connection = http.client.HTTPConnection("127.0.0.1", s.port, timeout=30)
    connection.request("POST", "/v1/solve", body=iter([big[i:i + 8192].encode() for i in range(0, len(big), 8192)]),
                       encode_chunked=True)
    answer = connection.getresponse()
    check(answer.status == 413 and json.loads(answer.read())["status"] == "CUBE_ERROR_INVALID_ARGUMENT", "chunked 413")
    connection.close()


@test
def statuses_as_the_table_says(s):
    """A robot time the library refuses is 400 CUBE_ERROR_INVALID_ARGUMENT and names the spec's key."""
    _, answer = error_of(s, "POST", "/v1/plan", {"robot": "four-arm:turn90=1e-300", "moves": "R"}, 400,
                         "CUBE_ERROR_INVALID_ARGUMENT", "'turn90'")
    check("turn90_us" not in answer["error"] and "0.001 to 600000 ms" in answer["error"], f"{answer}")


@test
def repeated_keys_refused(s):
    """A JSON key given twice (at any depth) and a query argument given twice are 400, never last-one-wins."""
    error_of(s, "POST", "/v1/solve", '{"scramble": "R", "scramble": "U"}', 400, "CUBE_ERROR_PARSE",
             "field 'scramble' more than once")
    error_of(s, "POST", "/v1/validate", '{"facelets": "x", "size": 3, "facelets": "y"}', 400, "CUBE_ERROR_PARSE",
             "'facelets' more than once")
    error_of(s, "POST", "/v1/scan", '{"samples": [], "weights": {"a": 1, "a": 2}}', 400, "CUBE_ERROR_PARSE",
             "'a' more than once")
    code, _, fine = s.json("POST", "/v1/solve", '{"scramble": "R", "steps": {"x": 1}}')
    check(code == 400 and "more than once" not in fine["error"], "the same key in two objects is no repeat")
    error_of(s, "GET", "/v1/random?seed=1&seed=2", None, 400, "CUBE_ERROR_INVALID_ARGUMENT",
             "'seed' is given more than once")
    error_of(s, "GET", "/v1/random?size=2&size=2", None, 400, "CUBE_ERROR_INVALID_ARGUMENT", "'size'")


@test
def random_states(s):
    code, _, a = s.json("GET", "/v1/random?size=2&seed=42")
    _, _, b = s.json("GET", "/v1/random?seed=42&size=2")
    check(code == 200 and a == b and a["size"] == 2 and len(a["facelets"]) == 24 and a["seed"] == 42, f"{a}")
    _, _, c = s.json("GET", "/v1/random")
    check(len(c["facelets"]) == 54, f"{c}")
    error_of(s, "GET", "/v1/random?size=4", None, 400, "CUBE_ERROR_INVALID_ARGUMENT", "2 or 3")
    error_of(s, "GET", "/v1/random?seed=-1", None, 400, "CUBE_ERROR_INVALID_ARGUMENT", "seed")
    error_of(s, "GET", "/v1/random?seed=18446744073709551616", None, 400, "CUBE_ERROR_INVALID_ARGUMENT", "seed")
    error_of(s, "GET", "/v1/random?colour=1", None, 400, "CUBE_ERROR_INVALID_ARGUMENT", "unknown query argument")


@test
def scan(s):
    colours = {"U": [240, 240, 235], "R": [180, 20, 30], "F": [0, 150, 70], "D": [250, 210, 0],
               "L": [255, 90, 0], "B": [0, 70, 170]}
    samples = [colours[f] for f in SOLVED3]
    code, _, answer = s.json("POST", "/v1/scan", {"samples": samples, "alternatives": 2})
    check(code == 200 and answer["facelets"] == SOLVED3 and answer["confidence"] > 0.99, f"scan: {answer}")
    check(len(answer["alternatives"]) == 2, "two alternatives")
    check(answer["search_complete"] is True, f"scan: search_complete: {answer}")
    # One formatter (cube_scan_result_format): the server's body is what `cube scan --json` prints.
    _, _, body = s.request("POST", "/v1/scan", {"samples": samples, "alternatives": 2})
    import subprocess
    cli = subprocess.run([CUBE, "scan", "--json", "--alternatives", "2", "-"], input=json.dumps({"samples": samples}),
                         capture_output=True, text=True, timeout=30)
    check(body.decode() == cli.stdout, f"scan: server {body!r} against cube scan --json {cli.stdout!r}")
    error_of(s, "POST", "/v1/scan", {"samples": samples[:50]}, 422, "CUBE_ERROR_PARSE", "scan")
    error_of(s, "POST", "/v1/scan", {"samples": samples, "alternatives": 99}, 400, "CUBE_ERROR_INVALID_ARGUMENT", "0 to 32")
    error_of(s, "POST", "/v1/scan", {"samples": samples, "file": "/etc/passwd"}, 400, "CUBE_ERROR_INVALID_ARGUMENT",
             "unknown field")


@test
def plan(s):
    code, _, answer = s.json("POST", "/v1/plan", {"robot": "four-arm", "scramble": "R U F", "svg": True})
    check(code == 200 and answer["plan"]["total_ms"] > 0 and answer["plan"]["actions"], f"plan: {answer}")
    check("<svg" in answer["svg"] and "class=\"action" in answer["svg"], "plan SVG")
    code, _, moves = s.json("POST", "/v1/plan", {"robot": "six-motor", "moves": "R U R'", "strategy": "naive"})
    check(code == 200 and moves["plan"]["moves"] == "R U R'" and "svg" not in moves, f"plan moves: {moves}")
    code, _, two = s.json("POST", "/v1/plan", {"robot": "six-motor", "scramble": "R U", "size": 2})
    check(code == 200 and two["plan"]["total_ms"] > 0, f"2x2 plan: {two}")
    error_of(s, "POST", "/v1/plan", {"robot": "@/etc/passwd", "moves": "R"}, 400, "CUBE_ERROR_INVALID_ARGUMENT", "files")
    error_of(s, "POST", "/v1/plan", {"robot": "tentacle", "moves": "R"}, 422, "CUBE_ERROR_PARSE", "robot")
    error_of(s, "POST", "/v1/plan", {"moves": "R"}, 400, "CUBE_ERROR_INVALID_ARGUMENT", "'robot' is required")
    error_of(s, "POST", "/v1/plan", {"robot": "four-arm", "moves": "R", "scramble": "R"}, 400,
             "CUBE_ERROR_INVALID_ARGUMENT", "one of")
    error_of(s, "POST", "/v1/plan", {"robot": "four-arm", "facelets": TWISTED}, 422, "CUBE_ERROR_INVALID_CUBE")


@test
def concurrent_clients(s):
    """64 clients at once, each on its own keep-alive connection, 3 random cubes each; from 16 loopback
    addresses (4 clients each: well under the default --max-per-ip of 16, which counts a closed connection
    until libmicrohttpd reports it closed; with 8 each, reconnections now and then met the cap)."""
    failures = []
    barrier = threading.Barrier(64)

    def client(k):
        connection = http.client.HTTPConnection("127.0.0.1", s.port, timeout=60,
                                                source_address=(f"127.0.0.{2 + k % 16}", 0))
        barrier.wait()
        try:
            for i in range(3):
                connection.request("GET", f"/v1/random?seed={k * 3 + i}")
                facelets = json.loads(connection.getresponse().read())["facelets"]
                connection.request("POST", "/v1/solve", body=json.dumps({"facelets": facelets, "steps": True}))
                answer = connection.getresponse()
                result = json.loads(answer.read())
                if answer.status != 200 or result["states"][-1] != SOLVED3:
                    failures.append((k, answer.status, result))
        except Exception as e:  # a refused or dropped connection is a failure too
            failures.append((k, repr(e)))
        connection.close()

    threads = [threading.Thread(target=client, args=(k,)) for k in range(64)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check(not failures, f"{len(failures)} failed: {failures[:3]}")


@test
def metrics(s):
    code, headers, text = s.request("GET", "/metrics")
    text = text.decode()
    check(code == 200 and headers["Content-Type"].startswith("text/plain; version=0.0.4"), "metrics type")
    for line in ['cube_http_requests_total{endpoint="/v1/solve",code="200"}',
                 'cube_http_requests_total{endpoint="other",code="404"}',
                 'cube_http_requests_total{endpoint="/v1/solve",code="413"}',
                 '# TYPE cube_http_request_duration_seconds histogram',
                 'cube_http_request_duration_seconds_bucket{endpoint="/v1/solve",le="+Inf"}',
                 'cube_http_request_duration_seconds_count{endpoint="/v1/solve"}',
                 'cube_solves_in_progress 0', 'cube_http_requests_in_flight ']:
        check(line in text, f"metrics lack {line}")
    solved = [l for l in text.splitlines() if l.startswith('cube_http_requests_total{endpoint="/v1/solve",code="200"}')]
    check(int(solved[0].split()[-1]) >= 192, f"64 clients x 3 solves counted: {solved}")


def slow_solve(server, results, timeout_ms=1200):
    """A solve that takes timeout_ms (min_effort keeps searching for shorter solutions until then)."""
    facelets = server.json("GET", "/v1/random?seed=11")[2]["facelets"]
    code, headers, answer = server.json("POST", "/v1/solve", {"facelets": facelets, "min_effort": True,
                                                             "timeout_ms": timeout_ms})
    results.append((code, headers, answer))


def run_slow(server, count, timeout_ms=1200):
    results = []
    threads = [threading.Thread(target=slow_solve, args=(server, results, timeout_ms)) for _ in range(count)]
    for t in threads:
        t.start()
    return threads, results


def solves_busy(server, n):
    return lambda: server.json("GET", "/healthz")[2]["solves_in_progress"] >= n


def concurrency_cap():
    """One solve slot and no queueing: a second solve while one runs gets 503 with Retry-After."""
    s = Server(CUBE, "--max-solves", "1", "--queue-ms", "0")
    try:
        threads, results = run_slow(s, 1)
        wait_for(solves_busy(s, 1), 5, "the slow solve to start")
        headers, _ = error_of(s, "POST", "/v1/solve", {"scramble": "R"}, 503, "SERVE_BUSY", "busy")
        check(headers["Retry-After"] == "1", "Retry-After: 1")
        code, _, answer = s.json("POST", "/v1/validate", {"scramble": "R"})
        check(code == 200, "validate needs no slot")
        for t in threads:
            t.join()
        check(results[0][0] == 200, f"the slow solve: {results[0]}")
        check("cube_solves_rejected_total 1" in s.request("GET", "/metrics")[2].decode(), "rejection counted")
        status, err = s.stop()
        check(status == 0, f"exit {status}: {err}")
    finally:
        s.kill()


def sigterm_in_flight():
    """SIGTERM with four solves running: they all complete, new connections are refused, exit 0."""
    s = Server(CUBE, "--max-solves", "4")
    try:
        threads, results = run_slow(s, 4, 2000)
        wait_for(solves_busy(s, 4), 5, "four solves to start")
        started = time.monotonic()
        s.process.send_signal(signal.SIGTERM)
        time.sleep(0.2)
        try:
            s.request("GET", "/healthz", timeout=2)
            raise AssertionError("a new connection was accepted after SIGTERM")
        except (ConnectionRefusedError, ConnectionResetError, http.client.RemoteDisconnected):
            pass
        for t in threads:
            t.join()
        check(len(results) == 4 and all(r[0] == 200 and r[2]["ok"] for r in results), f"in flight: {results}")
        status, err = s.stop(timeout=10)
        check(status == 0 and "stopped" in err, f"exit {status}: {err}")
        check(time.monotonic() - started < 5, "stopped soon after the last answer")
    finally:
        s.kill()


def grace_expires():
    """A solve longer than --grace is cancelled at the deadline (503) and the server still exits 0."""
    s = Server(CUBE, "--grace", "200")
    try:
        threads, results = run_slow(s, 1, 5000)
        wait_for(solves_busy(s, 1), 5, "the solve to start")
        started = time.monotonic()
        status, err = s.stop()
        for t in threads:
            t.join()
        check(status == 0 and "cancelled" in err, f"exit {status}: {err}")
        check(results[0][0] == 503 and results[0][2]["status"] == "CUBE_ERROR_CANCELLED", f"{results}")
        check(time.monotonic() - started < 3, "stopped at the deadline")
    finally:
        s.kill()


def drain_before_stop():
    """With --drain, SIGTERM first turns /healthz to 503 while solves are still answered; then the server stops
    and exits 0."""
    s = Server(CUBE, "--drain", "1500")
    try:
        started = time.monotonic()
        s.process.send_signal(signal.SIGTERM)
        wait_for(lambda: s.request("GET", "/healthz", timeout=2)[0] == 503, 1, "/healthz to answer 503")
        status, _, answer = s.json("POST", "/v1/solve", {"scramble": "R U"})
        check(status == 200 and answer["ok"], f"a solve while draining: {status} {answer}")
        status = s.process.wait(10)  # no second signal: that would end the drain
        err = s.process.stderr.read()
        check(status == 0 and "draining for 1500 ms" in err and "stopped" in err, f"exit {status}: {err}")
        check(time.monotonic() - started >= 1.4, "stopped only after the drain")
    finally:
        s.kill()


def command_line():
    """Usage errors exit 2, help exits 0, a port in use exits 1, a non-loopback address warns."""
    import subprocess
    run = lambda *args: subprocess.run([CUBE, *args], capture_output=True, text=True, timeout=30)
    for args in (["serve", "--bogus"], ["serve", "--listen", "nope"], ["serve", "--listen", "127.0.0.1:65536"],
                 ["serve", "--threads", "1"], ["serve", "extra"], ["serve", "--tables", "most"],
                 ["serve", "--drain", "-1"]):
        r = run(*args)
        check(r.returncode == 2 and "cube serve:" in r.stderr, f"{args}: exit {r.returncode}: {r.stderr}")
    for args in (["help", "serve"], ["serve", "--help"]):
        r = run(*args)
        check(r.returncode == 0 and r.stdout.startswith("usage: cube serve"), f"{args}: {r.stdout}")
    s = Server(CUBE)
    try:
        r = run("serve", "--listen", f"127.0.0.1:{s.port}")
        check(r.returncode == 1 and "cannot listen" in r.stderr, f"port in use: exit {r.returncode}: {r.stderr}")
    finally:
        s.stop()
        s.kill()
    s = Server(CUBE, "--listen", "0.0.0.0:0")
    try:
        status, err = s.stop()
        check(status == 0 and "warning: listening on 0.0.0.0:" in err and "no authentication" in err, f"warning: {err}")
    finally:
        s.kill()


def run_each(functions, *args):
    """Runs every test, printing ok or FAIL; the number that failed."""
    failed = 0
    for t in functions:
        try:
            t(*args)
            print(f"ok: {t.__name__}")
        except Exception as e:  # report every test, then fail
            failed += 1
            print(f"FAIL: {t.__name__}: {e!r}")
    return failed


def main():
    # A long queue: under ASan on a busy 2-core machine 64 clients wait seconds for the two solve slots,
    # and this server checks that every request is served; the 503 beyond the queue has its own test.
    # Twice the default connection slots: on a machine at load 7 two of concurrent_clients' 64 keep-alive
    # connections were answered "every connection slot is busy" (reopened connections beside ones not yet
    # reported closed); the slots' own limit is concurrency_cap's and serve-limits' to test.
    server = Server(CUBE, "--queue-ms", "60000", "--threads", "256")
    try:
        failed = run_each(tests, server)
        status, err = server.stop()
        if status != 0:
            failed += 1
            print(f"FAIL: the server exited {status}: {err}")
    finally:
        server.kill()
    failed += run_each([command_line, optimal_capped_by_server, concurrency_cap, sigterm_in_flight, grace_expires, drain_before_stop])
    sys.exit(1 if failed else 0)


main()
