// The table's rules before the deal (the welcome's `table`), folded under its one-line summary
// ("本局12人：女巫不能自救。", so that the lobby fits the phone): each rule a table argues about as
// a choice in plain words, the default marked, one line on what it does, and the timers in
// seconds; and the judge's language (POST /host/language: his voice and the public screen,
// each phone keeps its own). Every phone shows it; the host's phone changes it and confirms (POST /host/table:
// the box says it aloud and tells every phone), the others read it. Once the game began (its
// state says so) it goes, and the welcome carries none.
(function () {
  "use strict";
  var HOST_KEY = "werewolf.host";
  var W = window.werewolf;
  var section = document.getElementById("table-setup");
  var shown = null;  // the table as the last welcome carried it

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
    fold.appendChild(el("h2", {}, W.t("ui.table_title")));
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
  function language(offered, mine) {  // the judge's language: his voice and the public screen
    var label = el("label", { "class": "table-rule", id: "table-language" });
    label.appendChild(el("span", {}, W.t("ui.table_language")));
    var select = el("select", { id: "table-language-select", "aria-label": W.t("ui.table_language") });
    offered.options.forEach(function (option) { select.appendChild(el("option", { value: option.value }, option.label)); });
    select.value = offered.value;
    select.disabled = !mine;
    label.appendChild(select);
    if (mine) {
      var change = el("button", { id: "table-language-set" }, W.t("ui.table_language_set"));
      change.onclick = function (event) {
        event.preventDefault();
        post("/host/language", { locale: select.value });
      };
      label.appendChild(change);
    }
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
  document.addEventListener("werewolf-welcome", function (event) { shown = event.detail.table || null; draw(); });
  document.addEventListener("werewolf-state", function (event) {  // the deal: the table is set
    if (event.detail.started && shown) { shown = null; draw(); }
  });
  document.addEventListener("werewolf-host", draw);  // host.js: this phone claimed the host, or lost it
  W.setup = { el: el, host: host, hostFetch: hostFetch };  // for cards.js, in the same section's style
})();
