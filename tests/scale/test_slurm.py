"""A one-node Slurm cluster started here (munged, slurmctld, slurmd on 127.0.0.1, every file in a temporary
folder), running examples/slurm/submit.sh: a 4-task array over 4000 two-phase cubes with the merge as a dependent
job. Task 1 is cancelled part-way (scancel); the merge finds its lines missing, requeues it (it resumes its part
file) and merges again. Checks: every input line answered exactly once, every answer verified, the counts printed.
Exit 77 (skipped) when the daemons are missing or cannot start here. Everything it started is stopped at the end,
also on failure.  usage: test_slurm.py CUBE EXAMPLES_SLURM_DIR"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from scale_helper import free_port, lines_of

CUBE, EXAMPLES = sys.argv[1], sys.argv[2]
CUBES, SHARDS = 4000, 4
DAEMONS = ["munged", "munge", "slurmctld", "slurmd", "sbatch", "scancel", "scontrol", "squeue", "sinfo"]


def skip(why):
    print(f"SKIP: {why}")
    sys.exit(77)




def wait_for(predicate, seconds, what, step=0.05):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out after {seconds} s waiting for {what}")




def descendants(pids):
    """Every process below `pids` (from /proc), so that job steps a stopped slurmd leaves can be ended."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry))
    found, todo = set(), list(pids)
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


