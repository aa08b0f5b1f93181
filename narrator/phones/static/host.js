// The host's controls. A phone becomes the host's by "I am the host" and the PIN the box shows
// (h on its terminal) or says: the box answers with the host key, kept by the phone. The host's
// phone then shows start, pause, resume, repeat, undo, end (POST /host/command), "free a
// seat" (POST /host/free, pressed twice) and, until the deal, the boards of the table's seat
// count (POST /host/board) and a bare seat count for this game (POST /host/seats: the lobby
// grows or shrinks); between two games of the evening "再来一局" (the command "again")
// and every board, of any seat count, or a bare seat count (the judge's default cards for it,
// POST /host/seats) for the next game. A key the box no longer knows is
// forgotten. All of it lives in the page's menu (closed until opened), never among the
// player's own buttons, but 再来一局: at the end it stands beside 离开牌桌 under the scores, and
// the menu closes, so that the end fits the phone (the boards wait in 更多).
(function () {
  "use strict";
  var HOST_KEY = "werewolf.host";
  var W = window.werewolf;
  var $ = function (id) { return document.getElementById(id); };
  var confirmEnd = 0, confirmFree = 0;

  function el(tag, key, attrs) {
    var node = document.createElement(tag);
    if (key) { node.setAttribute("data-t", key); }  // the page's words come with its welcome
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    return node;
  }
  function hostToken() { return localStorage.getItem(HOST_KEY); }
  function showHost() {
    var host = !!hostToken();
    $("host").hidden = !host;
    $("host-claim").hidden = host;
    if (host) { $("menu").open = true; }  // the host's phone keeps its controls in view
    document.dispatchEvent(new CustomEvent("werewolf-host"));  // table.js: the rules editable or not
  }
  function post(path, body, headers) {
    headers["Content-Type"] = "application/json";
    return fetch(path, { method: "POST", body: JSON.stringify(body), headers: headers });
  }
  function asHost(path, body) {
    return post(path, body, { "Authorization": "Bearer " + hostToken() }).then(function (response) {
      if (response.status === 403) {
        localStorage.removeItem(HOST_KEY); showHost(); W.toast(W.t("ui.host_refused"), true);
      } else { W.toast(response.ok ? W.t("ui.sent") : W.t("ui.host_refused"), !response.ok); }
      return response;
    }, function () { W.toast(W.t("ui.reconnecting"), true); });
  }

  // Claiming the host with the PIN

  var claim = el("section", null, { id: "host-claim" });
  var open = el("button", "ui.host_claim", { id: "host-claim-open" });
  var form = el("div", null, { id: "host-claim-form", hidden: "" });
  var pin = el("input", null, {
    id: "host-pin", inputmode: "numeric", autocomplete: "off", maxlength: "12", "aria-label": "PIN",
  });
  var send = el("button", "ui.host_claim_send", { id: "host-claim-send", "class": "primary" });
  form.appendChild(pin); form.appendChild(send);
  claim.appendChild(open); claim.appendChild(form);
  $("host").parentNode.insertBefore(claim, $("host").nextSibling);
  open.onclick = function () {
    form.hidden = !form.hidden;
    pin.placeholder = W.t("ui.host_pin");
    if (!form.hidden) { pin.focus(); }
  };
  send.onclick = function () {
    post("/host/claim", { pin: pin.value.replace(/\D/g, "") }, {}).then(function (response) {
      return response.json().then(function (answer) {
        if (response.ok && answer.token) {
          localStorage.setItem(HOST_KEY, answer.token);
          pin.value = ""; form.hidden = true; showHost(); W.toast(W.t("ui.host_claimed"));
        } else { W.toast(W.t("ui.host_refused"), true); }
      });
    }, function () { W.toast(W.t("ui.reconnecting"), true); });
  };

  // The host's controls

  document.querySelectorAll("#host [data-command], #host-again").forEach(function (button) {
    button.onclick = function () { asHost("/host/command", { command: button.getAttribute("data-command") }); };
  });
  $("host-end").onclick = function () {
    var button = $("host-end");
    if (!confirmEnd) {
      button.textContent = W.t("ui.end_confirm");
      confirmEnd = setTimeout(function () { confirmEnd = 0; button.textContent = W.t("ui.end"); }, 3000);
      return;
    }
    clearTimeout(confirmEnd); confirmEnd = 0; button.textContent = W.t("ui.end");
    asHost("/host/command", { command: "end" });
  };

  var freeRow = el("div", null, { "class": "row" });
  var freeSeat = el("input", null, {
    id: "host-free-seat", inputmode: "numeric", autocomplete: "off", maxlength: "2", "aria-label": "#",
  });
  var free = el("button", "ui.free_seat", { id: "host-free" });
  freeRow.appendChild(freeSeat); freeRow.appendChild(free);
  $("host").appendChild(freeRow);
  free.onclick = function () {
    var seat = Number(freeSeat.value.replace(/\D/g, ""));
    if (!seat) { return; }
    if (confirmFree !== seat) {
      confirmFree = seat;
      free.textContent = W.t("ui.free_confirm", { seat: seat });
      setTimeout(function () { confirmFree = 0; free.textContent = W.t("ui.free_seat"); }, 3000);
      return;
    }
    confirmFree = 0; free.textContent = W.t("ui.free_seat");
    asHost("/host/free", { seat: seat });
  };

  // The board, until the deal: the boards come with the box's welcome (none once dealt)

  var boards = el("div", null, { id: "host-board", hidden: "" });
  var offeredBoards = false, offeredCounts = false, started = false, between = false;
  function showBoards() {
    boards.hidden = !(offeredBoards || offeredCounts) || (started && !between);
    // 开始 until the night falls, 再来一局 between two games only: neither in the middle of one
    document.querySelector('#host [data-command="ready"]').hidden = started && !between;
    $("host-again").hidden = !between || !hostToken();  // beside 离开牌桌, under the end's scores
  }
  document.addEventListener("werewolf-state", function (event) {  // the deal: the picker goes
    started = !!event.detail.started; showBoards();
  });
  var boardTitle = el("h2", "ui.board_title");
  var boardSelect = el("select", null, { id: "host-board-select", "aria-label": "board" });
  var boardPick = el("button", "ui.board_pick", { id: "host-board-pick" });
  boards.appendChild(boardTitle); boards.appendChild(boardSelect); boards.appendChild(boardPick);
  // A bare seat count, dealt the judge's default cards for it: this game's until the deal, the
  // next one's between two games
  var counts = el("div", null, { id: "host-seats", hidden: "" });
  var countsTitle = el("h2", "ui.next_seats_title");
  var countsSelect = el("select", null, { id: "host-seats-select", "aria-label": "#" });
  var countsPick = el("button", "ui.seats_pick", { id: "host-seats-pick" });
  counts.appendChild(countsTitle); counts.appendChild(countsSelect); counts.appendChild(countsPick);
  boards.appendChild(counts);
  $("host").appendChild(boards);
  document.addEventListener("werewolf-welcome", function (event) {
    boardTitle.setAttribute("data-t", "ui.board_title"); boardTitle.textContent = W.t("ui.board_title");
    if (between) { showHost(); }  // the next game dealt: the host's controls in view again
    between = false;
    offer(event.detail);
    offerCounts(event.detail.counts || [], false);
  });
  document.addEventListener("werewolf-scores", function (event) {  // between games: any board
    boardTitle.setAttribute("data-t", "ui.next_board_title"); boardTitle.textContent = W.t("ui.next_board_title");
    if (!between) { $("menu").open = false; }  // the end fits the phone: 再来一局 under the scores, the boards in 更多
    between = true;  // scores sent anew (the host set the next game in 更多): 更多 stays open
    offer(event.detail);
    offerCounts(event.detail.counts || [], true);
  });
  function offerCounts(offered, next) {
    var title = next ? "ui.next_seats_title" : "ui.seats_title";
    var pickKey = next ? "ui.seats_pick" : "ui.seats_pick_now";
    offeredCounts = offered.length > 0; counts.hidden = !offeredCounts; showBoards();
    countsTitle.setAttribute("data-t", title); countsTitle.textContent = W.t(title);
    countsPick.setAttribute("data-t", pickKey); countsPick.textContent = W.t(pickKey);
    countsSelect.textContent = "";
    var choose = el("option", null, { value: "", disabled: "" });
    choose.textContent = W.t("ui.seats_choose");
    countsSelect.appendChild(choose);
    offered.forEach(function (count) {
      var option = el("option", null, { value: String(count.seats) });
      option.textContent = W.t("ui.seats_option", { seats: count.seats, cards: count.cards });
      countsSelect.appendChild(option);
    });
    countsSelect.value = "";
  }
  function offer(detail) {
    freeSeat.placeholder = W.t("ui.seat_number");
    var offered = detail.boards || [];
    offeredBoards = offered.length > 0; showBoards();
    boardSelect.textContent = "";
    var choose = el("option", null, { value: "", disabled: "" });
    choose.textContent = W.t("ui.board_choose");
    boardSelect.appendChild(choose);
    offered.forEach(function (board) {
      var option = el("option", null, { value: board.id });
      option.textContent = W.t("ui.board_option", { seats: board.seats, title: board.title, cards: board.cards });
      option.disabled = !board.playable;
      boardSelect.appendChild(option);
    });
    boardSelect.value = detail.board || "";
  }
  boardPick.onclick = function () {
    if (!boardSelect.value) { return; }
    pick("/host/board", { board: boardSelect.value, locale: document.documentElement.lang });
  };
  countsPick.onclick = function () {
    if (!countsSelect.value) { return; }
    pick("/host/seats", { seats: Number(countsSelect.value), locale: document.documentElement.lang });
  };
  function pick(path, body) {
    post(path, body, { "Authorization": "Bearer " + hostToken() }).then(function (response) {
      if (response.status === 403) {
        localStorage.removeItem(HOST_KEY); showHost(); W.toast(W.t("ui.host_refused"), true); return;
      }
      return response.json().then(function (answer) {  // every phone is told the board itself
        if (!response.ok) { W.toast(answer.message || W.t("ui.host_refused"), true); }
      });
    }, function () { W.toast(W.t("ui.reconnecting"), true); });
  }

  showHost(); showBoards();
})();
