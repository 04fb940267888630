// The slot page: five reels of three, drawn in SVG; spin, stake, auto-play, instant mode, paytable.
// Every spin is one call: the provider takes the bet from the casino's wallet, draws the round from
// the committed seed, pays the win, and answers with the reels to show.
import { api, boot, dialog, el, messageFor, money, setFairness, sleep, svg, t, topBar } from './common.js';

const PALETTE = {
  cherry: ['#e23b4e', '#7c0f1d'],
  lemon: ['#f6d743', '#a88a06'],
  orange: ['#ff9f1c', '#a85b00'],
  plum: ['#8e44ad', '#4a1560'],
  grape: ['#7d3cff', '#3b1590'],
  melon: ['#3fb950', '#1a6125'],
  bell: ['#ffd166', '#b8860b'],
  bar: ['#dfe6ee', '#5b6572'],
  seven: ['#ff4d6d', '#8a0e24'],
  star: ['#ffe66d', '#c79a00'],
  gem: ['#31d0ff', '#0a6e91'],
  diamond: ['#8ef6ff', '#2b8fa6'],
  crown: ['#ffcf40', '#9c6b00'],
  coin: ['#f4c542', '#8a6400'],
  wild: ['#ff5cf4', '#6b0f8c'],
  scatter: ['#4dffb8', '#007a4d'],
};

function colours(id) {
  if (PALETTE[id]) return PALETTE[id];
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) % 360;
  return [`hsl(${h} 80% 60%)`, `hsl(${h} 70% 28%)`];
}

