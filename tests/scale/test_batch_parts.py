"""Split, resumed and merged batches (issue 32), every bad input of the options: --lines, --shard and --resume of
`cube solve -` and `cube plan -`, and `cube merge` (duplicates, missing lines, wrong answers, answers past the
input, unreadable and incomplete answer lines, its exit statuses and reports).  usage: test_batch_parts.py CUBE"""
import fcntl
import json
import os
import subprocess
import sys
import tempfile

CUBE = sys.argv[1]
failures = []
folder = tempfile.mkdtemp(prefix="cube-parts-")


def path(name):
    return os.path.join(folder, name)


def cube(*args, stdin=None):
    r = subprocess.run([CUBE, *args], input=stdin, capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout, r.stderr


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"))
    if not condition:
        failures.append(name)


def write(name, text):
    with open(path(name), "w") as f:
        f.write(text)
    return path(name)


def read(name):
    with open(path(name)) as f:
        return f.read()


states = cube("random", "--seed", "5", "--count", "12")[1].splitlines()
lines = states[:4] + ["bad"] + states[4:]  # 13 lines, line 5 is not a cube
cubes = write("cubes.txt", "\n".join(lines) + "\n")
SOLVE = ["solve", "-", "--json", "--tables", "full"]

# --lines and --shard values that cannot be read: usage errors (exit 2) naming the option.
for bad in ["0:5", "5:3", "a:b", "1:2:3", "", ":5", "-1", "12345678901234567", "1:x", " 1:2"]:
    code, _, err = cube(*SOLVE, "--lines", bad, stdin="")
    check(f"--lines {bad!r} is a usage error", code == 2 and "--lines" in err, (code, err))
for bad in ["0/4", "5/4", "1/0", "1/1000001", "x", "1/", "/4", "1/4/2", "2", "-1/4"]:
    code, _, err = cube(*SOLVE, "--shard", bad, stdin="")
    check(f"--shard {bad!r} is a usage error", code == 2 and "--shard" in err, (code, err))
code, _, err = cube("solve", states[0], "--lines", "1:2")
check("--lines needs a batch", code == 2 and "batch" in err, err)
code, _, err = cube("solve", "-", "--resume", path("x.jsonl"), stdin="")
check("--resume needs --json", code == 2 and "--json" in err and not os.path.exists(path("x.jsonl")), err)
code, _, err = cube("plan", "--robot", "four-arm", "-", "--shard", "1/2", stdin="")
check("a plan batch needs --json", code == 2, err)

# The parts: line numbers, the lines each part answers, one or two threads alike.
code, out, _ = cube(*SOLVE, "--lines", "3:6", stdin="\n".join(lines) + "\n")
check("--lines 3:6 answers lines 3..6", [json.loads(x)["line"] for x in out.splitlines()] == [3, 4, 5, 6], out)
check("--lines 3:6 exits 1 for its bad line 5", code == 1)
code, out, _ = cube(*SOLVE, "--lines", "12:", stdin="\n".join(lines) + "\n")
check("--lines 12: answers to the end", [json.loads(x)["line"] for x in out.splitlines()] == [12, 13], out)
one = cube(*SOLVE, "--shard", "2/3", stdin="\n".join(lines) + "\n")[1]
two = cube(*SOLVE, "--shard", "2/3", "--threads", "2", stdin="\n".join(lines) + "\n")[1]
check("--shard 2/3 answers lines 2, 5, 8, 11", [json.loads(x)["line"] for x in one.splitlines()] == [2, 5, 8, 11], one)
check("--shard on two threads answers the same", one == two, (one, two))
code, out, _ = cube(*SOLVE, "--shard", "1/2", "--lines", "4:9", stdin="\n".join(lines) + "\n")
check("--shard with --lines: the shard's lines of the range", [json.loads(x)["line"] for x in out.splitlines()] == [5, 7, 9], out)
code, out, _ = cube("solve", "-", "--lines", "2", stdin="\n".join(lines) + "\n")
check("text answers: no line numbers", code == 0 and out.count("\n") == 1 and "line" not in out, out)
code, out, _ = cube(*SOLVE, stdin=lines[0] + "\n")
check("a whole batch's JSON has no line number", '"line"' not in out, out)

# --resume: created, continued, an incomplete last line cut, complete files left alone.
whole = cube(*SOLVE, "--shard", "1/2", stdin="\n".join(lines) + "\n")[1]
code, _, _ = cube(*SOLVE, "--shard", "1/2", "--resume", path("r.jsonl"), stdin="\n".join(lines) + "\n")
check("--resume writes the answers to FILE", read("r.jsonl") == whole and code == 1, read("r.jsonl"))
code, _, err = cube(*SOLVE, "--shard", "1/2", "--resume", path("r.jsonl"), stdin="\n".join(lines) + "\n")
check("a complete file: nothing added; exit 1 for its error answer", read("r.jsonl") == whole and code == 1, err)
write("r.jsonl", "".join(whole.splitlines(True)[:3]) + whole.splitlines(True)[3][:17])
code, _, err = cube(*SOLVE, "--shard", "1/2", "--resume", path("r.jsonl"), stdin="\n".join(lines) + "\n")
check("an incomplete last line is cut and the rest answered", read("r.jsonl") == whole and "cut an incomplete" in err,
      err)

def refused(name, content, *extra):
    p = write(name, content)
    code, _, err = cube(*SOLVE, "--shard", "1/2", "--resume", p, *extra, stdin="\n".join(lines) + "\n")
    check(f"--resume refuses {name}", code == 1 and ("not an answer of this batch" in err or "past the input" in err)
          and read(name) == content,
          (code, err))

refused("text.txt", "R U F\nD L B\n")
refused("other-shard.jsonl", cube(*SOLVE, "--shard", "2/2", stdin="\n".join(lines) + "\n")[1])
refused("no-line.jsonl", cube(*SOLVE, stdin=lines[0] + "\n")[1])
refused("too-many.jsonl", whole + '{"line":15,"ok":true,"solution":""}\n')
refused("gap.jsonl", whole.splitlines(True)[0] + whole.splitlines(True)[2])
refused("empty-line.jsonl", "\n")
code, _, err = cube(*SOLVE, "--resume", folder, stdin="")
check("--resume refuses a folder", code == 1 and ("regular file" in err or "Is a directory" in err), err)
code, _, err = cube(*SOLVE, "--resume", "/nonexistent/dir/x.jsonl", stdin="")
check("--resume: a file that cannot be created is an I/O error", code == 1 and "cannot open" in err, err)
with open(path("locked.jsonl"), "w") as held:
    fcntl.flock(held, fcntl.LOCK_EX)
    code, _, err = cube(*SOLVE, "--resume", path("locked.jsonl"), stdin="\n".join(lines) + "\n")
    check("--resume refuses a file another process writes", code == 1 and "another cube process" in err, err)

# cube merge.
parts = []
for k in (1, 2, 3):
    cube(*SOLVE, "--shard", f"{k}/3", "--resume", path(f"p{k}.jsonl"), stdin="\n".join(lines) + "\n")
    parts.append(path(f"p{k}.jsonl"))


def merge(*args):
    code, out, err = cube("merge", "--input", cubes, "--json", *args)
    try:
        return code, json.loads(out), err
    except ValueError:
        return code, {}, err + out


code, rep, _ = merge("--output", path("all.jsonl"), *parts)
merged = [json.loads(x) for x in read("all.jsonl").splitlines()]
check("merge: complete and verified, exit 0", code == 0 and rep["ok"] and rep["verified"] == 13
      and rep["input_errors"] == 1 and rep["output"] == path("all.jsonl"), rep)
check("merge: the output in input order", [a["line"] for a in merged] == list(range(1, 14)))
code, rep, _ = merge("--output", path("none.jsonl"), "--missing", path("missing.txt"), parts[0], parts[2])
check("merge: missing lines, exit 3, as ranges", code == 3 and rep["missing"] == ["2", "5", "8", "11"], rep)
check("merge: --missing lists them", read("missing.txt").split() == ["2", "5", "8", "11"])
check("merge: no output when incomplete", not os.path.exists(path("none.jsonl"))
      and not os.path.exists(path("none.jsonl.part")))
code, rep, _ = merge(*parts, parts[1])
check("merge: duplicated lines, exit 1", code == 1 and [d["line"] for d in rep["duplicated"]] == [2, 5, 8, 11], rep)
wrong = write("wrong.jsonl", read("p1.jsonl").replace('"solution":"', '"solution":"R ', 1))
code, rep, _ = merge(wrong, parts[1], parts[2])
check("merge: a solution that does not solve its cube, exit 1",
      code == 1 and rep["wrong"] and rep["wrong"][0]["line"] == 1, rep)
past = write("past.jsonl", '{"line":14,"ok":true,"solution":""}\n')
code, rep, _ = merge(*parts, past)
check("merge: an answer past the input's end, exit 1", code == 1 and rep["wrong"][0]["line"] == 14, rep)
garbage = write("garbage.jsonl", 'not json\n{"line":0,"ok":true}\n{"ok":true}\n{"line":1,"line":1,"ok":true}\n')
code, rep, _ = merge(*parts, garbage)
check("merge: unreadable answer lines, exit 1", code == 1 and len(rep["unreadable"]) == 4, rep)
cut = write("cut.jsonl", read("p1.jsonl")[:-20])
code, rep, _ = merge(cut, parts[1], parts[2])
check("merge: an incomplete last line counts as missing, exit 3",
      code == 3 and rep["incomplete"] and rep["missing"] == ["13"], rep)
unsolved = write("unsolved.jsonl", read("p1.jsonl").replace(
    read("p1.jsonl").splitlines()[0], '{"line":1,"ok":false,"status":"CUBE_ERROR_TIMEOUT","error":"time limit"}'))
code, rep, _ = merge(unsolved, parts[1], parts[2])
check("merge: an error answer for a cube is unsolved, exit 3", code == 3 and rep["unsolved"] == ["1"], rep)
lie = write("lie.jsonl", read("p2.jsonl").replace(read("p2.jsonl").splitlines()[1], '{"line":5,"ok":true,"solution":""}'))
code, rep, _ = merge(parts[0], lie, parts[2])
check("merge: a solution for a line that is not a cube, exit 1", code == 1 and rep["wrong"][0]["line"] == 5, rep)
count = write("count.jsonl", '{"line":1,"ok":true,"count":3}\n')
code, rep, _ = merge(count)
check("merge: an answer without a solution cannot be verified", code == 1 and rep["wrong"][0]["line"] == 1, rep)
code, _, err = cube("merge", *parts)
check("merge: --input is required", code == 2 and "--input" in err, err)
code, _, err = cube("merge", "--input", cubes)
check("merge: answer files are required", code == 2, err)
code, _, err = cube("merge", "--input", cubes, path("nonexistent.jsonl"))
check("merge: an answer file that cannot be opened, exit 1", code == 1 and "nonexistent" in err, err)
code, out, _ = cube("merge", "--input", cubes, parts[0], parts[2])
check("merge: the text report lists the lines", code == 3 and "missing: 4 lines: 2 5 8 11" in out, out)

# Plans and --all answers are verified too.
plans = []
for k in (1, 2):
    cube("plan", "--robot", "four-arm", "-", "--json", "--tables", "full", "--shard", f"{k}/2", "--resume",
         path(f"plan{k}.jsonl"), stdin="\n".join(lines[:6]) + "\n")
    plans.append(path(f"plan{k}.jsonl"))
six = write("six.txt", "\n".join(lines[:6]) + "\n")
code, out, _ = cube("merge", "--input", six, "--json", *plans)
check("merge: plans verified by their moves", code == 0 and json.loads(out)["verified"] == 6, out)
two = cube("random", "--size", "2", "--seed", "3", "--count", "4")[1]
all2 = write("all2.txt", two)
cube("solve", "-", "--json", "--all", "--lines", "1:", "--resume", path("all2.jsonl"), stdin=two)
code, out, _ = cube("merge", "--input", all2, "--json", path("all2.jsonl"))
check("merge: every solution of --all verified", code == 0 and json.loads(out)["verified"] == 4, out)

# --optimal batches split and merged the same way (short scrambles: milliseconds without the standard table).
solved = "U" * 9 + "R" * 9 + "F" * 9 + "D" * 9 + "L" * 9 + "B" * 9
near = [cube("apply", solved, m)[1].strip() for m in ("R U F", "L2 D B'", "F R U R' U'")]
near_file = write("near.txt", "\n".join(near) + "\n")
for k in (1, 2):
    cube("solve", "-", "--optimal", "--json", "--tables", "full", "--shard", f"{k}/2", "--resume",
         path(f"opt{k}.jsonl"), stdin="\n".join(near) + "\n")
code, out, _ = cube("merge", "--input", near_file, "--json", path("opt1.jsonl"), path("opt2.jsonl"))
check("merge: --optimal parts verified", code == 0 and json.loads(out)["verified"] == 3, out)

for name in os.listdir(folder):
    os.remove(path(name))
os.rmdir(folder)
if failures:
    sys.exit(f"{len(failures)} failed: {failures}")
