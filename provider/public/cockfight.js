// Live cockfight (sabong): one fight at a time, shared by every seated player. Each fight's card sets the
// odds for meron, wala and a draw before the window opens; bets are taken while it is open, the fight is
// shown when it closes, and the result settles every bet. The socket, clock, chips, road and fairness
// panel are the live-table pieces exported by the baccarat page.
import {
  betQueue,
  chipBar,
  connectionNote,
  connectTable,
  LOCALE,
  pageIcon,
  phaseClock,
  returnText,
  roadView,
  stackChip,
  tableFairness,
  toaster,
} from './baccarat.js';
import { el, messageFor, money, svg, t, topBar } from './common.js';

const SIDES = ['meron', 'draw', 'wala'];
const CHIPS = [100, 500, 1000, 5000, 10000];

const TEAM = {
  meron: {
    light: '#ff5a5f',
    body: '#d7263d',
    dark: '#6e0d1c',
    hackle: '#ffb04a',
    tail: '#2a0a10',
    sheen: '#a01f33',
  },
  wala: {
    light: '#6fa8ff',
    body: '#2f6fe0',
    dark: '#0f2a6e',
    hackle: '#dfe9ff',
    tail: '#0a1430',
    sheen: '#2b5cc4',
  },
};

const oddsText = (odds) =>
  Number(odds).toLocaleString(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** One rooster facing right, feet at the origin: original art from simple paths. */
function rooster(side) {
  const c = TEAM[side];
  const grad = `body-${side}`;
  return svg(
    'g',
    { class: `bird bird-${side}` },
    svg(
      'defs',
      {},
      svg(
        'linearGradient',
        { id: grad, x1: '0', y1: '0', x2: '0.3', y2: '1' },
        svg('stop', { offset: '0', 'stop-color': c.light }),
        svg('stop', { offset: '.55', 'stop-color': c.body }),
        svg('stop', { offset: '1', 'stop-color': c.dark }),
      ),
    ),
    // tail
    svg('path', { d: 'M-16 -40C-30 -80-54 -82-58 -58-47 -67-35 -60-26 -36Z', fill: c.tail }),
    svg('path', { d: 'M-18 -36C-42 -66-66 -58-64 -36-54 -48-39 -44-26 -30Z', fill: c.sheen }),
    svg('path', { d: 'M-18 -32C-46 -44-62 -28-57 -12-49 -27-37 -28-22 -24Z', fill: c.tail }),
    svg('path', {
      d: 'M-20 -38C-36 -70-50 -72-52 -60',
      stroke: c.light,
      'stroke-width': '1.5',
      fill: 'none',
      opacity: '.5',
    }),
    // legs
    svg('path', {
      d: 'M-4 -17-6 0M6 -17 8 0',
      stroke: '#e8b33a',
      'stroke-width': '3.5',
      'stroke-linecap': 'round',
    }),
    svg('path', {
      d: 'M-6 0-12 1M-6 0 0 1M8 0 2 1M8 0 15 1M-5 -8-9 -6M7 -8 3 -6',
      stroke: '#e8b33a',
      'stroke-width': '2.2',
      'stroke-linecap': 'round',
    }),
    // body, wing, neck
    svg('path', {
      d: 'M-24 -34C-26 -52-2 -60 14 -50 26 -42 24 -22 8 -17-8 -13-22 -20-24 -34Z',
      fill: `url(#${grad})`,
    }),
    svg('path', { d: 'M-17 -38C-6 -49 10 -45 12 -34 2 -23-11 -26-17 -38Z', fill: c.dark, opacity: '.85' }),
    svg('path', {
      d: 'M-10 -36C-2 -40 6 -38 9 -34M-12 -32C-4 -34 4 -32 7 -29',
      stroke: c.light,
      'stroke-width': '1.2',
      fill: 'none',
      opacity: '.6',
    }),
    svg('path', { d: 'M3 -46C5 -62 13 -72 22 -75 30 -71 31 -58 20 -41 14 -39 8 -41 3 -46Z', fill: c.hackle }),
    svg('path', {
      d: 'M8 -48C10 -58 14 -64 18 -66M13 -46C15 -55 19 -60 23 -62',
      stroke: c.body,
      'stroke-width': '1.3',
      fill: 'none',
      opacity: '.7',
    }),
    // head
    svg('circle', { cx: '24', cy: '-74', r: '7.5', fill: c.body }),
    svg('path', {
      d: 'M16 -79C16 -87 21 -89 22 -82 23 -90 29 -90 27 -82 31 -88 35 -84 31 -78Z',
      fill: '#ff2d3d',
      stroke: '#8a0a16',
      'stroke-width': '.8',
    }),
    svg('path', { d: 'M30 -77 41 -72.5 30 -69Z', fill: '#f5c542', stroke: '#9a6b00', 'stroke-width': '.6' }),
    svg('path', { d: 'M29 -69C33 -62 28 -57 26 -62 25 -65 27 -68 29 -69Z', fill: '#ff2d3d' }),
    svg('circle', { cx: '26', cy: '-76', r: '2.5', fill: '#fff' }),
    svg('circle', { cx: '26.7', cy: '-76', r: '1.3', fill: '#111' }),
    // the winner's crown
    svg('path', {
      class: 'crown',
      d: 'M12 -92 14 -104 19 -97 24 -107 29 -97 34 -104 36 -92Z',
      fill: '#ffd166',
      stroke: '#8a5a00',
      'stroke-width': '1',
    }),
  );
}

function arenaArt() {
  const crowd = [];
  let seed = 7;
  const rnd = () => {
    seed = (seed * 9301 + 49297) % 233280;
    return seed / 233280;
  };
  for (let row = 0; row < 3; row++) {
    for (let x = -396 + row * 9; x < 800; x += 17 + rnd() * 6) {
      const y = 26 + row * 20 + rnd() * 5;
      const shade = 0.05 + row * 0.035 + rnd() * 0.04;
      crowd.push(
        svg('ellipse', {
          cx: String(x),
          cy: String(y + 13),
          rx: '10',
          ry: '8',
          fill: `rgba(255,255,255,${shade})`,
        }),
        svg('circle', {
          cx: String(x),
          cy: String(y),
          r: String(5.5 + rnd() * 1.5),
          fill: `rgba(255,255,255,${shade + 0.02})`,
        }),
      );
    }
  }
  const feathers = Array.from({ length: 8 }, (_, i) =>
    svg('ellipse', {
      class: `feather fe${i}`,
      cx: '0',
      cy: '0',
      rx: '5',
      ry: '1.6',
      fill: i % 2 ? TEAM.meron.hackle : TEAM.wala.hackle,
    }),
  );
  const burst = Array.from({ length: 16 }, (_, i) => {
    const r = i % 2 ? 8 : 22;
    const a = (Math.PI * i) / 8;
    return `${(r * Math.sin(a)).toFixed(1)},${(-r * Math.cos(a)).toFixed(1)}`;
  }).join(' ');
  const label = (x, side) =>
    svg(
      'text',
      {
        x: String(x),
        y: '200',
        'text-anchor': 'middle',
        class: `corner corner-${side}`,
        'font-size': '13',
        'font-weight': '800',
        'letter-spacing': '2',
        fill: TEAM[side].light,
      },
      document.createTextNode(t(side).toUpperCase()),
    );
  return svg(
    'svg',
    { viewBox: '0 0 400 210', class: 'arena-art', role: 'img', 'aria-label': t('arena') },
    svg(
      'defs',
      {},
      svg(
        'radialGradient',
        { id: 'sand', cx: '50%', cy: '40%', r: '60%' },
        svg('stop', { offset: '0', 'stop-color': '#e0bd7e' }),
        svg('stop', { offset: '.7', 'stop-color': '#b48a4e' }),
        svg('stop', { offset: '1', 'stop-color': '#7c5a2e' }),
      ),
      svg(
        'linearGradient',
        { id: 'beam', x1: '0', y1: '0', x2: '0', y2: '1' },
        svg('stop', { offset: '0', 'stop-color': '#fff6d8', 'stop-opacity': '.35' }),
        svg('stop', { offset: '1', 'stop-color': '#fff6d8', 'stop-opacity': '0' }),
      ),
      svg(
        'linearGradient',
        { id: 'hall', x1: '0', y1: '0', x2: '0', y2: '1' },
        svg('stop', { offset: '0', 'stop-color': '#1a1030' }),
        svg('stop', { offset: '1', 'stop-color': '#2d1a2a' }),
      ),
    ),
    // Drawn wider than the view box: a wide arena shows more of the hall at its sides.
    svg('rect', { x: '-400', width: '1200', height: '210', fill: 'url(#hall)' }),
    ...crowd,
    svg('rect', { x: '-400', y: '118', width: '1200', height: '92', fill: '#1c1118' }),
    svg('rect', { x: '-400', y: '116', width: '1200', height: '4', fill: '#4a2e1e' }),
    svg('polygon', { points: '150,0 250,0 330,190 70,190', fill: 'url(#beam)' }),
    svg('ellipse', { cx: '200', cy: '166', rx: '192', ry: '40', fill: '#3a2614' }),
    svg('ellipse', { cx: '200', cy: '164', rx: '184', ry: '35', fill: 'url(#sand)' }),
    svg('ellipse', {
      cx: '200',
      cy: '164',
      rx: '150',
      ry: '26',
      fill: 'none',
      stroke: '#ffffff30',
      'stroke-dasharray': '4 6',
    }),
    svg('line', { x1: '200', y1: '140', x2: '200', y2: '188', stroke: '#ffffff40', 'stroke-width': '2' }),
    svg('ellipse', {
      class: 'glow glow-meron',
      cx: '128',
      cy: '172',
      rx: '44',
      ry: '9',
      fill: TEAM.meron.light,
    }),
    svg('ellipse', {
      class: 'glow glow-wala',
      cx: '272',
      cy: '172',
      rx: '44',
      ry: '9',
      fill: TEAM.wala.light,
    }),
    svg('ellipse', { cx: '128', cy: '172', rx: '30', ry: '5', fill: '#0005' }),
    svg('ellipse', { cx: '272', cy: '172', rx: '30', ry: '5', fill: '#0005' }),
    svg('g', { transform: 'translate(128 171) scale(1.15)' }, rooster('meron')),
    svg('g', { transform: 'translate(272 171) scale(-1.15 1.15)' }, rooster('wala')),
    svg(
      'g',
      { transform: 'translate(200 110)' },
      svg('polygon', {
        class: 'clash',
        points: burst,
        fill: '#fff3b0',
        stroke: '#ffb347',
        'stroke-width': '2',
      }),
      ...feathers,
    ),
    label(64, 'meron'),
    label(336, 'wala'),
  );
}

function describeFight(side) {
  return {
    kind: side,
    letter: t(side).charAt(0).toUpperCase(),
    label: side === 'draw' ? t('draw') : t('sideWins', { side: t(side) }),
  };
}

function cockfight() {
  pageIcon(
    '<circle cx="16" cy="16" r="15" fill="#2d1a2a"/><path d="M9 22c-2-7 4-11 9-9 2-4 6-4 7-1-2 0-3 1-3 3 0 5-4 8-9 8z" fill="#d7263d"/><path d="M18 9c1-3 3-3 3-1 1-2 3-1 2 1z" fill="#ff2d3d"/>',
  );
  const root = document.getElementById('game');
  const top = topBar();
  const fairness = tableFairness(top, describeFight);
  const toast = toaster();
  const conn = connectionNote();
  const chips = chipBar(CHIPS, 1000);
  const placeBet = betQueue();
  let view = null;
  let clock = { now: () => Date.now() };
  const phase = phaseClock({ now: () => clock.now() }, () => t('fighting'));

  const art = arenaArt();
  const banner = el('div', { class: 'arena-banner', role: 'status', 'data-testid': 'table-result' });
  const arena = el('div', { class: 'arena', 'data-state': 'idle' }, art, banner);

  const sides = {};
  const pending = {};
  for (const side of SIDES) {
    const odds = el('span', { class: 'side-odds' });
    const fav = el('span', { class: 'side-fav' });
    const total = el('span', { class: 'side-total' });
    const mine = el('span', { class: 'side-mine' });
    const node = el(
      'button',
      {
        type: 'button',
        class: `side side-${side}`,
        'data-testid': `spot-${side}`,
        disabled: true,
        onclick: () => bet(side, chips.value),
      },
      el('span', { class: 'side-name' }, t(side)),
      fav,
      odds,
      total,
      mine,
    );
    sides[side] = { node, odds, fav, total, mine };
    pending[side] = 0;
  }
  const myTotal = el('span', { class: 'my-total', 'data-testid': 'my-bets' });
  const rebet = el(
    'button',
    { type: 'button', class: 'ghost rebet', disabled: true, onclick: () => rebetLast() },
    t('rebet'),
  );
  const road = roadView(describeFight, ['meron', 'wala', 'draw']);

  root.append(
    top.bar,
    el(
      'section',
      { class: 'live cockfight-table' },
      phase.node,
      conn.node,
      arena,
      el(
        'div',
        { class: 'sides', role: 'group', 'aria-label': t('stake') },
        ...SIDES.map((s) => sides[s].node),
      ),
      el('div', { class: 'bet-row' }, chips.node, el('div', { class: 'bet-side' }, myTotal, rebet)),
      toast.node,
      road.node,
      el('p', { class: 'rule muted' }, t('drawRule')),
      fairness.node,
    ),
  );

  let lastBets = [];
  let betsRound = null;
  let betsOfRound = [];

  async function bet(side, amount) {
    if (view?.phase !== 'betting') return;
    pending[side]++;
    sides[side].node.classList.add('pending');
    try {
      const out = await placeBet(side, amount);
      if (typeof out.balance === 'number') top.setBalance(out.balance);
    } catch (error) {
      toast.show(messageFor(error));
      if (typeof error.body?.balance === 'number') top.setBalance(error.body.balance);
    } finally {
      if (--pending[side] === 0) sides[side].node.classList.remove('pending');
    }
  }

  function rebetLast() {
    for (const b of lastBets) void bet(b.spot, b.amount);
  }

  function setBirds(state, winner) {
    arena.dataset.state = state;
    arena.dataset.winner = winner ?? '';
    for (const side of ['meron', 'wala']) {
      const bird = art.querySelector(`.bird-${side}`);
      bird.classList.toggle('winner', winner === side);
      bird.classList.toggle('loser', !!winner && winner !== 'draw' && winner !== side);
    }
  }

  function render(v) {
    view = v;
    phase.set(v);
    fairness.set(v);
    road.set(v.history);
    if (v.balance !== null && v.balance !== undefined) top.setBalance(v.balance);

    if (betsRound !== v.round) {
      if (betsOfRound.length) lastBets = betsOfRound;
      betsRound = v.round;
    }
    betsOfRound = v.myBets;
    const mine = {};
    for (const b of v.myBets) mine[b.spot] = (mine[b.spot] ?? 0) + b.amount;
    const betting = v.phase === 'betting';
    const card = v.setup;
    const favourite =
      card && card.odds.meron !== card.odds.wala
        ? Number(card.odds.meron) < Number(card.odds.wala)
          ? 'meron'
          : 'wala'
        : null;
    for (const side of SIDES) {
      const s = sides[side];
      const total = v.totals[side] ?? 0;
      const odds = card ? t('odds', { odds: oddsText(card.odds[side]) }) : '';
      s.odds.textContent = odds;
      s.fav.textContent = favourite === side ? t('favourite') : '';
      s.total.textContent = total ? `Σ ${money(total)}` : '';
      s.mine.replaceChildren(mine[side] ? stackChip(CHIPS, mine[side]) : '');
      s.node.disabled = !betting;
      s.node.setAttribute(
        'aria-label',
        [
          t(side),
          odds,
          favourite === side ? t('favourite') : '',
          total ? `Σ ${money(total)}` : '',
          mine[side] ? t('yourBets', { amount: money(mine[side]) }) : '',
        ]
          .filter(Boolean)
          .join(', '),
      );
    }
    const staked = v.myBets.reduce((s, b) => s + b.amount, 0);
    myTotal.textContent = t('yourBets', { amount: money(staked) });
    rebet.disabled = !betting || staked > 0 || lastBets.length === 0;

    if (v.phase === 'betting') {
      setBirds('idle', null);
      banner.className = 'arena-banner';
      banner.replaceChildren();
      for (const side of SIDES) sides[side].node.classList.remove('won', 'lost');
    } else if (v.phase === 'revealing') {
      setBirds('fight', null);
      banner.replaceChildren(el('strong', { class: 'fight-call' }, t('fighting')));
      banner.className = 'arena-banner show';
    } else if (v.outcome) {
      const winner = v.outcome;
      setBirds('result', winner);
      for (const side of SIDES) {
        // On a draw the meron and wala bets come back: neither is shown as lost.
        const won = side === winner;
        sides[side].node.classList.toggle('won', won);
        sides[side].node.classList.toggle('lost', !won && winner !== 'draw');
      }
      const mineText = returnText(v);
      banner.replaceChildren(
        el('strong', { class: `win-${winner}` }, describeFight(winner).label),
        mineText ? el('span', { class: `mine ${mineText.kind}` }, mineText.text) : '',
      );
      banner.className = `arena-banner show result ${mineText?.kind ?? ''}`;
    }
  }

  clock = connectTable({ onView: render, onStatus: conn.set });
}

cockfight();