/** One symbol as SVG, drawn from simple shapes by its id. */
function symbolArt(id, theme) {
  const [light, dark] = colours(id);
  const g = svg('g');
  const gradId = `g-${id}`;
  const defs = svg(
    'defs',
    {},
    svg(
      'radialGradient',
      { id: gradId, cx: '35%', cy: '30%', r: '75%' },
      svg('stop', { offset: '0', 'stop-color': '#fff', 'stop-opacity': '.9' }),
      svg('stop', { offset: '.35', 'stop-color': light }),
      svg('stop', { offset: '1', 'stop-color': dark }),
    ),
  );
  g.append(defs);
  const fill = `url(#${gradId})`;
  const label = (_text, size = 30, y = 62) =>
    svg('text', {
      x: '50',
      y: String(y),
      'text-anchor': 'middle',
      'font-size': String(size),
      'font-weight': '900',
      fill: '#fff',
      stroke: dark,
      'stroke-width': '2',
      'paint-order': 'stroke',
      'font-family': 'system-ui, sans-serif',
    });
  const withText = (node, text) => {
    node.textContent = text;
    return node;
  };
  if (id === theme.wild) {
    g.append(
      svg('rect', {
        x: '8',
        y: '18',
        width: '84',
        height: '64',
        rx: '14',
        fill,
        stroke: '#fff',
        'stroke-width': '3',
      }),
      withText(label('', 26, 60), 'WILD'),
    );
  } else if (id === theme.scatter) {
    const pts = Array.from({ length: 16 }, (_, i) => {
      const r = i % 2 ? 20 : 42;
      const a = (Math.PI * i) / 8;
      return `${50 + r * Math.sin(a)},${50 - r * Math.cos(a)}`;
    }).join(' ');
    g.append(
      svg('polygon', { points: pts, fill, stroke: '#fff', 'stroke-width': '2' }),
      withText(label('', 14, 55), 'FREE'),
    );
  } else if (id.includes('cherry')) {
    g.append(
      svg('path', {
        d: 'M50 18 Q40 40 32 58 M50 18 Q62 40 68 58',
        stroke: '#2f7d32',
        'stroke-width': '4',
        fill: 'none',
      }),
      svg('circle', { cx: '32', cy: '66', r: '16', fill }),
      svg('circle', { cx: '68', cy: '66', r: '16', fill }),
    );
  } else if (id.includes('lemon') || id.includes('orange') || id.includes('plum') || id.includes('melon')) {
    g.append(
      svg('ellipse', {
        cx: '50',
        cy: '54',
        rx: id.includes('lemon') ? 36 : 32,
        ry: id.includes('lemon') ? 26 : 32,
        fill,
      }),
      svg('path', { d: 'M50 22 q10 -10 20 -4', stroke: '#2f7d32', 'stroke-width': '4', fill: 'none' }),
    );
  } else if (id.includes('grape')) {
    for (const [x, y] of [
      [36, 40],
      [50, 40],
      [64, 40],
      [43, 54],
      [57, 54],
      [50, 68],
    ])
      g.append(svg('circle', { cx: String(x), cy: String(y), r: '10', fill }));
  } else if (id.includes('bell')) {
    g.append(
      svg('path', { d: 'M50 16 C30 16 28 40 26 58 L18 70 L82 70 L74 58 C72 40 70 16 50 16 Z', fill }),
      svg('circle', { cx: '50', cy: '78', r: '7', fill: dark }),
    );
  } else if (id.includes('seven') || id === '7') {
    g.append(withText(label('', 70, 80), '7'));
  } else if (id.includes('bar')) {
    g.append(
      svg('rect', {
        x: '10',
        y: '32',
        width: '80',
        height: '36',
        rx: '6',
        fill,
        stroke: dark,
        'stroke-width': '3',
      }),
      withText(label('', 26, 60), 'BAR'),
    );
  } else if (id.includes('star')) {
    const pts = Array.from({ length: 10 }, (_, i) => {
      const r = i % 2 ? 18 : 40;
      const a = (Math.PI * i) / 5;
      return `${50 + r * Math.sin(a)},${52 - r * Math.cos(a)}`;
    }).join(' ');
    g.append(svg('polygon', { points: pts, fill, stroke: dark, 'stroke-width': '2' }));
  } else if (
    id.includes('gem') ||
    id.includes('diamond') ||
    id.includes('jade') ||
    id.includes('ruby') ||
    id.includes('emerald') ||
    id.includes('sapphire')
  ) {
    g.append(
      svg('polygon', { points: '50,16 82,40 50,86 18,40', fill, stroke: '#fff', 'stroke-width': '2' }),
      svg('polyline', {
        points: '18,40 82,40 M34,40 50,86 66,40',
        stroke: '#ffffff88',
        fill: 'none',
        'stroke-width': '2',
      }),
    );
  } else if (id.includes('crown')) {
    g.append(
      svg('polygon', {
        points: '16,72 20,32 36,52 50,24 64,52 80,32 84,72',
        fill,
        stroke: dark,
        'stroke-width': '3',
      }),
    );
  } else if (id.includes('coin') || id.includes('gold')) {
    g.append(
      svg('circle', { cx: '50', cy: '50', r: '34', fill, stroke: dark, 'stroke-width': '4' }),
      withText(label('', 30, 61), '$'),
    );
  } else {
    g.append(
      svg('circle', { cx: '50', cy: '50', r: '36', fill, stroke: '#ffffff66', 'stroke-width': '3' }),
      withText(label('', 20, 57), id.slice(0, 4).toUpperCase()),
    );
  }
  return g;
}

function cell(id, theme) {
  return svg(
    'svg',
    { viewBox: '0 0 100 100', class: `sym sym-${id}`, role: 'img', 'aria-label': id },
    symbolArt(id, theme),
  );
}

const state = { balance: 0, stake: 200, stakes: [], theme: null, auto: 0, instant: false, spinning: false };

