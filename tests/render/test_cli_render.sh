#!/bin/sh
# The pictures of `cube`: every SVG kind (net, 3-D view, solve steps, plan timeline) is well-formed XML
# (xmllint), its sticker colours read back equal the cube's facelets in the scheme's colours, and the net
# and 3-D view rendered to PNG (rsvg-convert) have those colours at each sticker's centre; coloured text
# (24-bit, 256, auto on a terminal, never), schemes, and the usage errors (exit 2).
# Skips (exit 77) when xmllint or rsvg-convert is missing.
cube=$1
here=$(dirname "$0")
check_py="python3 $here/svg_check.py"
for tool in xmllint rsvg-convert python3; do
    command -v $tool >/dev/null 2>&1 || { echo "SKIP: $tool not found (packages libxml2-utils, librsvg2-bin)"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/../check.sh"
WESTERN="#ffffff,#b71234,#009b48,#ffd500,#ff5800,#0046ad"
JAPANESE="#ffffff,#b71234,#009b48,#0046ad,#ff5800,#ffd500"

# Checks svg_check.py runs at the end, all in one process: NAME EXPECTED CHECK ARGS..., tab-separated.
later() {
    (IFS=$(printf '\t'); echo "$*") >>"$work/checks"
}

# One picture: well-formed, its stickers (how many are expected) read back, and pixel-sampled.
pictures=0
check_picture() { # name svg facelets colours expected_stickers
    pictures=$((pictures + 1))
    svg=$work/$1.svg
    [ "$2" = "$svg" ] || mv "$2" "$svg"
    check "$1-xml" "" "$(xmllint --noout "$svg" 2>&1)"
    check "$1-xpath" "$5" "$(xmllint --xpath "count(//*[@class='sticker'])" "$svg")"
    later "$1-fills" "$5" stickers "$svg" "$3" "$4"
    # A quarter of the size (8 px stickers) keeps the pure-Python PNG reader quick.
    rsvg-convert --zoom 0.25 "$svg" -o "$work/$1.png"
    later "$1-pixels" "$5" pixels "$svg" "$work/$1.png" 0.25
}

for size in 2 3; do
    n=$((size * size))
    cube_text=$($cube random --seed 18 --size $size)
    $cube show "$cube_text" --svg >"$work/net.svg"
    check_picture "net-$size" "$work/net.svg" "$cube_text" "$WESTERN" $((6 * n))
    $cube show "$cube_text" --svg --3d >"$work/iso.svg"
    check_picture "3d-$size" "$work/iso.svg" "$cube_text" "$WESTERN" $((3 * n))
    $cube show "$cube_text" --svg --scheme japanese >"$work/japanese.svg"
    check_picture "japanese-$size" "$work/japanese.svg" "$cube_text" "$JAPANESE" $((6 * n))
    $cube show "$cube_text" --svg --3d --scheme "U=#123,D=#a0b0c0" >"$work/custom.svg"
    check_picture "custom-$size" "$work/custom.svg" "$cube_text" "#112233,#b71234,#009b48,#a0b0c0,#ff5800,#0046ad" $((3 * n))
done
# Whole-cube rotations and slices move the centres: the pictures follow the letters.
$cube show --moves "x M y'" --svg >"$work/rotated.svg"
check_picture rotated "$work/rotated.svg" "$($cube apply "x M y'")" "$WESTERN" 54

# solve --steps --svg: one document, a picture per move; the last one is solved.
for size in 2 3; do
    cube_text=$($cube random --seed 7 --size $size)
    solution=$($cube solve --tables compact "$cube_text")
    moves=$(echo "$solution" | wc -w)
    $cube solve --tables compact "$cube_text" --steps --svg >"$work/steps.svg"
    check "steps-$size-xml" "" "$(xmllint --noout "$work/steps.svg" 2>&1)"
    check "steps-$size-pictures" $((moves + 1)) "$(xmllint --xpath "count(//*[@class='step'])" "$work/steps.svg")"
    cp "$work/steps.svg" "$work/steps-$size.svg"
    later "steps-$size-start" $((6 * size * size)) stickers "$work/steps-$size.svg" "$cube_text" "$WESTERN" s0-
    solved=$($cube apply "$cube_text" "$solution")
    later "steps-$size-solved" $((6 * size * size)) stickers "$work/steps-$size.svg" "$solved" "$WESTERN" "s$moves-"
    $cube solve --tables compact "$cube_text" --steps --svg --3d | xmllint --noout - || fails=$((fails + 1))
    # As text: the solution, then "start" and "N. MOVE" above each net.
    $cube solve --tables compact "$cube_text" --steps >"$work/steps.txt" 2>/dev/null
    check "steps-$size-text-first" "$solution" "$(head -n 1 "$work/steps.txt")"
    check "steps-$size-text-labels" $((moves + 1)) "$(grep -c -E '^(start|[0-9]+\. .+)$' "$work/steps.txt")"
    check "steps-$size-text-end" "$($cube show "$solved")" "$(tail -n $((3 * size + 1)) "$work/steps.txt" | head -n $((3 * size)))"
done

# plan --svg: a bar per action, a row per actuator.
for robot in four-arm turntable-flipper; do
    $cube plan --robot $robot --moves "R U F' D2" --svg >"$work/plan.svg"
    check "plan-$robot-xml" "" "$(xmllint --noout "$work/plan.svg" 2>&1)"
    actions=$($cube plan --robot $robot --moves "R U F' D2" --json | grep -o '"actuator"' | wc -l)
    check "plan-$robot-bars" "$actions" "$(xmllint --xpath "count(//*[starts-with(@class,'action ')])" "$work/plan.svg")"
done

# Text colours: plain when piped, escape codes when asked, on a terminal by TERM and COLORTERM.
esc=$(printf '\033')
check piped-plain 0 "$($cube show --moves R | grep -c "$esc")"
check color-24bit 9 "$($cube show --moves R --color=24bit | grep -c "48;2;")"
check color-256 9 "$($cube show --moves R --color=256 | grep -c "48;5;")"
check color-alone 9 "$(COLORTERM= $cube show --moves R --color | grep -c "48;5;")"
check color-always-truecolor 9 "$(COLORTERM=truecolor $cube show --moves R --color=always | grep -c "48;2;")"
check no-color 0 "$($cube show --moves R --no-color | grep -c "$esc")"
check japanese-text 9 "$($cube show --moves R --color=24bit --scheme japanese | grep -o "48;2;0;70;173m D " | wc -l)"
if script -qc true /dev/null >/dev/null 2>&1; then
    check tty-truecolor yes "$(TERM=xterm COLORTERM=truecolor script -qc "$cube show --moves R" /dev/null | grep -q "48;2;" && echo yes)"
    check tty-256 yes "$(TERM=xterm COLORTERM= script -qc "$cube show --moves R" /dev/null | grep -q "48;5;" && echo yes)"
    check tty-dumb no "$(TERM=dumb script -qc "$cube show --moves R" /dev/null | grep -q "$esc\[" && echo yes || echo no)"
    check tty-no-color no "$(TERM=xterm NO_COLOR=1 script -qc "$cube show --moves R" /dev/null | grep -q "$esc\[" && echo yes || echo no)"
fi

# Usage errors exit 2, with the message naming the option.
usage() { # name expected-message args...
    name=$1
    message=$2
    shift 2
    out=$($cube "$@" 2>&1 >/dev/null)
    status=$?
    check "$name-status" 2 "$status"
    case $out in *"$message"*) pass=$((pass + 1)) ;; *) fails=$((fails + 1)); printf 'FAIL %s: %s\n' "$name" "$out" ;; esac
}
usage 3d-without-svg "--3d goes with --svg" show --moves R --3d
usage bad-scheme "face 'X' is not one of U R F D L B" show --moves R --scheme X=#fff
usage bad-colour "has 2 hex digits" show --moves R --scheme U=#ff
usage bad-color "--color takes always, never, auto" show --moves R --color=sometimes
usage color-and-no-color "not both" show --moves R --color --no-color
usage color-with-svg "for text, not --svg" show --moves R --svg --color=always
usage svg-batch "--svg draws one cube" show - --svg
usage solve-svg-alone "--svg and --3d go with --steps" solve UUUURRRRFFFFDDDDLLLLBBBB --svg
usage solve-steps-batch "--steps draws one cube" solve - --steps
usage solve-steps-json "--steps draws one cube" solve UUUURRRRFFFFDDDDLLLLBBBB --steps --json
usage plan-svg-json "--svg draws one plan" plan --robot four-arm --moves R --svg --json
usage plan-svg-compare "--svg draws one plan" plan --robot four-arm --moves R --svg --compare

$check_py batch "$work/checks" || fails=$((fails + 1))
echo "render-cli: $pass passed, $fails failed (shell checks)"
[ $fails = 0 ]
