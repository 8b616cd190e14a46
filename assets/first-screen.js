/* The first screen, before Python runs: its words in the player's language, and either the
 * heist in progress (read from the save in localStorage) or the choices of a new one. The
 * player can choose while the runtime loads; the choice waits on <html> (data-first-choice,
 * data-first-scenario, data-first-count) for ui/app.py, which acts on it once the game is
 * ready and then hides this screen. The words come from the page's catalogs (ui/messages.py,
 * ui/messages_fr.py): tools/build_site.py writes them into FIRST below. Nothing here decides
 * a rule: the save's own display fields are shown as they are. */
(function () {
  "use strict";

  var FIRST = "@@FIRST_SCREEN@@"; // {strings: {lang: {key: text}}, scenarios, counts, count, prefix}
  var MAX_SAVE_CHARS = 512000; // as ui/storage.py: a longer value is not parsed
  var root = document.documentElement;
  var screen = document.getElementById("first-screen");
  if (!screen || typeof FIRST !== "object") return;

  function stored(key) {
    try { return window.localStorage.getItem(FIRST.prefix + key); } catch (e) { return null; }
  }

  function pickLanguage() {
    var candidates = [stored("lang"), navigator.language];
    for (var i = 0; i < candidates.length; i++) {
      var code = String(candidates[i] || "").toLowerCase().split("-")[0].split("_")[0];
      if (code && FIRST.strings[code]) return code;
    }
    return "en";
  }

  var lang = pickLanguage();
  var words = FIRST.strings[lang];

  function t(key, params) {
    var text = words[key] || FIRST.strings.en[key] || "";
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return params && name in params ? String(params[name]) : whole;
    });
  }

  function byId(id) { return document.getElementById(id); }

  function option(value, text) {
    var element = document.createElement("option");
    element.value = value;
    element.textContent = text;
    return element;
  }

  window.burgleWords = t; // the loading bar's words (assets/boot.js)
  root.setAttribute("lang", lang);
  var texts = screen.querySelectorAll("[data-first]");
  for (var i = 0; i < texts.length; i++) texts[i].textContent = t(texts[i].getAttribute("data-first"));

  // The heist in progress, if the last save is one: its own display fields, as saved.
  function currentSave() {
    var id = stored("current");
    var raw = id && stored("save." + id);
    if (!raw || raw.length > MAX_SAVE_CHARS) return null;
    try {
      var record = JSON.parse(raw);
      // In progress: no outcome yet (ui/session.py writes "" until the game ends).
      return record && typeof record === "object" && !record.outcome ? record : null;
    } catch (e) { return null; }
  }

  function summary(record) {
    var names = Array.isArray(record.names) ? record.names : [];
    var crew = Array.isArray(record.crew) ? record.crew : [];
    var people = [];
    for (var k = 0; k < Math.max(names.length, crew.length); k++) {
      var who = typeof names[k] === "string" ? names[k] : "";
      var role = typeof crew[k] === "string" ? t("character." + crew[k]) : "";
      people.push(who && role ? who + " (" + role + ")" : who || role);
    }
    return t("first.summary", {
      scenario: typeof record.scenario === "string" ? t("scenario." + record.scenario) : "?",
      crew: people.join(", "),
      turn: typeof record.turn === "number" ? record.turn : "?"
    });
  }

  var form = byId("first-new");
  var scenario = byId("first-scenario");
  var count = byId("first-count");
  FIRST.scenarios.forEach(function (key) { scenario.appendChild(option(key, t("scenario." + key))); });
  FIRST.counts.forEach(function (n) { count.appendChild(option(String(n), String(n))); });
  count.value = String(FIRST.count);

  // A link to a game (?game=..., ?a=...) opens that game: no other choice to offer.
  var linked = /[?&](game|a|s)=/.test(location.search);
  var record = linked ? null : currentSave();
  if (record) {
    byId("first-summary").textContent = summary(record);
    byId("first-resume").hidden = false;
    byId("first-new-title").textContent = t("first.new");
  }
  form.hidden = linked;

  function choose(what) {
    if (root.getAttribute("data-ready") === "1") return; // Python has taken over
    root.setAttribute("data-first-scenario", scenario.value);
    root.setAttribute("data-first-count", count.value);
    root.setAttribute("data-first-choice", what);
    var controls = screen.querySelectorAll("button, select");
    for (var j = 0; j < controls.length; j++) controls[j].disabled = true;
    byId("first-waiting").hidden = false;
  }
  byId("first-continue").addEventListener("click", function () { choose("continue"); });
  byId("first-more").addEventListener("click", function () { choose("setup"); });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    choose("start");
  });
  try { performance.mark("burgle:first-screen"); } catch (e) { /* profiling only */ }
})();