async function main() {
  const root = document.getElementById('game');
  const info = el('button', { class: 'ghost', onclick: () => showPaytable() }, t('paytable'));
  const top = topBar([info]);
  const reels = el('div', { class: 'reels', 'data-testid': 'slot-reels' });
  const lines = svg('svg', {
    class: 'lines',
    viewBox: '0 0 500 300',
    preserveAspectRatio: 'none',
    'aria-hidden': 'true',
  });
  const board = el('div', { class: 'board' }, reels, lines);
  const banner = el('div', { class: 'banner', 'data-testid': 'slot-banner', role: 'status' });
  const winValue = el('strong', { 'data-testid': 'slot-win' }, money(0));
  const stakeValue = el('strong', { 'data-testid': 'slot-stake' });
  const spinButton = el(
    'button',
    {
      class: 'spin',
      'data-testid': 'slot-spin',
      'aria-keyshortcuts': 'Space',
      onclick: () => (state.auto ? stopAuto() : spinOnce()),
    },
    t('spin'),
  );
  const autoButton = el('button', { class: 'ghost', onclick: () => startAuto(25) }, `${t('auto')} 25`);
  const instant = el('input', {
    type: 'checkbox',
    id: 'instant',
    onchange: (e) => (state.instant = e.target.checked),
  });
  const controls = el(
    'div',
    { class: 'controls' },
    el(
      'div',
      { class: 'stake' },
      el('span', {}, t('stake')),
      el('button', { class: 'round', 'aria-label': '−', onclick: () => step(-1) }, '−'),
      stakeValue,
      el('button', { class: 'round', 'aria-label': '+', onclick: () => step(1) }, '+'),
    ),
    spinButton,
    el('div', { class: 'win' }, el('span', {}, t('win')), winValue),
    el(
      'div',
      { class: 'options' },
      autoButton,
      el('label', { for: 'instant', class: 'check' }, instant, t('turbo')),
    ),
  );
  root.append(top.bar, el('section', { class: 'slot' }, board, banner, controls));

  const s = await api('state');
  state.balance = s.balance;
  state.theme = s.theme;
  state.stakes = s.stakes;
  state.stake = s.stakes.includes(200) ? 200 : s.stakes[0];
  setFairness(s.fairness);
  top.setBalance(state.balance);
  stakeValue.textContent = money(state.stake);
  const symbols = s.theme.symbols.map((x) => x.id);
  const columns = Array.from({ length: 5 }, (_, r) =>
    Array.from({ length: 3 }, (_, i) => symbols[(r * 3 + i * 2) % symbols.length]),
  );
  draw(columns);

  function draw(grid) {
    reels.replaceChildren(
      ...grid.map((col, r) =>
        el(
          'div',
          { class: 'reel', 'data-reel': String(r) },
          ...col.map((id) => el('div', { class: 'cell' }, cell(id, state.theme))),
        ),
      ),
    );
  }

  function step(dir) {
    const i = state.stakes.indexOf(state.stake);
    state.stake = state.stakes[Math.max(0, Math.min(state.stakes.length - 1, i + dir))];
    stakeValue.textContent = money(state.stake);
  }

  function showLines(spin) {
    lines.replaceChildren(
      ...spin.lineWins.map((w, k) => {
        const shape = state.theme.lines[w.line];
        const pts = shape.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ');
        return svg('polyline', { points: pts, class: `line l${k % 5}` });
      }),
    );
    for (const w of spin.lineWins) {
      const shape = state.theme.lines[w.line];
      for (let r = 0; r < w.count; r++) reels.children[r]?.children[shape[r]]?.classList.add('hit');
    }
  }

  async function animate(spin) {
    lines.replaceChildren();
    if (state.instant) return draw(spin.grid);
    const all = state.theme.symbols.map((x) => x.id);
    for (const r of reels.querySelectorAll('.reel')) r.classList.add('spinning');
    const started = performance.now();
    for (let reel = 0; reel < 5; reel++) {
      const until = started + 450 + reel * 160;
      while (performance.now() < until) {
        const col = reels.children[reel];
        col?.replaceChildren(
          ...Array.from({ length: 3 }, () =>
            el('div', { class: 'cell' }, cell(all[Math.floor(Math.random() * all.length)], state.theme)),
          ),
        );
        await sleep(60);
      }
      const col = reels.children[reel];
      col?.classList.remove('spinning');
      col?.replaceChildren(
        ...spin.grid[reel].map((id) => el('div', { class: 'cell landed' }, cell(id, state.theme))),
      );
    }
  }

  async function spinOnce() {
    if (state.spinning) return;
    state.spinning = true;
    spinButton.disabled = !state.auto;
    banner.textContent = '';
    banner.className = 'banner';
    try {
      const out = await api('spin', { stake: state.stake });
      top.setBalance(out.balance - out.win);
      setFairness(out.fairness);
      let total = 0;
      for (let i = 0; i < out.spins.length; i++) {
        const spin = out.spins[i];
        if (i > 0) {
          banner.textContent = t('freeSpins', {
            n: i,
            total: out.spins.length - 1,
            mult: state.theme.freeSpinMultiplier,
          });
          banner.className = 'banner free';
        }
        await animate(spin);
        showLines(spin);
        total += spin.win;
        winValue.textContent = money(total);
        if (spin.freeSpinsAwarded > 0) {
          banner.textContent = t('freeSpinsWon', { n: spin.freeSpinsAwarded });
          banner.className = 'banner free';
          await sleep(state.instant ? 300 : 1200);
        } else if (spin.win > 0 && out.spins.length > 1) await sleep(state.instant ? 150 : 500);
      }
      state.balance = out.balance;
      top.setBalance(out.balance);
      if (out.win >= state.stake * 15) {
        banner.textContent = `${t('bigWin')} ${money(out.win)}`;
        banner.className = 'banner big';
      } else if (out.win > 0 && out.spins.length === 1) {
        const w = out.spins[0].lineWins[0];
        banner.textContent = w
          ? t('lineWin', { line: w.line + 1, count: w.count, symbol: w.symbol, amount: money(w.win) })
          : t('scatterWin', { count: out.spins[0].scatters, amount: money(out.spins[0].scatterWin) });
        banner.className = 'banner won';
      }
    } catch (error) {
      banner.textContent = messageFor(error);
      banner.className = 'banner error';
      if (typeof error.body?.balance === 'number') top.setBalance(error.body.balance);
      stopAuto();
    } finally {
      state.spinning = false;
      spinButton.disabled = false;
    }
  }

  async function startAuto(n) {
    state.auto = n;
    spinButton.textContent = t('stop');
    while (state.auto > 0) {
      autoButton.textContent = t('autoLeft', { n: state.auto });
      state.auto--;
      await spinOnce();
      await sleep(state.instant ? 100 : 350);
    }
    stopAuto();
  }

  function stopAuto() {
    state.auto = 0;
    spinButton.textContent = t('spin');
    autoButton.textContent = `${t('auto')} 25`;
  }

  document.addEventListener('keydown', (e) => {
    if (e.code === 'Space' && e.target === document.body) {
      e.preventDefault();
      if (!state.auto) void spinOnce();
    }
  });

  function showPaytable() {
    const theme = state.theme;
    const lineBet = state.stake / 20;
    const rows = theme.symbols.map((s) =>
      el(
        'tr',
        {},
        el('td', {}, cell(s.id, theme)),
        ...[5, 4, 3].map((n) => el('td', {}, `${n}× ${money(s.pays[n] * lineBet)}`)),
      ),
    );
    dialog(
      t('paytable'),
      el(
        'div',
        { class: 'paytable' },
        el('p', {}, t('rtp', { rtp: theme.rtp })),
        el('p', {}, t('lines')),
        el('div', { class: 'pt-sym' }, cell(theme.wild, theme), el('span', {}, t('wild'))),
        el(
          'div',
          { class: 'pt-sym' },
          cell(theme.scatter, theme),
          el(
            'span',
            {},
            `${t('scatter')} (${Object.entries(theme.freeSpins)
              .map(([k, v]) => `${k}: ${v}`)
              .join(', ')}; ×${theme.freeSpinMultiplier})`,
          ),
        ),
        el('table', {}, el('tbody', {}, rows)),
      ),
    );
  }
}

void main().catch((error) => {
  document.getElementById('game').textContent = messageFor(error);
});
void boot;
