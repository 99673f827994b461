"""Starts `cube serve` on a free port for a test and talks to it over real HTTP (Python stdlib only)."""
import http.client
import json
import re
import signal
import subprocess
import sys
import time


class Server:
    """`cube serve --listen 127.0.0.1:0 ARGS`, its port read from the line it prints when ready."""

    def __init__(self, cube, *args):
        listen = [] if "--listen" in args else ["--listen", "127.0.0.1:0"]
        self.process = subprocess.Popen([cube, "serve", *listen, *args],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        found = re.search(r"listening on http://[0-9.]+:(\d+)/", line)
        if not found:
            self.process.kill()
            sys.exit(f"cube serve did not start: {line!r} {self.process.stderr.read()}")
        self.port = int(found.group(1))

    def request(self, method, path, body=None, headers=None, timeout=30):
        """(status, headers, body bytes); a dict or list body is sent as JSON."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        data = answer.read()
        connection.close()
        return answer.status, answer.headers, data

    def json(self, method, path, body=None, **kwargs):
        """(status, headers, the answer as JSON)."""
        status, headers, data = self.request(method, path, body, **kwargs)
        return status, headers, json.loads(data)

    def kill(self):
        """Ends a server a failed test left running."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self, sig=signal.SIGTERM, timeout=20):
        """Sends `sig` and waits; (exit status, stderr)."""
        self.process.send_signal(sig)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise
        return self.process.returncode, self.process.stderr.read()


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def wait_for(predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")
