// The phone page: joins a seat, keeps its token, shows the card while held, and answers steps.
// At night every phone shows the same screen; what only this seat may know (that it acts, the
// witch's victim, the seer's answer, the pack's picks) comes sealed and shows only while a
// finger holds the "hold to see" area, like the card.
(function () {
  "use strict";
  var TOKEN_KEY = "werewolf.token";
  var LOCALE_KEY = "werewolf.locale";
  var $ = function (id) { return document.getElementById(id); };
  var S = {
    ws: null, attempt: 0, n: 0, strings: null, lobby: [], pickedSeat: 0,
    seat: 0, name: "", view: null, screen: null, names: {}, feed: {}, picks: null,
    progress: null, selection: [], heal: false, armed: null, armedTimer: 0, dayAction: null, dayTarget: null,
    stopped: false,
    facts: [], variants: {}, ask: "", speaking: null, lastWords: false, speechDone: false,
    secret: {}, review: null, reviewOpen: false, answer: "", actN: 0,
    // the countdowns (the step's, the speech's): when each ends (Date.now() ms), or the seconds
    // left while the judge's pause holds them
    stepEnd: 0, speechEnd: 0, paused: false, stepHeld: null, speechHeld: null,
    started: false, candidates: [], votesFrom: 0, replaced: false, menu: false,
  };
  var SECRET_LINES = 4;  // the sealed box has this many lines on every phone at every step
  var CARD_FACTS = 4, NOTE_LINES = 7;  // the card's face: at most 4 facts, then 我的记录 to 11 lines

  function t(key, params) {
    var parts = key.split("."), group = S.strings && S.strings[parts[0]];
    var line = group && group[parts[1]];
    if (line === undefined) { return key; }
    return line.replace(/\{(\w+)\}/g, function (m, name) {
      return params && params[name] !== undefined ? params[name] : m;
    });
  }
  function has(key) {
    var parts = key.split("."), group = S.strings && S.strings[parts[0]];
    return !!group && group[parts[1]] !== undefined;
  }
  function seatName(s) { return t("ui.seat", { seat: s }); }
  function seatList(list) {
    return list.length ? list.map(seatName).join(sep()) : t("ui.nobody");
  }
  function sep() { return document.documentElement.lang === "en" ? ", " : "、"; }
  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined) { node.textContent = text; }
    if (cls) { node.className = cls; }
    return node;
  }
  function toast(text, bad) {
    var box = $("toast");
    box.textContent = text; box.className = bad ? "bad" : ""; box.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(function () { box.hidden = true; }, bad ? 4000 : 1500);
  }
  function locale() {
    var saved = localStorage.getItem(LOCALE_KEY);
    if (saved) { return saved; }
    var lang = (navigator.language || "zh-CN").toLowerCase();
    if (lang.indexOf("zh") === 0) {
      return /tw|hk|mo|hant/.test(lang) ? "zh-TW" : "zh-CN";
    }
    return lang.indexOf("en") === 0 ? "en" : "zh-CN";
  }

  // The link to the box

  function connect() {
    if (S.stopped) { return; }
    var proto = location.protocol === "https:" ? "wss://" : "ws://";
    var ws = new WebSocket(proto + location.host + "/ws");
    S.ws = ws;
    ws.onopen = function () {
      S.attempt = 0;
      send({ type: "hello", locale: locale() });
      var token = localStorage.getItem(TOKEN_KEY);
      if (token) { send({ type: "rejoin", token: token, locale: locale() }); }
    };
    ws.onmessage = function (event) { receive(JSON.parse(event.data)); };
    ws.onclose = function (event) {
      if (S.ws !== ws) { return; }
      S.ws = null;
      if (event.code === 4001) { S.stopped = true; S.replaced = true; showReplaced(); return; }
      var over = S.screen && S.screen.kind === "over";
      if (S.strings && !over) { toast(t("ui.reconnecting"), true); }
      if (over && S.attempt >= 3) { S.stopped = true; $("offline").hidden = false; return; }
      S.attempt += 1;
      var delay = Math.min(2000, 150 * S.attempt) + Math.random() * 150;
      setTimeout(connect, delay);
    };
  }
  function send(message) {
    S.n += 1;
    message.n = S.n;
    if (S.ws && S.ws.readyState === 1) { S.ws.send(JSON.stringify(message)); }
    return S.n;
  }
  document.addEventListener("visibilitychange", function () {
    hideCard();
    if (document.visibilityState === "visible" && !S.ws) { S.attempt = 0; connect(); }
  });

  function receive(m) {
    if (m.type === "welcome") {
      S.strings = m.strings; S.lobby = m.lobby; S.facts = m.facts || []; S.variants = m.variants || {};
      document.documentElement.lang = m.locale;
      translate();
      drawFacts();
      if (!S.seat) { showLobby(); }
      S.peeked = false;  // a new deal (the evening's next game, a board picked): a new card to see
      document.dispatchEvent(new CustomEvent("werewolf-welcome", { detail: m }));  // host.js: the boards
    } else if (m.type === "lobby") {
      S.lobby = m.lobby;
      m.lobby.forEach(function (e) { if (e.name) { S.names[e.seat] = e.name; } else { delete S.names[e.seat]; } });
      if (!S.seat) { showLobby(); } else { render(); }
    } else if (m.type === "joined") {
      localStorage.setItem(TOKEN_KEY, m.token);
      S.seat = m.seat; S.name = m.name;
    } else if (m.type === "state") {
      if (m.game !== S.game) { S.feed = {}; S.game = m.game; }  // 我的记录 is one game's (the next game's starts empty)
      S.view = m.view; S.names = m.names; merge(m.feed); setScreen(m.screen); S.review = m.review;
      S.started = !!m.started; S.candidates = m.candidates || []; S.pk = !!m.pk; S.votesFrom = m.votes_from || 0;
      if (m.speaking !== S.speaking) { speech(m.speaking, m.seconds); }
      S.lastWords = !!m.last_words;
      if (m.clock) { clock(m.clock); }
      showGame();
      document.dispatchEvent(new CustomEvent("werewolf-state", { detail: { started: S.started } }));
    } else if (m.type === "clock") {
      clock(m); render();
    } else if (m.type === "speaking") {
      speech(m.seat, m.seconds); S.lastWords = !!m.last_words; render();
    } else if (m.type === "progress") {
      var told = unseal(m.sealed);
      if (told.picks) { S.picks = told.picks; }
      if (m.owed !== undefined) { S.progress = m; }
      render();
    } else if (m.type === "ack") {
      var answer = unseal(m.sealed);
      merge(answer.feed);
      if (m.step === "peeked") { return; }
      if (atNight()) { answered(sentLine()); return; }
      toast(t("ui.sent"));
      if (S.screen && S.screen.step === m.step && !S.screen.pack) {
        S.screen.answered = true; render();
      }
    } else if (m.type === "error") {
      if (atNight() && m.n && m.n === S.actN) { answered(m.message); return; }
      toast(m.message, true);
      if (m.code === "bad_token") { forget(); }
    } else if (m.type === "freed") {
      toast(t(m.reason === "seat_gone" ? "ui.seat_gone" : "ui.freed"), true); forget();
    } else if (m.type === "scores") {
      document.dispatchEvent(new CustomEvent("werewolf-scores", { detail: m }));  // evening.js
    } else if (m.type === "notice") {
      toast(m.text, true);  // the host claimed the role or freed a seat: every phone is told
    }
  }
  function showReplaced() {  // another page took this seat: this one stops, and says so
    $("game").hidden = true; $("lobby").hidden = true; $("replaced").hidden = false;
    $("replaced").textContent = S.strings ? t("ui.replaced") : "已在另一个页面打开";
  }
  function forget() {
    localStorage.removeItem(TOKEN_KEY);
    S.seat = 0; S.view = null; S.feed = {}; showLobby();
  }
  function merge(entries) {
    (entries || []).forEach(function (entry) { S.feed[entry.i] = entry; });
  }
  // At night a touch is answered alike on every phone (a neutral toast, the buttons left as
  // they are); what the answer said (sent, or why it was refused) shows while held.
  // The choice is cleared on every phone alike once answered, taken or refused (what was sent
  // shows while held); a refused witch's heal is not sent again by "不选".
  function atNight() { return !!(S.screen && S.screen.kind === "night"); }
  function answered(line) {
    S.answer = line; S.selection = []; S.heal = false; S.ask = "";
    toast(t("ui.received")); render();
  }
  function sentLine() {
    var chosen = S.sentChoice;
    return chosen ? t("ui.sent_choice", { choice: chosen }) : t("ui.sent");
  }
  function unseal(sealed) {
    try { return sealed ? JSON.parse(sealed) : {}; } catch (e) { return {}; }
  }
  function setScreen(screen) {
    var same = S.screen && screen && S.screen.step === screen.step && S.screen.real === screen.real;
    if (!same) { S.selection = []; S.heal = false; S.picks = null; S.progress = null; S.ask = ""; S.answer = ""; }
    S.screen = screen;
    S.secret = unseal(screen && screen.sealed);
  }
  function speech(seat, seconds) {
    S.speaking = seat; S.speechDone = false;
    var timed = seat && seconds !== null && seconds !== undefined;
    S.speechEnd = timed ? Date.now() + seconds * 1000 : 0;
    S.speechHeld = timed && S.paused ? seconds : null;
  }
  // The judge's clock: the step's and the speech's seconds left, and whether the pause holds them
  function clock(c) {
    var now = Date.now();
    S.paused = !!c.paused;
    S.stepEnd = c.step !== null && c.step !== undefined ? now + c.step * 1000 : 0;
    S.stepHeld = S.paused && S.stepEnd ? c.step : null;
    if (c.speech !== null && c.speech !== undefined && S.speaking) {
      S.speechEnd = now + c.speech * 1000; S.speechHeld = S.paused ? c.speech : null;
    }
  }
  function secondsLeft(end, held) {
    if (!end) { return null; }
    if (held !== null) { return held; }
    return Math.max(0, Math.ceil((end - Date.now()) / 1000));
  }
  setInterval(function () {
    if ((S.speechEnd || S.stepEnd) && !S.paused && S.screen) { renderSpeech(); renderTimer(); }
  }, 250);

  // The lobby

  function translate() {
    document.querySelectorAll("[data-t]").forEach(function (node) {
      node.textContent = t(node.getAttribute("data-t"));
    });
    $("name").placeholder = t("ui.your_name");
    $("lang").value = locale();
    document.title = t("ui.title");
  }
  function showLobby() {
    $("game").hidden = true; $("lobby").hidden = false;
    var grid = $("lobby-seats");
    grid.textContent = "";
    S.lobby.forEach(function (entry) {
      var button = el("button", String(entry.seat));
      if (entry.name) {
        button.appendChild(el("small", entry.name)); button.disabled = true;
      }
      if (entry.seat === S.pickedSeat && !entry.name) { button.className = "picked"; }
      button.onclick = function () { S.pickedSeat = entry.seat; showLobby(); };
      grid.appendChild(button);
    });
    var free = S.lobby.some(function (e) { return e.seat === S.pickedSeat && !e.name; });
    $("join").disabled = !(free && $("name").value.trim());
    var full = S.lobby.every(function (e) { return e.name; });  // no seat left: say so, and what to do
    $("pick-seat").hidden = full; $("name").hidden = full; $("join").hidden = full;
    $("table-full").hidden = !full;
    $("table-full").textContent = "";
    if (full) { [el("b", t("ui.table_full", { seats: S.lobby.length })), el("span", t("ui.table_full_what"))].forEach(function (n) { $("table-full").appendChild(n); }); }
  }
  $("name").addEventListener("input", showLobby);
  $("join").onclick = function () {
    var message = { type: "join", seat: S.pickedSeat, name: $("name").value.trim(), locale: locale() };
    if (S.facts.length) { message.facts = givenFacts(); }
    send(message);
  };

  // The facts the New Moon cards ask for, once, at joining; each may be declined

  function drawFacts() {
    var box = $("facts-fields");
    box.textContent = "";
    $("facts").hidden = !S.facts.length;
    S.facts.forEach(function (name) {
      var label = el("label"), field;
      label.appendChild(el("span", t("facts." + name)));
      if (name === "age") {
        field = el("input");
        field.type = "number"; field.min = "1"; field.max = "120"; field.inputMode = "numeric";
        field.placeholder = t("ui.decline");
      } else {
        field = el("select");
        var options = name === "gender" ? [["", "ui.decline"], ["male", "facts.male"], ["female", "facts.female"]]
          : [["", "ui.decline"], ["yes", "ui.yes"], ["no", "ui.no"]];
        options.forEach(function (pair) {
          var option = el("option", t(pair[1])); option.value = pair[0]; field.appendChild(option);
        });
      }
      field.id = "fact-" + name;
      label.appendChild(field);
      box.appendChild(label);
    });
  }
  function givenFacts() {
    var facts = {};
    S.facts.forEach(function (name) {
      var value = $("fact-" + name).value;
      if (value === "") { return; }
      if (name === "age") {
        var age = Math.round(Number(value));
        if (age >= 1 && age <= 120) { facts.age = age; }
      } else if (name === "gender") { facts.gender = value; }
      else { facts[name] = value === "yes"; }
    });
    return facts;
  }
  $("lang").onchange = function () {
    localStorage.setItem(LOCALE_KEY, $("lang").value);
    send({ type: "hello", locale: $("lang").value });
  };

  // The card: shown only while a finger (or the mouse button) is down on it

  var card = $("card");
  function showCard(event) {
    event.preventDefault();
    if (!S.view) { return; }
    drawCard(); card.classList.add("peeking");
    $("card-cover").hidden = true; $("card-face").hidden = false;
    if (!S.peeked) { S.peeked = true; send({ type: "peeked" }); }
  }
  function hideCard() {
    card.classList.remove("peeking");
    $("card-face").hidden = true; $("card-face").textContent = ""; $("card-cover").hidden = false;
    hideSecret();
  }
  card.addEventListener("pointerdown", showCard);
  ["pointerup", "pointercancel", "pointerleave"].forEach(function (name) {
    card.addEventListener(name, hideCard);
  });
  card.addEventListener("contextmenu", function (event) { event.preventDefault(); });

  // What only this seat may know at this step: shown only while a finger holds the area

  var secret = $("step-secret");
  function showSecret(event) {
    event.preventDefault();
    if (!S.screen) { return; }
    secret.classList.add("peeking"); $("secret-cover").hidden = true; $("secret-face").hidden = false;
    fillSecret();
  }
  function fillSecret() {  // again when something comes while the finger is down (the picks)
    if (!secret.classList.contains("peeking")) { return; }
    var face = $("secret-face");
    face.textContent = "";
    fixedLines(secretLines()).forEach(function (line) { face.appendChild(el("p", line || "\u00a0")); });
  }
  // Every sealed box has SECRET_LINES lines, whoever holds it: what does not fit shares the last
  function fixedLines(lines) {
    var out = lines.slice(0, SECRET_LINES);
    if (lines.length > SECRET_LINES) {
      out[SECRET_LINES - 1] = lines.slice(SECRET_LINES - 1).filter(Boolean).join("；");
    }
    while (out.length < SECRET_LINES) { out.push(""); }
    return out;
  }
  function hideSecret() {
    secret.classList.remove("peeking");
    $("secret-face").hidden = true; $("secret-face").textContent = ""; $("secret-cover").hidden = false;
  }
  secret.addEventListener("pointerdown", showSecret);
  ["pointerup", "pointercancel", "pointerleave"].forEach(function (name) {
    secret.addEventListener(name, hideSecret);
  });
  secret.addEventListener("contextmenu", function (event) { event.preventDefault(); });
  // A step's told line names a card (`role`) or a check's answer (`result`) by its code: said in
  // the page's language, a seat (`target`) as the table says it.
  function spelled(info) {
    var out = {};
    Object.keys(info).forEach(function (k) { out[k] = info[k]; });
    if (info.role) { out.role = t("roles." + info.role); }
    if (info.result) { out.result = t("results." + info.result); }
    if (info.target) { out.target = seatName(info.target); }
    if (info.seats) { out.seats = seatList(info.seats); }
    if (info.cards) {  // the actor's cards left: "1 守卫、2 猎人"
      out.cards = info.cards.map(function (c, i) { return (i + 1) + " " + t("roles." + c); }).join(sep());
    }
    if (info.status) { out.status = t(info.status === "👍" ? "ui.can_shoot" : "ui.cannot_shoot"); }
    return out;
  }
  // This seat's power is void at this step tonight (feared, sealed): why, while the finger holds.
  function blockedNow(sc) {
    var found = null;
    Object.keys(S.feed).forEach(function (i) {
      var e = S.feed[i];
      // tonight's, or last night's while the judge still reads it and the game is already at dawn
      var tonight = e.data.night === nightNumber() || e.data.night === dayNumber();
      if (e.kind === "blocked" && e.data.step === sc.step && tonight) { found = e; }
    });
    return found ? t(has("ui.blocked_" + found.data.by) ? "ui.blocked_" + found.data.by : "ui.blocked") : null;
  }
  function secretLines() {
    var sc = S.screen, told = S.secret, last = S.answer || "";
    var blocked = blockedNow(sc);
    if (!told.real) { return [blocked || t("ui.secret_nothing"), last]; }
    var info = told.info || {}, lines = [t("ui.secret_yours"), last];
    if (sc.form === "witch") {
      lines.push(info.victims && info.victims.length > 1 ? t("ui.witch_victims", { seats: seatList(info.victims) })
        : info.victim ? t("ui.witch_victim", { seat: info.victim })
        : t(info.heal_left ? "ui.witch_no_victim" : "ui.witch_not_told"));
      lines.push(t("ui.potions", { heal: t(info.heal_left ? "ui.left" : "ui.used"),
                                   poison: t(info.poison_left ? "ui.left" : "ui.used") }));
    }
    if (sc.form === "cards" && info.cards && !has("told." + sc.step)) {
      lines.push(t("ui.thief_cards_are", { first: t("roles." + info.cards[0]), second: t("roles." + info.cards[1]) }));
      if (info.take) { lines.push(t("ui.must_take_card", { n: info.take })); }
      else if (info.must_take) { lines.push(t("ui.must_take")); }
    }
    if (info.up_to) { lines.push(t("ui.up_to", { n: info.up_to })); }
    if (info.last_protected) { lines.push(t("ui.last_protected", { seat: seatName(info.last_protected) })); }
    if (sc.step && has("told." + sc.step)) { lines.push(t("told." + sc.step, spelled(info))); }
    if (sc.pack && S.picks) {  // one short line, however many wolves: the wolves by the seat they pick
      var by = {}, order = [];
      Object.keys(S.picks).forEach(function (wolf) {
        var pick = S.picks[wolf], key = pick === null ? "?" : String(pick || 0);
        if (!by[key]) { by[key] = []; order.push(key); }
        by[key].push(wolf);
      });
      lines.push(t("ui.wolves_picks", { list: order.map(function (key) {
        var wolves = by[key].join(sep());
        return key === "?" ? t("ui.wolf_no_pick", { seats: wolves })
          : t("ui.wolf_pick", { seats: wolves, target: key !== "0" ? seatName(Number(key)) : t("ui.nobody") });
      }).join(" ") }));
    }
    Object.keys(S.feed).forEach(function (i) {
      var e = S.feed[i];
      if (e.kind === "seer.result" && e.data.night === nightNumber()) {
        lines.push(t("ui.seer_result", { night: e.data.night, seat: e.data.target, result: resultName(e.data.result) }));
      }
      if (e.kind === "fox.result" && e.data.night === nightNumber()) {
        lines.push(t(e.data.found ? "ui.fox_found" : "ui.fox_none", { night: e.data.night, seats: seatList(e.data.seats) }));
      }
    });
    return lines;
  }
  window.addEventListener("blur", hideCard);

  function drawCard() {
    var v = S.view, face = $("card-face");
    face.textContent = "";
    face.appendChild(el("div", t("roles." + v.card), "role"));
    window.werewolfRules.cardLines(v.card).forEach(function (line, i) { face.appendChild(el("p", line, i ? "goal" : "power")); });
    var lines = [];
    if (v.dealt_card !== v.card) { lines.push(t("ui.dealt_card", { role: t("roles." + v.dealt_card) })); }
    if (v.seer_label) { lines.push(t(v.seer_label === 1 ? "ui.seer_label_one" : "ui.seer_label_two")); }  // 灯影预言家's board
    if (v.fellow_werewolves.length) { lines.push(t("ui.fellow_werewolves", { seats: seatList(v.fellow_werewolves) })); }
    if (v.lover) {
      lines.push(t("ui.lover", { seat: v.lover.partner }));
      if (v.lover.role) { lines.push(t("ui.lover_role", { role: t("roles." + v.lover.role) })); }
      if (v.lover.faction) { lines.push(t("ui.lover_faction", { result: t("results." + v.lover.faction) })); }
    }
    if (v.lovers.length) { lines.push(t("ui.lovers", { seats: seatList(v.lovers) })); }
    if (v.charmed.length) { lines.push(t("ui.charmed", { seats: seatList(v.charmed) })); }
    if (v.potions) {
      var potions = potionsNow(v.potions);
      lines.push(t("ui.potions", { heal: t(potions.heal ? "ui.left" : "ui.used"),
                                   poison: t(potions.poison ? "ui.left" : "ui.used") }));
    }
    if (v.last_protected) { lines.push(t("ui.last_protected", { seat: seatName(v.last_protected) })); }
    var moon = v.moon || {};
    if (moon.werewolves) { lines.push(t("ui.ally", { seats: seatList(moon.werewolves) })); }
    (moon.moon_seer_results || []).forEach(function (r) {
      lines.push(t("ui.moon_seer_result", { night: r.night, seat: r.target, result: resultName(r.result) }));
    });
    if (moon.executed_cards) {
      lines.push(t("ui.executed_cards", { list: Object.keys(moon.executed_cards).map(function (s) {
        return seatName(s) + " " + t("roles." + moon.executed_cards[s]);
      }).join(sep()) }));
    }
    if (moon.infected) { lines.push(t("ui.infected")); }
    lines = lines.slice(0, CARD_FACTS);
    lines.forEach(function (line) { face.appendChild(el("p", line)); });
    face.appendChild(el("div", t("notes.title"), "notes-title"));
    myNotes(NOTE_LINES + CARD_FACTS - lines.length).forEach(function (line) {
      face.appendChild(el("p", line || "\u00a0", "note"));
    });
  }
  // The witch's potions as her own events last said them (as she woke, as she went back to sleep,
  // a card that gave them back), so the card's line never lags her notes; the view's before any.
  function potionsNow(potions) {
    var now = potions;
    Object.keys(S.feed).map(Number).sort(function (a, b) { return a - b; }).forEach(function (i) {
      var e = S.feed[i], d = e.data;
      if ((e.kind === "witch.told" || e.kind === "witch.used") && d.heal_left !== undefined) {
        now = { heal: d.heal_left, poison: d.poison_left };
      } else if (e.kind === "witch.potions") { now = { heal: d.heal, poison: d.poison }; }
    });
    return now;
  }
  // 我的记录: what this seat learned and did, a line per night, newest last; the card's face has
  // the same lines on every phone (CARD_FACTS + NOTE_LINES), so its size tells nothing.
  function myNotes(room) {
    var nights = {};
    function note(night, line) {
      if (!night) { return; }
      (nights[night] = nights[night] || []).push(line);
    }
    Object.keys(S.feed).map(Number).sort(function (a, b) { return a - b; }).forEach(function (i) {
      var e = S.feed[i], d = e.data, night = nightOf(e.phase);
      if (!night) { return; }
      var line = noteLine(e.kind, d);
      if (line) { note(night, line); }
    });
    var lines = Object.keys(nights).map(Number).sort(function (a, b) { return a - b; }).map(function (n) {
      return t("notes.night", { night: n }) + nights[n].join(sep());
    });
    if (!lines.length) { lines = [t("notes.nothing")]; }
    if (lines.length > room) { lines = [t("notes.earlier")].concat(lines.slice(lines.length - room + 1)); }
    while (lines.length < room) { lines.push(""); }
    return lines;
  }
  function nightOf(phase) {
    var m = /^night (\d+)$/.exec(phase || "");
    return m ? Number(m[1]) : 0;
  }
  function noteLine(kind, d) {  // one event of this seat's own, in the page's words (or null)
    var key = kind.replace(/\./g, "_");
    if (kind === "seer.result") { return t("notes.seer_result", { seat: seatName(d.target), result: resultName(d.result) }); }
    if (kind === "witch.told") {  // told nobody because the rule tells her nothing: not "nobody was killed"
      if (d.victims) { return t("notes.witch_told", { seat: seatList(d.victims) }); }  // several attacks
      return d.victim ? t("notes.witch_told", { seat: seatName(d.victim) })
        : t(d.told === false ? "notes.witch_not_told" : "notes.witch_told_none");
    }
    if (kind === "witch.used") {
      var used = [];
      if (d.heal) { used.push(t("notes.witch_heal")); }
      if (d.poison) { used.push(t("notes.witch_poison", { seat: seatName(d.poison) })); }
      return used.length ? used.join(sep()) : t("notes.witch_nothing");
    }
    if (kind === "guard.protects" && !d.target) { return t("notes.guard_none"); }
    if (kind === "werewolves.victim" && !d.target) { return t("notes.werewolves_none"); }
    if (kind === "magician.swaps" && !(d.seats && d.seats.length)) { return t("notes.magician_none"); }
    if (kind === "raven.marks" && !d.target) { return t("notes.raven_none"); }
    if (kind === "eclipse_wolf_queen.locks" && !d.target) { return t("notes.eclipse_wolf_queen_none"); }
    if (kind === "masquerade.masks" && !d.target) { return t("notes.masquerade_none"); }
    if (kind === "white_werewolf.kills" && !d.target) { return t("notes.white_werewolf_none"); }
    if (kind === "fox.result") { return t(d.found ? "notes.fox_found" : "notes.fox_none", { seats: seatList(d.seats) }); }
    if (kind === "actor.took") { return d.card ? t("notes.actor_took", { role: t("roles." + d.card) }) : t("notes.actor_none"); }
    if (kind === "thief.took") { return d.take ? t("notes.thief_took", { role: t("roles." + d.card) }) : t("notes.thief_kept"); }
    if (!(S.strings.notes && S.strings.notes[key] !== undefined)) { return null; }
    return t("notes." + key, { seat: d.target ? seatName(d.target) : "", seats: d.seats ? seatList(d.seats) : "" });
  }
  function resultName(result) {
    var known = S.strings.results[result];
    return known !== undefined ? known : t("roles." + result);
  }

  // The game

  function showGame() {
    $("lobby").hidden = true; $("game").hidden = false; render();
  }
  function render() {
    if (!S.view || !S.screen) { return; }
    var v = S.view, p = v.public;
    $("me-seat").textContent = seatName(v.seat);
    $("me-name").textContent = S.names[v.seat] || S.name;
    var phase = p.phase.split(" ");
    $("phase").textContent = !S.started ? "" : phase[0] === "night" ? t("ui.phase_night", { n: phase[1] })
      : phase[0] === "day" ? dayName(phase[1]) : p.winner ? t("ui.phase_over") : "";
    document.body.className = S.screen.kind === "night" ? "night" : S.screen.kind === "out" ? "out" : "";
    renderBoard();
    renderStep();
    renderTimer();
    fillSecret();
    renderSpeech();
    renderTally();
    renderPublic();
    renderActions();
  }

  // Day 0 (held before the first night when an angel is dealt) says so
  function dayName(n) { return n === "0" ? t("ui.phase_day_zero") : t("ui.phase_day", { n: n }); }

  // The table at a glance: every seat, its name, out or not, the badge, the speaker, the candidates

  function renderBoard() {
    var p = S.view.public, box = $("board");
    box.textContent = "";
    box.hidden = !S.started || S.screen.kind === "over";
    // two rows for 15-18 seats (three of seven would push the step's buttons off a small phone)
    box.style.gridTemplateColumns = p.seats > 14 ? "repeat(" + Math.ceil(p.seats / 2) + ", minmax(0, 1fr))" : "";
    var out = {};
    p.deaths.forEach(function (d) { out[d.seat] = d; });
    for (var s = 1; s <= p.seats; s += 1) {
      var cell = el("div", undefined, "seat");
      cell.setAttribute("data-seat", String(s));
      var dead = p.alive.indexOf(s) < 0;
      if (dead) { cell.classList.add("dead"); }
      if (s === S.view.seat) { cell.classList.add("mine"); }
      if (s === S.speaking) { cell.classList.add("speaking"); }
      if (S.candidates.indexOf(s) >= 0) { cell.classList.add("candidate"); }
      cell.appendChild(el("b", String(s)));
      cell.appendChild(el("span", S.names[s] || "", "name"));
      var tags = [];
      if (p.sheriff === s) { tags.push(el("i", t("ui.tag_sheriff"), "badge")); }
      if (dead) {
        var d = out[s];
        tags.push(el("i", d && d.card ? t("roles." + d.card) : t(d && d.cause === "self_destruct" ? "ui.tag_self_destruct" : "ui.tag_out"), "gone"));
      } else if (s === S.speaking) { tags.push(el("i", t("ui.tag_speaking"), "talk")); }
      else if (S.candidates.indexOf(s) >= 0) { tags.push(el("i", t(S.pk ? "ui.tag_pk" : "ui.tag_candidate"), "run")); }
      else if (p.open_cards && p.open_cards[s]) {  // shown to all at the start
        tags.push(el("i", t("roles." + p.open_cards[s]), "open"));
        cell.classList.add("open-card");
      }
      else if (p.groups && p.groups[s]) {  // the prejudiced manipulator's public groups
        tags.push(el("i", t("ui.group_" + p.groups[s]), "group"));
      }
      if (p.groups && p.groups[s]) { cell.classList.add("group-" + p.groups[s]); }
      var row = el("span", undefined, "tags");
      tags.forEach(function (tag) { row.appendChild(tag); });
      cell.appendChild(row);
      box.appendChild(cell);
    }
    if (p.face_up && p.face_up.length) {  // the actor's cards left, face up for everyone
      var cards = p.face_up.map(function (c) { return t("roles." + c); }).join(sep());
      box.appendChild(el("div", t("ui.face_up", { cards: cards }), "face-up"));
    }
  }

  // The step's countdown, the same on every phone; stopped and marked while the judge pauses

  function renderTimer() {
    var box = $("step-timer");
    if (!S.screen) { return; }
    var left = secondsLeft(S.stepEnd, S.stepHeld);
    var shown = S.screen.step && S.screen.kind !== "over" && (left !== null || S.paused);
    box.hidden = !shown;
    box.textContent = !shown ? "" : S.paused ? t("ui.paused") : t("ui.seconds_left", { seconds: left });
    box.className = S.paused ? "paused" : left !== null && left <= 10 ? "urgent" : "";
  }

  // The last vote, counted as the judge counts: "5号 4票：2、3、4、6", the sheriff's weight
  // named ("7号 6.5票（警长1.5票）：…"); hidden while a new vote is cast

  function renderTally() {
    var box = $("tally"), p = S.view.public;
    box.textContent = "";
    var step = S.screen.step || "";
    var voting = /vote$/.test(step) && S.screen.kind === "day";
    var last = p.votes.length > S.votesFrom ? p.votes[p.votes.length - 1] : null;
    box.hidden = !last || voting || S.screen.kind === "over";
    if (box.hidden) { return; }
    var pk = !!last.revote;
    box.appendChild(el("h3", t(!last.step ? "ui.tally_sheriff" : pk ? "ui.tally_pk" : "ui.tally")));
    var weights = last.weights || {}, sheriff = String(last.sheriff || "");
    var by = {}, counts = {}, abstained = [];
    Object.keys(last.votes).forEach(function (voter) {
      var target = last.votes[voter];
      if (!target) { abstained.push(Number(voter)); return; }
      (by[target] = by[target] || []).push(Number(voter));
      counts[target] = (counts[target] || 0) + (weights[voter] || 1);
    });
    var marked = last.marked || {};  // a mark's votes (the vote's `marked`), counted and said
    Object.keys(marked).forEach(function (seat) {
      by[seat] = by[seat] || [];
      counts[seat] = (counts[seat] || 0) + marked[seat];
    });
    Object.keys(by).sort(function (a, b) { return counts[b] - counts[a] || a - b; }).forEach(function (target) {
      var voters = by[target].sort(function (a, b) { return a - b; });
      var bySheriff = sheriff in weights && String(last.votes[sheriff]) === String(target);
      var line = bySheriff ? "ui.tally_line_sheriff" : voters.length ? "ui.tally_line" : "ui.tally_line_unvoted";
      box.appendChild(el("p", t(line,  // a marked seat nobody voted for: no empty list of voters
        { seat: target, count: counts[target], weight: weights[sheriff], voters: voters.join(sep()) })
        + (target in marked ? t("ui.tally_marked", { marked: marked[target] }) : "")));
    });
    if (abstained.length) {
      box.appendChild(el("p", t("ui.tally_abstain", { voters: abstained.sort(function (a, b) { return a - b; }).join(sep()) })));
    }
  }

  // The day actions (a werewolf's self-destruct, the knight's duel …): the same buttons on every
  // living phone; one that takes no seat is pressed twice, one that names a seat opens the grid
  // of the living seats and is confirmed

  function renderActions() {
    var list = S.screen.actions || [];
    var names = list.map(function (a) { return a.name; });
    if (S.dayAction && names.indexOf(S.dayAction) < 0) { S.dayAction = null; S.dayTarget = null; }
    if (S.armed && names.indexOf(S.armed) < 0) { disarm(); }
    $("day-actions").hidden = !list.length;
    var buttons = $("day-action-buttons");
    buttons.textContent = "";
    list.forEach(function (a) {
      var label = t("ui.action_" + a.name);
      var button = el("button", S.armed === a.name ? t("ui.action_confirm", { action: label }) : label,
        "danger" + (S.dayAction === a.name ? " picked" : ""));
      button.setAttribute("data-action", a.name);
      button.onclick = function () { pressAction(a); };
      buttons.appendChild(button);
    });
    $("day-action-pick").hidden = !S.dayAction;
    var grid = $("day-action-seats");
    grid.textContent = "";
    if (!S.dayAction) { return; }
    $("day-action-title").textContent = t("ui.action_pick", { action: t("ui.action_" + S.dayAction) });
    S.view.public.alive.forEach(function (s) {
      var button = el("button", String(s), S.dayTarget === s ? "picked" : "");
      if (S.names[s]) { button.appendChild(el("small", S.names[s])); }
      button.onclick = function () { S.dayTarget = S.dayTarget === s ? null : s; renderActions(); };
      grid.appendChild(button);
    });
    var confirm = $("day-action-confirm");
    confirm.textContent = t("ui.confirm");
    confirm.disabled = S.dayTarget === null;
  }
  function pressAction(a) {
    if (a.form === "seats") {
      disarm();
      S.dayAction = S.dayAction === a.name ? null : a.name; S.dayTarget = null;
      renderActions(); return;
    }
    S.dayAction = null; S.dayTarget = null;
    if (S.armed !== a.name) {
      disarm();
      S.armed = a.name;
      S.armedTimer = setTimeout(function () { S.armed = null; S.armedTimer = 0; renderActions(); }, 3000);
      renderActions(); return;
    }
    disarm();
    send({ type: "day_action", action: a.name }); renderActions();
  }
  function disarm() {
    clearTimeout(S.armedTimer); S.armed = null; S.armedTimer = 0;
  }
  $("day-action-confirm").onclick = function () {
    if (!S.dayAction || S.dayTarget === null) { return; }
    send({ type: "day_action", action: S.dayAction, target: S.dayTarget });
    S.dayAction = null; S.dayTarget = null; renderActions();
  };
  $("day-action-cancel").onclick = function () {
    S.dayAction = null; S.dayTarget = null; renderActions();
  };

  function renderStep() {
    var sc = S.screen.kind === "night" ? Object.assign({}, S.screen, { answered: false }) : S.screen;
    var title = $("step-title"), info = $("step-info");
    var extra = $("step-extra"), grid = $("step-seats"), notes = $("step-notes");
    var none = $("none"), confirm = $("confirm");
    extra.textContent = ""; grid.textContent = ""; notes.textContent = "";
    none.hidden = true; confirm.hidden = true; info.textContent = "";
    title.textContent = !sc.step ? "" : has("ui.title_" + sc.step) ? t("ui.title_" + sc.step) : t("steps." + sc.step);
    $("step-secret").hidden = sc.kind !== "night" || sc.form === "sleep";
    if ($("step-secret").hidden) { hideSecret(); }
    $("step").className = sc.kind === "out" ? "out" : "";
    $("step").setAttribute("data-step", sc.step || "");  // the step's code (tests, screenshots)
    if (sc.kind === "over") {
      title.textContent = t("ui.over", { winner: t("winners." + S.view.public.winner) });
      drawEnd(extra);
      return;
    }
    if (!S.started) {  // before the deal: who is seated, nothing of the night
      var seated = S.lobby.filter(function (e) { return e.name; }).length;
      title.textContent = seated < S.view.public.seats ? t("ui.waiting_seats", { seated: seated, seats: S.view.public.seats })
        : t("ui.seated_title");  // every seat taken: the cards are dealt, nobody is awaited
      info.textContent = seated < S.view.public.seats ? t("ui.waiting_others") : t("ui.waiting_start");
      ["ui.guide_card", "ui.guide_night", "ui.guide_day"].forEach(function (key) { notes.appendChild(el("li", t(key))); });
      return;
    }
    if (sc.kind === "out" && S.lastWords && S.speaking === S.seat) {  // the seat's own last words
      title.textContent = t("ui.last_words_title"); info.textContent = "";
      $("step").className = "";
      return;
    }
    if (sc.kind === "out") {
      title.textContent = t("ui.out_title");
      info.textContent = t("ui.out");
      return;
    }
    if (sc.form === "sleep" || sc.form === "wait") {
      info.textContent = sc.form === "sleep" ? t("ui.sleeping") : !sc.step ? t("ui.waiting")
        : /vote$/.test(sc.step) ? t("ui.others_voting") : t("ui.someone_choosing");
      if (!sc.step && sc.form === "sleep") { title.textContent = t("ui.sleeping"); info.textContent = ""; }
      if (!sc.step && sc.kind === "day") {
        var pk = S.pk && S.candidates.length > 1;  // a tie: who is in the PK, and what comes
        title.textContent = t(S.speaking ? (S.lastWords ? "ui.last_words_title" : pk ? "ui.pk_speeches_title"
          : "ui.speeches_title") : "ui.day_title");
        info.textContent = S.speaking ? "" : pk ? t("ui.pk_called", { seats: seatList(S.candidates) }) : info.textContent;
      }
      if (sc.kind === "day" && S.progress && S.progress.step === sc.step) {
        notes.appendChild(el("li", t("ui.answered_count", S.progress)));
      }
      return;
    }
    info.textContent = stepInfo(sc);
    if (sc.form === "notice") {
      confirm.hidden = false; confirm.textContent = t("ui.ok");
      confirm.disabled = sc.answered;
      confirm.onclick = function () { act({}); };
      return;
    }
    if (sc.form === "stand") {
      [["ui.stand", true], ["ui.not_stand", false]].forEach(function (pair) {
        var button = el("button", t(pair[0]));
        button.disabled = sc.answered;
        button.onclick = function () { act({ stand: pair[1] }); };
        extra.appendChild(button);
      });
      progressNote(sc, notes);
      return;
    }
    if (sc.form === "yesno") {
      yesNo(sc).forEach(function (pair) {
        var button = el("button", pair[0]);
        var untrue = sc.kind === "day" && sc.real && sc.info.truth !== undefined && sc.info.truth !== null && sc.info.truth !== pair[1];
        button.disabled = sc.answered || untrue;
        button.onclick = function () { act({ yes: pair[1] }); };
        extra.appendChild(button);
      });
      progressNote(sc, notes);
      return;
    }
    if (sc.form === "question") {
      drawQuestions(sc, extra, grid, confirm);
      return;
    }
    if (sc.form === "cards") {
      sc.choices.forEach(function (n) {  // the thief's two face-down cards, or the actor's left face up
        var button = el("button", t(takeKey(), { n: n }));
        button.disabled = sc.answered;
        button.onclick = function () { act({ take: n }); };
        extra.appendChild(button);
      });
      if (sc.allow_none) {
        none.hidden = false; none.textContent = t(keepKey());
        none.disabled = sc.answered;
        none.onclick = function () { act({ take: 0 }); };
      }
      return;
    }
    if (sc.form === "witch") {
      var heal = el("button", t("ui.heal"), S.heal ? "picked" : "");
      heal.disabled = sc.answered;
      heal.onclick = function () { S.heal = !S.heal; renderStep(); };
      extra.appendChild(heal);
    }
    drawSeats(sc, grid);
    if (sc.allow_none) {
      none.hidden = false; none.disabled = sc.answered;
      // what passing means at this step, where it has a word of its own (不开枪, 撕掉警徽)
      none.textContent = t(/vote$/.test(sc.step) ? "ui.abstain" : has("ui.pass_" + sc.step) ? "ui.pass_" + sc.step : "ui.pass");
      none.onclick = function () { act({ targets: [], heal: false }); };  // "不选": no potion either
    }
    confirm.hidden = false; confirm.textContent = t("ui.confirm");
    var anyCount = sc.any_count;
    confirm.disabled = sc.answered || !(anyCount ? S.selection.length > 0
      : S.selection.length === sc.count || (sc.form === "witch" && S.heal && !S.selection.length));
    confirm.onclick = function () { act({ targets: S.selection.slice(), heal: S.heal }); };
    progressNote(sc, notes);
  }
  // A yes or no with the choice named: 退水 / 继续竞选; 警左（N号先说）/ 警右（M号先说）
  function yesNo(sc) {
    if (sc.answers) { return [[t("ui." + sc.answers[0], sc.info), true], [t("ui." + sc.answers[1], sc.info), false]]; }
    return [[t("ui.yes"), true], [t("ui.no"), false]];
  }
  // The end: every seat, its name, its card, its side, the wolves marked, and the winner
  function drawEnd(box) {
    var p = S.view.public, cards = p.cards || {}, lovers = p.lovers || [];
    var table = el("table", undefined, "end");
    var head = el("tr");
    ["ui.end_seat", "ui.end_name", "ui.end_card", "ui.end_side"].forEach(function (k) { head.appendChild(el("th", t(k))); });
    table.appendChild(head);
    var out = {};
    p.deaths.forEach(function (d) { out[d.seat] = d; });
    for (var s = 1; s <= p.seats; s += 1) {
      var card = cards[s] || "", wolf = (S.screen.wolves || []).indexOf(s) >= 0;
      var row = el("tr", undefined, (wolf ? "wolf" : "") + (out[s] ? " dead" : ""));
      row.appendChild(el("td", seatName(s)));
      row.appendChild(el("td", S.names[s] || ""));
      row.appendChild(el("td", card ? t("roles." + card) : ""));
      var side = wolf ? t("ui.side_wolves") : card ? t("ui.side_good") : "";
      if (lovers.indexOf(s) >= 0) { side += t("ui.side_lover"); }
      row.appendChild(el("td", side + (out[s] ? t("ui.end_out") : "")));
      table.appendChild(row);
    }
    box.appendChild(table);
  }
  function progressNote(sc, notes) {
    if (sc.kind === "day" && S.progress && S.progress.step === sc.step) {
      notes.appendChild(el("li", t("ui.answered_count", S.progress)));
    }
    if (sc.answered) { notes.appendChild(el("li", t("ui.voted"))); }
  }
  function drawQuestions(sc, extra, grid, confirm) {
    var seats = sc.info.question_seats || {}, need = S.ask ? seats[S.ask] : 0;
    var list = el("div", undefined, "questions");
    sc.info.questions.forEach(function (ask) {
      var button = el("button", t("questions." + ask), ask === S.ask ? "picked" : "");
      button.disabled = sc.answered;
      button.onclick = function () { S.ask = ask; S.selection = []; renderStep(); };
      list.appendChild(button);
    });
    extra.appendChild(list);
    if (need) {
      $("step-info").textContent = t("ui.question_seats", { count: need });
      drawSeats({ choices: sc.choices, count: need, answered: sc.answered }, grid);
    }
    confirm.hidden = false; confirm.textContent = t("ui.confirm");
    confirm.disabled = sc.answered || !S.ask || S.selection.length !== need;
    confirm.onclick = function () { act({ ask: S.ask, targets: S.selection.slice() }); };
  }
  function nightNumber() {
    var phase = S.view.public.phase.split(" ");
    return phase[0] === "night" ? Number(phase[1]) : -1;
  }
  function stepInfo(sc) {
    if (sc.kind === "night") {  // the same words on every phone
      if (sc.form === "notice") { return t("ui.notice_pick"); }
      if (sc.form === "yesno") { return t("ui.pick_yesno"); }
      if (sc.form === "cards") {  // a step's own words (the actor's), else the thief's
        return t(has("ui.pick_" + sc.step) ? "ui.pick_" + sc.step : sc.allow_none ? "ui.thief_pick" : "ui.thief_must_pick");
      }
      if (sc.form === "witch") { return t("ui.witch_pick"); }
      return sc.count > 1 ? t(sc.any_count ? "ui.choose_up_to" : "ui.choose_seats", { count: sc.count })
        : t("ui.choose_seat");
    }
    if (!sc.real) { return t("ui.waiting"); }
    var info = sc.info;
    if (info.question !== undefined) {  // a ghost's answer: the question asked, and about whom
      var asked = t("ui.ghost_question", { question: t("questions." + info.question) });
      if (info.seats.length) { asked += t("ui.ghost_about", { seats: seatList(info.seats) }); }
      return info.truth === null || info.truth === undefined ? asked
        : asked + " " + t("ui.ghost_truth", { answer: t(info.truth ? "ui.yes" : "ui.no") });
    }
    if (has("asks." + sc.step)) { return t("asks." + sc.step, info); }
    if (sc.form === "stand") { return ""; }
    return sc.count > 1 && !sc.any_count ? t("ui.choose_seats", { count: sc.count })
      : t("ui.choose_seat");
  }
  function renderSpeech() {
    var speaker = S.speaking, mine = speaker && speaker === S.seat;
    $("speech").hidden = !speaker || !S.screen || S.screen.kind === "over";
    $("speaking").textContent = !speaker ? "" : S.lastWords ? t(mine ? "ui.last_words_you" : "ui.screen_last_words", { seat: speaker })
      : mine ? t("ui.speaking_you") : t("ui.speaking_other", { seat: speaker });
    var left = secondsLeft(S.speechEnd, S.speechHeld);
    $("speech-timer").textContent = !speaker ? "" : S.paused ? t("ui.paused")
      : left !== null ? t("ui.seconds_left", { seconds: left }) : "";
    $("speech-timer").className = S.paused ? "paused" : left !== null && left <= 10 ? "urgent" : "";
    var done = $("done-speaking");
    done.hidden = !mine;
    done.disabled = S.speechDone;
  }
  $("done-speaking").onclick = function () {
    S.speechDone = true; send({ type: "done" }); renderSpeech();
  };

  function drawSeats(sc, grid) {
    sc.choices.forEach(function (s) {
      var picked = S.selection.indexOf(s) >= 0;
      var button = el("button", String(s), picked ? "picked" : "");
      if (S.names[s]) { button.appendChild(el("small", S.names[s])); }
      button.disabled = sc.answered;
      button.onclick = function () { pick(sc, s); };
      grid.appendChild(button);
    });
  }
  function pick(sc, s) {
    var at = S.selection.indexOf(s);
    if (at >= 0) { S.selection.splice(at, 1); }
    else if (sc.count === 1) { S.selection = [s]; }
    else if (S.selection.length < sc.count) { S.selection.push(s); }
    renderStep();
  }
  function act(fields) {
    S.sentChoice = choiceText(fields);
    var message = { type: "act", step: S.screen.step };
    Object.keys(fields).forEach(function (k) { message[k] = fields[k]; });
    S.actN = send(message);
  }

  // The cards form's words: the step's own where it has them (the actor's), else the thief's
  function takeKey() { return has("ui.take_" + S.screen.step) ? "ui.take_" + S.screen.step : "ui.take_card"; }
  function keepKey() { return has("ui.keep_" + S.screen.step) ? "ui.keep_" + S.screen.step : "ui.keep_card"; }
  // What a touch chose, in words (shown under the finger once sent, on every phone alike)
  function choiceText(f) {
    if (f.take !== undefined) { return f.take ? t(takeKey(), { n: f.take }) : t(keepKey()); }
    if (f.yes !== undefined) { return f.yes ? t("ui.yes") : t("ui.no"); }
    if (f.ask) { return t("questions." + f.ask); }
    if (f.targets === undefined) { return t("ui.ok"); }
    if (f.heal) { return t("ui.heal"); }
    return f.targets.length ? seatList(f.targets) : t("ui.pass");
  }

  function renderPublic() {
    var box = $("public"), p = S.view.public;
    box.textContent = "";  // who is out, the badge and the votes are on the board and the tally
    if (S.review) { renderReview(box, S.review); }
    if (p.moon) { renderMoon(box, p.moon); }
  }

  // The post-game review (复盘): one sentence a phase, written by the box in this phone's language
  // folded under its title, so the end fits the phone; a tap opens it (and it stays open)
  function renderReview(box, sentences) {
    var fold = el("details"), title = el("summary");
    title.appendChild(el("h3", t("ui.review")));
    fold.appendChild(title);
    fold.open = S.reviewOpen;
    fold.addEventListener("toggle", function () { S.reviewOpen = fold.open; });
    sentences.forEach(function (sentence) { fold.appendChild(el("p", sentence)); });
    box.appendChild(fold);
  }

  // The New Moon cards: the card drawn, the cards in play and what they did (all public)

  function cardText(card) {
    var key = S.variants[card] || (card.indexOf("spiritualism") === 0 ? "spiritualism" : card);
    return t("card_texts." + key);
  }
  function renderMoon(box, moon) {
    var day = dayNumber(), last = moon.played[moon.played.length - 1];
    if (last && moon.in_play.indexOf(last.card) >= 0) {
      box.appendChild(el("p", t("ui.moon_today", { day: last.day, card: t("cards." + last.card) })));
      box.appendChild(el("p", cardText(last.card), "moon-text"));
    }
    var others = moon.in_play.filter(function (c) { return !last || c !== last.card; });
    if (others.length) {
      box.appendChild(el("p", t("ui.moon_in_play", { list: others.map(function (c) {
        return t("cards." + c);
      }).join(sep()) })));
    }
    [["away", moon.away], ["reported", moon.reported], ["revived", moon.revived],
     ["pacts", moon.pacts]].forEach(function (pair) {
      if (pair[1].length) { box.appendChild(el("p", t("ui." + pair[0], { seats: seatList(pair[1]) }))); }
    });
    if (moon.executioner) { box.appendChild(el("p", t("ui.executioner", { seat: moon.executioner }))); }
    moon.sleepwalker.forEach(function (r) {
      box.appendChild(el("p", t("ui.sleepwalker", { night: r.night, result: resultName(r.result) })));
    });
    var ghost = latest("ghost.answer"), order = latest("voting_order");
    if (ghost && last && last.day === day && last.card.indexOf("spiritualism") === 0) {
      box.appendChild(el("p", t("ui.ghost_answer", { answer: t(ghost.data.yes ? "ui.yes" : "ui.no") })));
    }
    if (order && S.screen.verdict) {
      box.appendChild(el("p", t("ui.voting_order", { seats: seatList(order.data.order) })));
    }
  }
  function latest(kind) {
    var found = null;
    Object.keys(S.feed).forEach(function (i) {
      var e = S.feed[i];
      if (e.kind === kind && (!found || e.i > found.i)) { found = e; }
    });
    return found;
  }
  function dayNumber() {
    var phase = S.view.public.phase.split(" ");
    return phase[0] === "day" ? Number(phase[1]) : -1;
  }

  window.werewolf = {  // for host.js and evening.js
    t: t, toast: toast, send: send, el: el,
    over: function () { return !!(S.view && S.view.public.winner); },
  };
  connect();
})();
