// Live baccarat: one table shared by every seated player, on the provider's clock. The page follows the
// table through its socket (every change sends the whole view), takes bets while the window is open,
// deals the round's cards one by one when it closes, and shows the result and the road.
//
// The pieces every live table needs (the socket with its clock and reconnection, the phase clock, chips,
// the bet queue, the road and the per-round fairness panel) are exported from here; the cockfight page
// imports them, and this page only starts itself when it is the game being played.
import { api, boot, dialog, el, messageFor, money, svg, t, topBar } from './common.js';

export const LOCALE = boot.lang === 'en' ? 'en-GB' : 'pt-BR';

/** The page's icon, drawn inline (the provider serves no favicon file). */
export function pageIcon(body) {
  const href = `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`)}`;
  document.head.append(el('link', { rel: 'icon', href }));
}

/** A chip's face: whole units without decimals (100 → "1", 2000 → "20", 50 → "0,5"). */
export function chipText(minor) {
  const units = minor / 100;
  if (units >= 1000 && units % 1000 === 0) return `${units / 1000}K`;
  return units.toLocaleString(LOCALE, { maximumFractionDigits: 2 });
}

/** Which chip colour a stack of `amount` wears: the largest chip value it reaches. */
function chipTier(values, amount) {
  let tier = 0;
  values.forEach((v, i) => {
    if (amount >= v) tier = i;
  });
  return tier;
}

/**
 * The table's socket: every message is the whole view. The clock offset is taken from each view's
 * serverNow, and a dropped socket is opened again with a growing, jittered delay.
 */
export function connectTable({ onView, onStatus }) {
  const url = `${location.protocol === 'https:' ? 'wss://' : 'ws://'}${location.host}/ws/${boot.session}`;
  let offset = 0;
  let failures = 0;
  let ws = null;
  let timer = null;
  let ended = false;

  function open() {
    clearTimeout(timer);
    timer = null;
    onStatus(failures ? 'reconnecting' : 'connecting');
    let opened = false;
    ws = new WebSocket(url);
    ws.addEventListener('open', () => {
      opened = true;
      failures = 0;
      onStatus('open');
    });
    ws.addEventListener('message', (event) => {
      let view;
      try {
        view = JSON.parse(event.data);
      } catch {
        return;
      }
      if (typeof view.serverNow === 'number') offset = view.serverNow - Date.now();
      onView(view);
    });
    ws.addEventListener('close', () => {
      if (ended) return;
      failures++;
      onStatus('reconnecting');
      // A socket refused before it opened may mean the session is over: ask once in a while.
      if (!opened && failures % 3 === 0) {
        api('state').catch((error) => {
          if (error.code === 'SESSION_ENDED') {
            ended = true;
            clearTimeout(timer);
            onStatus('ended');
          }
        });
      }
      const delay = Math.min(15_000, 600 * 2 ** Math.min(failures - 1, 5)) * (0.75 + Math.random() * 0.5);
      timer = setTimeout(open, delay);
    });
  }

  const retryNow = () => {
    if (!ended && timer && (!ws || ws.readyState === WebSocket.CLOSED)) open();
  };
  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') retryNow();
  });
  open();
  return { now: () => Date.now() + offset };
}

/** The round number, the phase with its countdown bar, and the number of players with a bet. */
export function phaseClock(clock, revealingLabel) {
  const label = el('strong', { class: 'phase-label', 'data-testid': 'table-phase' });
  const bar = el('i');
  const roundNo = el('span', { class: 'round-no' });
  const players = el('span', { class: 'players-no' });
  const node = el(
    'div',
    { class: 'live-head' },
    roundNo,
    el(
      'div',
      { class: 'phase', role: 'timer' },
      label,
      el('div', { class: 'phase-bar', 'aria-hidden': 'true' }, bar),
    ),
    players,
  );
  let view = null;
  let key = '';
  let total = 1;
  let lastText = '';
  function tick() {
    if (!view) return;
    const left = Math.max(0, view.endsAt - clock.now());
    let text;
    if (view.phase === 'betting')
      text = left > 300 ? t('placeBets', { s: Math.ceil(left / 1000) }) : t('noMoreBets');
    else if (view.phase === 'revealing') text = revealingLabel();
    else text = t('result');
    if (text !== lastText) {
      label.textContent = text;
      lastText = text;
    }
    bar.style.width = `${Math.min(100, (left / total) * 100).toFixed(1)}%`;
    node.dataset.phase = view.phase;
    node.classList.toggle('hurry', view.phase === 'betting' && left < 5000);
  }
  setInterval(tick, 200);
  return {
    node,
    tick,
    set(v) {
      view = v;
      const k = `${v.round}:${v.phase}`;
      if (k !== key) {
        key = k;
        total = Math.max(1000, v.endsAt - clock.now());
      }
      roundNo.textContent = t('round', { n: v.round });
      players.textContent = v.players === 1 ? t('onePlayer') : t('players', { n: v.players });
      tick();
    },
  };
}

/** The chip selector: real buttons, one pressed. */
export function chipBar(values, initial) {
  let value = initial;
  const buttons = values.map((v, i) =>
    el(
      'button',
      {
        type: 'button',
        class: `chip chip-${i}`,
        'aria-pressed': String(v === value),
        'aria-label': `${t('chip')} ${money(v)}`,
        'data-testid': `chip-${v}`,
        onclick: () => select(v),
      },
      el('span', {}, chipText(v)),
    ),
  );
  function select(v) {
    value = v;
    buttons.forEach((b, i) => {
      b.setAttribute('aria-pressed', String(values[i] === v));
    });
  }
  const node = el('div', { class: 'chips', role: 'group', 'aria-label': t('chip') }, ...buttons);
  return {
    node,
    get value() {
      return value;
    },
  };
}

/** A small chip stack showing an amount on a spot. */
export function stackChip(values, amount) {
  return el('span', { class: `stack chip-${chipTier(values, amount)}` }, chipText(amount));
}

/**
 * Bets go to the provider one at a time: a player's bets on one round are kept together, so a second bet
 * waits until the first has been answered.
 */
export function betQueue() {
  let chain = Promise.resolve();
  return (spot, amount) => {
    const next = chain.then(() => api('bet', { spot, amount }));
    chain = next.catch(() => {});
    return next;
  };
}

/** A short message under the table that clears itself. */
export function toaster() {
  const node = el('p', { class: 'toast', role: 'alert' });
  let timer = null;
  return {
    node,
    show(text, kind = 'error') {
      node.textContent = text;
      node.className = `toast show ${kind}`;
      clearTimeout(timer);
      timer = setTimeout(() => {
        node.className = 'toast';
      }, 3500);
    },
  };
}

/** The road: the last results, oldest first, as coloured beads, with a count per result. */
export function roadView(describe, kinds) {
  const beads = el('ol', { class: 'road', 'data-testid': 'table-road' });
  const counts = el('div', { class: 'road-counts' });
  const node = el(
    'section',
    { class: 'road-box', 'aria-label': t('history') },
    el('div', { class: 'road-head' }, el('h2', {}, t('history')), counts),
    beads,
  );
  let key = '';
  return {
    node,
    set(history) {
      const k = history.map((h) => h.no).join(',');
      if (k === key) return;
      key = k;
      const items = [...history].reverse().map((h, i, all) => {
        const d = describe(h.outcome);
        return el(
          'li',
          {
            class: `bead bead-${d.kind}${i === all.length - 1 ? ' latest' : ''}`,
            title: `${t('round', { n: h.no })}: ${d.label}`,
            'aria-label': `${t('round', { n: h.no })}: ${d.label}`,
          },
          d.letter,
          ...(d.marks ?? []).map((m) => el('i', { class: `mark mark-${m}`, 'aria-hidden': 'true' })),
        );
      });
      beads.replaceChildren(...items);
      const tally = Object.fromEntries(kinds.map((k) => [k, 0]));
      for (const h of history) tally[describe(h.outcome).kind]++;
      counts.replaceChildren(
        ...kinds.map((k) =>
          el(
            'span',
            { class: `count count-${k}` },
            el('b', { 'aria-hidden': 'true' }, t(k).charAt(0).toUpperCase()),
            el('span', { class: 'sr-only' }, t(k)),
            ` ${tally[k]}`,
          ),
        ),
      );
    },
  };
}

async function sha256Hex(text) {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const short = (hex) => (hex ? `${hex.slice(0, 10)}…${hex.slice(-6)}` : '—');

/**
 * Live rounds are drawn from the round's own seed (committed when the round opens, revealed with its
 * result), not from the player's seed pair, so the top bar's fairness button opens this table's record.
 */
export function tableFairness(top, describe) {
  let view = null;
  const openPanel = () => {
    if (!view) return;
    const past = view.history.slice(0, 12).map((h) => {
      const check = el('span', { class: 'verify' });
      void sha256Hex(h.seed).then((hash) => {
        if (hash === null) return;
        check.textContent = hash === h.commitment ? `✓ ${t('verified')}` : `✗ ${t('notVerified')}`;
        check.classList.add(hash === h.commitment ? 'ok' : 'bad');
      });
      return el(
        'li',
        {},
        el(
          'div',
          { class: 'past-head' },
          el('b', {}, t('round', { n: h.no })),
          ` · ${describe(h.outcome).label} `,
          check,
        ),
        el('label', {}, t('seedRevealed'), el('code', {}, h.seed)),
        el('label', {}, t('roundHash'), el('code', {}, h.commitment)),
      );
    });
    dialog(
      t('fairness'),
      el(
        'div',
        { class: 'fair table-fair' },
        el('p', { class: 'muted' }, t('tableFairnessHelp', { table: view.table })),
        el('label', {}, t('roundCommitment', { n: view.round }), el('code', {}, view.commitment)),
        view.seed ? el('label', {}, t('seedRevealed'), el('code', {}, view.seed)) : null,
        past.length ? el('h3', {}, t('pastRounds')) : null,
        past.length ? el('ol', { class: 'past-rounds' }, ...past) : null,
      ),
    );
  };
  const button = el('button', { type: 'button', class: 'ghost', onclick: openPanel }, t('fairness'));
  const tools = top.bar.querySelector('.tools');
  if (tools?.lastElementChild) tools.lastElementChild.replaceWith(button);
  else tools?.append(button);

  const commit = el('code', {});
  const revealed = el('code', {});
  const revealedLabel = el('span', {});
  const strip = el(
    'button',
    { type: 'button', class: 'fair-strip', onclick: openPanel, 'aria-label': t('fairness') },
    el('span', {}, el('span', { class: 'muted' }, 'SHA-256 '), commit),
    el('span', {}, revealedLabel, revealed),
  );
  return {
    node: strip,
    set(v) {
      view = v;
      commit.textContent = `${t('round', { n: v.round })}: ${short(v.commitment)}`;
      const last = v.seed ? { no: v.round, seed: v.seed } : v.history[0];
      revealedLabel.textContent = last ? `${t('seedRevealed')} ` : '';
      revealed.textContent = last ? `${t('round', { n: last.no })}: ${short(last.seed)}` : '';
      revealed.hidden = !last;
    },
  };
}

/** The connection line shown over the table while the socket is not open. */
export function connectionNote() {
  const node = el('p', { class: 'conn', role: 'status' });
  return {
    node,
    set(status) {
      node.dataset.status = status;
      node.textContent =
        status === 'open'
          ? ''
          : status === 'ended'
            ? t('sessionEnded')
            : status === 'reconnecting'
              ? t('reconnecting')
              : t('connecting');
    },
  };
}

/** What comes back to the player, in words: a win, a stake returned, or nothing. */
export function returnText(view) {
  const staked = view.myBets.reduce((s, b) => s + b.amount, 0);
  if (!staked || view.myReturn === null) return null;
  if (view.myReturn === 0) return { text: t('youLost'), kind: 'lost' };
  if (view.myReturn === staked)
    return { text: t('returned', { amount: money(view.myReturn) }), kind: 'push' };
  return { text: t('youWon', { amount: money(view.myReturn) }), kind: 'won' };
}

// ————————————————————————————————————————— baccarat —————————————————————————————————————————

const SPOTS = ['playerPair', 'tie', 'bankerPair', 'player', 'banker'];
const CHIPS = [100, 500, 1000, 5000, 20000];
const PAYS = {
  player: '1:1',
  banker: `${(0.95).toLocaleString(LOCALE)}:1`,
  tie: '8:1',
  playerPair: '11:1',
  bankerPair: '11:1',
};

const SUIT_PATHS = {
  H: 'M10 18.5C10 18.5 1 12.4 1 6.6 1 3.6 3.3 1.5 5.9 1.5c1.8 0 3.3 1 4.1 2.6.8-1.6 2.3-2.6 4.1-2.6 2.6 0 4.9 2.1 4.9 5.1 0 5.8-9 11.9-9 11.9Z',
  D: 'M10 1Q13.2 6.2 18 10 13.2 13.8 10 19 6.8 13.8 2 10 6.8 6.2 10 1Z',
  S: 'M10 1S1 7.6 1 12.2c0 2.7 2.1 4.4 4.5 4.4 1.6 0 2.9-.8 3.6-2-.2 2-1 3.4-2.7 4.4h7.2c-1.7-1-2.5-2.4-2.7-4.4.7 1.2 2 2 3.6 2 2.4 0 4.5-1.7 4.5-4.4C19 7.6 10 1 10 1Z',
  C: 'M10 1.2a4.3 4.3 0 0 1 3.6 6.7 4.3 4.3 0 1 1-2.6 6.6c.2 2 1 3.3 2.5 4.5H6.5c1.5-1.2 2.3-2.5 2.5-4.5A4.3 4.3 0 1 1 6.4 7.9 4.3 4.3 0 0 1 10 1.2Z',
};
const SUIT_CHAR = { H: '♥', D: '♦', S: '♠', C: '♣' };

function cardValue(card) {
  if (card.rank === 'A') return 1;
  const n = Number(card.rank);
  return Number.isInteger(n) && n < 10 ? n : 0;
}

function suit(s, x, y, size, fill) {
  return svg('path', { d: SUIT_PATHS[s], fill, transform: `translate(${x} ${y}) scale(${size / 20})` });
}

function cardFront(card) {
  const red = card.suit === 'H' || card.suit === 'D';
  const ink = red ? '#c8102e' : '#161a2b';
  const corner = (rotate) =>
    svg(
      'g',
      rotate ? { transform: 'rotate(180 50 70)' } : {},
      svg(
        'text',
        {
          x: '14',
          y: '27',
          'text-anchor': 'middle',
          'font-size': card.rank === '10' ? '20' : '24',
          'font-weight': '800',
          'font-family': 'system-ui, sans-serif',
          fill: ink,
          'letter-spacing': card.rank === '10' ? '-2' : '0',
        },
        document.createTextNode(card.rank),
      ),
      suit(card.suit, 7, 32, 14, ink),
    );
  const court = card.rank === 'J' || card.rank === 'Q' || card.rank === 'K';
  const centre = court
    ? svg(
        'g',
        {},
        svg('rect', {
          x: '24',
          y: '30',
          width: '52',
          height: '80',
          rx: '6',
          fill: red ? '#ffe3e6' : '#e4e8f7',
          stroke: ink,
          'stroke-width': '1.5',
        }),
        svg('path', { d: 'M34 52 38 40 44 48 50 36 56 48 62 40 66 52Z', fill: '#e0a526', stroke: '#8a5a00' }),
        svg(
          'text',
          {
            x: '50',
            y: '88',
            'text-anchor': 'middle',
            'font-size': '34',
            'font-weight': '900',
            'font-family': 'Georgia, serif',
            fill: ink,
          },
          document.createTextNode(card.rank),
        ),
        suit(card.suit, 42, 92, 16, ink),
      )
    : card.rank === 'A'
      ? suit(card.suit, 26, 46, 48, ink)
      : suit(card.suit, 30, 50, 40, ink);
  return svg(
    'svg',
    {
      viewBox: '0 0 100 140',
      class: 'face front',
      role: 'img',
      'aria-label': `${card.rank}${SUIT_CHAR[card.suit]}`,
    },
    svg('rect', { x: '1', y: '1', width: '98', height: '138', rx: '9', fill: '#fdfdfb', stroke: '#c9ccd8' }),
    corner(false),
    corner(true),
    centre,
  );
}

function cardBack() {
  const lines = [];
  for (let i = -140; i < 140; i += 12) {
    lines.push(
      svg('path', { d: `M${i} 0 l140 140`, stroke: '#ffffff2a', 'stroke-width': '2' }),
      svg('path', { d: `M${i + 140} 0 l-140 140`, stroke: '#ffffff2a', 'stroke-width': '2' }),
    );
  }
  return svg(
    'svg',
    { viewBox: '0 0 100 140', class: 'face back', 'aria-hidden': 'true' },
    svg('rect', { x: '1', y: '1', width: '98', height: '138', rx: '9', fill: '#fdfdfb' }),
    svg('rect', { x: '6', y: '6', width: '88', height: '128', rx: '6', fill: '#7a1b3a' }),
    svg('svg', { x: '6', y: '6', width: '88', height: '128' }, ...lines),
    svg('rect', {
      x: '6',
      y: '6',
      width: '88',
      height: '128',
      rx: '6',
      fill: 'none',
      stroke: '#ffd166',
      'stroke-width': '2',
    }),
    svg('circle', { cx: '50', cy: '70', r: '16', fill: '#7a1b3a', stroke: '#ffd166', 'stroke-width': '2' }),
    svg('path', { d: SUIT_PATHS.D, fill: '#ffd166', transform: 'translate(41 61) scale(.9)' }),
  );
}

function cardNode(card, third) {
  return el(
    'div',
    { class: `playing-card${third ? ' third' : ''}` },
    el('div', { class: 'card-inner' }, cardBack(), cardFront(card)),
  );
}

/** Dealing order by the tableau: player, banker, player, banker, then the third cards drawn. */
function dealOrder(hand) {
  const order = [
    ['player', 0],
    ['banker', 0],
    ['player', 1],
    ['banker', 1],
  ];
  if (hand.player[2]) order.push(['player', 2]);
  if (hand.banker[2]) order.push(['banker', 2]);
  return order;
}

function describeHand(hand) {
  const marks = [];
  if (hand.playerPair) marks.push('pp');
  if (hand.bankerPair) marks.push('bp');
  return {
    kind: hand.winner,
    letter: t(hand.winner).charAt(0).toUpperCase(),
    label: `${hand.winner === 'tie' ? t('tie') : t('sideWins', { side: t(hand.winner) })} · ${t('player')} ${hand.playerTotal}, ${t('banker')} ${hand.bankerTotal}`,
    marks,
  };
}

function baccarat() {
  pageIcon(
    '<rect x="5" y="3" width="18" height="25" rx="3" fill="#fff" stroke="#333"/><rect x="10" y="6" width="18" height="24" rx="3" fill="#fff" stroke="#333"/><path d="M19 12c-3 4-6 6-6 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0c0-3-3-5-6-9z" fill="#c8102e"/>',
  );
  const root = document.getElementById('game');
  const top = topBar();
  const fairness = tableFairness(top, describeHand);
  const toast = toaster();
  const conn = connectionNote();
  const chips = chipBar(CHIPS, 1000);
  const placeBet = betQueue();
  let view = null;
  let revealLabel = 'dealing';
  let clock = { now: () => Date.now() };
  const phase = phaseClock({ now: () => clock.now() }, () => t(revealLabel));

  const hands = {};
  for (const side of ['player', 'banker']) {
    const total = el('span', { class: 'hand-total', 'aria-live': 'off' }, '');
    const cards = el('div', { class: 'hand-cards' });
    hands[side] = {
      total,
      cards,
      node: el(
        'div',
        { class: `hand hand-${side}`, 'data-testid': `hand-${side}` },
        el('div', { class: 'hand-head' }, el('h2', {}, t(side)), total),
        cards,
      ),
    };
  }
  const banner = el('div', { class: 'felt-banner', role: 'status', 'data-testid': 'table-result' });
  const felt = el(
    'div',
    { class: 'felt' },
    el(
      'div',
      { class: 'hands' },
      hands.player.node,
      el('div', { class: 'shoe', 'aria-hidden': 'true' }),
      hands.banker.node,
    ),
    el('div', { class: 'felt-foot' }, el('p', { class: 'felt-print' }, t('payoutTable')), banner),
  );

  const spots = {};
  const pending = {};
  for (const spot of SPOTS) {
    const total = el('span', { class: 'spot-total' });
    const mine = el('span', { class: 'spot-mine' });
    const node = el(
      'button',
      {
        type: 'button',
        class: `spot spot-${spot}`,
        'data-testid': `spot-${spot}`,
        disabled: true,
        onclick: () => bet(spot, chips.value),
      },
      el('span', { class: 'spot-name' }, t(spot)),
      el('span', { class: 'spot-pays' }, PAYS[spot]),
      total,
      mine,
    );
    spots[spot] = { node, total, mine };
    pending[spot] = 0;
  }
  const myTotal = el('span', { class: 'my-total', 'data-testid': 'my-bets' });
  const rebet = el(
    'button',
    { type: 'button', class: 'ghost rebet', disabled: true, onclick: () => rebetLast() },
    t('rebet'),
  );
  const road = roadView(describeHand, ['player', 'banker', 'tie']);

  root.append(
    top.bar,
    el(
      'section',
      { class: 'live baccarat-table' },
      phase.node,
      conn.node,
      felt,
      el(
        'div',
        { class: 'spots', role: 'group', 'aria-label': t('stake') },
        ...SPOTS.map((s) => spots[s].node),
      ),
      el('div', { class: 'bet-row' }, chips.node, el('div', { class: 'bet-side' }, myTotal, rebet)),
      toast.node,
      road.node,
      fairness.node,
    ),
  );

  let lastBets = [];
  let betsRound = null;
  let betsOfRound = [];

  async function bet(spot, amount) {
    if (view?.phase !== 'betting') return;
    pending[spot]++;
    spots[spot].node.classList.add('pending');
    try {
      const out = await placeBet(spot, amount);
      if (typeof out.balance === 'number') top.setBalance(out.balance);
    } catch (error) {
      toast.show(messageFor(error));
      if (typeof error.body?.balance === 'number') top.setBalance(error.body.balance);
    } finally {
      if (--pending[spot] === 0) spots[spot].node.classList.remove('pending');
    }
  }

  function rebetLast() {
    for (const b of lastBets) void bet(b.spot, b.amount);
  }

  // ——— dealing ———
  const deal = { round: null, hand: null, timers: [], placed: new Set(), up: { player: 0, banker: 0 } };

  function clearTable() {
    for (const id of deal.timers) clearTimeout(id);
    deal.timers = [];
    deal.round = null;
    deal.hand = null;
    deal.placed.clear();
    deal.up = { player: 0, banker: 0 };
    for (const side of ['player', 'banker']) {
      hands[side].cards.replaceChildren();
      hands[side].total.textContent = '';
      hands[side].node.classList.remove('winner', 'loser', 'tied');
    }
  }

  function showTotal(side) {
    const cards = deal.hand[side].slice(0, deal.up[side]);
    const total = cards.reduce((s, c) => s + cardValue(c), 0) % 10;
    const node = hands[side].total;
    node.textContent = cards.length ? String(total) : '';
    node.classList.remove('pop');
    void node.offsetWidth;
    node.classList.add('pop');
  }

  function place([side, i], instant) {
    const key = `${side}${i}`;
    if (deal.placed.has(key)) return;
    deal.placed.add(key);
    const node = cardNode(deal.hand[side][i], i === 2);
    hands[side].cards.append(node);
    const flip = () => {
      node.classList.add('up');
      deal.up[side] = Math.max(deal.up[side], i + 1);
      showTotal(side);
    };
    if (instant) {
      node.classList.add('instant');
      flip();
    } else deal.timers.push(setTimeout(flip, 380));
  }

  function startDeal(v) {
    clearTable();
    deal.round = v.round;
    deal.hand = v.outcome;
    const order = dealOrder(v.outcome);
    if (v.phase === 'result') {
      for (const o of order) place(o, true);
      return;
    }
    const left = v.endsAt - clock.now();
    const lead = left > 3500 ? 700 : 0;
    const step = Math.max(200, Math.min(850, (left - lead - 1000) / order.length));
    revealLabel = lead ? 'noMoreBets' : 'dealing';
    if (lead) {
      banner.textContent = t('noMoreBets');
      banner.className = 'felt-banner show info';
    }
    deal.timers.push(
      setTimeout(() => {
        revealLabel = 'dealing';
        if (view?.phase === 'revealing') banner.className = 'felt-banner';
        phase.tick();
      }, lead),
    );
    order.forEach((o, k) => {
      deal.timers.push(setTimeout(() => place(o, false), lead + k * step));
    });
  }

  function finishDeal() {
    for (const o of dealOrder(deal.hand)) place(o, true);
    for (const side of ['player', 'banker']) {
      for (const node of hands[side].cards.children) node.classList.add('up');
      deal.up[side] = deal.hand[side].length;
      showTotal(side);
    }
  }

  function render(v) {
    const prev = view;
    view = v;
    phase.set(v);
    fairness.set(v);
    road.set(v.history);
    if (v.balance !== null && v.balance !== undefined) top.setBalance(v.balance);

    // Bets: the table's totals and mine per spot.
    if (betsRound !== v.round) {
      if (betsOfRound.length) lastBets = betsOfRound;
      betsRound = v.round;
    }
    betsOfRound = v.myBets;
    const mine = {};
    for (const b of v.myBets) mine[b.spot] = (mine[b.spot] ?? 0) + b.amount;
    const betting = v.phase === 'betting';
    for (const spot of SPOTS) {
      const s = spots[spot];
      const total = v.totals[spot] ?? 0;
      s.total.textContent = total ? `Σ ${money(total)}` : '';
      s.mine.replaceChildren(mine[spot] ? stackChip(CHIPS, mine[spot]) : '');
      s.node.disabled = !betting;
      s.node.setAttribute(
        'aria-label',
        [
          t(spot),
          PAYS[spot],
          total ? `Σ ${money(total)}` : '',
          mine[spot] ? t('yourBets', { amount: money(mine[spot]) }) : '',
        ]
          .filter(Boolean)
          .join(', '),
      );
    }
    const staked = v.myBets.reduce((s, b) => s + b.amount, 0);
    myTotal.textContent = t('yourBets', { amount: money(staked) });
    rebet.disabled = !betting || staked > 0 || lastBets.length === 0;

    // Cards and the result.
    if (v.phase === 'betting') {
      if (deal.round !== null || prev?.round !== v.round) {
        clearTable();
        banner.className = 'felt-banner';
        banner.textContent = '';
        for (const spot of SPOTS) spots[spot].node.classList.remove('won', 'lost');
      }
      revealLabel = 'dealing';
      return;
    }
    if (!v.outcome) return;
    if (deal.round !== v.round) startDeal(v);
    if (v.phase === 'result') {
      finishDeal();
      const hand = v.outcome;
      const winner = hand.winner;
      hands.player.node.classList.toggle('winner', winner === 'player');
      hands.banker.node.classList.toggle('winner', winner === 'banker');
      hands.player.node.classList.toggle('loser', winner === 'banker');
      hands.banker.node.classList.toggle('loser', winner === 'player');
      hands.player.node.classList.toggle('tied', winner === 'tie');
      hands.banker.node.classList.toggle('tied', winner === 'tie');
      const won = new Set([winner]);
      if (hand.playerPair) won.add('playerPair');
      if (hand.bankerPair) won.add('bankerPair');
      for (const spot of SPOTS) {
        spots[spot].node.classList.toggle('won', won.has(spot));
        spots[spot].node.classList.toggle('lost', !won.has(spot));
      }
      const mineText = returnText(v);
      banner.replaceChildren(
        el(
          'strong',
          { class: `win-${winner}` },
          winner === 'tie' ? t('tie') : t('sideWins', { side: t(winner) }),
          el(
            'span',
            { class: 'score' },
            winner === 'banker'
              ? ` ${hand.bankerTotal} : ${hand.playerTotal}`
              : ` ${hand.playerTotal} : ${hand.bankerTotal}`,
          ),
        ),
        mineText ? el('span', { class: `mine ${mineText.kind}` }, mineText.text) : '',
      );
      banner.className = `felt-banner show result ${mineText?.kind ?? ''}`;
    }
  }

  clock = connectTable({ onView: render, onStatus: conn.set });
}

if (boot.kind === 'baccarat') baccarat();
