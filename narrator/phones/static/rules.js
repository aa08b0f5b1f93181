// What a card does, and the rules page. The welcome brings every phone the same rulebook (the
// board's cards, each with its count and its side's goal, and the rules in force in plain
// words) and every card's power among its strings: the held card picks its own lines here,
// and the 规则 page shows the rulebook. Nothing is asked of the box, so opening the page tells
// nobody anything; it is the same on every phone. Loaded before app.js, so that it hears the
// first welcome.
(function () {
  "use strict";
  var W = { t: function (key, params) { return window.werewolf.t(key, params); } };  // app.js's words
  var $ = function (id) { return document.getElementById(id); };
  var book = { board: null, deck: [], rules: [] };

  function line(tag, text, cls) {
    var node = document.createElement(tag);
    node.textContent = text;
    if (cls) { node.className = cls; }
    return node;
  }
  function goalOf(card) {
    var entry = book.deck.filter(function (c) { return c.role === card; })[0];
    return entry ? W.t("goals." + entry.goal) : "";
  }
  // The held card's lines under its name: what it does (three lines' room), how its side wins
  window.werewolfRules = { cardLines: function (card) { return [W.t("powers." + card), goalOf(card)]; } };

  function draw() {
    var body = $("rules-body");
    body.textContent = "";
    if (book.board) { body.appendChild(line("p", W.t("rulebook.board", { board: book.board }), "rules-board")); }
    body.appendChild(line("h3", W.t("rulebook.cards")));
    book.deck.forEach(function (c) {
      var item = line("div", "", "rules-card");
      item.setAttribute("data-role", c.role);
      item.appendChild(line("b", W.t("roles." + c.role) + (c.count > 1 ? "×" + c.count : "")));
      item.appendChild(line("p", W.t("powers." + c.role)));
      body.appendChild(item);
    });
    body.appendChild(line("h3", W.t("rulebook.in_force")));
    var list = line("ul", "");
    book.rules.forEach(function (rule) { list.appendChild(line("li", rule)); });
    body.appendChild(list);
  }
  function open() { draw(); $("rules").hidden = false; $("rules").scrollTop = 0; }
  function close() { $("rules").hidden = true; }

  document.addEventListener("werewolf-welcome", function (event) {
    book = event.detail.rulebook || book;
    if (!$("rules").hidden) { draw(); }
  });
  document.querySelectorAll(".rules-open").forEach(function (button) { button.onclick = open; });
  $("rules-close").onclick = close;
})();
