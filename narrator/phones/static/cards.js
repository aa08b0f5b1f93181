// Custom cards before the deal (自定义, the welcome's `table.custom`), folded under the deck's
// balance ("3狼 3神 3民"): every card the judge plays, by camp (the box's catalogue says which),
// a count per card with − and +, the balance and the engine's problems read as the host
// changes them (POST /host/cards, preview: nothing dealt), the preset they play and one
// button to use them (POST /host/cards: the box says it aloud and tells every phone). The
// list scrolls inside the fold, under a line that says so; the button stays below it. Every
// phone shows it, the host's phone changes it; once the game began it goes. Between two games
// the scores carry the next game's, shown under the rules wherever they are (table.js).
(function () {
  "use strict";
  var W = window.werewolf;
  var section = document.getElementById("table-cards");
  var shown = null;  // the custom cards as the last welcome (or, between two games, scores) carried them
  var between = false;  // they are the evening's next game's
  var counts = {};  // the host's counts, card → how many
  var asked = 0;  // the last preview asked (a later answer wins)

  var el = W.setup.el, host = W.setup.host;  // table.js's, loaded before
  function total() {
    return Object.keys(counts).reduce(function (sum, role) { return sum + counts[role]; }, 0);
  }
  function post(body) { return W.setup.hostFetch("/host/cards", body); }
  function showRead(read, problems) {
    var box = document.getElementById("cards-balance");
    box.textContent = "";
    box.appendChild(el("b", { id: "cards-counts" }, read.counts));
    box.appendChild(el("span", { id: "cards-total" }, W.t("ui.cards_total", { count: total(), seats: shown.seats })));
    if (read.usual) { box.appendChild(el("small", { "class": "table-help" }, read.usual)); }
    read.warnings.concat(problems || []).forEach(function (line) {
      box.appendChild(el("small", { "class": "cards-warning" }, line));
    });
  }
  function preview() {
    var mine = ++asked;
    post({ cards: counts, preview: true, locale: document.documentElement.lang }).then(function (response) {
      return response.json().then(function (answer) {
        if (mine !== asked || !response.ok) { return; }
        showRead(answer.balance, answer.problems);
        document.getElementById("cards-confirm").disabled = answer.problems.length > 0;
      });
    }, function () { W.toast(W.t("ui.reconnecting"), true); });
  }
  function row(card, mine) {
    var line = el("div", { "class": "cards-row", "data-card": card.role });
    line.appendChild(el("span", { "class": "cards-name" }, card.name));
    var less = el("button", { "class": "cards-less", "aria-label": card.name + " −" }, "−");
    var count = el("b", { "class": "cards-count" }, String(counts[card.role] || 0));
    var more = el("button", { "class": "cards-more", "aria-label": card.name + " +" }, "+");
    less.disabled = more.disabled = !mine;
    function change(by) {
      var now = Math.max(0, Math.min(card.most, (counts[card.role] || 0) + by));
      if (now) { counts[card.role] = now; } else { delete counts[card.role]; }
      count.textContent = String(now);
      line.classList.toggle("held", now > 0);
      preview();
    }
    less.onclick = function () { change(-1); };
    more.onclick = function () { change(1); };
    line.classList.toggle("held", (counts[card.role] || 0) > 0);
    line.appendChild(less); line.appendChild(count); line.appendChild(more);
    return line;
  }
  function draw() {
    section.hidden = !shown;
    var open = section.open;
    section.textContent = "";
    if (!shown) { return; }
    var mine = host();
    var fold = el("summary");
    fold.appendChild(el("h2", {}, W.t("ui.cards_title")));
    fold.appendChild(el("span", { "class": "table-summary" }, shown.balance.counts + (shown.balance.usual ? " · " + shown.balance.usual : "")));
    section.appendChild(fold);
    section.appendChild(el("p", { "class": "table-note" }, W.t(mine ? "ui.cards_hint" : "ui.cards_read_only")));
    section.appendChild(el("div", { id: "cards-balance" }));
    section.appendChild(el("p", { "class": "cards-scroll" }, W.t(mine ? "ui.cards_scroll" : "ui.cards_scroll_read")));
    var list = el("div", { id: "cards-list" });
    var camp = null;
    shown.cards.forEach(function (card) {
      if (card.camp !== camp) {
        camp = card.camp;
        list.appendChild(el("h3", { "class": "cards-camp" }, shown.camps[camp]));
      }
      list.appendChild(row(card, mine));
    });
    section.appendChild(list);
    var preset = el("label", { "class": "table-rule" });
    preset.appendChild(el("span", {}, W.t("ui.cards_preset")));
    var select = el("select", { id: "cards-preset", "aria-label": W.t("ui.cards_preset") });
    shown.presets.forEach(function (option) { select.appendChild(el("option", { value: option.value }, option.label)); });
    select.value = shown.preset;
    select.disabled = !mine;
    preset.appendChild(select);
    section.appendChild(preset);
    if (mine) {
      var confirm = el("button", { id: "cards-confirm", "class": "primary" }, W.t("ui.cards_confirm"));
      confirm.onclick = send;
      section.appendChild(confirm);
    }
    showRead(shown.balance, []);
    section.open = open;
  }
  function send() {
    var body = { cards: counts, preset: document.getElementById("cards-preset").value, locale: document.documentElement.lang };
    post(body).then(function (response) {
      return response.json().then(function (answer) {  // every phone is told the cards itself
        if (!response.ok) { W.toast(answer.message || W.t("ui.host_refused"), true); }
      });
    }, function () { W.toast(W.t("ui.reconnecting"), true); });
  }
  function offered(table, next) {  // before a deal under the rules; between two games in the end screen
    between = next;
    var rules = document.getElementById("table-setup");
    rules.parentNode.insertBefore(section, rules.nextSibling);
    shown = table && table.custom ? table.custom : null;
    counts = {};
    (shown ? shown.cards : []).forEach(function (card) { if (card.count) { counts[card.role] = card.count; } });
    draw();
  }
  document.addEventListener("werewolf-welcome", function (event) { offered(event.detail.table, false); });
  document.addEventListener("werewolf-scores", function (event) { offered(event.detail.table, true); });
  document.addEventListener("werewolf-state", function (event) {  // the deal: the cards are set
    if (event.detail.started && shown && !between) { shown = null; draw(); }
  });
  document.addEventListener("werewolf-host", draw);  // host.js: this phone claimed the host, or lost it
})();
