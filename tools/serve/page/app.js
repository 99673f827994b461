// The page of `cube serve`: enter a cube, validate it with the library's messages, solve it, step through
// the solution (net and 3-D view) and plan it for a robot. Plain JavaScript; all cube logic is the server's.
"use strict";

const FACES = "URFDLB";
const COLOURS = { U: "#ffffff", R: "#b71234", F: "#009b48", D: "#ffd500", L: "#ff5800", B: "#0046ad" };
const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const page = { facelets: "", valid: false, states: [], moves: [], step: 0, paint: "U" };

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers["Content-Type"] = "application/json";
  }
  const answer = await fetch(path, init);
  return answer.json();
}

function say(text, ok) {
  const m = $("message");
  m.textContent = text;
  m.className = ok ? "ok" : "error";
}

function sizeOf(facelets) {
  return facelets.length === 24 ? 2 : 3;
}

function solvedFacelets(n) {
  return [...FACES].map((f) => f.repeat(n * n)).join("");
}

function element(name, attributes) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  return e;
}

// The net: U on top, then L F R B, then D; each sticker a rect with id net-<face><index>.
function drawNet(facelets) {
  const svg = $("net");
  svg.replaceChildren();
  const n = sizeOf(facelets), s = 24;
  const at = { U: [1, 0], L: [0, 1], F: [1, 1], R: [2, 1], B: [3, 1], D: [1, 2] };
  svg.setAttribute("width", 4 * n * s + 2);
  svg.setAttribute("height", 3 * n * s + 2);
  [...FACES].forEach((face, f) => {
    for (let i = 0; i < n * n; i++) {
      const letter = facelets[f * n * n + i];
      const rect = element("rect", {
        id: `net-${face}${i}`, class: "sticker", x: 1 + (at[face][0] * n + (i % n)) * s,
        y: 1 + (at[face][1] * n + Math.floor(i / n)) * s, width: s - 2, height: s - 2, rx: 3,
        fill: COLOURS[letter] || "#888888", stroke: "#333",
      });
      rect.dataset.index = f * n * n + i;
      rect.addEventListener("click", () => paintSticker(f * n * n + i));
      svg.appendChild(rect);
    }
  });
}

// The isometric view of U, F and R; each sticker a polygon with id iso-<face><index>.
function drawIso(facelets) {
  const svg = $("iso");
  svg.replaceChildren();
  const n = sizeOf(facelets), s = 30 / (n / 3), c = Math.cos(Math.PI / 6);
  const project = ([x, y, z]) => [(x - z) * c * s + n * c * s + 4, (-y + (x + z) / 2) * s + n * s + 4];
  const corners = {
    U: (r, k) => [[k, n, r], [k + 1, n, r], [k + 1, n, r + 1], [k, n, r + 1]],
    F: (r, k) => [[k, n - r, n], [k + 1, n - r, n], [k + 1, n - r - 1, n], [k, n - r - 1, n]],
    R: (r, k) => [[n, n - r, n - k], [n, n - r, n - k - 1], [n, n - r - 1, n - k - 1], [n, n - r - 1, n - k]],
  };
  svg.setAttribute("width", 2 * n * c * s + 8);
  svg.setAttribute("height", 2 * n * s + 8);
  for (const face of "UFR") {
    const f = FACES.indexOf(face);
    for (let i = 0; i < n * n; i++) {
      const points = corners[face](Math.floor(i / n), i % n).map(project).map((p) => p.join(",")).join(" ");
      svg.appendChild(element("polygon", {
        id: `iso-${face}${i}`, class: "sticker", points, fill: COLOURS[facelets[f * n * n + i]] || "#888888",
        stroke: "#333",
      }));
    }
  }
}

function draw(facelets) {
  drawNet(facelets);
  drawIso(facelets);
}

// The solution's moves, the ones done greyed and the next one marked.
function showSteps() {
  const list = $("solution");
  list.replaceChildren();
  page.moves.forEach((move, i) => {
    const span = document.createElement("span");
    span.textContent = move;
    span.className = i < page.step ? "done" : i === page.step ? "next" : "";
    list.appendChild(span);
  });
  $("step").textContent = page.states.length ? `${page.step} / ${page.moves.length}` : "";
  if (page.states.length) draw(page.states[page.step]);
}

function go(step) {
  if (!page.states.length) return;
  page.step = Math.max(0, Math.min(page.moves.length, step));
  showSteps();
}

