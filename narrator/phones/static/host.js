// The host's controls: a phone opened once with the host page's address (#host=KEY) keeps the
// host key and shows pause, resume, repeat, undo and end; each is a POST to /host/command.
(function () {
  "use strict";
  var HOST_KEY = "werewolf.host";
  var W = window.werewolf;
  var $ = function (id) { return document.getElementById(id); };
  var confirmEnd = 0;

  function hostToken() { return localStorage.getItem(HOST_KEY); }
  (function takeHostToken() {
    var found = /[#&]host=([A-Za-z0-9_-]+)/.exec(location.hash);
    if (found) {
      localStorage.setItem(HOST_KEY, found[1]);
      history.replaceState(null, "", location.pathname + location.search);
    }
  })();
  function showHost() { $("host").hidden = !hostToken(); }
  function hostCommand(command) {
    fetch("/host/command", {
      method: "POST", body: JSON.stringify({ command: command }),
      headers: { "Authorization": "Bearer " + hostToken(), "Content-Type": "application/json" },
    }).then(function (response) {
      if (response.status === 403) {
        localStorage.removeItem(HOST_KEY); showHost(); W.toast(W.t("ui.host_refused"), true);
      } else { W.toast(response.ok ? W.t("ui.sent") : W.t("ui.host_refused"), !response.ok); }
    }, function () { W.toast(W.t("ui.reconnecting"), true); });
  }
  document.querySelectorAll("#host [data-command]").forEach(function (button) {
    button.onclick = function () { hostCommand(button.getAttribute("data-command")); };
  });
  $("host-end").onclick = function () {
    var button = $("host-end");
    if (!confirmEnd) {
      button.textContent = W.t("ui.end_confirm");
      confirmEnd = setTimeout(function () { confirmEnd = 0; button.textContent = W.t("ui.end"); }, 3000);
      return;
    }
    clearTimeout(confirmEnd); confirmEnd = 0; button.textContent = W.t("ui.end");
    hostCommand("end");
  };

  showHost();
})();
