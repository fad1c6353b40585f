// The phone page: one seat of a hosted game, played by touch over the game's own protocol
// (game/net/wire.py). The host is the only authority: this page shows its seat's view,
// lets the player arrange a turn, and sends the action; a refusal comes back in words.
// Plain script, no framework; every text from the host or other players goes in as text.
"use strict";
(() => {
  const config = JSON.parse(document.getElementById("config").textContent);
  const S = config.strings;
  const $ = (id) => document.getElementById(id);
  const fmt = (text, values) =>
    text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
  const params = new URLSearchParams(location.search);
  const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  const RANKS = { A: 1, J: 11, Q: 12, K: 13 };
  const ACTIONS = ["draw", "pass", "knock", "abandon"];

  const state = {
    ws: null, seat: null, token: null, code: "", name: "", view: null, step: 0,
    names: [], lobby: [], started: false, over: null, melds: [], hand: [],
    selected: [], closedByUs: false, supported: true, starting: false, queued: null,
  };
  const storeKey = () => "machiavelli-seat:" + state.code.toUpperCase().replace(/[^A-Z0-9]/g, "");

  // ------------------------------------------------------------------ words

  function translatePage() {
    document.querySelectorAll("[data-s]").forEach((el) => {
      el.textContent = S[el.dataset.s] || el.dataset.s;
    });
    $("title").textContent = S.title;
    $("lang-word").textContent = S.language;
    $("lang").value = config.lang;
  }

  function say(text, note) {
    const box = $("message");
    box.textContent = text || "";
    box.classList.toggle("note", Boolean(note));
  }

  // ------------------------------------------------------------------ cards

  function face(id) {
    const text = id.slice(0, id.lastIndexOf("."));
    if (text.toUpperCase() === "JK") return { joker: true, rank: 99, suit: "*", text: "JK" };
    const suit = text.slice(-1).toUpperCase();
    const rankText = text.slice(0, -1).toUpperCase();
    const rank = RANKS[rankText] || parseInt(rankText, 10) || 0;
    return { joker: false, rank, suit, text: rankText };
  }

  const byRank = (a, b) => {
    const fa = face(a), fb = face(b);
    return fa.rank - fb.rank || fa.suit.localeCompare(fb.suit) || a.localeCompare(b);
  };
  const bySuit = (a, b) => {
    const fa = face(a), fb = face(b);
    return fa.suit.localeCompare(fb.suit) || fa.rank - fb.rank || a.localeCompare(b);
  };

  function cardElement(id, fresh) {
    const f = face(id);
    const el = document.createElement("div");
    el.className = "card";
    el.dataset.card = id;
    el.setAttribute("role", "button");
    if (f.joker) {
      el.classList.add("joker");
      el.innerHTML = '<span class="r">\u2605</span><span class="s">JK</span>';
      el.setAttribute("aria-label", "Joker");
    } else {
      if (f.suit === "H" || f.suit === "D") el.classList.add("red");
      const r = document.createElement("span");
      r.className = "r";
      r.textContent = f.text;
      const s = document.createElement("span");
      s.className = "s";
      s.textContent = SUITS[f.suit] || f.suit;
      el.append(r, s);
      el.setAttribute("aria-label", f.text + (SUITS[f.suit] || f.suit));
    }
    if (state.selected.includes(id)) el.classList.add("selected");
    if (fresh) el.classList.add("fresh");
    el.addEventListener("pointerdown", pointerDown);
    return el;
  }

  // ------------------------------------------------------------------ the turn's draft

  function myTurn() {
    const v = state.view;
    return Boolean(v && state.supported && !state.over && !v.hand_result &&
                   v.current === state.seat);
  }

  function resetDraft() {
    const v = state.view;
    state.melds = v ? v.table.melds.map((cards) => ({ cards: cards.slice(), fresh: false })) : [];
    state.hand = v ? v.hand.slice() : [];
    state.selected = [];
  }

  function changed() {
    const v = state.view;
    if (!v) return false;
    const now = state.melds.map((m) => m.cards.slice().sort().join(" ")).sort().join("|");
    const was = v.table.melds.map((m) => m.slice().sort().join(" ")).sort().join("|");
    return now !== was;
  }

  function take(ids) {
    state.hand = state.hand.filter((c) => !ids.includes(c));
    state.melds.forEach((m) => { m.cards = m.cards.filter((c) => !ids.includes(c)); });
  }

  function moveTo(target, ids) {
    if (!myTurn() || !ids.length) return;
    if (target === "hand") {
      ids = ids.filter((c) => state.view.hand.includes(c)); // only cards of this hand
      if (!ids.length) return;
      take(ids);
      state.hand.push(...ids);
    } else if (target === "new") {
      take(ids);
      state.melds.push({ cards: ids.slice(), fresh: true });
    } else {
      const meld = state.melds[target];
      if (!meld) return;
      take(ids);
      meld.cards.push(...ids);
    }
    state.melds = state.melds.filter((m) => m.cards.length);
    state.selected = [];
    say("");
    startPlay();
    render();
  }

  // Where giving up a play costs cards, touching the table starts the play (as at the
  // game's own table): the host records it, and from then on Draw gives the play up.
  function started() {
    const legal = state.view ? state.view.legal : [];
    return legal.includes("abandon") && !legal.includes("start_play");
  }

  function startPlay() {
    if (state.starting || !state.view.legal.includes("start_play")) return;
    state.starting = true;
    act({ type: "start_play" });
  }

  function toggle(id) {
    if (!myTurn()) return;
    const at = state.selected.indexOf(id);
    if (at >= 0) state.selected.splice(at, 1);
    else state.selected.push(id);
    render();
  }

  // ------------------------------------------------------------------ drag (and tap)

  let press = null;

  function pointerDown(event) {
    if (event.button !== undefined && event.button > 0) return;
    press = { id: event.currentTarget.dataset.card, x: event.clientX, y: event.clientY,
              ghost: null, pointer: event.pointerId };
    window.addEventListener("pointermove", pointerMove);
    window.addEventListener("pointerup", pointerUp, { once: true });
    window.addEventListener("pointercancel", pointerCancel, { once: true });
  }

  function pointerMove(event) {
    if (!press || !myTurn() || state.contract) return;
    if (!press.ghost && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 10) {
      press.ghost = cardElement(press.id, false);
      press.ghost.classList.add("ghost");
      document.body.appendChild(press.ghost);
    }
    if (press.ghost) {
      press.ghost.style.left = event.clientX - 20 + "px";
      press.ghost.style.top = event.clientY - 30 + "px";
    }
  }

  function pointerCancel() {
    window.removeEventListener("pointermove", pointerMove);
    if (press && press.ghost) press.ghost.remove();
    press = null;
  }

  function pointerUp(event) {
    window.removeEventListener("pointermove", pointerMove);
    const was = press;
    press = null;
    if (!was) return;
    if (state.contract) { if (was.ghost) was.ghost.remove(); contractToggle(was.id); return; }
    if (!was.ghost) { toggle(was.id); return; }
    was.ghost.remove();
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const ids = state.selected.includes(was.id) ? state.selected.slice() : [was.id];
    const meld = under && under.closest("[data-meld]");
    if (meld) moveTo(parseInt(meld.dataset.meld, 10), ids);
    else if (under && under.closest("#hand")) moveTo("hand", ids);
    else if (under && (under.closest("#new-meld") || under.closest("#table"))) moveTo("new", ids);
  }

  // ------------------------------------------------------------------ drawing

  function renderSeats() {
    const list = $("seats");
    list.replaceChildren();
    const v = state.view;
    if (v) {
      v.names.forEach((name, i) => {
        const li = document.createElement("li");
        li.textContent = name + " \u00b7 " + fmt(S.cards, { n: v.hand_counts[i] }) +
          " \u00b7 " + S.points + " " + v.totals[i];
        if (i === v.current) li.classList.add("current");
        if (i === state.seat) li.classList.add("me");
        list.appendChild(li);
      });
      const stock = document.createElement("li");
      stock.textContent = fmt(S.stock, { n: v.stock_size });
      list.appendChild(stock);
    } else {
      state.lobby.forEach((seat, i) => {
        const li = document.createElement("li");
        li.textContent = seat.name;
        if (i === state.seat) li.classList.add("me");
        list.appendChild(li);
      });
    }
  }

  function renderTable() {
    const table = $("table");
    table.replaceChildren();
    const turn = myTurn();
    const mine = new Set(state.view ? state.view.hand : []);
    if (!state.melds.length) {
      const p = document.createElement("p");
      p.className = "empty";
      p.textContent = S.empty_table;
      table.appendChild(p);
    }
    state.melds.forEach((meld, index) => {
      const box = document.createElement("div");
      box.className = "meld" + (meld.fresh ? " new" : "");
      box.dataset.meld = String(index);
      const cards = document.createElement("div");
      cards.className = "cards";
      meld.cards.slice().sort(byRank).forEach((id) => cards.appendChild(cardElement(id, mine.has(id))));
      box.appendChild(cards);
      if (turn && state.selected.length) {
        box.classList.add("target");
        const put = document.createElement("button");
        put.className = "put";
        put.textContent = S.put_here;
        put.addEventListener("click", () => moveTo(index, state.selected.slice()));
        box.appendChild(put);
      }
      table.appendChild(box);
    });
  }

  function renderHand() {
    const hand = $("hand");
    hand.replaceChildren();
    state.hand.slice().sort(bySuit).forEach((id) => hand.appendChild(cardElement(id, false)));
  }

  function renderButtons() {
    const v = state.view;
    const turn = myTurn();
    const legal = v ? v.legal : [];
    const dirty = changed();
    $("new-meld").disabled = !turn || !state.selected.length;
    $("back").disabled = !turn || !state.selected.some((c) => v.hand.includes(c));
    $("reset").disabled = !turn || !dirty;
    $("end").disabled = !turn || !((dirty && legal.includes("play")) ||
                                   (!dirty && legal.includes("end_turn")));
    ACTIONS.forEach((kind) => {
      const button = $(kind);
      button.hidden = !turn || !legal.includes(kind) || (kind === "draw" && started()) ||
        (kind === "abandon" && !started());
      button.disabled = !turn;
    });
  }

  function renderStatus() {
    const v = state.view;
    let text;
    if (state.over) text = S.match_over;
    else if (!v) text = S.waiting;
    else if (v.hand_result) text = S.hand_over;
    else if (myTurn()) text = S.your_turn;
    else text = fmt(S.their_turn, { name: v.names[v.current] });
    $("status").textContent = text;
  }

  function render() {
    document.body.classList.toggle("contract", Boolean(state.contract));
    if (state.contract && state.view) { contractRender(); return; }
    renderStatus();
    renderSeats();
    renderTable();
    renderHand();
    renderButtons();
  }

  // ------------------------------------------------------------------ the contract game
  // Shanghai Rummy: draw or take the discard, stage the round's contract in groups and
  // lay it down, lay single cards off on any meld, discard one card; buy or decline a
  // discard offered out of turn. The host judges every step and says why it refuses.

  function contractTurn() {
    const v = state.view;
    return Boolean(v && !state.over && !v.hand_result && v.awaiting === state.seat);
  }

  function contractReset() {
    state.groups = [];
    state.hand = state.view.hand.slice();
    state.selected = [];
    state.melds = [];
  }

  function contractMove(target) {
    const ids = state.selected.slice();
    if (!ids.length) return;
    state.groups.forEach((g, i) => { state.groups[i] = g.filter((c) => !ids.includes(c)); });
    state.hand = state.hand.filter((c) => !ids.includes(c));
    if (target === "hand") state.hand.push(...ids);
    else state.groups.push(ids);
    state.groups = state.groups.filter((g) => g.length);
    state.selected = [];
    say("");
    render();
  }

  function contractRender() {
    const v = state.view;
    const turn = contractTurn();
    const legal = turn ? v.legal : [];
    let text;
    if (state.over) text = S.match_over;
    else if (v.hand_result) text = S.hand_over;
    else if (turn) text = S.your_turn;
    else text = fmt(S.their_turn, { name: v.names[v.awaiting] });
    const contract = (config.contracts || [])[v.round_number];
    $("status").textContent = text + " \u00b7 " + fmt(S.round, { n: v.round_number + 1 }) +
      (contract ? ": " + contract : "");
    renderSeats();
    const table = $("table");
    table.replaceChildren();
    if (!v.melds.length) {
      const p = document.createElement("p");
      p.className = "empty";
      p.textContent = S.empty_table;
      table.appendChild(p);
    }
    v.melds.forEach(([owner, , cards], index) => {
      const box = document.createElement("div");
      box.className = "meld";
      box.dataset.meld = String(index);
      const row = document.createElement("div");
      row.className = "cards";
      cards.forEach((id) => row.appendChild(cardElement(id, false)));
      box.appendChild(row);
      box.title = v.names[owner] || "";
      if (legal.includes("lay_off") && state.selected.length === 1) {
        box.classList.add("target");
        const put = document.createElement("button");
        put.className = "put";
        put.textContent = S.put_here;
        put.addEventListener("click", () =>
          act({ type: "lay_off", card: state.selected[0], meld: index, declared: null }));
        box.appendChild(put);
      }
      if (legal.includes("swap_joker") && state.selected.length === 1 &&
          cards.some((id) => face(id).joker)) {
        const swap = document.createElement("button");
        swap.className = "put swap";
        swap.textContent = S.swap_joker;
        swap.addEventListener("click", () =>
          act({ type: "swap_joker", card: state.selected[0], meld: index }));
        box.appendChild(swap);
      }
      table.appendChild(box);
    });
    const pile = document.createElement("div");
    pile.className = "meld discard";
    const label = document.createElement("span");
    label.className = "pile-label";
    label.textContent = S.discard_pile;
    pile.appendChild(label);
    if (v.discard_top) pile.appendChild(cardElement(v.discard_top, false));
    table.appendChild(pile);
    // the groups of the contract being staged, between the table and the hand
    state.groups.forEach((group) => {
      const box = document.createElement("div");
      box.className = "meld new";
      const row = document.createElement("div");
      row.className = "cards";
      group.slice().sort(byRank).forEach((id) => row.appendChild(cardElement(id, true)));
      box.appendChild(row);
      table.appendChild(box);
    });
    renderHand();
    const laid = v.laid_down[state.seat];
    const mayStage = turn && !laid && v.phase === "play";
    $("new-meld").disabled = !mayStage || !state.selected.length;
    $("back").disabled = !turn || !state.selected.some((c) => state.groups.flat().includes(c));
    $("reset").disabled = !turn || !state.groups.length;
    const offered = v.phase === "buying" && state.buyQueue.includes(state.seat) &&
      !v.hand_result && !state.over;
    const shown = {
      draw: legal.includes("draw"),
      take: legal.includes("take_discard"),
      lay: legal.includes("lay_down"),
      discard: legal.includes("discard"),
      buy: offered && (legal.includes("buy") || v.awaiting !== state.seat),
      decline: offered && (legal.includes("decline") || v.awaiting !== state.seat),
    };
    $("end").hidden = true;
    ["pass", "knock", "abandon"].forEach((kind) => { $(kind).hidden = true; });
    ["draw", "take", "buy", "decline"].forEach((id) => { $(id).disabled = false; });
    $("draw").hidden = !shown.draw;
    $("take").hidden = !shown.take;
    $("lay").hidden = !shown.lay;
    $("lay").disabled = !state.groups.length;
    $("discard").hidden = !shown.discard;
    $("discard").disabled = state.selected.length !== 1 ||
      state.groups.flat().includes(state.selected[0]);
    $("buy").hidden = !shown.buy;
    $("decline").hidden = !shown.decline;
  }

  function contractToggle(id) {
    const v = state.view;
    const mine = state.hand.includes(id) || state.groups.flat().includes(id);
    if (!v || !mine || v.hand_result || state.over) return;
    const at = state.selected.indexOf(id);
    if (at >= 0) state.selected.splice(at, 1);
    else state.selected.push(id);
    render();
  }

  // ------------------------------------------------------------------ the connection

  function send(message) {
    if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
  }

  function act(action) {
    action.player = state.seat;
    if (state.starting && action.type !== "start_play") {
      state.queued = action; // sent once the host has the play started
      return;
    }
    send({ type: "action", action, step: state.step });
  }

  function endTurn() {
    const v = state.view;
    if (!myTurn()) return;
    if (changed()) {
      const onTable = new Set(state.melds.flatMap((m) => m.cards));
      act({ type: "play", table: {
        melds: state.melds.map((m) => m.cards),
        free: v.table.free,
        declared: v.table.declared.filter(([card]) => onTable.has(card)),
      } });
    } else {
      act({ type: "end_turn" });
    }
  }

  function connect() {
    state.closedByUs = false;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/play");
    state.ws = ws;
    ws.addEventListener("open", () => {
      const hello = { type: "hello", protocol: config.protocol, game: config.game,
                      code: state.code, name: state.name || "?" };
      if (state.token) hello.token = state.token;
      const seat = parseInt(params.get("seat") || "", 10);
      if (!state.token && seat > 0) hello.seat = seat - 1;
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener("message", (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      receive(message);
    });
    ws.addEventListener("close", () => {
      if (state.ws !== ws) return;
      state.ws = null;
      if (state.seat !== null && !state.closedByUs && !state.over) {
        $("lost").hidden = false;
        $("game").hidden = true;
      } else if (state.seat === null) {
        $("join").hidden = false;
        $("join-button").disabled = false;
        $("join-button").textContent = S.join;
      }
    });
  }

  function receive(m) {
    switch (m.type) {
      case "welcome":
        state.seat = m.seat;
        state.token = m.token;
        state.names = m.names || [];
        try { localStorage.setItem(storeKey(), m.token); } catch (e) { /* private mode */ }
        if (params.get("code") !== state.code) { // a reload comes back to this seat
          params.set("code", state.code);
          history.replaceState(null, "", "?" + params.toString());
        }
        $("join").hidden = true;
        $("lost").hidden = true;
        $("game").hidden = false;
        say(fmt(S.seat_of, { n: m.seat + 1 }), true);
        render();
        break;
      case "lobby":
        state.lobby = Array.isArray(m.seats) ? m.seats : [];
        state.started = Boolean(m.started);
        if (!state.view) render();
        break;
      case "update": {
        const view = m.view || {};
        state.contract = Array.isArray(view.melds) && typeof view.phase === "string";
        state.buyQueue = Array.isArray(m.buy_queue) ? m.buy_queue : [];
        if (state.contract) {
          state.view = view;
          state.step = m.step;
          contractReset();
          if (view.hand_result) say(S.hand_over, true);
          else if (view.awaiting === state.seat) say("");
          render();
          break;
        }
        if (!view.table || !Array.isArray(view.table.melds)) {
          state.supported = false;
          state.view = null;
          say(S.not_supported);
          render();
          break;
        }
        const mine = m.event && m.event.seat === state.seat && m.event.action &&
          m.event.action.type === "start_play";
        state.view = view;
        state.step = m.step;
        if (mine && view.current === state.seat) {
          state.starting = false; // the play has started: the draft stays as it is
          say(S.play_started, true);
          render();
          const queued = state.queued;
          state.queued = null;
          if (queued) act(queued);
          break;
        }
        state.starting = false;
        state.queued = null;
        resetDraft();
        if (view.hand_result) say(S.hand_over, true);
        else if (view.current === state.seat) say("");
        render();
        break;
      }
      case "refused":
        state.starting = false;
        state.queued = null;
        say(fmt(S.refused, { reason: m.reason }));
        break;
      case "queued":
        say(S.queued, true);
        break;
      case "over": {
        state.over = m.result || {};
        const winners = (state.over.winners || []).map((i) => (state.view ? state.view.names[i] : ""));
        say(winners.map((name) => fmt(S.winner, { name })).join(" "), true);
        render();
        break;
      }
      case "error":
        if (m.code === "token") {
          try { localStorage.removeItem(storeKey()); } catch (e) { /* private mode */ }
          state.token = null;
        }
        if (state.seat === null) {
          $("join-error").textContent = m.message || "";
        } else {
          say(m.message || "");
        }
        break;
      default:
        break;
    }
  }

  // ------------------------------------------------------------------ start

  function join() {
    state.name = $("name").value.trim().slice(0, 32);
    state.code = $("code").value.trim() || state.code;
    try { localStorage.setItem("machiavelli-name", state.name); } catch (e) { /* private mode */ }
    $("join-button").disabled = true;
    $("join-button").textContent = S.joining;
    connect();
  }

  function start() {
    translatePage();
    const error = document.createElement("p");
    error.id = "join-error";
    error.setAttribute("role", "alert");
    $("join").appendChild(error);
    state.code = params.get("code") || "";
    $("code").value = state.code;
    if (state.code) $("code-row").hidden = true;
    try { $("name").value = localStorage.getItem("machiavelli-name") || ""; } catch (e) { /* */ }
    $("join-button").addEventListener("click", join);
    $("name").addEventListener("keydown", (e) => { if (e.key === "Enter") join(); });
    $("reconnect").addEventListener("click", () => { $("lost").hidden = true; connect(); });
    $("new-meld").addEventListener("click", () => {
      if (state.contract) contractMove("group");
      else moveTo("new", state.selected.slice());
    });
    $("back").addEventListener("click", () => {
      if (state.contract) contractMove("hand");
      else moveTo("hand", state.selected.slice());
    });
    $("reset").addEventListener("click", () => {
      if (state.contract) contractReset();
      else resetDraft();
      say("");
      render();
    });
    $("end").addEventListener("click", endTurn);
    ACTIONS.forEach((kind) => $(kind).addEventListener("click", () => act({ type: kind })));
    $("take").addEventListener("click", () => act({ type: "take_discard" }));
    $("lay").addEventListener("click", () => act({ type: "lay_down", melds: state.groups,
                                                   declared: [] }));
    $("discard").addEventListener("click", () => act({ type: "discard",
                                                       card: state.selected[0] }));
    $("buy").addEventListener("click", () => act({ type: "buy" }));
    $("decline").addEventListener("click", () => act({ type: "decline" }));
    $("lang").addEventListener("change", () => {
      params.set("lang", $("lang").value);
      location.search = params.toString();
    });
    let token = null;
    try { token = state.code ? localStorage.getItem(storeKey()) : null; } catch (e) { /* */ }
    if (token) {
      state.token = token;
      $("join").hidden = true;
      connect();
    }
  }

  // for tests and the curious: the page's state and its one way to the host
  window.rummyPage = { state, send };
  start();
})();
