// The public screen (公屏): what the whole table may see, large. It listens to /screen/ws and
// draws each `table` message whole: the engine's public view as the judge said it, the seats
// and names, the judge's line as spoken, the speaker and the countdowns, the end's cards,
// review and the evening's scores. It sends nothing and holds no seat.
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var S = { strings: {}, last: null };

  function t(key, params) {
    var parts = key.split("."), line = (S.strings[parts[0]] || {})[parts[1]];
    if (line === undefined) { return key; }
    return line.replace(/\{(\w+)\}/g, function (m, name) {
      return params && params[name] !== undefined ? params[name] : m;
    });
  }
  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined) { node.textContent = text; }
    if (cls) { node.className = cls; }
    return node;
  }
  function sep() { return document.documentElement.lang === "en" ? ", " : "、"; }
  function secs(n) { return n === null || n === undefined ? "" : String(n) + "s"; }

  function connect() {
    var ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/screen/ws");
    ws.onmessage = function (event) { var m = JSON.parse(event.data); if (m.type === "table") { draw(m); } };
    ws.onclose = function () { setTimeout(connect, 1000); };
  }

  function draw(m) {
    S.strings = m.strings; S.last = m;
    document.documentElement.lang = m.locale;
    var p = m.public, phase = (p.phase || "").split(" ");
    $("board").textContent = m.board ? m.board : "";
    $("phase").textContent = !m.started ? "" : phase[0] === "night" ? t("ui.phase_night", { n: phase[1] })
      : phase[0] === "day" ? t("ui.phase_day", { n: phase[1] }) : "";
    $("line").textContent = m.line || "";
    $("join").hidden = m.started || !m.join;
    $("join-title").textContent = t("ui.screen_join");
    $("join-address").textContent = m.join || "";
    var qr = $("join-qr");
    if (m.join && qr.dataset.join !== m.join) { qr.dataset.join = m.join; qr.src = "/screen/join.svg?u=" + encodeURIComponent(m.join); }
    var speaking = m.speaking && !p.winner;
    $("speaker").hidden = !speaking;
    if (speaking) {
      $("speaker-seat").textContent = t("ui.speaking_other", { seat: m.speaking });
      $("speaker-time").textContent = secs(m.clock.speech);
    }
    $("clock").textContent = m.clock.paused ? "⏸" : (!speaking && m.clock.step !== null ? secs(m.clock.step) : "");
    drawSeats(m, p);
    drawFacts(m, p);
    drawEnd(m, p);
    drawScores(m.scores);
  }

  function drawSeats(m, p) {
    var box = $("seats"); box.textContent = "";
    var alive = p.alive || [], dead = (p.deaths || []).map(function (d) { return d.seat; });
    for (var s = 1; s <= m.seats; s++) {
      var name = m.names[s], cls = "seat";
      if (!name) { cls += " free"; }
      if (m.started && dead.indexOf(s) >= 0 && alive.indexOf(s) < 0) { cls += " dead"; }
      if (m.speaking === s) { cls += " speaking"; }
      if ((m.candidates || []).indexOf(s) >= 0) { cls += " candidate"; }
      var seat = el("div", undefined, cls);
      seat.appendChild(el("b", t("ui.seat", { seat: s }) + (p.sheriff === s ? " ★" : "")));
      seat.appendChild(el("span", name || "—"));
      if (p.cards && p.cards[s]) { seat.appendChild(el("span", t("roles." + p.cards[s]), "card")); }
      box.appendChild(seat);
    }
  }

  function drawFacts(m, p) {
    var box = $("facts"); box.textContent = "";
    if (!m.started && m.board_cards) { box.appendChild(el("p", m.board_cards)); }
    if (p.sheriff) { box.appendChild(el("p", t("ui.sheriff", { seat: p.sheriff }))); }
    if ((m.candidates || []).length) {
      box.appendChild(el("p", t("ui.candidates", { seats: m.candidates.map(function (c) { return t("ui.seat", { seat: c }); }).join(sep()) })));
    }
    if ((p.deaths || []).length) {
      box.appendChild(el("p", t("ui.deaths", { list: p.deaths.map(function (d) {
        return d.card ? t("ui.death", { seat: d.seat, role: t("roles." + d.card) }) : t("ui.death_no_card", { seat: d.seat });
      }).join(sep()) })));
    }
    var votes = p.votes || [];  // the last vote made public stays until the next
    if (votes.length) {
      var last = votes[votes.length - 1].votes;
      box.appendChild(el("p", t("ui.votes", { list: Object.keys(last).map(function (voter) {
        return t("ui.vote", { voter: voter, target: last[voter] });
      }).join("  ") })));
    }
  }

  function drawEnd(m, p) {
    $("end").hidden = !p.winner;
    if (!p.winner) { return; }
    $("winner").textContent = t("ui.screen_won", { side: t("winners." + p.winner) });
    var box = $("review"); box.textContent = "";
    (m.review || []).forEach(function (sentence) { box.appendChild(el("p", sentence)); });
  }

  function drawScores(scores) {
    $("scores").hidden = !scores;
    if (!scores) { return; }
    $("scores-title").textContent = t("evening.title") + "（" + t("evening.games_played", { count: scores.games }) + "）";
    var table = $("scores-table"); table.textContent = "";
    var head = el("tr");
    ["player", "games", "wins", "good", "wolves", "third"].forEach(function (c) { head.appendChild(el("th", t("evening." + c))); });
    table.appendChild(head);
    scores.players.forEach(function (player) {
      var row = el("tr");
      [player.name, player.games, player.wins, player.wins_by_camp.good, player.wins_by_camp.wolves,
        player.wins_by_camp.third].forEach(function (v) { row.appendChild(el("td", String(v))); });
      table.appendChild(row);
    });
  }

  setInterval(function () {  // the countdowns tick between two messages
    var m = S.last;
    if (!m || m.clock.paused) { return; }
    ["speech", "step"].forEach(function (k) { if (m.clock[k] > 0) { m.clock[k] -= 1; } });
    if (m.speaking) { $("speaker-time").textContent = secs(m.clock.speech); }
    else if (m.clock.step !== null) { $("clock").textContent = secs(m.clock.step); }
  }, 1000);
  connect();
})();
