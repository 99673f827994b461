"""`cube solve - --json --resume FILE` killed with SIGKILL 20 times at seeded random points (a seeded random time after its start), every third time with an incomplete last line written after it as a killed writer leaves one,
and resumed each time: the file at the end is byte-identical to one uninterrupted run's, on one thread and on two
(alternating). The input holds bad lines too, which are answered where they stand. Prints the counts.
usage: test_resume_kill.py CUBE"""
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

from scale_helper import lines_of

CUBE = sys.argv[1]
KILLS, CUBES = 20, 4000
rng = random.Random(3211)


def run(args, out, threads, stdin_path):
    with open(stdin_path) as stdin:
        return subprocess.Popen([CUBE, "solve", "-", "--json", "--tables", "full", "--threads", str(threads),
                                 "--resume", out] + args, stdin=stdin, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)




def main():
    folder = tempfile.mkdtemp(prefix="cube-resume-")
    # The shard has as many lines as the whole batch (twice the cubes), so that it too outlasts 20 kills on
    # a fast machine (with 2005 lines it ended after 18 on an idle one).
    for args, count in (([], CUBES), (["--shard", "2/2"], 2 * CUBES)):
        cubes = os.path.join(folder, "cubes.txt")
        states = subprocess.run([CUBE, "random", "--seed", "11", "--count", str(count)], capture_output=True,
                                text=True, check=True).stdout.splitlines()
        for i in sorted(rng.sample(range(count), 10), reverse=True):
            states.insert(i, rng.choice(["bad", "UUU", states[i][::-1], ""]))
        with open(cubes, "w") as f:
            f.write("\n".join(states) + "\n")
        total = len(states)
        want = total if not args else len(range(2, total + 1, 2))
        reference = os.path.join(folder, "reference.jsonl")
        p = run(args, reference, 1, cubes)
        if p.wait(120) != 1:  # 1: the bad lines
            sys.exit(f"the uninterrupted run failed: {p.stderr.read().decode()}")
        out = os.path.join(folder, "resumed.jsonl")
        killed = cut = rounds = 0
        while killed < KILLS and lines_of(out) < want and rounds < 3 * KILLS:
            rounds += 1
            p = run(args, out, 1 + rounds % 2, cubes)
            try:
                p.wait(rng.uniform(0.02, 0.15))
            except subprocess.TimeoutExpired:
                pass
            if p.poll() is None:
                p.send_signal(signal.SIGKILL)
                killed += 1
            p.wait(30)
            if rounds % 3 == 0:  # as if killed in the middle of writing an answer
                with open(out, "ab") as f:
                    f.write(b'{"line":%d,"ok":true,"solution":"R U' % (lines_of(out) + 1))
                cut += 1
        p = run(args, out, 2, cubes)
        stderr = p.communicate(timeout=120)[1].decode()
        same = open(reference, "rb").read() == open(out, "rb").read()
        numbers = [json.loads(line)["line"] for line in open(out)]
        lost = want - len(set(numbers))
        duplicated = len(numbers) - len(set(numbers))
        print(f"resume {' '.join(args) or '(whole batch)'}: {want} lines, killed {killed} times (SIGKILL), "
              f"incomplete last lines cut {cut}; lines lost {lost}, duplicated {duplicated}; "
              f"byte-identical to an uninterrupted run: {same}")
        if not same or lost or duplicated or killed < KILLS:
            print(stderr)
            sys.exit(f"resume failed (kept {folder})")
        os.remove(out)
        os.remove(reference)
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    os.rmdir(folder)


if __name__ == "__main__":
    main()
