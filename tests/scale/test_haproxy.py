"""haproxy (examples/haproxy/haproxy.cfg, its addresses moved to free loopback ports) in front of two `cube serve`
instances: 5000 solves through it from 4 keep-alive clients while instance s1 is stopped with SIGTERM alone (its
--drain lets haproxy's health checks take it out first) and started again on its port. Checks: every request answered 200 with a solution (haproxy retries where a connection failed),
none lost; haproxy's view of s1 (its admin socket, "show stat") goes DOWN after s1's /healthz stops answering 200
and UP again once it does; each instance's /metrics counts its solves. Loopback only, every loop bounded.
Exit 77 (skipped) without haproxy.  usage: test_haproxy.py CUBE EXAMPLES_HAPROXY_DIR"""
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

from scale_helper import free_port

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "serve"))
from serve_helper import Server  # noqa: E402

CUBE, EXAMPLES = sys.argv[1], sys.argv[2]
REQUESTS, CLIENTS, RATE = 5000, 4, 800
SCRAMBLES = ["R U F' L2 D B'", "F R U R' U' F'", "L2 D' B R2 U F2 D L'", "U R2 F B R B2 D' R2 F R' L"]




def admin(sock_path, command):
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(5)
        s.connect(sock_path)
        s.sendall(command.encode() + b"\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return data.decode()


def stat_of(sock_path, name, column):
    """A column of server `name` in haproxy's "show stat" ("status": UP, DOWN, DRAIN...; "scur": its sessions)."""
    rows = admin(sock_path, "show stat").splitlines()
    columns = rows[0].lstrip("# ").split(",")
    for row in rows[1:]:
        cells = row.split(",")
        if len(cells) == len(columns) and cells[0] == "cube_serve" and cells[1] == name:
            return cells[columns.index(column)]
    return "?"


def server_status(sock_path, name):
    return stat_of(sock_path, name, "status")


def healthz(port):
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        c.request("GET", "/healthz")
        status = c.getresponse().status
        c.close()
        return status
    except OSError:
        return 0


class Load:
    """REQUESTS solves through the balancer from CLIENTS threads, each on a keep-alive connection."""

    def __init__(self, port):
        self.port = port
        self.next = 0
        self.lock = threading.Lock()
        self.answers = {}
        self.failures = []
        self.started = time.monotonic()

    def take(self):
        """The next request's number, no sooner than its place in a steady RATE per second (so the load lasts
        through the restart on a fast or a slow machine); None when all are sent."""
        with self.lock:
            if self.next >= REQUESTS:
                return None
            self.next += 1
            i = self.next - 1
        wait = self.started + i / RATE - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        return i

    def client(self):
        c = None
        while (i := self.take()) is not None:
            body = json.dumps({"scramble": SCRAMBLES[i % len(SCRAMBLES)]})
            try:
                if c is None:
                    c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                c.request("POST", "/v1/solve", body=body, headers={"Content-Type": "application/json"})
                r = c.getresponse()
                data = r.read()
                ok = r.status == 200 and json.loads(data).get("ok") is True
                self.answers[i] = r.status
                if not ok:
                    self.failures.append((i, r.status, data[:200]))
                if r.getheader("Connection", "").lower() == "close":
                    c.close()
                    c = None
            except (OSError, http.client.HTTPException, ValueError) as e:
                self.failures.append((i, "exception", repr(e)))
                self.answers[i] = 0
                if c is not None:
                    c.close()
                c = None
        if c is not None:
            c.close()


def main():
    if not shutil.which("haproxy"):
        print("SKIP: haproxy is missing (Debian package haproxy; scripts/setup.sh installs it)")
        sys.exit(77)
    folder = tempfile.mkdtemp(prefix="cube-haproxy-")
    ports = {"lb": free_port(), "s1": free_port(), "s2": free_port(), "stats": free_port()}
    sock_path = os.path.join(folder, "admin.sock")
    config = open(os.path.join(EXAMPLES, "haproxy.cfg")).read()
    config = config.replace("/run/haproxy/cube-admin.sock", sock_path)
    for name, default in (("lb", 8080), ("s1", 8081), ("s2", 8082), ("stats", 8404)):
        config = config.replace(f"127.0.0.1:{default}", f"127.0.0.1:{ports[name]}")
    cfg = os.path.join(folder, "haproxy.cfg")
    open(cfg, "w").write(config)
    # --drain: longer than haproxy's "fall 2" checks 0.5 s apart, so it takes s1 out before s1 stops accepting.
    serve_args = ["--tables", "full", "--threads", "32", "--max-per-ip", "64", "--drain", "1500"]
    servers = {}
    haproxy = None
    try:
        for name in ("s1", "s2"):
            servers[name] = Server(CUBE, "--listen", f"127.0.0.1:{ports[name]}", *serve_args)
        haproxy = subprocess.Popen(["haproxy", "-W", "-db", "-f", cfg], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not (os.path.exists(sock_path) and all(
                server_status(sock_path, n) == "UP" for n in ("s1", "s2"))):
            if haproxy.poll() is not None:
                print(f"SKIP: haproxy did not start here: {haproxy.stderr.read()[-500:]}")
                sys.exit(77)
            time.sleep(0.1)
        views = []  # (time, s1 in haproxy, s1's /healthz)
        stop_watch = threading.Event()

        def watch():
            while not stop_watch.is_set():
                views.append((time.monotonic(), server_status(sock_path, "s1"), healthz(ports["s1"])))
                time.sleep(0.05)

        watcher = threading.Thread(target=watch)
        watcher.start()
        load = Load(ports["lb"])
        clients = [threading.Thread(target=load.client) for _ in range(CLIENTS)]
        started = time.monotonic()
        for t in clients:
            t.start()
        # The rolling restart of s1, once a tenth of the load is through (the drain, the restart and haproxy's
        # two good checks take about 3 s; the rest of the load runs longer).
        deadline = time.monotonic() + 30
        while load.next < REQUESTS // 10 and time.monotonic() < deadline:
            time.sleep(0.01)
        # The graceful stop alone, as a process manager does it: SIGTERM; s1 serves on for --drain while its
        # /healthz answers 503 (haproxy takes it out), then stops accepting and answers what it has.
        at_stop = load.next
        stopped = time.monotonic()
        code, _ = servers["s1"].stop()
        deadline = time.monotonic() + 10
        while server_status(sock_path, "s1") != "DOWN" and time.monotonic() < deadline:
            time.sleep(0.05)
        servers["s1"] = Server(CUBE, "--listen", f"127.0.0.1:{ports['s1']}", *serve_args)
        restarted = time.monotonic()
        deadline = time.monotonic() + 20
        while server_status(sock_path, "s1") != "UP" and time.monotonic() < deadline:
            time.sleep(0.05)
        back_up = time.monotonic()
        at_back = load.next
        for t in clients:
            t.join(120)
        took = time.monotonic() - started
        stop_watch.set()
        watcher.join(10)
        metrics = {}
        for name in ("s1", "s2"):
            text = servers[name].request("GET", "/metrics")[2].decode()
            metrics[name] = sum(int(float(m)) for m in re.findall(
                r'cube_http_requests_total\{endpoint="/v1/solve",code="200"\} ([0-9.e+]+)', text))
        stat = admin(sock_path, "show stat").splitlines()
        columns = stat[0].lstrip("# ").split(",")
        backend = next(r.split(",") for r in stat if r.startswith("cube_serve,BACKEND"))
        retried, redispatched = int(backend[columns.index("wretr")] or 0), int(backend[columns.index("wredis")] or 0)
        # haproxy's view follows /healthz: s1 goes DOWN only after its /healthz stopped answering 200, stays
        # DOWN until it answers 200 again, and comes UP only after that.
        after = [v for v in views if v[0] >= stopped]
        first = lambda test: next((v[0] for v in after if test(v)), None)
        health_failed, down = first(lambda v: v[2] != 200), first(lambda v: v[1] == "DOWN")
        health_back = first(lambda v: v[0] >= restarted and v[2] == 200)
        up = first(lambda v: v[0] >= restarted and v[1] == "UP")
        follows = None not in (health_failed, down, health_back, up) and health_failed <= down < health_back <= up \
            and all(v[1] == "DOWN" for v in after if down <= v[0] < restarted)
        print(f"haproxy: {REQUESTS} solves from {CLIENTS} clients in {took:.1f} s; s1 stopped (SIGTERM, exit {code}) "
              f"after {at_stop} requests and back UP after {at_back if at_back < REQUESTS else 'the load'}; "
              f"answered 200: {sum(1 for s in load.answers.values() if s == 200)}, failures {len(load.failures)}, "
              f"lost {REQUESTS - len(load.answers)}; haproxy retries {retried}, redispatches {redispatched}; s1 DOWN "
              f"{(down or stopped) - stopped:.2f} s after the stop, UP {back_up - restarted:.2f} s after the start; "
              f"solves per instance (/metrics of the instances now running): s1 {metrics['s1']}, s2 {metrics['s2']}")
        problems = []
        if load.failures:
            problems.append(f"failed requests: {load.failures[:5]}")
        if len(load.answers) != REQUESTS:
            problems.append(f"{REQUESTS - len(load.answers)} requests lost")
        if code != 0:
            problems.append(f"s1 exited {code} on SIGTERM")
        if not follows or server_status(sock_path, "s1") != "UP" or server_status(sock_path, "s2") != "UP":
            problems.append(f"haproxy's view of s1 did not follow its /healthz: {after[:3]} ... {after[-3:]}")
        if metrics["s2"] < 1 or metrics["s1"] < 1:
            problems.append(f"an instance's /metrics counted no solve: {metrics}")
        if problems:
            raise AssertionError("; ".join(problems))
    finally:
        if haproxy is not None and haproxy.poll() is None:
            haproxy.terminate()
            try:
                haproxy.wait(10)
            except subprocess.TimeoutExpired:
                haproxy.kill()
                haproxy.wait()
        for s in servers.values():
            s.kill()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
