// The fish shooter: fish of every species swim across a canvas sea; a tap on one fires the cannon at it.
// Every shot is one call: the provider takes the cannon's stake from the casino's wallet, draws the catch
// from the committed seed and pays the fish's value times the stake when it is caught. The shot's flight
// and net are only the show: the answer decides.
import { api, decimal, dialog, el, messageFor, money, setFairness, t, topBar } from './common.js';

/** How each species looks: colours, shape, how tall it is for its length (for hits) and its label colour. */
const LOOKS = {
  minnow: { draw: drawMinnow, tall: 0.3 },
  clown: { draw: drawClown, tall: 0.42 },
  puffer: { draw: drawPuffer, tall: 0.8 },
  turtle: { draw: drawTurtle, tall: 0.6 },
  ray: { draw: drawRay, tall: 0.9 },
  shark: { draw: drawShark, tall: 0.42 },
  whale: { draw: drawWhale, tall: 0.48 },
  dragon: { draw: drawDragon, tall: 0.45 },
};
const LEVEL_COLOURS = ['#c98b4a', '#c9d3e0', '#ffd166', '#4dd9c9', '#b28dff', '#ff6b81'];

const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
const rand = (lo, hi) => lo + Math.random() * (hi - lo);

function ellipse(ctx, x, y, rx, ry, rot = 0) {
  ctx.beginPath();
  ctx.ellipse(x, y, rx, ry, rot, 0, Math.PI * 2);
}

function eye(ctx, x, y, r) {
  ellipse(ctx, x, y, r, r);
  ctx.fillStyle = '#fff';
  ctx.fill();
  ellipse(ctx, x + r * 0.25, y, r * 0.55, r * 0.55);
  ctx.fillStyle = '#111';
  ctx.fill();
  ellipse(ctx, x + r * 0.05, y - r * 0.35, r * 0.22, r * 0.22);
  ctx.fillStyle = '#fff';
  ctx.fill();
}

function vertical(ctx, top, bottom, stops) {
  const g = ctx.createLinearGradient(0, top, 0, bottom);
  stops.forEach((c, i) => {
    g.addColorStop(i / (stops.length - 1), c);
  });
  return g;
}

// Every fish is drawn facing right in units where its length is 100 (x from −50 to 50), at time `s`.
function drawMinnow(ctx, s, f) {
  const wag = Math.sin(s * 12 + f.phase) * 0.3;
  ctx.save();
  ctx.translate(-26, 0);
  ctx.rotate(wag);
  ctx.beginPath();
  ctx.moveTo(2, 0);
  ctx.lineTo(-22, -15);
  ctx.lineTo(-17, 0);
  ctx.lineTo(-22, 15);
  ctx.closePath();
  ctx.fillStyle = '#4f9be0';
  ctx.fill();
  ctx.restore();
  ctx.beginPath();
  ctx.moveTo(-4, -11);
  ctx.lineTo(8, -20);
  ctx.lineTo(14, -11);
  ctx.fillStyle = '#6fb4ee';
  ctx.fill();
  ellipse(ctx, 4, 0, 36, 14);
  ctx.fillStyle = vertical(ctx, -14, 14, ['#e8f7ff', '#8dcaf5', '#2f6fb0']);
  ctx.fill();
  ctx.strokeStyle = '#ffffffaa';
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.moveTo(-24, 1);
  ctx.lineTo(30, 1);
  ctx.stroke();
  eye(ctx, 27, -3, 4.5);
}

