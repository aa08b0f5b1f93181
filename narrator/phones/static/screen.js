// The public screen (公屏): what the whole table may see, large. It listens to /screen/ws and
// draws each `table` message whole: the engine's public view as the phones show it, the seats
// and names, the judge's line as spoken, the day's stage (the election, a PK, last words), the
// speaker and the countdowns, the vote seat by seat, the end's cards, review and the evening's
// scores. It holds no seat and sends only a ping every PING_MS (the box closes a screen that
// says nothing for a while: narrator/phones/server.py, Rule 7). Whatever it draws fits the window: nothing
// scrolls (the type shrinks a little when the end's review is long).
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var S = { strings: {}, last: null };
  var PING_MS = 20000;  // server.SCREEN_PING_S
  var SIDES = { village: "villagers", werewolves: "werewolves", lovers: "lovers", piper: "piper", cursed_fox: "cursed_fox" };

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
  function secs(n) { return n === null || n === undefined ? "" : t("ui.screen_seconds", { seconds: n }); }
  function seats(list) { return list.map(function (s) { return t("ui.seat", { seat: s }); }).join(sep()); }

  function connect() {
    var ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/screen/ws");
    var ping = setInterval(function () { if (ws.readyState === 1) { ws.send('{"type":"ping"}'); } }, PING_MS);
    ws.onmessage = function (event) { var m = JSON.parse(event.data); if (m.type === "table") { draw(m); } };
    ws.onclose = function () { clearInterval(ping); setTimeout(connect, 1000); };
  }

  function stage(m) { return m.stage || { contest: null, withdrawn: [], last_words: false }; }

  function lastVote(m, p) {  // the vote the judge called last, made public: its votes, weights, sheriff
    var votes = p.votes || [];
    if (votes.length <= (m.votes_from || 0)) { return null; }
    return votes[votes.length - 1];
  }

  function lastVotes(m, p) {  // voter → target
    var last = lastVote(m, p);
    return last ? last.votes : null;
  }

  function draw(m) {
    S.strings = m.strings; S.last = m;
    document.documentElement.lang = m.locale;
    var p = m.public, phase = (p.phase || "").split(" "), st = stage(m), over = !!p.winner;
    document.body.classList.toggle("over", over);
    document.body.classList.toggle("lobby", !m.started);
    $("board").textContent = m.board ? m.board : "";
    var day = !m.started ? "" : phase[0] === "night" ? t("ui.phase_night", { n: phase[1] })
      : phase[0] === "day" ? (phase[1] === "0" ? t("ui.phase_day_zero") : t("ui.phase_day", { n: phase[1] })) : "";
    $("phase").textContent = day;
    $("contest").textContent = st.contest && !over ? t("ui.screen_" + st.contest) : "";
    $("line").textContent = over ? "" : (m.line || "");
    $("join").hidden = m.started || !m.join;
    $("join-title").textContent = t("ui.screen_join");
    $("join-address").textContent = m.join || "";
    var qr = $("join-qr");
    if (m.join && qr.dataset.join !== m.join) { qr.dataset.join = m.join; qr.src = "/screen/join.svg?u=" + encodeURIComponent(m.join); }
    var speaking = m.speaking && !over;
    $("speaker").hidden = !speaking;
    $("speaker").classList.toggle("last-words", !!(speaking && st.last_words));
    if (speaking) {
      $("speaker-seat").textContent = st.last_words ? t("ui.screen_last_words", { seat: m.speaking })
        : t("ui.speaking_other", { seat: m.speaking });
      $("speaker-time").textContent = secs(m.clock.speech);
    }
    // paused: two bars drawn by the style sheet (no font here has U+23F8) and the word
    $("clock").textContent = m.clock.paused ? t("ui.paused") : (!speaking && m.clock.step !== null ? secs(m.clock.step) : "");
    $("clock").classList.toggle("paused", !!m.clock.paused);
    drawSeats(m, p, st);
    drawFacts(m, p, st);
    drawEnd(m, p);
    drawScores(m.scores);
    fit();
  }

  function drawSeats(m, p, st) {
    var box = $("seats"); box.textContent = "";
    var alive = p.alive || [], dead = (p.deaths || []).map(function (d) { return d.seat; });
    var votes = lastVotes(m, p) || {}, won = p.won || [];
    for (var s = 1; s <= m.seats; s++) {
      var name = m.names[s], cls = "seat";
      var standing = (m.candidates || []).indexOf(s) >= 0, withdrew = st.withdrawn.indexOf(s) >= 0;
      if (!name) { cls += " free"; }
      if (m.started && dead.indexOf(s) >= 0 && alive.indexOf(s) < 0) { cls += " dead"; }
      if (m.speaking === s && !p.winner) { cls += " speaking"; }
      if (standing) { cls += " candidate"; }
      if (withdrew) { cls += " withdrew"; }
      if (p.winner && won.indexOf(s) >= 0) { cls += " won"; }
      var seat = el("div", undefined, cls);
      var head = el("b", t("ui.seat", { seat: s }));
      if (p.sheriff === s) { head.appendChild(el("i", "★", "star")); }  // the badge, whole in its seat
      seat.appendChild(head);
      seat.appendChild(el("span", name || "—", "name"));
      if (p.cards && p.cards[s]) {
        // the card, then its side on a line of its own (never broken inside a word), left out
        // when the card says it already (狼人, not 狼人・狼人阵营)
        var side = p.sides && p.sides[s] ? t("winners." + (SIDES[p.sides[s]] || p.sides[s])) : "";
        var role = t("roles." + p.cards[s]), cls = "card side-" + (p.sides ? p.sides[s] : "");
        seat.appendChild(el("span", role, cls));
        if (side && side.toLowerCase().indexOf(role.toLowerCase()) < 0) { seat.appendChild(el("span", side, cls + " side")); }
      } else if (p.open_cards && p.open_cards[s] && alive.indexOf(s) >= 0 && !standing && votes[s] === undefined) {
        seat.appendChild(el("span", t("roles." + p.open_cards[s]), "card"));  // shown to all at the start
      } else if (p.groups && p.groups[s] && alive.indexOf(s) >= 0 && !standing && votes[s] === undefined) {
        seat.appendChild(el("span", t("ui.group_" + p.groups[s]), "tag group"));  // public groups
      } else if (withdrew) {
        seat.appendChild(el("span", t("ui.screen_withdrawn"), "tag"));
      } else if (standing) {
        seat.appendChild(el("span", st.contest === "pk" || st.contest === "election_pk" ? t("ui.screen_pk_seat") : t("ui.screen_standing"), "tag"));
      } else if (votes[s] !== undefined) {
        seat.appendChild(el("span", votes[s] ? t("ui.screen_voted", { seat: votes[s] }) : t("ui.screen_abstained"), "vote"));
      }
      box.appendChild(seat);
    }
  }

  function drawFacts(m, p, st) {
    var box = $("facts"); box.textContent = "";
    if (p.winner) { return; }  // the end: the cards and the review say it all
    if (!m.started && m.board_cards) { box.appendChild(el("p", m.board_cards)); }
    if (p.sheriff) { box.appendChild(el("p", t("ui.sheriff", { seat: p.sheriff }))); }
    if ((m.candidates || []).length) {
      var pk = st.contest === "pk" || st.contest === "election_pk";
      box.appendChild(el("p", pk ? t("ui.screen_pk_seat") + "：" + seats(m.candidates)
        : t("ui.candidates", { seats: seats(m.candidates) }), "big"));
    }
    if (st.withdrawn.length) {
      box.appendChild(el("p", t("ui.screen_withdrawn") + "：" + seats(st.withdrawn)));
    }
    var last = lastVote(m, p);
    if (last) {  // the tally as the judge counts it, target by target, each with who voted for it
      var votes = last.votes, weights = last.weights || {}, sheriff = String(last.sheriff || "");
      var by = {}, counts = {}, order = [];
      Object.keys(votes).forEach(function (voter) {
        var target = votes[voter];
        if (!(target in by)) { by[target] = []; order.push(target); counts[target] = 0; }
        by[target].push(Number(voter));
        counts[target] += weights[voter] || 1;
      });
      var marked = last.marked || {};  // a mark's votes (the vote's `marked`), counted and said
      Object.keys(marked).forEach(function (seat) {
        if (!(seat in by)) { by[seat] = []; order.push(seat); counts[seat] = 0; }
        counts[seat] += marked[seat];
      });
      order.sort(function (a, b) { return !Number(a) - !Number(b) || (counts[b] - counts[a]) || (a - b); });
      if (last.revote) { box.appendChild(el("p", t("ui.tally_pk"), "tally")); }
      order.forEach(function (target) {
        var voters = seats(by[target].sort(function (a, b) { return a - b; }));
        var bySheriff = sheriff in weights && String(votes[sheriff]) === String(target);
        box.appendChild(el("p", !Number(target) ? t("ui.screen_abstain_tally", { voters: voters })
          : t(bySheriff ? "ui.screen_tally_sheriff" : "ui.screen_tally",
            { seat: target, count: counts[target], weight: weights[sheriff], voters: voters })
            + (target in marked ? t("ui.tally_marked", { marked: marked[target] }) : ""), "tally"));
      });
    }
    if ((p.deaths || []).length) {
      box.appendChild(el("p", t("ui.deaths", { list: p.deaths.map(function (d) {
        return d.card ? t("ui.death", { seat: d.seat, role: t("roles." + d.card) }) : t("ui.death_no_card", { seat: d.seat });
      }).join(sep()) })));
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
    ["player", "games", "wins", "good", "wolves", "third", "cards"].forEach(function (c) { head.appendChild(el("th", t("evening." + c))); });
    table.appendChild(head);
    scores.players.forEach(function (player) {
      var row = el("tr");
      var cards = Object.keys(player.cards || {}).map(function (card) {  // the cards played, as on the phones
        return t("roles." + card) + (player.cards[card] > 1 ? "×" + player.cards[card] : "");
      }).join("、");
      [player.name, player.games, player.wins, player.wins_by_camp.good, player.wins_by_camp.wolves,
        player.wins_by_camp.third, cards].forEach(function (v) { row.appendChild(el("td", String(v))); });
      table.appendChild(row);
    });
  }

  function fit() {  // nothing scrolls: the type shrinks step by step until the page fits
    var body = document.body, root = document.documentElement;
    body.style.fontSize = "";
    var base = parseFloat(getComputedStyle(body).fontSize), scale = 1;
    var tall = function () {
      return Math.max(root.scrollHeight, body.scrollHeight) > window.innerHeight
        || Math.max(root.scrollWidth, body.scrollWidth) > window.innerWidth;
    };
    while (tall() && scale > 0.45) {
      scale -= 0.05;
      body.style.fontSize = (base * scale) + "px";
    }
  }

  setInterval(function () {  // the countdowns tick between two messages
    var m = S.last;
    if (!m || m.clock.paused) { return; }
    ["speech", "step"].forEach(function (k) { if (m.clock[k] > 0) { m.clock[k] -= 1; } });
    if (m.speaking) { $("speaker-time").textContent = secs(m.clock.speech); }
    else if (m.clock.step !== null) { $("clock").textContent = secs(m.clock.step); }
  }, 1000);
  window.addEventListener("resize", fit);
  connect();
})();
