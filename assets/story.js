/* Playback of an action's events over the final board (plans come from ui/animate.py).
 *
 * The board is already in its final state when a plan arrives: this only draws on top of it
 * (a ghost guard walking step by step, marks for alarms and lost Stealth, flipping reveals)
 * and removes everything when done. A click or a key skips to the end at once; with
 * prefers-reduced-motion nothing is played. <html data-animating="1"> while playing, and
 * data-anim-played counts the plans played (for the tests).
 * Game logic lives in Python (ui/); this file only animates. */
(function () {
  "use strict";

  var root = document.documentElement;
  var timers = [];
  var layer = null;
  var hidden = [];
  var pending = 0;  // the frame a plan waits for
  var reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  function tileOf(pos) {
    return document.querySelector('#board [data-pos="' + pos + '"]');
  }

  function visible(el) {
    if (!el) return false;
    var r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  }

  function centre(el, box) {
    var r = el.getBoundingClientRect();
    return { x: r.left - box.left + r.width / 2, y: r.top - box.top + r.height / 2 };
  }

  function finish() {
    if (pending) { cancelAnimationFrame(pending); pending = 0; }
    timers.forEach(function (t) { clearTimeout(t); });
    timers = [];
    if (layer) { layer.remove(); layer = null; }
    hidden.forEach(function (el) { el.classList.remove("story-guard-away"); });
    hidden = [];
    document.querySelectorAll("#board .story-flip").forEach(function (el) {
      el.classList.remove("story-flip");
    });
    root.removeAttribute("data-animating");
  }

  function mark(board, box, pos, cls, text) {
    var tile = tileOf(pos);
    if (!visible(tile)) return;
    var el = document.createElement("span");
    var c = centre(tile, box);
    var r = tile.getBoundingClientRect();
    el.className = "story-mark " + cls;
    el.style.left = (c.x - r.width / 2) + "px";
    el.style.top = (c.y - r.height / 2) + "px";
    el.style.width = r.width + "px";
    el.style.height = r.height + "px";
    if (text) el.textContent = text;
    el.setAttribute("aria-hidden", "true");
    layer.appendChild(el);
  }

  function play(json, stepMs, markMs) {
    finish();
    if (reduce && reduce.matches) return 0;
    var steps = JSON.parse(json);
    if (!document.getElementById("board") || !steps.length) return 0;
    // Start with the next frame: the click's handler returns at once, and the board's layout
    // (read below) is computed by that frame instead of being forced inside the handler.
    root.setAttribute("data-animating", "1");
    pending = requestAnimationFrame(function () {
      pending = 0;
      start(steps, stepMs, markMs);
    });
    return steps.length;
  }

  function start(steps, stepMs, markMs) {
    var board = document.getElementById("board");
    if (!board) { finish(); return; }
    var box = board.getBoundingClientRect();
    layer = document.createElement("div");
    layer.className = "story-layer";
    layer.setAttribute("aria-hidden", "true");
    board.appendChild(layer);
    root.setAttribute("data-animating", "1");
    root.setAttribute("data-anim-played", String(Number(root.getAttribute("data-anim-played") || 0) + 1));
    var ghosts = {};
    var at = 0;
    steps.forEach(function (s) {
      if (s.t === "guard") {
        var from = tileOf(s.from), to = tileOf(s.to);
        if (!visible(from) || !visible(to)) return;
        var a = centre(from, box), b = centre(to, box);
        var start = at;
        if (!ghosts[s.floor]) {
          var g = document.createElement("span");
          g.className = "story-ghost";
          g.textContent = "G";
          g.style.transform = "translate(" + a.x + "px," + a.y + "px)";
          layer.appendChild(g);
          ghosts[s.floor] = g;
          // The real guard waits at the end of the walk: hidden until the ghost arrives.
          document.querySelectorAll('#board .tile.has-guard[data-floor="' + (s.floor + 1) + '"]')
            .forEach(function (el) { el.classList.add("story-guard-away"); hidden.push(el); });
        }
        var ghost = ghosts[s.floor];
        timers.push(setTimeout(function () {
          if (!layer) return;
          var trail = document.createElement("span");
          trail.className = "story-trail";
          trail.style.transform = "translate(" + a.x + "px," + a.y + "px)";
          layer.appendChild(trail);
          if (ghost.animate && !s.jump) {
            ghost.animate(
              [{ transform: "translate(" + a.x + "px," + a.y + "px)" },
               { transform: "translate(" + b.x + "px," + b.y + "px)" }],
              { duration: stepMs * 0.85, easing: "ease-in-out", fill: "forwards" });
          } else {
            ghost.style.transform = "translate(" + b.x + "px," + b.y + "px)";
          }
        }, start));
        at += stepMs;
      } else {
        var kind = s.t, pos = s.pos, when = at;
        timers.push(setTimeout(function () {
          if (!layer) return;
          if (kind === "reveal") {
            var tile = tileOf(pos);
            if (tile) tile.classList.add("story-flip");
          } else if (kind === "stealth") {
            mark(board, box, pos, "stealth", "−1 ♥");
          } else if (kind === "alarm") {
            mark(board, box, pos, "alarm", "⚠");
          } else if (kind === "dest") {
            mark(board, box, pos, "dest", "");
          }
        }, when));
      }
    });
    timers.push(setTimeout(finish, Math.max(at, 300) + markMs));
  }

  function skip(event) {
    if (!root.hasAttribute("data-animating")) return;
    if (event.type === "keydown" && ["Shift", "Control", "Alt", "Meta"].indexOf(event.key) >= 0) return;
    finish();
  }

  document.addEventListener("pointerdown", skip, true);
  document.addEventListener("keydown", skip, true);
  window.burgleStory = { play: play, finish: finish };
})();