function drawClown(ctx, s, f) {
  const wag = Math.sin(s * 10 + f.phase) * 0.28;
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = '#1a1a1a';
  ctx.save();
  ctx.translate(-30, 0);
  ctx.rotate(wag);
  ellipse(ctx, -10, 0, 12, 15);
  ctx.fillStyle = '#ff8a1f';
  ctx.fill();
  ctx.stroke();
  ctx.restore();
  ellipse(ctx, -2, -17, 16, 8);
  ctx.fillStyle = '#ff8a1f';
  ctx.fill();
  ctx.stroke();
  ellipse(ctx, 0, 0, 36, 20);
  ctx.fillStyle = vertical(ctx, -20, 20, ['#ffb35c', '#ff7a00', '#d95a00']);
  ctx.fill();
  ctx.save();
  ellipse(ctx, 0, 0, 36, 20);
  ctx.clip();
  for (const x of [16, -14]) {
    ellipse(ctx, x, 0, 6, 24);
    ctx.fillStyle = '#fff';
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
  ellipse(ctx, 0, 0, 36, 20);
  ctx.stroke();
  ellipse(ctx, 8, 12, 8, 4, 0.5);
  ctx.fillStyle = '#ff8a1f';
  ctx.fill();
  ctx.stroke();
  eye(ctx, 26, -5, 4.5);
}

function drawPuffer(ctx, s, f) {
  const puff = 1 + Math.sin(s * 2 + f.phase) * 0.04;
  ctx.save();
  ctx.scale(puff, puff);
  ctx.fillStyle = '#c08a12';
  for (let i = 0; i < 18; i++) {
    const a = (Math.PI * 2 * i) / 18;
    ctx.beginPath();
    ctx.moveTo(Math.cos(a - 0.12) * 29, Math.sin(a - 0.12) * 29);
    ctx.lineTo(Math.cos(a) * 39, Math.sin(a) * 39);
    ctx.lineTo(Math.cos(a + 0.12) * 29, Math.sin(a + 0.12) * 29);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(-30, 0);
  ctx.lineTo(-46, -12 + Math.sin(s * 9 + f.phase) * 4);
  ctx.lineTo(-46, 12 + Math.sin(s * 9 + f.phase) * 4);
  ctx.fillStyle = '#e0a800';
  ctx.fill();
  ellipse(ctx, 0, 0, 31, 30);
  const g = ctx.createRadialGradient(-8, -12, 4, 0, 0, 32);
  g.addColorStop(0, '#fff3a6');
  g.addColorStop(0.55, '#ffd23f');
  g.addColorStop(1, '#d99a00');
  ctx.fillStyle = g;
  ctx.fill();
  ellipse(ctx, 2, 14, 22, 12);
  ctx.fillStyle = '#fff7d1';
  ctx.fill();
  ctx.fillStyle = '#8a6200';
  for (const [x, y] of [
    [-12, -14],
    [-2, -20],
    [-18, -2],
    [6, -12],
  ]) {
    ellipse(ctx, x, y, 2.6, 2.6);
    ctx.fill();
  }
  eye(ctx, 15, -8, 8);
  ellipse(ctx, 29, 5, 3, 3.5);
  ctx.fillStyle = '#a0521d';
  ctx.fill();
  ctx.restore();
}

function drawTurtle(ctx, s, f) {
  const paddle = Math.sin(s * 3 + f.phase);
  ctx.fillStyle = '#7cc46a';
  ctx.strokeStyle = '#2f6b2b';
  ctx.lineWidth = 2;
  ellipse(ctx, 18, 14, 20, 7, 0.5 + paddle * 0.4);
  ctx.fill();
  ctx.stroke();
  ellipse(ctx, -22, 14, 12, 5, -0.4 - paddle * 0.3);
  ctx.fill();
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(-36, 4);
  ctx.lineTo(-48, 8);
  ctx.lineTo(-36, 11);
  ctx.fill();
  ellipse(ctx, 42, 2, 11, 9);
  ctx.fill();
  ctx.stroke();
  eye(ctx, 46, -1, 2.8);
  ctx.beginPath();
  ctx.ellipse(0, 8, 38, 30, 0, Math.PI, Math.PI * 2);
  ctx.closePath();
  ctx.fillStyle = vertical(ctx, -22, 8, ['#5cc27a', '#2e9e5b', '#1c6b3a']);
  ctx.fill();
  ctx.strokeStyle = '#14512b';
  ctx.lineWidth = 2.5;
  ctx.stroke();
  ctx.lineWidth = 1.8;
  ctx.beginPath();
  ctx.moveTo(-12, 8);
  ctx.lineTo(-8, -8);
  ctx.lineTo(8, -8);
  ctx.lineTo(12, 8);
  ctx.moveTo(-8, -8);
  ctx.lineTo(-14, -18);
  ctx.moveTo(8, -8);
  ctx.lineTo(14, -18);
  ctx.moveTo(-12, 8);
  ctx.lineTo(-28, -4);
  ctx.moveTo(12, 8);
  ctx.lineTo(28, -4);
  ctx.stroke();
  ellipse(ctx, 0, 9, 36, 4);
  ctx.fillStyle = '#e9d79c';
  ctx.fill();
}

function drawRay(ctx, s, f) {
  const flap = 0.75 + Math.sin(s * 3.2 + f.phase) * 0.25;
  ctx.strokeStyle = '#3a2590';
  ctx.lineWidth = 2.4;
  ctx.beginPath();
  ctx.moveTo(-24, 0);
  ctx.quadraticCurveTo(-46, Math.sin(s * 4 + f.phase) * 8, -66, Math.sin(s * 4 + f.phase + 1) * 6);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(40, 0);
  ctx.quadraticCurveTo(16, -12, -2, -44 * flap);
  ctx.quadraticCurveTo(-8, -14, -28, 0);
  ctx.quadraticCurveTo(-8, 14, -2, 44 * flap);
  ctx.quadraticCurveTo(16, 12, 40, 0);
  ctx.closePath();
  const g = ctx.createLinearGradient(40, 0, -28, 0);
  g.addColorStop(0, '#c3adff');
  g.addColorStop(0.5, '#8f6bff');
  g.addColorStop(1, '#4b2fa6');
  ctx.fillStyle = g;
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#e6dcff';
  for (const [x, y] of [
    [6, -18 * flap],
    [6, 18 * flap],
    [-6, -8],
    [-6, 8],
  ]) {
    ellipse(ctx, x, y, 3, 3);
    ctx.fill();
  }
  eye(ctx, 30, -5, 2.8);
  eye(ctx, 30, 5, 2.8);
}

function drawShark(ctx, s, f) {
  const wag = Math.sin(s * 6 + f.phase) * 0.18;
  ctx.save();
  ctx.translate(-38, 0);
  ctx.rotate(wag);
  ctx.beginPath();
  ctx.moveTo(4, 0);
  ctx.lineTo(-16, -24);
  ctx.lineTo(-10, 0);
  ctx.lineTo(-16, 18);
  ctx.closePath();
  ctx.fillStyle = '#6f8299';
  ctx.fill();
  ctx.restore();
  ctx.beginPath();
  ctx.moveTo(2, -14);
  ctx.lineTo(-10, -34);
  ctx.lineTo(-16, -13);
  ctx.fillStyle = '#6f8299';
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(52, 2);
  ctx.quadraticCurveTo(42, -16, 4, -16);
  ctx.quadraticCurveTo(-30, -14, -42, 0);
  ctx.quadraticCurveTo(-30, 10, 4, 12);
  ctx.quadraticCurveTo(40, 14, 52, 2);
  ctx.closePath();
  ctx.fillStyle = vertical(ctx, -16, 12, ['#b7c6d8', '#7f93ab', '#5d7089']);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(50, 4);
  ctx.quadraticCurveTo(38, 13, 4, 12);
  ctx.quadraticCurveTo(-20, 10, -32, 4);
  ctx.quadraticCurveTo(0, 6, 50, 4);
  ctx.fillStyle = '#eef3f8';
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(12, 8);
  ctx.lineTo(0, 26);
  ctx.lineTo(-4, 9);
  ctx.fillStyle = '#6f8299';
  ctx.fill();
  ctx.strokeStyle = '#4a5b70';
  ctx.lineWidth = 1.6;
  ctx.beginPath();
  for (const x of [20, 24, 28]) {
    ctx.moveTo(x, -6);
    ctx.lineTo(x - 2, 4);
  }
  ctx.moveTo(44, 6);
  ctx.lineTo(36, 7);
  ctx.stroke();
  eye(ctx, 38, -4, 2.6);
}

function drawWhale(ctx, s, f) {
  const wag = Math.sin(s * 2.5 + f.phase) * 0.22;
  ctx.save();
  ctx.translate(-42, -4);
  ctx.rotate(wag);
  ctx.beginPath();
  ctx.moveTo(4, 0);
  ctx.quadraticCurveTo(-8, -6, -14, -18);
  ctx.quadraticCurveTo(-8, -4, -4, -2);
  ctx.quadraticCurveTo(-10, 6, -16, 12);
  ctx.quadraticCurveTo(-4, 6, 4, 2);
  ctx.fillStyle = '#1f4fa8';
  ctx.fill();
  ctx.restore();
  ctx.beginPath();
  ctx.moveTo(50, 4);
  ctx.quadraticCurveTo(50, -22, 10, -24);
  ctx.quadraticCurveTo(-30, -24, -44, -4);
  ctx.quadraticCurveTo(-30, 14, 10, 17);
  ctx.quadraticCurveTo(46, 19, 50, 4);
  ctx.closePath();
  ctx.fillStyle = vertical(ctx, -24, 17, ['#5b95f0', '#2e6bd8', '#17408f']);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(48, 8);
  ctx.quadraticCurveTo(40, 18, 10, 17);
  ctx.quadraticCurveTo(-16, 15, -26, 8);
  ctx.quadraticCurveTo(10, 10, 48, 8);
  ctx.fillStyle = '#d6e5ff';
  ctx.fill();
  ctx.strokeStyle = '#9db8e8';
  ctx.lineWidth = 1.2;
  ctx.beginPath();
  for (const y of [11, 14]) {
    ctx.moveTo(40, y);
    ctx.lineTo(-8, y + 1);
  }
  ctx.stroke();
  ellipse(ctx, 6, 12, 12, 5, 0.5);
  ctx.fillStyle = '#1f4fa8';
  ctx.fill();
  eye(ctx, 34, 2, 2.6);
  const spout = Math.sin(s * 0.7 + f.phase);
  if (spout > 0.6) {
    const k = (spout - 0.6) / 0.4;
    ctx.fillStyle = `rgba(200,235,255,${0.8 * k})`;
    for (const [dx, dy, r] of [
      [0, -34, 3],
      [-6, -42, 2.5],
      [6, -42, 2.5],
      [-10, -50, 2],
      [10, -50, 2],
    ]) {
      ellipse(ctx, 22 + dx * k, -10 + (dy + 10) * k, r, r);
      ctx.fill();
    }
  }
}

function drawDragon(ctx, s, f) {
  ctx.save();
  ctx.shadowColor = '#ffcf40';
  ctx.shadowBlur = 14;
  const segs = 13;
  const pts = [];
  for (let i = 0; i < segs; i++) {
    pts.push([34 - i * 6.6, Math.sin(s * 3 + f.phase - i * 0.55) * 9, 11.5 - i * 0.6]);
  }
  for (let i = segs - 1; i >= 0; i--) {
    const [x, y, r] = pts[i];
    ctx.fillStyle = '#ffcf40';
    ctx.beginPath();
    ctx.moveTo(x - 3, y - r + 1);
    ctx.lineTo(x, y - r - 6);
    ctx.lineTo(x + 3, y - r + 1);
    ctx.fill();
    ellipse(ctx, x, y, r, r);
    const g = ctx.createRadialGradient(x - r * 0.3, y - r * 0.4, 1, x, y, r);
    g.addColorStop(0, '#ff8a6b');
    g.addColorStop(1, i % 2 ? '#c4161c' : '#e0302b');
    ctx.fillStyle = g;
    ctx.fill();
    if (i === segs - 1) {
      ctx.beginPath();
      ctx.moveTo(x - r, y);
      ctx.lineTo(x - r - 12, y - 8);
      ctx.lineTo(x - r - 8, y);
      ctx.lineTo(x - r - 12, y + 8);
      ctx.fillStyle = '#ffcf40';
      ctx.fill();
    }
  }
  ctx.shadowBlur = 0;
  const [hx, hy] = pts[0];
  ctx.strokeStyle = '#ffcf40';
  ctx.lineWidth = 2.6;
  ctx.beginPath();
  ctx.moveTo(hx + 6, hy - 8);
  ctx.quadraticCurveTo(hx - 2, hy - 22, hx - 12, hy - 24);
  ctx.moveTo(hx + 10, hy - 8);
  ctx.quadraticCurveTo(hx + 6, hy - 22, hx - 2, hy - 28);
  ctx.stroke();
  ctx.lineWidth = 1.4;
  ctx.beginPath();
  const wave = Math.sin(s * 4 + f.phase) * 4;
  ctx.moveTo(hx + 20, hy + 3);
  ctx.quadraticCurveTo(hx + 30, hy + 12 + wave, hx + 20, hy + 22);
  ctx.moveTo(hx + 20, hy - 1);
  ctx.quadraticCurveTo(hx + 34, hy - 6 - wave, hx + 30, hy - 16);
  ctx.stroke();
  ellipse(ctx, hx + 12, hy, 15, 10);
  ctx.fillStyle = vertical(ctx, hy - 10, hy + 10, ['#ff6b4a', '#e0302b', '#a50f14']);
  ctx.fill();
  ellipse(ctx, hx + 24, hy + 3, 5, 4);
  ctx.fillStyle = '#ffdf9e';
  ctx.fill();
  ellipse(ctx, hx + 14, hy - 4, 3.4, 3.4);
  ctx.fillStyle = '#ffe14d';
  ctx.fill();
  ellipse(ctx, hx + 14.6, hy - 4, 1, 2.6);
  ctx.fillStyle = '#111';
  ctx.fill();
  ctx.restore();
}

/** One species drawn on a small canvas, for the paytable. */
function portrait(sp) {
  const c = el('canvas', { width: '120', height: '72', class: 'fish-portrait', 'aria-hidden': 'true' });
  const ctx = c.getContext('2d');
  const len = 92;
  ctx.translate(60, 36);
  ctx.scale(len / 100, len / 100);
  LOOKS[sp.id]?.draw(ctx, 0.6, { phase: 0 });
  return c;
}

async function main() {
  const root = document.getElementById('game');
  document.head.append(
    el('link', {
      rel: 'icon',
      href: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#0b4f7a"/><ellipse cx="15" cy="16" rx="9" ry="6" fill="#ffb000"/><path d="M7 16 2 11v10z" fill="#ffb000"/><circle cx="20" cy="14.5" r="1.6" fill="#111"/></svg>')}`,
    }),
  );
  const top = topBar([
    el('button', { type: 'button', class: 'ghost', onclick: () => showPaytable() }, t('paytable')),
  ]);
  const canvas = el('canvas', {
    class: 'sea-canvas',
    tabindex: '0',
    role: 'application',
    'aria-label': t('sea'),
    'data-testid': 'fish-sea',
  });
  const stakeValue = el('strong', { 'data-testid': 'fish-stake' });
  const down = el(
    'button',
    { type: 'button', class: 'cannon-step', 'aria-label': t('cannonDown'), onclick: () => step(-1) },
    '−',
  );
  const up = el(
    'button',
    { type: 'button', class: 'cannon-step', 'aria-label': t('cannonUp'), onclick: () => step(1) },
    '+',
  );
  const bar = el(
    'div',
    { class: 'cannon-bar' },
    down,
    el('div', { class: 'cannon-stake' }, el('span', {}, t('shots')), stakeValue),
    up,
  );
  const announce = el('p', { class: 'sr-only', role: 'status', 'data-testid': 'fish-status' });
  const toast = el('p', { class: 'toast', role: 'alert' });
  let helpSeen = false;
  try {
    helpSeen = localStorage.getItem('fish-help-seen') === '1';
  } catch {}
  const help = el(
    'div',
    { class: 'fish-help', role: 'note', hidden: helpSeen },
    el('p', {}, t('shootHelp')),
    el('button', { type: 'button', class: 'primary', onclick: () => hideHelp() }, t('gotIt')),
  );
  const sea = el('section', { class: 'sea' }, canvas, bar, help, announce);
  root.append(top.bar, sea, toast);

  function hideHelp() {
    if (help.hidden) return;
    help.hidden = true;
    try {
      localStorage.setItem('fish-help-seen', '1');
    } catch {}
  }

  let toastTimer = null;
  function showError(text) {
    toast.textContent = text;
    toast.className = 'toast show error';
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      toast.className = 'toast';
    }, 3500);
  }

  const s = await api('state');
  const species = s.species;
  const stakes = s.stakes;
  let stakeIndex = Math.max(0, stakes.indexOf(50));
  setFairness(s.fairness);
  // What the answers say the balance is; shown less the stakes of unanswered shots and the wins not yet shown.
  let serverBalance = s.balance;
  const rtp = species.length ? decimal((species[0].chance * species[0].multiplier) / 1000) : '';

  function step(dir) {
    stakeIndex = clamp(stakeIndex + dir, 0, stakes.length - 1);
    stakeValue.textContent = money(stakes[stakeIndex]);
    down.disabled = stakeIndex === 0;
    up.disabled = stakeIndex === stakes.length - 1;
  }
  step(0);

  function showPaytable() {
    dialog(
      t('paytable'),
      el(
        'div',
        { class: 'paytable fish-paytable' },
        el('p', {}, t('shootHelp')),
        rtp ? el('p', { class: 'muted' }, t('rtp', { rtp })) : null,
        el(
          'ul',
          {},
          ...species.map((sp) =>
            el(
              'li',
              {},
              portrait(sp),
              el('strong', {}, t('fishValue', { x: sp.multiplier })),
              el('span', { class: 'muted' }, money(sp.multiplier * stakes[stakeIndex])),
            ),
          ),
        ),
      ),
    );
  }

  // ——— the scene ———
  const ctx = canvas.getContext('2d');
  let W = 0;
  let H = 0;
  let dpr = 1;
  let scale = 1;
  let background = null;
  const fishes = [];
  const shots = [];
  const effects = [];
  const bubbles = [];
  let nextId = 1;
  let aim = 0;
  let recoil = 0;
  let focusIndex = -1;
  let last = performance.now();
  let clock = 0;

  const cannon = () => ({ x: W / 2, y: H - 68 });

  function resize() {
    const r = sea.getBoundingClientRect();
    if (!r.width || !r.height) return;
    dpr = Math.min(2, window.devicePixelRatio || 1);
    W = r.width;
    H = r.height;
    canvas.width = Math.round(W * dpr);
    canvas.height = Math.round(H * dpr);
    scale = clamp(Math.min(W * 1.8, H * 1.3) / 900, 0.72, 1.15);
    background = paintBackground();
    for (const f of fishes) f.baseY = clamp(f.baseY, 30, H - 150);
  }

  function paintBackground() {
    const c = document.createElement('canvas');
    c.width = canvas.width;
    c.height = canvas.height;
    const g = c.getContext('2d');
    g.scale(dpr, dpr);
    g.fillStyle = vertical(g, 0, H, ['#0d6a94', '#0a4f7c', '#073560', '#05213f']);
    g.fillRect(0, 0, W, H);
    // The sand, rocks and a few shells.
    const sandTop = H - 46;
    g.beginPath();
    g.moveTo(0, sandTop + 8);
    for (let x = 0; x <= W; x += 40)
      g.quadraticCurveTo(x + 20, sandTop - 6 + ((x / 40) % 2) * 10, x + 40, sandTop + 6);
    g.lineTo(W, H);
    g.lineTo(0, H);
    g.closePath();
    g.fillStyle = vertical(g, sandTop, H, ['#c9a865', '#8f7140', '#5e4a2a']);
    g.fill();
    let seed = 3;
    const r = () => {
      seed = (seed * 9301 + 49297) % 233280;
      return seed / 233280;
    };
    for (let i = 0; i < Math.ceil(W / 160); i++) {
      const x = r() * W;
      const rr = 14 + r() * 22;
      ellipse(g, x, sandTop + 14, rr * 1.4, rr);
      g.fillStyle = `hsl(210 15% ${20 + r() * 12}%)`;
      g.fill();
    }
    for (let i = 0; i < Math.ceil(W / 90); i++) {
      ellipse(g, r() * W, sandTop + 18 + r() * 24, 4, 3, r());
      g.fillStyle = '#f3d9b0';
      g.fill();
    }
    return c;
  }

  function pickSpecies() {
    const bigOnes = fishes.filter((f) => !f.dying && f.sp.size >= 78).length;
    const pool = species.filter((sp) => sp.size < 78 || bigOnes < 2);
    const weights = pool.map((sp) => 1 / sp.multiplier ** 0.6);
    let x = Math.random() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < pool.length; i++) {
      x -= weights[i];
      if (x <= 0) return pool[i];
    }
    return pool[0];
  }

  function spawn(anywhere) {
    const sp = pickSpecies();
    const len = sp.size * scale * 1.5;
    const dir = Math.random() < 0.5 ? 1 : -1;
    const look = LOOKS[sp.id] ?? LOOKS.minnow;
    const top = 30 + len * look.tall * 0.5;
    const bottom = Math.max(top + 1, H - 150 - len * look.tall * 0.5);
    fishes.push({
      id: nextId++,
      sp,
      look,
      len,
      dir,
      x: anywhere ? rand(len, W - len) : dir > 0 ? -len : W + len,
      baseY: rand(top, bottom),
      y: 0,
      vx: sp.speed * scale * 1.25 * rand(0.85, 1.15),
      amp: rand(4, 16) * scale,
      freq: rand(0.4, 1.1),
      phase: rand(0, Math.PI * 2),
      dying: null,
      hit: 0,
    });
    fishes.sort((a, b) => b.len - a.len);
  }

  function wantedFish() {
    return Math.round(clamp((W * H) / 40_000, 9, 16));
  }

  /** The fish under a tap: inside its outline (small fish are drawn on top and win), else the nearest within reach. */
  function hitTest(px, py) {
    let best = null;
    let bestD = Infinity;
    let near = null;
    let nearGap = 26;
    for (const f of fishes) {
      if (f.dying) continue;
      const rx = Math.max(f.len * 0.5, 22);
      const ry = Math.max(f.len * f.look.tall * 0.5, 22);
      const d = ((px - f.x) / rx) ** 2 + ((py - f.y) / ry) ** 2;
      // The loop runs from the largest fish to the smallest, so a smaller one on top wins a near tie.
      if (d <= 1 && d <= bestD + 0.35) {
        best = f;
        bestD = Math.min(d, bestD);
      }
      const gap = Math.hypot(px - f.x, py - f.y) * (1 - 1 / Math.sqrt(Math.max(d, 1)));
      if (gap < nearGap) {
        near = f;
        nearGap = gap;
      }
    }
    return best ?? near;
  }

  // ——— shooting ———
  let inFlight = null;
  let queued = null;

  function aimAt(x, y) {
    const c = cannon();
    aim = clamp(Math.atan2(x - c.x, c.y - y), -1.35, 1.35);
  }

  function fire(fish) {
    if (!fish || fish.dying || !fishes.includes(fish)) return;
    if (inFlight) {
      queued = fish;
      return;
    }
    hideHelp();
    const stake = stakes[stakeIndex];
    aimAt(fish.x, fish.y);
    recoil = 1;
    const c = cannon();
    const barrel = 46 * scale + stakeIndex * 3;
    const shot = {
      fish,
      stake,
      level: stakeIndex,
      x: c.x + Math.sin(aim) * barrel,
      y: c.y - Math.cos(aim) * barrel,
      tx: fish.x,
      ty: fish.y,
      arrived: false,
      answer: undefined,
      error: null,
      trail: [],
    };
    shots.push(shot);
    inFlight = shot;
    fish.hit++;
    api('shoot', { stake, fish: fish.sp.id })
      .then(
        (out) => {
          shot.answer = out;
          serverBalance = out.balance;
          setFairness(out.fairness);
        },
        (error) => {
          shot.error = error;
          if (typeof error.body?.balance === 'number') serverBalance = error.body.balance;
          showError(messageFor(error));
        },
      )
      .finally(() => {
        inFlight = null;
        showBalance();
        const next = queued;
        queued = null;
        if (next) fire(next);
      });
    showBalance();
  }

  function showBalance() {
    let shown = serverBalance;
    for (const shot of shots) {
      if (shot.answer === undefined && !shot.error) shown -= shot.stake;
      else if (shot.answer && !shot.done) shown -= shot.answer.win;
    }
    top.setBalance(shown);
  }

  function resolve(shot) {
    shot.done = true;
    const f = shot.fish;
    f.hit = Math.max(0, f.hit - 1);
    if (shot.error) {
      effects.push({
        kind: 'text',
        x: shot.x,
        y: shot.y - 10,
        text: '✕',
        colour: '#ff8c9c',
        size: 18,
        age: 0,
        life: 0.9,
      });
    } else if (shot.answer.caught) {
      f.dying = clock;
      const win = shot.answer.win;
      const big = f.sp.multiplier >= 50;
      const coins = clamp(6 + Math.round(f.sp.multiplier / 6), 6, 36);
      for (let i = 0; i < coins; i++) {
        effects.push({
          kind: 'coin',
          x: shot.x,
          y: shot.y,
          vx: rand(-180, 180) * scale,
          vy: rand(-340, -120) * scale,
          age: 0,
          life: rand(1, 1.6),
          spin: rand(6, 12),
        });
      }
      effects.push({
        kind: 'text',
        x: shot.x,
        y: shot.y - 20,
        text: `+${money(win)}`,
        colour: '#ffd166',
        size: big ? 34 : 24,
        age: 0,
        life: big ? 2 : 1.4,
      });
      if (big) effects.push({ kind: 'flash', age: 0, life: 0.5 });
      announce.textContent = t('caught', { amount: money(win) });
    } else {
      effects.push({
        kind: 'text',
        x: shot.x,
        y: shot.y - 16,
        text: t('missed'),
        colour: '#cfe3ff',
        size: 15,
        age: 0,
        life: 0.9,
      });
      announce.textContent = t('missed');
    }
    showBalance();
  }

  // ——— input ———
  function point(e) {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }
  canvas.addEventListener('pointermove', (e) => {
    if (e.pointerType === 'mouse') aimAt(...point(e));
  });
  canvas.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    const [x, y] = point(e);
    aimAt(x, y);
    const fish = hitTest(x, y);
    if (fish) fire(fish);
    else effects.push({ kind: 'ripple', x, y, age: 0, life: 0.5 });
  });
  canvas.addEventListener('keydown', (e) => {
    const alive = fishes.filter((f) => !f.dying).sort((a, b) => a.x - b.x);
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      const current = alive.findIndex((f) => f.id === focusIndex);
      const next = alive[(current + (e.key === 'ArrowRight' ? 1 : -1) + alive.length) % alive.length];
      focusIndex = next?.id ?? -1;
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const fish = alive.find((f) => f.id === focusIndex) ?? alive[0];
      if (fish) {
        focusIndex = fish.id;
        fire(fish);
      }
    } else if (e.key === '+' || e.key === '=' || e.key === 'ArrowUp') {
      e.preventDefault();
      step(1);
    } else if (e.key === '-' || e.key === 'ArrowDown') {
      e.preventDefault();
      step(-1);
    }
  });

  // ——— the loop ———
  function update(dt) {
    clock += dt;
    const want = wantedFish();
    if (fishes.filter((f) => !f.dying).length < want && Math.random() < dt * 2.5) spawn(false);
    for (const f of fishes) {
      if (!f.dying) f.x += f.dir * f.vx * dt;
      f.y = f.baseY + Math.sin(clock * f.freq + f.phase) * f.amp;
    }
    for (let i = fishes.length - 1; i >= 0; i--) {
      const f = fishes[i];
      const gone = f.dir > 0 ? f.x > W + f.len * 1.2 : f.x < -f.len * 1.2;
      if ((f.dying !== null && clock - f.dying > 0.9) || (gone && f.hit === 0)) fishes.splice(i, 1);
    }
    const speed = 1000 * scale;
    for (const shot of shots) {
      if (!shot.arrived) {
        if (!shot.fish.dying && fishes.includes(shot.fish)) {
          shot.tx = shot.fish.x;
          shot.ty = shot.fish.y;
        }
        const dx = shot.tx - shot.x;
        const dy = shot.ty - shot.y;
        const d = Math.hypot(dx, dy);
        shot.trail.push([shot.x, shot.y]);
        if (shot.trail.length > 8) shot.trail.shift();
        if (d <= speed * dt) {
          shot.x = shot.tx;
          shot.y = shot.ty;
          shot.arrived = true;
          shot.arrivedAt = clock;
          effects.push({ kind: 'net', x: shot.x, y: shot.y, level: shot.level, age: 0, life: 0.6, shot });
        } else {
          shot.x += (dx / d) * speed * dt;
          shot.y += (dy / d) * speed * dt;
        }
      } else if (!shot.done && (shot.answer !== undefined || shot.error)) {
        resolve(shot);
      } else if (!shot.done) {
        // Waiting for the answer: the net stays on the fish.
        if (!shot.fish.dying && fishes.includes(shot.fish)) {
          shot.x = shot.fish.x;
          shot.y = shot.fish.y;
        }
      }
    }
    for (let i = shots.length - 1; i >= 0; i--) if (shots[i].done) shots.splice(i, 1);
    for (const e of effects) {
      // A net stays while its shot waits for the answer.
      if (!(e.kind === 'net' && e.shot && !e.shot.done && e.age > e.life * 0.5)) e.age += dt;
      if (e.kind === 'net' && e.shot && !e.shot.done) {
        e.x = e.shot.x;
        e.y = e.shot.y;
      }
      if (e.kind === 'coin') {
        e.vy += 700 * scale * dt;
        e.x += e.vx * dt;
        e.y += e.vy * dt;
      }
    }
    for (let i = effects.length - 1; i >= 0; i--) if (effects[i].age >= effects[i].life) effects.splice(i, 1);
    recoil = Math.max(0, recoil - dt * 6);
    while (bubbles.length < Math.round(W / 40)) {
      bubbles.push({ x: rand(0, W), y: rand(H * 0.3, H), r: rand(1, 3.6), v: rand(18, 50), w: rand(0, 6) });
    }
    for (const b of bubbles) {
      b.y -= b.v * dt;
      if (b.y < -10) {
        b.y = H + rand(0, 40);
        b.x = rand(0, W);
      }
    }
  }

  function drawLight() {
    ctx.save();
    ctx.globalCompositeOperation = 'lighter';
    for (let i = 0; i < 4; i++) {
      const x = W * (0.15 + i * 0.25) + Math.sin(clock * 0.3 + i) * 40;
      const a = 0.05 + Math.sin(clock * 0.5 + i * 1.7) * 0.025;
      ctx.beginPath();
      ctx.moveTo(x - 30, 0);
      ctx.lineTo(x + 30, 0);
      ctx.lineTo(x + 140, H * 0.85);
      ctx.lineTo(x - 20, H * 0.85);
      ctx.closePath();
      ctx.fillStyle = vertical(ctx, 0, H * 0.85, [`rgba(190,240,255,${a})`, 'rgba(190,240,255,0)']);
      ctx.fill();
    }
    ctx.restore();
  }

  function drawWeeds() {
    const count = Math.max(3, Math.round(W / 180));
    for (let i = 0; i < count; i++) {
      const x = ((i + 0.5) / count) * W + Math.sin(i * 7.3) * 40;
      const h = 60 + ((i * 37) % 50);
      ctx.strokeStyle = i % 2 ? '#1f8a5a' : '#2fae6a';
      ctx.lineWidth = 6;
      ctx.lineCap = 'round';
      for (let k = -1; k <= 1; k += 2) {
        const sway = Math.sin(clock * 1.2 + i + k) * 12;
        ctx.beginPath();
        ctx.moveTo(x + k * 5, H - 30);
        ctx.quadraticCurveTo(x + k * 10 + sway, H - 30 - h * 0.5, x + k * 4 + sway * 1.6, H - 30 - h);
        ctx.stroke();
      }
    }
  }

  function drawFish(f) {
    const k = f.dying !== null ? clamp(1 - (clock - f.dying) / 0.9, 0, 1) : 1;
    ctx.save();
    ctx.translate(f.x, f.y);
    if (f.dying !== null) {
      ctx.globalAlpha = k;
      ctx.rotate((1 - k) * 6);
      ctx.scale(0.4 + k * 0.6, 0.4 + k * 0.6);
    }
    ctx.scale(f.dir, 1);
    const u = f.len / 100;
    ctx.scale(u, u);
    f.look.draw(ctx, clock, f);
    ctx.restore();
    if (f.dying === null) {
      const labelY = f.y + f.len * f.look.tall * 0.5 + 14;
      const big = f.sp.multiplier >= 50;
      ctx.font = `800 ${big ? 15 : 12}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.lineWidth = 3.5;
      ctx.strokeStyle = '#031526cc';
      const text = t('fishValue', { x: f.sp.multiplier });
      ctx.strokeText(text, f.x, labelY);
      ctx.fillStyle = big ? '#ffd166' : '#e8f4ff';
      ctx.fillText(text, f.x, labelY);
      if (f.hit > 0 || (f.id === focusIndex && document.activeElement === canvas)) {
        ctx.save();
        ctx.strokeStyle = f.hit > 0 ? '#ff6b81' : '#ffd166';
        ctx.setLineDash([6, 5]);
        ctx.lineDashOffset = -clock * 30;
        ctx.lineWidth = 2;
        ellipse(ctx, f.x, f.y, Math.max(f.len * 0.55, 22), Math.max(f.len * f.look.tall * 0.6, 22));
        ctx.stroke();
        ctx.restore();
      }
    }
  }

  function drawCannon() {
    const c = cannon();
    const colour = LEVEL_COLOURS[stakeIndex % LEVEL_COLOURS.length];
    const r = 34 * scale + 4;
    ctx.save();
    ctx.translate(c.x, c.y);
    // The turret's base.
    ellipse(ctx, 0, 6, r * 1.5, r * 0.7);
    ctx.fillStyle = '#0a1a30';
    ctx.fill();
    ctx.save();
    ctx.rotate(aim);
    const len = 46 * scale + stakeIndex * 3;
    const w = 14 * scale + stakeIndex * 1.6;
    ctx.translate(0, recoil * 6);
    const g = ctx.createLinearGradient(-w, 0, w, 0);
    g.addColorStop(0, '#2a3550');
    g.addColorStop(0.45, colour);
    g.addColorStop(1, '#2a3550');
    ctx.fillStyle = g;
    ctx.strokeStyle = '#0a1222';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.roundRect(-w, -len, w * 2, len, 6);
    ctx.fill();
    ctx.stroke();
    ctx.beginPath();
    ctx.roundRect(-w - 4, -len - 6, w * 2 + 8, 12, 5);
    ctx.fill();
    ctx.stroke();
    ctx.restore();
    ellipse(ctx, 0, 0, r, r);
    const dome = ctx.createRadialGradient(-r * 0.3, -r * 0.4, 2, 0, 0, r);
    dome.addColorStop(0, '#ffffff');
    dome.addColorStop(0.25, colour);
    dome.addColorStop(1, '#1b2540');
    ctx.fillStyle = dome;
    ctx.fill();
    ctx.strokeStyle = '#0a1222';
    ctx.stroke();
    ctx.restore();
  }

  function drawShots() {
    for (const shot of shots) {
      if (shot.arrived) continue;
      const colour = LEVEL_COLOURS[shot.level % LEVEL_COLOURS.length];
      shot.trail.forEach(([x, y], i) => {
        ellipse(ctx, x, y, 2 + i * 0.5, 2 + i * 0.5);
        ctx.fillStyle = `rgba(255,255,255,${(i / shot.trail.length) * 0.35})`;
        ctx.fill();
      });
      ctx.save();
      ctx.shadowColor = colour;
      ctx.shadowBlur = 16;
      ellipse(ctx, shot.x, shot.y, 6 + shot.level, 6 + shot.level);
      ctx.fillStyle = colour;
      ctx.fill();
      ellipse(ctx, shot.x, shot.y, 3, 3);
      ctx.fillStyle = '#fff';
      ctx.fill();
      ctx.restore();
    }
  }

  function drawEffects() {
    for (const e of effects) {
      const p = e.age / e.life;
      if (e.kind === 'net') {
        const colour = LEVEL_COLOURS[e.level % LEVEL_COLOURS.length];
        const r = (28 + e.level * 5) * scale * (0.4 + Math.min(1, p * 2) * 0.6);
        ctx.save();
        ctx.globalAlpha = e.shot && !e.shot.done ? 0.95 : 1 - p;
        ctx.strokeStyle = colour;
        ctx.lineWidth = 2;
        ellipse(ctx, e.x, e.y, r, r);
        ctx.stroke();
        ellipse(ctx, e.x, e.y, r * 0.6, r * 0.6);
        ctx.stroke();
        ctx.beginPath();
        for (let i = 0; i < 8; i++) {
          const a = (Math.PI * i) / 4 + clock;
          ctx.moveTo(e.x, e.y);
          ctx.lineTo(e.x + Math.cos(a) * r, e.y + Math.sin(a) * r);
        }
        ctx.stroke();
        ctx.restore();
      } else if (e.kind === 'coin') {
        const squash = Math.abs(Math.cos(e.age * e.spin));
        ctx.save();
        ctx.globalAlpha = clamp((1 - p) * 2, 0, 1);
        ellipse(ctx, e.x, e.y, 8 * squash + 1, 8);
        ctx.fillStyle = '#ffcf40';
        ctx.fill();
        ctx.strokeStyle = '#a86b00';
        ctx.lineWidth = 1.5;
        ctx.stroke();
        ellipse(ctx, e.x - 2 * squash, e.y - 2, 2.5 * squash, 2.5);
        ctx.fillStyle = '#fff6c2';
        ctx.fill();
        ctx.restore();
      } else if (e.kind === 'text') {
        ctx.save();
        ctx.globalAlpha = clamp((1 - p) * 1.8, 0, 1);
        ctx.font = `900 ${e.size}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.lineWidth = 4;
        ctx.strokeStyle = '#031526';
        const y = Math.max(e.size, e.y - p * 50);
        const half = ctx.measureText(e.text).width / 2 + 6;
        const x = clamp(e.x, half, Math.max(half, W - half));
        ctx.strokeText(e.text, x, y);
        ctx.fillStyle = e.colour;
        ctx.fillText(e.text, x, y);
        ctx.restore();
      } else if (e.kind === 'ripple') {
        ctx.save();
        ctx.globalAlpha = 1 - p;
        ctx.strokeStyle = '#cfefff';
        ctx.lineWidth = 2;
        ellipse(ctx, e.x, e.y, 6 + p * 22, 6 + p * 22);
        ctx.stroke();
        ctx.restore();
      } else if (e.kind === 'flash') {
        ctx.fillStyle = `rgba(255,230,150,${0.35 * (1 - p)})`;
        ctx.fillRect(0, 0, W, H);
      }
    }
  }

  function frame(now) {
    const dt = Math.min(0.05, (now - last) / 1000);
    last = now;
    if (W && H) {
      update(dt);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.drawImage(background, 0, 0, W, H);
      drawLight();
      drawWeeds();
      for (const b of bubbles) {
        ellipse(ctx, b.x + Math.sin(clock * 2 + b.w) * 3, b.y, b.r, b.r);
        ctx.strokeStyle = 'rgba(210,240,255,0.45)';
        ctx.lineWidth = 1;
        ctx.stroke();
      }
      for (const f of fishes) drawFish(f);
      drawShots();
      drawCannon();
      drawEffects();
    }
    requestAnimationFrame(frame);
  }

  new ResizeObserver(() => resize()).observe(sea);
  resize();
  for (let i = 0; i < wantedFish(); i++) spawn(true);
  showBalance();
  requestAnimationFrame(frame);
}

void main().catch((error) => {
  document.getElementById('game').textContent = messageFor(error);
});
