// The table's rules before the deal (the welcome's `table`), folded under its one-line summary
// ("本局12人：女巫不能自救。", so that the lobby fits the phone): each rule a table argues about as
// a choice in plain words, the default marked, one line on what it does, and the timers in
// seconds; and the judge's language and voice (POST /host/language: what he says and how, the
// public screen; each phone keeps its own language; a voice greyed where it cannot speak it).
// Every phone shows it; the host's phone changes it and confirms (POST /host/table: the box
// says it aloud and tells every phone), the others read it. Once the game began (its state
// says so) it goes, and the welcome carries none. Between two games the scores carry the next
// game's, in 更多: the host sets it there (beside the next board and seat count), the others
// read it there.
(function () {
  "use strict";
  var HOST_KEY = "werewolf.host";
  var W = window.werewolf;
  var section = document.getElementById("table-setup");
  var shown = null;  // the table as the last welcome (or, between two games, scores) carried it
  var between = false;  // the table set is the evening's next game's

  function host() { return !!localStorage.getItem(HOST_KEY); }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }
  function draw() {
    section.hidden = !shown;
    section.textContent = "";
    if (!shown) { return; }
    var mine = host();
    var fold = el("summary");
    fold.appendChild(el("h2", {}, W.t(between ? "ui.next_table_title" : "ui.table_title")));
    fold.appendChild(el("span", { "class": "table-summary" }, shown.summary));
    section.appendChild(fold);
    if (!mine) { section.appendChild(el("p", { "class": "table-note" }, W.t("ui.table_read_only"))); }
    if (shown.language) { section.appendChild(language(shown.language, mine)); }
    shown.rules.forEach(function (rule) {
      var label = el("label", { "class": "table-rule" });
      label.appendChild(el("span", {}, rule.title));
      var select = el("select", { "data-rule": rule.name, "aria-label": rule.title });
      rule.options.forEach(function (option) {
        var item = el("option", { value: option.value }, option.label + (option["default"] ? W.t("ui.default_mark") : ""));
        select.appendChild(item);
      });
      select.value = rule.value;
      select.disabled = !mine;
      label.appendChild(select);
      section.appendChild(label);
      section.appendChild(el("small", { "class": "table-help" }, rule.help));
    });
    fit();
    var timers = el("div", { "class": "table-timers" });
    shown.timers.forEach(function (timer) {
      var label = el("label", {});
      label.appendChild(el("span", {}, timer.title));
      var input = el("input", {
        "data-timer": timer.name, type: "number", inputmode: "numeric", min: "10", max: "600",
        "aria-label": timer.title,
      });
      input.value = String(timer.seconds);
      input.disabled = !mine;
      label.appendChild(input);
      timers.appendChild(label);
    });
    section.appendChild(timers);
    if (mine) {
      var confirm = el("button", { id: "table-confirm", "class": "primary" }, W.t("ui.table_confirm"));
      confirm.onclick = send;
      section.appendChild(confirm);
    }
  }
  function language(offered, mine) {  // the judge's language and voice: what he says, the public screen
    var rows = document.createDocumentFragment();
    var tongue = choice("table-language", W.t("ui.table_language"), offered.options, offered.value, mine);
    var voices = offered.voices.map(function (voice) { return { value: voice.value, label: voice.label }; });
    var voice = choice("table-voice", W.t("ui.table_voice"), voices, offered.voice, mine);
    var said = tongue.querySelector("select"), heard = voice.querySelector("select");
    var speaks = {};  // each voice's languages: a voice that does not speak the language is greyed
    offered.voices.forEach(function (option) { speaks[option.value] = option.languages; });
    function spoken() {
      Array.prototype.forEach.call(heard.options, function (option) {
        option.disabled = speaks[option.value].indexOf(said.value) < 0;
      });
      if (heard.selectedOptions[0].disabled) { heard.value = "espeak"; }
    }
    said.onchange = spoken;
    spoken();
    rows.appendChild(tongue);
    if (offered.voices.length > 1) { rows.appendChild(voice); }  // a choice only where there is one
    if (mine) {  // beside the language: the voice's choices take the whole row
      var change = el("button", { id: "table-language-set" }, W.t("ui.table_language_set"));
      change.onclick = function (event) {
        event.preventDefault();
        post("/host/language", { language: said.value, voice: heard.value, locale: document.documentElement.lang });
      };
      tongue.appendChild(change);
    }
    return rows;
  }
  function fit() {  // a rule whose longest choice is cut beside its title goes under it, full width
    section.querySelectorAll("select[data-rule]").forEach(function (select) {
      if (cut(select)) { select.parentNode.classList.add("stacked"); }
    });
  }
  function cut(select) {  // whether a choice's words are wider than the select's box (0 wide: not shown)
    var style = getComputedStyle(select);
    var pen = cut.pen || (cut.pen = document.createElement("canvas").getContext("2d"));
    pen.font = style.fontWeight + " " + style.fontSize + " " + style.fontFamily;
    var room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;  // the arrow
    return select.clientWidth > 0 && Array.prototype.some.call(select.options, function (option) {
      return pen.measureText(option.text).width > room;
    });
  }
  function choice(id, title, options, value, mine) {  // a row: its title, then a select of options
    var label = el("label", { "class": "table-rule", id: id });
    label.appendChild(el("span", {}, title));
    var select = el("select", { id: id + "-select", "aria-label": title });
    options.forEach(function (option) { select.appendChild(el("option", { value: option.value }, option.label)); });
    select.value = value;
    select.disabled = !mine;
    label.appendChild(select);
    return label;
  }
  function hostFetch(path, body) {  // a host's request, with his key
    return fetch(path, {
      method: "POST", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "Authorization": "Bearer " + localStorage.getItem(HOST_KEY) },
    });
  }
  function post(path, body) {
    hostFetch(path, body).then(function (response) {
      return response.json().then(function (answer) {  // every phone is told the table itself
        if (!response.ok) { W.toast(answer.message || W.t("ui.host_refused"), true); }
      });
    }, function () { W.toast(W.t("ui.reconnecting"), true); });
  }
  function send() {
    var body = { rules: {}, timers: {}, locale: document.documentElement.lang };
    section.querySelectorAll("select[data-rule]").forEach(function (select) {
      body.rules[select.getAttribute("data-rule")] = select.value;
    });
    section.querySelectorAll("input[data-timer]").forEach(function (input) {
      body.timers[input.getAttribute("data-timer")] = Number(input.value.replace(/\D/g, "")) || 0;
    });
    post("/host/table", body);
  }
  function place(next) {  // before a deal: under the lobby; between two games: in 更多 (the end fits
    between = next;  // the phone), the host's beside the next board and seat count
    var lobby = document.getElementById("lobby");
    if (next) { document.getElementById(host() ? "host" : "menu").appendChild(section); }
    else { lobby.parentNode.insertBefore(section, lobby.nextSibling); }
  }
  document.addEventListener("werewolf-welcome", function (event) {
    place(false); shown = event.detail.table || null; draw();
  });
  document.addEventListener("werewolf-scores", function (event) {  // the next game's table
    place(true); shown = event.detail.table || null; draw();
  });
  document.addEventListener("werewolf-state", function (event) {  // the deal: the table is set
    if (event.detail.started && shown && !between) { shown = null; draw(); }
  });
  document.addEventListener("werewolf-host", draw);
  section.addEventListener("toggle", fit);  // unfolded: now it has a width  // host.js: this phone claimed the host, or lost it
  W.setup = { el: el, host: host, hostFetch: hostFetch };  // for cards.js, in the same section's style
})();