class Cluster:
    def __init__(self, root):
        self.root = root
        self.run = os.path.join(root, "run")
        os.makedirs(self.run, mode=0o700)
        for sub in ("state", "spool"):
            os.makedirs(os.path.join(root, sub), mode=0o700)
        self.processes = []
        self.env = dict(os.environ, SLURM_CONF=os.path.join(root, "slurm.conf"))
        self.socket = os.path.join(self.run, "munge.sock")

    def start_munge(self):
        key = os.path.join(self.root, "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(key, 0o600)
        self.spawn(["munged", "-F", "-f", f"--socket={self.socket}", f"--key-file={key}",
                    f"--log-file={self.root}/munged.log", f"--pid-file={self.run}/munged.pid",
                    f"--seed-file={self.root}/munged.seed"])
        try:
            wait_for(lambda: subprocess.run(["munge", "-S", self.socket, "-n"], capture_output=True).returncode == 0,
                     10, "munged")
        except AssertionError:
            skip(f"munged did not start here: {self.tail('munged.log')}")

    def start_slurm(self):
        host = socket.gethostname().split(".")[0]
        r = self.root
        conf = f"""ClusterName=cubetest
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={free_port()}
SlurmdPort={free_port()}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={self.socket}
StateSaveLocation={r}/state
SlurmdSpoolDir={r}/spool
SlurmctldPidFile={r}/run/slurmctld.pid
SlurmdPidFile={r}/run/slurmd.pid
SlurmctldLogFile={r}/slurmctld.log
SlurmdLogFile={r}/slurmd.log
PlugStackConfig={r}/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobRequeue=1
MinJobAge=600
NodeName={host} NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
"""
        with open(self.env["SLURM_CONF"], "w") as f:
            f.write(conf)
        open(os.path.join(r, "plugstack.conf"), "w").close()
        conf_path = self.env["SLURM_CONF"]
        self.spawn(["slurmctld", "-D", "-i", "-f", conf_path])
        self.spawn(["slurmd", "-D", "-f", conf_path])
        idle = lambda: subprocess.run(["sinfo", "-h", "-o", "%T"], env=self.env, capture_output=True,
                                      text=True).stdout.strip() == "idle"
        try:
            wait_for(idle, 30, "the node to be idle", 0.2)
        except AssertionError:
            skip(f"slurmctld/slurmd did not start here: {self.tail('slurmctld.log')} {self.tail('slurmd.log')}")

    def spawn(self, argv):
        self.processes.append(subprocess.Popen(argv, env=self.env, stdout=subprocess.DEVNULL,
                                               stderr=subprocess.DEVNULL, start_new_session=True))

    def tail(self, name):
        try:
            with open(os.path.join(self.root, name), errors="replace") as f:
                return " | ".join(f.read().splitlines()[-5:])
        except OSError:
            return "(no log)"

    def slurm(self, *argv):
        return subprocess.run(list(argv), env=self.env, capture_output=True, text=True, timeout=30)

    def stop(self):
        """Cancels every job, stops the daemons (slurmd first) and ends what they left: bounded waits."""
        if len(self.processes) > 1:
            self.slurm("scancel", "--full", "--user=root")
            try:
                wait_for(lambda: not self.slurm("squeue", "-h").stdout.strip(), 10, "the jobs to end", 0.2)
            except (AssertionError, subprocess.SubprocessError):
                pass
        left = descendants([p.pid for p in self.processes])
        for p in reversed(self.processes):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def main():
    missing = [d for d in DAEMONS if not shutil.which(d)]
    if missing:
        skip(f"missing {', '.join(missing)} (Debian packages slurm-wlm, munge; scripts/setup.sh installs them)")
    if os.geteuid() != 0:
        skip("slurmd runs job steps as their user and needs root here")
    root = tempfile.mkdtemp(prefix="cube-slurm-")
    os.chmod(root, 0o700)
    cluster = Cluster(root)
    try:
        cluster.start_munge()
        cluster.start_slurm()
        run_array(cluster, root)
    finally:
        cluster.stop()
        if os.environ.get("CUBE_KEEP_TEST_DIR"):
            print(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)


def run_array(cluster, root):
    cubes = os.path.join(root, "cubes.txt")
    with open(cubes, "w") as f:
        subprocess.run([CUBE, "random", "--seed", "32", "--count", str(CUBES)], stdout=f, check=True)
    out = os.path.join(root, "out")
    env = dict(cluster.env, CUBE=CUBE, CUBE_CPUS="1")
    started = time.monotonic()
    ids = subprocess.run([os.path.join(EXAMPLES, "submit.sh"), cubes, out, str(SHARDS)], env=env,
                         capture_output=True, text=True, timeout=30, check=True).stdout.split()
    array = ids[0]
    part1 = os.path.join(out, "part-1.jsonl")
    per_shard = CUBES // SHARDS
    # Task 1 cancelled part-way: once it has written some answers but not all.
    at = wait_for(lambda: (lambda n: n if n >= 50 else 0)(lines_of(part1)), 40, "task 1 to write answers", 0.01)
    cluster.slurm("scancel", f"{array}_1")
    if at >= per_shard:
        raise AssertionError(f"task 1 finished ({at} lines) before it could be cancelled")
    wait_for(lambda: cluster.slurm("scontrol", "show", "job", f"{array}_1").stdout.find("JobState=CANCELLED") >= 0
             or lines_of(part1) == per_shard, 20, "task 1 to be cancelled", 0.05)
    cancelled_at = lines_of(part1)
    answers = os.path.join(out, "answers.jsonl")
    wait_for(lambda: os.path.exists(answers), 55, "the merged answers", 0.2)
    took = time.monotonic() - started
    restarts = cluster.slurm("scontrol", "show", "job", f"{array}_1").stdout
    requeued = "Restarts=1" in restarts or "Restarts=2" in restarts
    report = json.load(open(os.path.join(out, "merge.json")))
    with open(answers) as f:
        numbers = [json.loads(line)["line"] for line in f]
    parts = sum(lines_of(os.path.join(out, f"part-{k}.jsonl")) for k in range(1, SHARDS + 1))
    # Our own check of the merged file, apart from the merge job's.
    again = subprocess.run([CUBE, "merge", "--input", cubes, "--json", answers], capture_output=True, text=True)
    ours = json.loads(again.stdout)
    lost = CUBES - len(set(numbers))
    duplicated = len(numbers) - len(set(numbers))
    print(f"slurm: {SHARDS} tasks over {CUBES} cubes in {took:.1f} s; tasks cancelled 1 (at {cancelled_at} of "
          f"{per_shard} lines), requeued {'yes' if requeued else 'no'}; lines lost {lost}, duplicated {duplicated}; "
          f"answer lines in the part files {parts}; merge: verified {report['verified']}, exit of our merge "
          f"{again.returncode}")
    problems = []
    if numbers != list(range(1, CUBES + 1)):
        problems.append("the merged answers are not lines 1..4000 in order, each once")
    if not report["ok"] or report["verified"] != CUBES or not ours["ok"] or ours["verified"] != CUBES:
        problems.append(f"merge report: {report} / ours: {ours}")
    if parts != CUBES:
        problems.append(f"the part files hold {parts} answers, not {CUBES}")
    if not requeued:
        problems.append(f"task 1 was not requeued: {restarts}")
    if problems:
        for name in os.listdir(out):
            if name.endswith(".log"):
                print(f"--- {name}\n{open(os.path.join(out, name), errors='replace').read()[-2000:]}")
        raise AssertionError("; ".join(problems))


if __name__ == "__main__":
    main()
