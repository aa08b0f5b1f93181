// The evening at the table: after each game every phone shows the evening's scores (a table,
// one row a player: games, wins, wins by side, the cards played), and a player may leave the
// table until the next game is dealt (pressed twice). The scores fold under their title, so
// the end fits the phone. The host's "再来一局" beside 离开牌桌 is host.js's (POST /host/command
// "again").
(function () {
  "use strict";
  var W = window.werewolf;
  var $ = function (id) { return document.getElementById(id); };
  var CAMPS = ["good", "wolves", "third"];
  var confirmLeave = 0;

  function cell(tag, text) { var node = document.createElement(tag); node.textContent = text; return node; }
  function cardList(cards) {
    return Object.keys(cards).map(function (card) {
      var name = W.t("roles." + card);
      return cards[card] > 1 ? name + "×" + cards[card] : name;
    }).join(document.documentElement.lang === "en" ? ", " : "、");
  }
  document.addEventListener("werewolf-scores", function (event) {
    var scores = event.detail.scores;
    $("evening").hidden = false;
    $("evening-title").textContent = W.t("evening.title") + "（" +
      W.t("evening.games_played", { count: scores.games }) + "）";
    var table = $("evening-scores");
    table.textContent = "";
    var head = document.createElement("tr");
    ["player", "games", "wins"].concat(CAMPS).concat(["cards"]).forEach(function (column) {
      head.appendChild(cell("th", W.t("evening." + column)));
    });
    table.appendChild(head);
    scores.players.forEach(function (player) {
      var row = document.createElement("tr");
      row.appendChild(cell("td", player.name));
      row.appendChild(cell("td", String(player.games)));
      row.appendChild(cell("td", String(player.wins)));
      CAMPS.forEach(function (camp) { row.appendChild(cell("td", String(player.wins_by_camp[camp]))); });
      row.appendChild(cell("td", cardList(player.cards)));
      table.appendChild(row);
    });
    $("leave").hidden = false;
  });
  document.addEventListener("werewolf-welcome", function () {  // the next game: the table plays on
    $("evening").hidden = true; $("leave").hidden = true;
  });
  $("leave").onclick = function () {
    var button = $("leave");
    if (!confirmLeave) {
      button.textContent = W.t("ui.leave_confirm");
      confirmLeave = setTimeout(function () { confirmLeave = 0; button.textContent = W.t("ui.leave"); }, 3000);
      return;
    }
    clearTimeout(confirmLeave); confirmLeave = 0; button.textContent = W.t("ui.leave");
    W.send({ type: "leave" });
  };
})();
