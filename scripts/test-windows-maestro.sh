# shellcheck shell=sh
# shellcheck disable=SC2154 # say, pass, fail, build, native, wine, work and WINEPREFIX come from scripts/test-windows.sh
# Sourced by scripts/test-windows.sh: the Maestro plugin DLL on a COM port. Wine maps COM5 onto whatever
# $WINEPREFIX/dosdevices/com5 links to: here the pseudo-terminal of a fake Maestro, a Linux program
# (tests/driver/maestro/fake_maestro_device.cpp), which replays what it received on the robot's physics.
# cube.exe loads the plugin, opens maestro:COM5?... (CreateFileW, SetCommState, SetCommTimeouts) and runs
# moves that solve the fake's scrambled cube.
plugin=$build/drivers/maestro/cube-driver-maestro.dll
device=$native/tests/driver/maestro/fake_maestro_device
if [ ! -f "$plugin" ] || [ ! -x "$device" ]; then
    say "skipped: the Maestro on COM5 (no $(basename "$plugin") or no Linux fake_maestro_device: the Linux build needs cmocka's tests)"
    return 0
fi
mkdir -p "$work/maestro-drivers"
cp "$plugin" "$work/maestro-drivers/"
mkfifo "$work/fake.in"
: >"$work/fake.out"
"$device" four-arm "R U F' D2 L B" <"$work/fake.in" >"$work/fake.out" 2>&1 &
fake=$!
exec 5>"$work/fake.in"
i=0
while [ "$(wc -l <"$work/fake.out")" -lt 2 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
pty=$(sed -n 1p "$work/fake.out")
config=$(sed -n 2p "$work/fake.out")
ln -sfn "$pty" "$WINEPREFIX/dosdevices/com5"
ran=$("$wine" "$build/tools/cube.exe" run --path "Z:$work/maestro-drivers" \
    --driver "maestro:COM5?config=$config&model=four-arm" --moves "B' L' D2 F U' R'" 2>&1 | tr -d '\r' || true)
# A COM port that is not there: the open fails with the system's reason, nothing runs (while the fake and
# its configuration file are still there).
status=0
"$wine" "$build/tools/cube.exe" run --path "Z:$work/maestro-drivers" \
    --driver "maestro:COM9?config=$config&model=four-arm" --moves "R" >"$work/com9.out" 2>&1 || status=$?
exec 5>&-
wait $fake || true
rm -f "$WINEPREFIX/dosdevices/com5"
replay=$(sed -n 3p "$work/fake.out")
if echo "$ran" | grep -q "^ran [0-9]* actions" && [ "${replay#replay: cube solved}" != "$replay" ]; then
    pass "the Maestro plugin on COM5 (a pseudo-terminal under Wine): $ran; the fake's $replay"
else fail "the Maestro plugin on COM5: cube.exe: $ran; the fake: $replay"; fi
if [ "$status" != 0 ] && grep -q "cannot open the Maestro's command port COM9: " "$work/com9.out"; then
    pass "a missing COM port: exit $status, $(tr -d '\r' <"$work/com9.out" | head -n 1)"
else fail "a missing COM port: exit $status, $(head -n 2 "$work/com9.out")"; fi
