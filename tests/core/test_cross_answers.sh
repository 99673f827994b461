#!/bin/sh
# Identical answers on every architecture (docs/cross.md): the sha256 digest of what `cube` prints for fixed
# inputs, against digests made on x86-64. Two-phase answers depend on the tables, so they are pinned to the
# full tables ($CUBE_TABLE_DIR) with --tables full; robot plans to a small search budget (--plan-ms 20, counted
# in search nodes), so that fifty of them per family stay quick under qemu. CUBE_PRINT_DIGESTS=1 prints the
# digests instead of checking them (to renew them after a deliberate change of answers).
cube=$1
. "$(dirname "$0")/../check.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# CUBE_CROSS_QUICK=1 (test.sh's cross stage in CI): the first 200 states and 10 plans per family, with
# digests of their own, so that the stage fits CI's time under qemu.
count=1000
plans=50
[ -n "${CUBE_CROSS_QUICK:-}" ] && count=200 && plans=10
$cube random --seed 1 --count 1000 | head -n $count >"$work/states3"
$cube random --size 2 --seed 1 --count 1000 | head -n $count >"$work/states2"
head -n $plans "$work/states3" >"$work/plans3"

# digest NAME EXPECTED command...: the command's stdout digested and checked (or printed).
digest() {
    name=$1
    expected=$2
    shift 2
    actual=$("$@" | sha256sum | cut -d' ' -f1)
    if [ -n "${CUBE_PRINT_DIGESTS:-}" ]; then
        echo "$name $actual"
    else
        check "$name" "$expected" "$actual"
    fi
}
twophase() { $cube solve --max-length 20 --tables full - <"$work/states3"; }
lbl() { $cube solve --method lbl - <"$work/states3"; }
optimal2() { $cube solve - <"$work/states2"; }
plans() { # plans FAMILY: the JSON plan of each cube, a line each, in input order (one process: one table load)
    $cube plan --robot "$1" --tables full --plan-ms 20 --json - <"$work/plans3"
}

if [ -z "${CUBE_CROSS_QUICK:-}" ]; then
    digest twophase-1000 ff33bba9ea6371f05c0b169f91c155dcb2f8092aa807467d1245b7c3c5538471 twophase
    digest lbl-1000 8caccc8e94e675b6f825daa22af10b8b8ffa82e602275376d7f8531e82afd45d lbl
    digest optimal2x2-1000 fa645d13a1a21962b56a406cddbd403b028080fc1bd061cce916fbe7390ee80c optimal2
    digest plans-six-motor 557ce431478c3f0d46779cd2c8090a51b4da4217fd40ffee546f4c539e3c1dc0 plans six-motor
    digest plans-four-arm 4211bd08339e7b16186bab10fe526e4592a78db6f9d37f3a8aaba069a61bd81f plans four-arm
    digest plans-two-gripper a9f7c9855b6bdd496fd86390ad6021d0160b5cc65c98a883228f9f286b0517a9 plans two-gripper
    digest plans-turntable-flipper c332c410bcb60ed4aa229896186921088e631ef7170858e97feda8cd17826ae3 \
        plans turntable-flipper
    digest plans-hold-and-flip 2e40f091297f734fb6f33fbb476a4d8a06a7f0924e5a0be689ade42aa0e5dfed plans hold-and-flip
else
    digest twophase-200 97192791673028e85ec707716d805ab82ef96f77adf178eaedb128f8658ca224 twophase
    digest lbl-200 619ff27705a993a9a8caf6fc5d7372b71900d7ea7d5d609e7be5a2e1217d4491 lbl
    digest optimal2x2-200 dd62b6e99b269ca0bfb08bf1875f72088658b401df1d66cf31dd1301feca98fd optimal2
    digest plans10-six-motor adaadf302c0f8608ab764fac1103a5892a0f6a617c039f9609c412cc512544fc plans six-motor
    digest plans10-four-arm dd26111efbeb70e21a3b9f0bc5e4aa5d89064467d6da6ac7a689b9bd6bd5b4d8 plans four-arm
    digest plans10-two-gripper d29133639b183f9e1bb540f06d918a6bb10edf1156a4ad8f42b8e00b970f59f9 plans two-gripper
    digest plans10-turntable-flipper d2056fbd41e53f8c5fb853b64e1fcd3acb10caa59e411d29240af136f2671067 \
        plans turntable-flipper
    digest plans10-hold-and-flip decf43b8f563a602039badc87b5273b66e21dc41133725cbb1dfb6deaeb92ce2 plans hold-and-flip
fi
[ -n "${CUBE_PRINT_DIGESTS:-}" ] && exit 0
finish
