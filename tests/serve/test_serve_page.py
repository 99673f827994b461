#!/usr/bin/env python3
"""The page of `cube serve` in headless chromium (DevTools protocol, cdp.py): type a scramble, solve, step
through to solved with real clicks, read the stickers of the net and the 3-D view back from the SVG,
check validation messages as you type, solve by layers, plan for a robot; screenshots into OUTDIR.
Exit 77 (skipped) when chromium is missing.
usage: test_serve_page.py CUBE OUTDIR"""
import os
import sys

from cdp import Browser, find_chromium
from serve_helper import Server, check

CUBE, OUTDIR = sys.argv[1], sys.argv[2]
COLOURS = {"U": "#ffffff", "R": "#b71234", "F": "#009b48", "D": "#ffd500", "L": "#ff5800", "B": "#0046ad"}
SCRAMBLE = "R U2 F' L D2 B R' U F2"

# The fill of every sticker of a view, in facelet order, as a facelet string.
STICKERS = """(() => { const names = {%s}; return [..."URFDLB"].map(f => [...Array(9).keys()].map(i => {
  const e = document.getElementById("%s-" + f + i); return e ? names[e.getAttribute("fill")] : "";
}).join("")).join(""); })()"""


def stickers(page, view):
    names = ",".join(f'"{colour}":"{face}"' for face, colour in COLOURS.items())
    return page.evaluate(STICKERS % (names, view))


def seen_in_3d(facelets):
    """The U, F and R stickers of a facelet string: what the 3-D view shows."""
    return "".join(facelets[i * 9:(i + 1) * 9] if f in "URF" else "" for i, f in enumerate("URFDLB"))


def run(page, port):
    shot = lambda name: page.screenshot(os.path.join(OUTDIR, f"serve-page-{name}.png"))
    page.send("Page.enable")
    page.send("Page.navigate", url=f"http://127.0.0.1:{port}/")
    page.wait("document.readyState === 'complete' && document.querySelectorAll('#net rect').length === 54")
    page.wait("document.getElementById('message').textContent.includes('solved 3x3')")

    page.type_into("#facelets", "UUUUUUUUU")
    page.wait("document.getElementById('message').className === 'error'")
    message = page.evaluate("document.getElementById('message').textContent")
    check("wrong length" in message, f"validation as you type: {message!r}")

    page.type_into("#scramble", SCRAMBLE)
    page.wait("document.getElementById('message').textContent.includes('a valid 3x3')")
    facelets = page.evaluate("document.getElementById('facelets').value")
    check(len(facelets) == 54 and stickers(page, "net") == facelets, "the net shows the scrambled cube")
    check(stickers(page, "iso").replace("", "") == seen_in_3d(facelets), "the 3-D view shows U, F and R")
    shot("1-scrambled")

    page.click("#solve")
    page.wait("document.getElementById('step').textContent.startsWith('0 / ')")
    total = int(page.evaluate("document.getElementById('step').textContent.split(' / ')[1]"))
    check(0 < total <= 20, f"a two-phase solution of {total} moves")
    for k in range(total):
        page.click("#forward")
        page.wait(f"document.getElementById('step').textContent === '{k + 1} / {total}'")
        if k == total // 2:
            shot("2-stepping")
            page.click("#back")
            page.wait(f"document.getElementById('step').textContent === '{k} / {total}'")
            page.click("#forward")
            page.wait(f"document.getElementById('step').textContent === '{k + 1} / {total}'")
    solved = "".join(f * 9 for f in "URFDLB")
    check(stickers(page, "net") == solved, f"solved net after stepping: {stickers(page, 'net')}")
    check(stickers(page, "iso") == seen_in_3d(solved), "solved 3-D view")
    shot("3-solved")

    page.click("#first")
    page.wait(f"document.getElementById('step').textContent === '0 / {total}'")
    check(stickers(page, "net") == facelets, "back to the scrambled cube")
    page.evaluate("(() => { const m = document.getElementById('method'); m.value = 'lbl'; })()")
    page.click("#solve")
    page.wait("document.getElementById('stages').textContent.includes('cross:')")
    page.click("#last")
    page.wait("!document.getElementById('step').textContent.startsWith('0 /')")
    check(stickers(page, "net") == solved, "the layer-by-layer solution ends solved")

    page.click("#plan")
    page.wait("document.querySelectorAll('#timeline rect.action').length > 0")
    total_text = page.evaluate("document.getElementById('plan-total').textContent")
    check("s on the robot" in total_text, f"plan total: {total_text!r}")
    page.evaluate("document.getElementById('timeline').scrollIntoView()")
    shot("4-plan")

    page.click("#reset")
    page.wait("document.getElementById('message').textContent.includes('solved 3x3')")
    page.click("#paint-R")
    page.click("#net-U4")
    page.wait("document.getElementById('message').className === 'error'")
    check(stickers(page, "net")[4] == "R", "painting a sticker")


def main():
    chromium = find_chromium()
    if not chromium:
        print("skipped: no chromium")
        sys.exit(77)
    server = Server(CUBE)
    page = None
    try:
        page = Browser(chromium)
        run(page, server.port)
        print("ok: the page in headless chromium")
        status, err = server.stop()
        check(status == 0, f"the server exited {status}: {err}")
    finally:
        if page:
            page.close()
        server.kill()


main()