function forget() {
  page.states = [];
  page.moves = [];
  page.step = 0;
  $("stages").textContent = "";
  $("timeline").replaceChildren();
  $("plan-total").textContent = "";
  showSteps();
}

// Checks the facelets with the library and shows its message.
async function validate(body) {
  const answer = await call("POST", "/v1/validate", body);
  page.valid = answer.ok;
  if (answer.ok) {
    page.facelets = answer.facelets;
    say(answer.solved ? `a solved ${answer.size}x${answer.size} cube` : `a valid ${answer.size}x${answer.size} cube`, true);
  } else {
    say(answer.error, false);
  }
  return answer;
}

let typing = null;
function later(action) {
  clearTimeout(typing);
  typing = setTimeout(action, 150);
}

function faceletsTyped() {
  forget();
  const text = $("facelets").value.trim();
  page.facelets = text;
  if (text.length === 54 || text.length === 24) draw(text.toUpperCase());
  later(async () => {
    const answer = await validate({ facelets: text });
    if (answer.ok) draw(answer.facelets); // colour letters shown as the faces they name
  });
}

function scrambleTyped() {
  forget();
  later(async () => {
    const answer = await validate({ scramble: $("scramble").value, size: Number($("size").value) });
    if (!answer.ok) return;
    $("facelets").value = answer.facelets;
    draw(answer.facelets);
  });
}

function setCube(facelets) {
  forget();
  $("facelets").value = facelets;
  page.facelets = facelets;
  draw(facelets);
  return validate({ facelets });
}

function paintSticker(index) {
  const n = Number($("size").value);
  let text = page.valid || page.facelets.length === 6 * n * n ? page.facelets : solvedFacelets(n);
  if (!/^[URFDLB]*$/.test(text)) text = solvedFacelets(n);
  setCube(text.slice(0, index) + page.paint + text.slice(index + 1));
}

async function solve() {
  const body = { facelets: page.facelets, steps: true };
  if ($("method").value) body.method = $("method").value;
  const answer = await call("POST", "/v1/solve", body);
  if (!answer.ok) {
    const bound = answer.lower_bound ? ` (no solution is shorter than ${answer.lower_bound} moves)` : "";
    say(answer.error + bound, false);
    return;
  }
  const proven = answer.optimal ? ", proven shortest" : "";
  say(`solved in ${answer.length} moves (${answer.method}${proven})`, true);
  page.states = answer.states;
  page.moves = answer.moves;
  page.step = 0;
  $("stages").textContent = (answer.stages || []).map((s) => `${s.name}: ${s.moves || "-"}`).join("\n");
  $("stages").style.whiteSpace = "pre-wrap";
  showSteps();
}

async function plan() {
  const answer = await call("POST", "/v1/plan", { robot: $("robot").value, facelets: page.facelets, svg: true });
  if (!answer.ok) {
    say(answer.error, false);
    return;
  }
  $("plan-total").textContent = `${answer.plan.moves}: ${(answer.plan.total_ms / 1000).toFixed(2)} s on the robot`;
  const doc = new DOMParser().parseFromString(answer.svg, "image/svg+xml");
  $("timeline").replaceChildren(document.importNode(doc.documentElement, true));
}

function palette() {
  for (const face of FACES) {
    const b = document.createElement("button");
    b.id = `paint-${face}`;
    b.style.background = COLOURS[face];
    b.title = `paint ${face}`;
    b.addEventListener("click", () => {
      page.paint = face;
      document.querySelectorAll("#palette button").forEach((x) => x.classList.toggle("chosen", x === b));
    });
    $("palette").appendChild(b);
  }
  $("paint-U").classList.add("chosen");
}

function start() {
  palette();
  $("facelets").addEventListener("input", faceletsTyped);
  $("scramble").addEventListener("input", scrambleTyped);
  $("size").addEventListener("change", () => setCube(solvedFacelets(Number($("size").value))));
  $("reset").addEventListener("click", () => setCube(solvedFacelets(Number($("size").value))));
  $("random").addEventListener("click", async () => {
    const answer = await call("GET", `/v1/random?size=${$("size").value}`);
    if (answer.ok) setCube(answer.facelets);
  });
  $("solve").addEventListener("click", solve);
  $("plan").addEventListener("click", plan);
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(page.step - 1));
  $("forward").addEventListener("click", () => go(page.step + 1));
  $("last").addEventListener("click", () => go(page.moves.length));
  setCube(solvedFacelets(3));
}

start();
