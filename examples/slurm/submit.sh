#!/bin/sh
# Submits a cube batch to Slurm as a job array of SHARDS tasks and its merge as a dependent job.
#   submit.sh INPUT OUTDIR SHARDS [ARGS...]
# INPUT: one cube (facelet string) a line; OUTDIR: a folder on the shared file system for the part files,
# the logs and the merged answers.jsonl; ARGS: more options of `cube solve` (e.g. --optimal). The environment
# may set CUBE (the program), CUBE_CPUS (threads per task, default 2), CUBE_COMMAND ("plan --robot SPEC"
# plans instead of solving) and SBATCH_* (partition, account, time limit: see man sbatch). Prints the two job ids.
set -eu
[ $# -ge 3 ] || { echo "usage: submit.sh INPUT OUTDIR SHARDS [cube solve options...]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
input=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2"
out=$(cd "$2" && pwd)
shards=$3
shift 3
cpus=${CUBE_CPUS:-2}
export CUBE_INPUT="$input" CUBE_OUT="$out" CUBE_SHARDS="$shards" CUBE_SOLVE_ARGS="$*" CUBE_CPUS="$cpus"
export CUBE_EXAMPLES="$here"
array=$(sbatch --parsable --array="1-$shards" --cpus-per-task="$cpus" --export=ALL \
    --output="$out/solve-%A_%a.log" "$here/solve-array.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterany:$array" --export=ALL,CUBE_ARRAY_JOB="$array" \
    --output="$out/merge-%j.log" "$here/merge.sbatch")
echo "$array ${merge%%;*}"
