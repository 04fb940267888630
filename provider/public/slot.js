// The slot page: five reels of three, drawn in SVG; spin, stake, auto-play, instant mode, paytable.
// Every spin is one call: the provider takes the bet from the casino's wallet, draws the round from
// the committed seed, pays the win, and answers with the reels to show.
import {
  api,
  boot,
  decimal,
  dialog,
  el,
  messageFor,
  money,
  setFairness,
  sleep,
  svg,
  symbolName,
  t,
  topBar,
} from './common.js';

// ---- Symbol art ----
// Every symbol of the three themes is its own drawing in a 100×100 box. The gradients are defined once, in
// a hidden <svg><defs> on the page, and each drawing is built once and then cloned: the reels redraw their
// cells every 60 ms while they spin.

const ART_DEFS_ID = 'slot-art-defs';

/** Card letters shade from the top of the letter to its foot, the Q's tail with its bowl. */
const CARD_SPAN = { gradientUnits: 'userSpaceOnUse', x1: '0', y1: '10', x2: '0', y2: '90' };

/** Gradients by id: kind ('l' linear top to bottom unless told, 'r' radial), attributes, stops. */
const GRADIENTS = {
  // Golden Dragon: lacquer red, gold and jade.
  'gd-gold': ['l', {}, ['#fff4b8', '#f7c843 .35', '#c48a12 .75', '#7a4d00']],
  'gd-dome': ['r', { cx: '.38', cy: '.3', r: '.75' }, ['#fffbe0', '#ffd65a .3', '#d99a16 .75', '#8a5600']],
  'gd-inner': ['l', {}, ['#7a4d00', '#c48a12']],
  'gd-red': ['l', {}, ['#ff6b5b', '#d4161f .5', '#7a0509']],
  'gd-disc': ['r', { cx: '.5', cy: '.4', r: '.6' }, ['#c8161e', '#7d0a0e .7', '#3d0204']],
  'gd-jade': ['l', {}, ['#a8f5cf', '#25a86c .55', '#0b4f33']],
  'gd-horn': ['l', {}, ['#fffbe6', '#f3d48a .5', '#b07a20']],
  'gd-flame': ['l', { x1: '1', x2: '0', y2: '0' }, ['#ffd23a', '#ff7a1a .45', '#d41a12']],
  'gd-fire': ['r', { r: '.5' }, ['#fff3a0 .45', '#ffb21f .6', '#ff4a12 .8', '#c2100c']],
  'gd-pearl': ['r', { cx: '.36', cy: '.32', r: '.72' }, ['#ffffff', '#fbeefe .3', '#d8c8f0 .65', '#8e7fb8']],
  'gd-glow': ['r', { r: '.5' }, ['#fff6c8 .55 .9', '#ffd54a 1 0']],
  'gd-koi': ['l', {}, ['#ffc06a', '#ff6a1f .5', '#c2300c']],
  'gd-fin': ['l', { x1: '0', x2: '1', y2: '0' }, ['#ffb35c .95', '#ff6a1f .55']],
  'gd-water': ['r', { r: '.5' }, ['#1f8f86 .2 .55', '#0d4f4a .8 .35', '#0d4f4a 1 0']],
  'gd-lantern': ['r', { cx: '.45', cy: '.45', r: '.6' }, ['#ffe27a', '#ff6a2a .35', '#d6161c .7', '#6e0509']],
  'gd-fan-a': ['l', {}, ['#ff4b4b', '#b80f17']],
  'gd-fan-b': ['l', {}, ['#d11f26', '#7a0509']],
  'gd-ace': ['l', CARD_SPAN, ['#ff8a7a', '#e3202b .45', '#7a0509']],
  'gd-king': ['l', CARD_SPAN, ['#9ff7cc', '#22b273 .45', '#0b4f33']],
  'gd-queen': ['l', CARD_SPAN, ['#fff6c2', '#f5c13c .45', '#9a6400']],
  'gd-jack': ['l', CARD_SPAN, ['#b3dbff', '#3a7ee0 .45', '#0d2a6b']],
  // Neon Nights: tubes of light on a dark wall.
  'nn-star': ['r', { cx: '.5', cy: '.45', r: '.55' }, ['#fffbe0', '#ffe44d .45', '#ff9d00']],
  'nn-disco': ['r', { cx: '.38', cy: '.32', r: '.75' }, ['#ffffff', '#c9d4ee .35', '#6f7ca6 .75', '#2a3154']],
  'nn-seven': ['l', {}, ['#ff9ab2', '#ff1f4f .45', '#8a0030']],
  'nn-bell': ['r', { cx: '.38', cy: '.35', r: '.75' }, ['#fff8c8', '#ffc928 .45', '#c47600']],
  'nn-melon': ['r', { cx: '.5', cy: '0', r: '1' }, ['#ff9aa8', '#ff2d55 .5', '#b3002d']],
  'nn-rind': ['r', { cx: '.5', cy: '0', r: '1' }, ['#8dff6a .8', '#1f9d3a .95']],
  'nn-grape': ['r', { cx: '.35', cy: '.32', r: '.7' }, ['#e9c7ff', '#9d4dff .45', '#3f0f86']],
  'nn-plum': ['r', { cx: '.35', cy: '.32', r: '.75' }, ['#ffb0e8', '#e0268f .45', '#5a0838']],
  'nn-lemon': ['r', { cx: '.4', cy: '.35', r: '.7' }, ['#fffde0', '#ffe83d .5', '#c9a000']],
  'nn-cherry': ['r', { cx: '.35', cy: '.3', r: '.75' }, ['#ffb3b3', '#ff2238 .45', '#7a0012']],
  'nn-leaf': ['l', {}, ['#b6ff8a', '#27c24a .6', '#0d6b25']],
  'nn-plate': ['l', {}, ['#2a0f4a', '#0f0520']],
  // Pharaoh Gold: gold, lapis lazuli, turquoise, carnelian and sand.
  'pg-gold': ['l', {}, ['#fff0b0', '#f2c451 .35', '#b98512 .75', '#6b4500']],
  'pg-lapis': ['l', {}, ['#6f9bff', '#2450c2 .45', '#0c1f5c']],
  'pg-turq': ['l', {}, ['#a8fff2', '#22b3a6 .5', '#0b5e58']],
  'pg-carn': ['r', { cx: '.4', cy: '.35', r: '.7' }, ['#ffc09a', '#e2502a .5', '#7a1e0a']],
  'pg-sand': ['l', {}, ['#fdf0cc', '#e6c686 .55', '#b58a45']],
  'pg-shade': ['l', {}, ['#c99a52', '#8a6128']],
  'pg-skin': ['l', {}, ['#f3c893', '#cf9255 .55', '#8f5a2b']],
  'pg-nemes': [
    'l',
    { gradientUnits: 'userSpaceOnUse', x1: '0', y1: '0', x2: '0', y2: '7', spreadMethod: 'repeat' },
    ['#ffe590', '#e2a92e .5', '#2148b0 .5', '#132e80'],
  ],
  'pg-wing': [
    'l',
    { gradientUnits: 'userSpaceOnUse', x1: '0', y1: '0', x2: '8', y2: '4', spreadMethod: 'repeat' },
    ['#35d1c0', '#1b8f86 .45', '#2450c2 .45', '#16368f'],
  ],
  'pg-disc': ['r', { cx: '.5', cy: '.4', r: '.6' }, ['#3a6fe0', '#17378f .7', '#081640']],
  'pg-sun': ['r', { r: '.5' }, ['#fff7cf', '#ffc247 .5', '#e0601c']],
  'pg-jackal': ['l', {}, ['#54546a', '#1d1d29 .5', '#08080d']],
  'pg-ace': ['l', CARD_SPAN, ['#8fb3ff', '#2450c2 .45', '#0c1f5c']],
  'pg-king': ['l', CARD_SPAN, ['#b5fff4', '#1fb3a5 .45', '#0a524d']],
  'pg-queen': ['l', CARD_SPAN, ['#ffc3a3', '#e2502a .45', '#6e1a0a']],
  'pg-jack': ['l', CARD_SPAN, ['#fff0b0', '#f2c451 .45', '#8a5a00']],
};

/** A stop is 'colour', 'colour offset' or 'colour offset opacity'; with no offset they spread evenly. */
function gradient(id, [kind, attrs, stops]) {
  const base = kind === 'l' ? { x1: '0', y1: '0', x2: '0', y2: '1' } : {};
  return svg(
    kind === 'l' ? 'linearGradient' : 'radialGradient',
    { id, ...base, ...attrs },
    stops.map((s, i) => {
      const [color, offset = String(i / (stops.length - 1)), opacity = '1'] = s.split(' ');
      return svg('stop', { offset, 'stop-color': color, 'stop-opacity': opacity });
    }),
  );
}

/** The shared gradients, put on the page once. */
function installArtDefs() {
  if (document.getElementById(ART_DEFS_ID)) return;
  const defs = svg(
    'defs',
    {},
    Object.entries(GRADIENTS).map(([id, spec]) => gradient(id, spec)),
  );
  document.body.append(
    svg(
      'svg',
      {
        id: ART_DEFS_ID,
        width: '0',
        height: '0',
        'aria-hidden': 'true',
        style: 'position:absolute;overflow:hidden',
      },
      defs,
    ),
  );
}

const url = (id) => `url(#${id})`;
const path = (d, fill, attrs = {}) => svg('path', { d, fill, ...attrs });
const shape = (d, fill, edge, width = 2, attrs = {}) =>
  svg('path', { d, fill, stroke: edge, 'stroke-width': width, 'stroke-linejoin': 'round', ...attrs });
const stroke = (d, color, width, attrs = {}) =>
  svg('path', {
    d,
    fill: 'none',
    stroke: color,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    ...attrs,
  });
const circle = (cx, cy, r, fill, attrs = {}) => svg('circle', { cx, cy, r, fill, ...attrs });
const ellipse = (cx, cy, rx, ry, fill, attrs = {}) => svg('ellipse', { cx, cy, rx, ry, fill, ...attrs });
const group = (attrs, ...nodes) => svg('g', attrs, nodes);
/** Draws the left half twice, the second time mirrored about x = 50. */
const symmetric = (half) => [half(), group({ transform: 'matrix(-1 0 0 1 100 0)' }, half())];

function text(value, x, y, size, fill, edge, attrs = {}) {
  const node = svg('text', {
    x,
    y,
    'text-anchor': 'middle',
    'font-size': size,
    'font-weight': '900',
    'font-family': 'system-ui, "Segoe UI", Roboto, Arial, sans-serif',
    fill,
    stroke: edge,
    'stroke-width': '3',
    'stroke-linejoin': 'round',
    'paint-order': 'stroke',
    ...attrs,
  });
  node.textContent = value;
  return node;
}

/** A four-pointed glint. */
const sparkle = (x, y, s, fill = '#fff') =>
  path(
    `M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z`,
    fill,
  );

/** A point at radius r and angle a (clockwise from straight up) around (cx, cy). */
function polar(cx, cy, r, a) {
  return `${(cx + r * Math.sin(a)).toFixed(1)} ${(cy - r * Math.cos(a)).toFixed(1)}`;
}

function starPoints(cx, cy, outer, inner, n = 5) {
  return Array.from({ length: n * 2 }, (_, i) =>
    polar(cx, cy, i % 2 ? inner : outer, (Math.PI * i) / n),
  ).join(' ');
}

/** The WILD or FREE band across the foot of a special symbol. */
function ribbon(value, { band, edge, tail, ink, inkEdge, glow }) {
  return group(
    {},
    shape('M17 77H2L8 85L2 93H17ZM83 77H98L92 85L98 93H83Z', tail, edge, 1.5),
    shape('M12 74Q50 68 88 74V92Q50 86 12 92Z', band, edge, 2),
    glow ? text(value, 50, 88.5, 17, 'none', glow, { 'stroke-width': '5', 'stroke-opacity': '.45' }) : null,
    text(value, 50, 88.5, 17, ink, inkEdge, { 'stroke-width': '2.5', 'letter-spacing': '.5' }),
  );
}

/** The card letters, as outlines (with the hole of A and Q wound the other way). */
const LETTERS = {
  ace: 'M43 10H57L81 79H88V88H62V79H67L63 68H37L33 79H38V88H12V79H19ZM50 33L41 58H59Z',
  king: 'M11 10H45V19H39V44L65 19H60V10H89V19H80L56 42L82 79H89V88H58V79H62L45 55L39 61V79H45V88H11V79H18V19H11Z',
  queen: 'M50 9A35 37 0 1 1 50 83A35 37 0 1 1 50 9ZM50 25A17 21 0 1 0 50 67A17 21 0 1 0 50 25Z',
  jack: 'M37 10H89V19H80V60C80 80 68 90 49 90C30 90 17 80 13 63L35 58C37 69 42 74 49 74C56 74 59 69 59 61V19H37Z',
};

/** The tail of the Q, drawn under its bowl. */
const Q_TAIL = 'M50 66L63 56L91 87L72 92Z';

function card(letter, fill, edge, accent) {
  const layer = (d) => [
    path(d, '#000', { opacity: '.5', transform: 'translate(2.5 3.5)' }),
    shape(d, url(fill), edge, 5, { 'paint-order': 'stroke' }),
    shape(d, 'none', accent, 1.2, { 'stroke-opacity': '.8' }),
  ];
  return letter === 'queen' ? [...layer(Q_TAIL), ...layer(LETTERS.queen)] : layer(LETTERS[letter]);
}

// -- Golden Dragon --

const GD_INK = '#4a0806';
const GD_GOLD = '#f5c84c';

function dragon() {
  return [
    circle(50, 42, 35, url('gd-disc'), { stroke: GD_GOLD, 'stroke-width': '3' }),
    group(
      { transform: 'matrix(.92 0 0 .92 4 -1)' },
      ...symmetric(() =>
        group(
          {},
          shape(
            'M44 27C40 19 34 10 29 2C29 9 31 14 33 18C27 14 19 11 12 9C17 16 26 22 34 26L38 31Z',
            url('gd-horn'),
            GD_INK,
            1.4,
          ),
          shape('M36 32L9 24L21 36L3 41L21 47L6 56L30 56Z', url('gd-flame'), GD_GOLD, 1.4),
        ),
      ),
      shape(
        'M50 23C58 23 64 27 66 35C67 41 65 45 63 49C69 51 75 55 75 62C75 70 67 74 59 72L50 70L41 72C33 74 25 70 25 62C25 55 31 51 37 49C35 45 33 41 34 35C36 27 42 23 50 23Z',
        url('gd-gold'),
        GD_INK,
        1.8,
      ),
      stroke('M44 29Q50 26 56 29M45 33Q50 30.5 55 33', GD_INK, 1.1, { opacity: '.55' }),
      path('M50 36L53 41L50 46L47 41Z', url('gd-red'), { stroke: GD_INK, 'stroke-width': '.8' }),
      stroke('M50 48V57', '#fff4b8', 2.4, { opacity: '.7' }),
      shape('M33 68C39 80 61 80 67 68C61 72 39 72 33 68Z', '#7a0509', GD_INK, 1.2),
      ...symmetric(() =>
        group(
          {},
          shape(
            'M48 38C44 32 35 29 25 31C29 33 30 34 31 36C26 36 23 38 21 42C29 39 37 39 46 41Z',
            url('gd-jade'),
            GD_INK,
            1,
          ),
          circle(40, 44, 5.2, '#fff6c2', { stroke: GD_INK, 'stroke-width': '1.2' }),
          circle(40.5, 44.2, 3.4, '#ffae00'),
          ellipse(40.5, 44.2, 1, 3, GD_INK),
          stroke('M32 60C29 56 33 53 37 55C39 57 37 60 34.5 59', GD_INK, 1.8),
          shape('M39 70L41 64L43 71Z', '#fffdf0', GD_INK, 0.8),
          shape('M37 70L39.5 76L41.5 70.5Z', '#fffdf0', GD_INK, 0.6),
          stroke('M27 60C17 61 11 55 9 47C8 42 13 40 15 44', GD_GOLD, 2.2),
          stroke('M29 66C19 71 11 69 5 62', GD_GOLD, 1.8),
        ),
      ),
    ),
    ribbon('WILD', {
      band: url('gd-red'),
      edge: GD_GOLD,
      tail: '#8a0a0e',
      ink: '#ffe27a',
      inkEdge: '#5c0508',
    }),
  ];
}

/** Tongues of flame around (cx, cy), leaning clockwise. */
function flameRing(cx, cy, n, inner, outer, lean) {
  const step = (2 * Math.PI) / n;
  let d = `M${polar(cx, cy, inner, 0)}`;
  for (let i = 0; i < n; i++) {
    const a = i * step;
    d += `Q${polar(cx, cy, outer * 0.78, a + step * 0.05)} ${polar(cx, cy, outer, a + step * (0.5 + lean))}`;
    d += `Q${polar(cx, cy, inner * 1.12, a + step * 0.8)} ${polar(cx, cy, inner, a + step)}`;
  }
  return `${d}Z`;
}

const PEARL_FLAMES = flameRing(50, 41, 9, 22, 38, 0.45);
const PEARL_FLAMES_INNER = flameRing(50, 41, 9, 20, 30, 0.45);

function pearl() {
  return [
    shape(PEARL_FLAMES, url('gd-fire'), '#8a0a0e', 1.2),
    path(PEARL_FLAMES_INNER, '#ffd23a', { opacity: '.85' }),
    circle(50, 41, 24, url('gd-glow')),
    circle(50, 41, 19, url('gd-pearl'), { stroke: '#fff', 'stroke-opacity': '.7', 'stroke-width': '1.2' }),
    stroke('M38 47C42 54 54 56 61 50', '#b9a6e6', 1.6, { opacity: '.7' }),
    ellipse(44, 34, 6, 3.6, '#fff', { opacity: '.9', transform: 'rotate(-30 44 34)' }),
    sparkle(63, 29, 4),
    ribbon('FREE', {
      band: url('gd-gold'),
      edge: '#7a0509',
      tail: '#b07a10',
      ink: '#b3121b',
      inkEdge: '#fff3c4',
    }),
  ];
}

function ingot() {
  return [
    ellipse(50, 84, 38, 6, '#000', { opacity: '.35' }),
    shape(
      'M6 52C8 40 20 38 28 46C38 54 62 54 72 46C80 38 92 40 94 52C92 70 74 82 50 82C26 82 8 70 6 52Z',
      url('gd-gold'),
      GD_INK,
      1.8,
    ),
    shape('M18 48C30 42 70 42 82 48C70 55 30 55 18 48Z', url('gd-inner'), GD_INK, 1),
    shape('M31 51C29 29 71 29 69 51C62 56 38 56 31 51Z', url('gd-dome'), GD_INK, 1.5),
    stroke('M10 55C24 66 76 66 90 55', '#fff3b8', 2, { opacity: '.8' }),
    stroke('M37 45C38 41 42 38 47 37', '#fff', 2.2, { opacity: '.8' }),
    stroke('M12 47C14 43 18 42 22 44', '#fff', 1.6, { opacity: '.7' }),
    sparkle(78, 26, 6),
    sparkle(22, 30, 4),
    sparkle(64, 70, 3.5),
  ];
}

function koi() {
  return [
    ellipse(52, 58, 44, 30, url('gd-water')),
    stroke('M14 74C30 82 70 82 88 72M24 84C40 88 62 88 76 84', '#6fe0d2', 1.6, { opacity: '.45' }),
    shape('M76 47C84 35 92 29 97 25C93 40 91 50 96 71C88 66 82 60 76 56Z', url('gd-fin'), '#a8280a', 1.2),
    stroke('M80 48L94 32M81 52L93 52M80 56L93 66', '#fff2d6', 0.9, { opacity: '.6' }),
    shape('M32 35C38 21 54 21 62 40C52 36 42 34 32 35Z', url('gd-fin'), '#a8280a', 1.2),
    shape(
      'M9 52C11 40 25 32 43 34C57 36 68 43 79 47L80 55C70 59 58 65 44 67C28 69 11 65 9 52Z',
      url('gd-koi'),
      '#8a1f06',
      1.6,
    ),
    path('M31 36C37 45 51 47 60 39C51 35 41 34 31 36Z', '#fff8ec', { opacity: '.95' }),
    path('M50 65C55 57 66 54 74 52C71 58 62 63 50 65Z', '#fff8ec', { opacity: '.95' }),
    path('M14 46C18 40 24 37 30 36C28 41 22 45 14 46Z', '#fff8ec', { opacity: '.8' }),
    stroke('M27 40C31 46 31 54 27 60', '#8a1f06', 1.4, { opacity: '.6' }),
    stroke('M40 45q4 4 0 8M48 45q4 4 0 8M56 46q4 4 0 8M64 47q3 3 0 6', '#8a1f06', 1, { opacity: '.45' }),
    shape('M30 61C25 71 31 79 42 78C40 72 40 68 37 63Z', url('gd-fin'), '#a8280a', 1.1),
    circle(21, 47, 3.2, '#1a0a05'),
    circle(20, 46, 1.1, '#fff'),
    stroke('M10 55C7 59 5 61 2 61M12 57C10 62 9 65 6 67', GD_INK, 1),
  ];
}

function lantern() {
  return [
    stroke('M50 1V12', GD_GOLD, 2),
    shape('M35 12H65L62 20H38Z', url('gd-gold'), GD_INK, 1.2),
    ellipse(50, 48, 37, 29, url('gd-lantern'), { stroke: '#5c0508', 'stroke-width': '1.5' }),
    stroke(
      'M50 19V77M50 19C35 28 35 68 50 77M50 19C65 28 65 68 50 77M50 19C21 26 21 70 50 77M50 19C79 26 79 70 50 77',
      GD_GOLD,
      1.3,
      { opacity: '.75' },
    ),
    ellipse(37, 38, 7, 12, '#fff', { opacity: '.18', transform: 'rotate(20 37 38)' }),
    shape('M38 76H62L65 84H35Z', url('gd-gold'), GD_INK, 1.2),
    shape('M44 84H56L59 98H41Z', url('gd-red'), GD_GOLD, 1),
    stroke('M47 86L45.5 97M50 86V98M53 86L54.5 97', '#ffd27a', 0.8),
  ];
}

function fanArt() {
  const cx = 50;
  const cy = 80;
  const outer = 54;
  const inner = 14;
  const n = 12;
  const from = -Math.PI / 3;
  const step = (2 * Math.PI) / 3 / n;
  const pleats = [];
  const sticks = [];
  for (let i = 0; i < n; i++) {
    const a = from + i * step;
    const b = a + step;
    pleats.push(
      path(
        `M${polar(cx, cy, inner, a)}L${polar(cx, cy, outer, a)}L${polar(cx, cy, outer, b)}L${polar(cx, cy, inner, b)}Z`,
        url(i % 2 ? 'gd-fan-b' : 'gd-fan-a'),
      ),
    );
  }
  for (let i = 0; i <= n; i++)
    sticks.push(`M${polar(cx, cy, 4, from + i * step)}L${polar(cx, cy, inner, from + i * step)}`);
  const arc = (r) => `M${polar(cx, cy, r, from)}A${r} ${r} 0 0 1 ${polar(cx, cy, r, -from)}`;
  const rim = `M${polar(cx, cy, inner, from)}L${polar(cx, cy, outer, from)}${Array.from(
    { length: n },
    (_, i) => `L${polar(cx, cy, outer, from + (i + 1) * step)}`,
  ).join('')}L${polar(cx, cy, inner, -from)}`;
  const petals = Array.from({ length: 5 }, (_, i) =>
    circle(...polar(50, 50, 5.5, (i * 2 * Math.PI) / 5).split(' '), 5, url('gd-gold'), {
      stroke: GD_INK,
      'stroke-width': '.8',
    }),
  );
  return [
    ...pleats,
    stroke(arc(outer - 4), GD_GOLD, 2.2),
    stroke(arc(inner + 8), GD_GOLD, 1.5, { opacity: '.8' }),
    stroke(rim, GD_INK, 1.8),
    stroke(sticks.join(''), '#5a2a0a', 2.6),
    ...petals,
    circle(50, 50, 3.2, url('gd-red'), { stroke: GD_INK, 'stroke-width': '.8' }),
    circle(cx, cy, 4.5, url('gd-gold'), { stroke: GD_INK, 'stroke-width': '1.2' }),
    stroke('M50 84C49 88 47 90 46 92', GD_GOLD, 1.5),
    shape('M43 91L49 91L50 99L42 99Z', url('gd-red'), GD_GOLD, 0.8),
  ];
}

// -- Neon Nights --

/** A neon tube: a wide faint halo, the coloured tube, and a white-hot core. */
function neon(d, color, width = 3, fill = 'none') {
  return [
    stroke(d, color, width * 3.4, { 'stroke-opacity': '.16' }),
    stroke(d, color, width * 2, { 'stroke-opacity': '.3' }),
    shape(d, fill, color, width, { 'stroke-linecap': 'round' }),
    stroke(d, '#fff', width * 0.35, { 'stroke-opacity': '.85' }),
  ];
}

const NN = {
  pink: '#ff3ec8',
  cyan: '#2ef2ff',
  yellow: '#ffe44d',
  green: '#45ff8a',
  violet: '#b45cff',
  red: '#ff3b5c',
  orange: '#ffab2e',
};

function neonStar() {
  const d = `M${starPoints(50, 42, 37, 15)}Z`;
  return [
    ...neon(d, NN.orange, 3, url('nn-star')),
    path(`M${starPoints(50, 42, 24, 10)}Z`, '#fff', { opacity: '.35' }),
    sparkle(16, 16, 5, NN.cyan),
    sparkle(86, 20, 4, NN.pink),
    sparkle(88, 60, 3, NN.cyan),
    ribbon('WILD', {
      band: '#1b0630',
      edge: NN.pink,
      tail: '#3a0a5a',
      ink: '#fff',
      inkEdge: NN.pink,
      glow: NN.pink,
    }),
  ];
}

function disco() {
  const rows = [-21, -14, -7, 0, 7, 14, 21]
    .map((dy) => {
      const w = Math.sqrt(28 * 28 - dy * dy).toFixed(1);
      return `M${50 - w} ${40 + dy}H${50 + Number(w)}`;
    })
    .join('');
  const cols = [9, 18, 24.5].map((rx) => `M50 12A${rx} 28 0 0 0 50 68M50 12A${rx} 28 0 0 1 50 68`).join('');
  const tiles = [
    [36, 26, NN.pink],
    [55, 33, NN.cyan],
    [42, 47, NN.yellow],
    [60, 47, NN.pink],
    [30, 40, NN.cyan],
    [52, 19, NN.yellow],
    [46, 57, NN.cyan],
    [66, 35, NN.yellow],
  ].map(([x, y, c]) => svg('rect', { x, y, width: 6, height: 6, fill: c, opacity: '.85' }));
  return [
    stroke('M8 30L24 36M6 52L22 48M92 28L76 35M94 54L78 48', NN.pink, 2, { opacity: '.6' }),
    stroke('M50 0V12', '#9fb3d9', 1.6),
    ...neon('M50 12A28 28 0 1 1 50 68A28 28 0 1 1 50 12Z', NN.cyan, 2.2, url('nn-disco')),
    stroke(rows + cols, '#1c2446', 0.9, { opacity: '.6' }),
    ...tiles,
    sparkle(38, 24, 8),
    sparkle(64, 58, 4),
    ribbon('FREE', {
      band: '#061a2a',
      edge: NN.cyan,
      tail: '#0a2f45',
      ink: '#fff',
      inkEdge: NN.cyan,
      glow: NN.cyan,
    }),
  ];
}

function seven() {
  const d = 'M16 12H86V27C70 43 60 63 56 88H32C36 65 47 46 61 30H16Z';
  return [...neon(d, NN.red, 2.6, url('nn-seven')), stroke('M22 18H78', '#fff', 2, { opacity: '.5' })];
}

function bar() {
  const bulbs = Array.from({ length: 7 }, (_, i) => [
    circle(14 + i * 12, 27, 2.4, NN.yellow),
    circle(14 + i * 12, 73, 2.4, NN.yellow),
  ]).flat();
  return [
    ...neon(
      'M12 30H88Q93 30 93 35V65Q93 70 88 70H12Q7 70 7 65V35Q7 30 12 30Z',
      NN.cyan,
      2.4,
      url('nn-plate'),
    ),
    text('BAR', 50, 61.5, 29, 'none', NN.cyan, { 'stroke-width': '6', 'stroke-opacity': '.35' }),
    text('BAR', 50, 61.5, 29, '#f2fdff', NN.cyan, { 'stroke-width': '2' }),
    ...bulbs,
  ];
}

function bell() {
  return [
    ...neon(
      'M50 14C34 14 28 28 27 44C26 56 22 62 15 70H85C78 62 74 56 73 44C72 28 66 14 50 14Z',
      NN.orange,
      2.6,
      url('nn-bell'),
    ),
    ...neon('M15 70Q50 80 85 70', NN.orange, 2.6),
    circle(50, 11, 4.5, url('nn-bell'), { stroke: NN.orange, 'stroke-width': '2' }),
    circle(50, 79, 7, url('nn-bell'), { stroke: NN.orange, 'stroke-width': '2.2' }),
    stroke('M38 24C33 34 33 48 31 60', '#fff', 3, { opacity: '.6' }),
  ];
}

function melon() {
  const seeds = [
    [32, 50, -30],
    [50, 54, 0],
    [68, 50, 30],
    [40, 64, -15],
    [60, 64, 15],
    [50, 74, 0],
  ].map(([x, y, r]) => ellipse(x, y, 1.8, 3.2, '#1a0710', { transform: `rotate(${r} ${x} ${y})` }));
  return [
    group(
      { transform: 'rotate(-12 50 50)' },
      ...neon('M5 38A45 45 0 0 0 95 38Z', NN.green, 2.4, url('nn-rind')),
      path('M12 38A38 38 0 0 0 88 38Z', '#f3ffe0'),
      path('M15 38A35 35 0 0 0 85 38Z', url('nn-melon')),
      stroke('M17 40H83', '#ffc2cc', 1.6, { opacity: '.7' }),
      ...seeds,
    ),
  ];
}

function grape() {
  const berries = [
    [23, 36],
    [41, 35],
    [59, 35],
    [77, 36],
    [32, 50],
    [50, 50],
    [68, 50],
    [41, 64],
    [59, 64],
    [50, 78],
  ];
  return [
    stroke('M50 28C50 20 53 14 57 9', '#b98a4a', 3),
    ...neon('M54 24C60 10 76 7 88 12C82 25 66 30 54 24Z', NN.green, 1.6, url('nn-leaf')),
    ...berries.map(([x, y]) => circle(x, y, 13, NN.violet, { opacity: '.14' })),
    ...berries.flatMap(([x, y]) => [
      circle(x, y, 9.6, url('nn-grape'), { stroke: '#d29bff', 'stroke-width': '1.6' }),
      circle(x - 3, y - 3.5, 2.2, '#fff', { opacity: '.75' }),
    ]),
  ];
}

function plum() {
  const d = 'M50 28C70 22 87 36 85 57C83 77 66 89 48 87C28 85 13 71 15 52C17 36 32 30 50 28Z';
  return [
    stroke('M50 30C50 22 52 15 56 10', '#b98a4a', 3.4),
    ...neon('M55 22C61 9 77 6 88 11C82 23 67 28 55 22Z', NN.green, 1.6, url('nn-leaf')),
    ...neon(d, NN.pink, 2.6, url('nn-plum')),
    stroke('M50 31C41 46 41 68 49 85', '#ffb3ea', 1.8, { opacity: '.55' }),
    ellipse(31, 46, 5, 10, '#fff', { opacity: '.5', transform: 'rotate(25 31 46)' }),
  ];
}

function lemon() {
  const d =
    'M7 50C11 46 15 44 17 41C25 30 39 26 51 26C65 26 77 32 83 41C85 44 90 46 93 50C90 54 86 56 84 59C78 68 64 74 50 74C36 74 24 68 18 59C16 56 11 54 7 50Z';
  return [
    group(
      { transform: 'rotate(-18 50 50)' },
      ...neon(d, NN.yellow, 2.4, url('nn-lemon')),
      ellipse(38, 40, 12, 5, '#fff', { opacity: '.55' }),
      ...[
        [60, 56],
        [68, 50],
        [54, 64],
        [44, 60],
      ].map(([x, y]) => circle(x, y, 1, '#c9a000', { opacity: '.7' })),
      ...neon('M84 40C86 30 94 24 99 24C98 32 92 38 84 40Z', NN.green, 1.2, url('nn-leaf')),
    ),
  ];
}

function cherry() {
  return [
    ...neon('M31 58C34 40 46 24 60 11', NN.green, 2),
    ...neon('M69 54C67 38 64 24 60 11', NN.green, 2),
    ...neon('M60 11C66 1 82 1 91 7C83 17 68 19 60 11Z', NN.green, 1.4, url('nn-leaf')),
    ...neon('M31 51A17 17 0 1 1 30.9 51Z', NN.red, 2.2, url('nn-cherry')),
    ...neon('M69 47A17 17 0 1 1 68.9 47Z', NN.red, 2.2, url('nn-cherry')),
    ellipse(24, 61, 3.5, 6, '#fff', { opacity: '.6', transform: 'rotate(30 24 61)' }),
    ellipse(62, 57, 3.5, 6, '#fff', { opacity: '.6', transform: 'rotate(30 62 57)' }),
  ];
}

// -- Pharaoh Gold --

const PG_INK = '#3a2405';
const PG_GOLD = '#f2c451';
const PG_LAPIS = '#1f45a8';

function pharaoh() {
  return [
    circle(50, 42, 35, url('pg-disc'), { stroke: PG_GOLD, 'stroke-width': '3' }),
    shape(
      'M50 5C66 5 76 13 78 27L80 39C82 49 86 59 91 70L70 75L66 58H34L30 75L9 70C14 59 18 49 20 39L22 27C24 13 34 5 50 5Z',
      url('pg-nemes'),
      PG_INK,
      1.6,
    ),
    shape('M36 24C42 20 58 20 64 24V47C64 58 58 65 50 65C42 65 36 58 36 47Z', url('pg-skin'), PG_INK, 1.4),
    shape('M33 24C42 17 58 17 67 24V29C58 23 42 23 33 29Z', url('pg-gold'), PG_INK, 1.2),
    shape('M50 9C45 12 45 19 50 24C55 19 55 12 50 9Z', url('pg-gold'), PG_INK, 1),
    circle(50, 15, 1.6, '#d2461f'),
    ...symmetric(() =>
      group(
        {},
        stroke('M37 31C40 29 44 29 47 31', '#101830', 1.8),
        shape('M38 37C41 34 45 34 47 37C45 39 41 39 38 37Z', '#fff', '#101830', 1.4),
        circle(43, 36.8, 1.6, '#101830'),
        stroke('M38 37L34 39', '#101830', 1.4),
      ),
    ),
    stroke('M50 39L48 49H52', '#7a4a20', 1.2),
    stroke('M45 55C48 56.5 52 56.5 55 55', '#7a3b1a', 1.6),
    shape('M45 63H55L54 76C52 78 48 78 46 76Z', url('pg-nemes'), PG_INK, 1.2),
    ribbon('WILD', {
      band: url('pg-lapis'),
      edge: PG_GOLD,
      tail: '#0c1f5c',
      ink: '#ffe08a',
      inkEdge: '#0c1f5c',
    }),
  ];
}

function pyramid() {
  const apex = [46, 10];
  const left = [6, 72];
  const front = [56, 77];
  const right = [94, 68];
  const at = (p, t) =>
    `${(apex[0] + (p[0] - apex[0]) * t).toFixed(1)} ${(apex[1] + (p[1] - apex[1]) * t).toFixed(1)}`;
  const courses = [0.3, 0.45, 0.6, 0.75, 0.9]
    .map((t) => `M${at(left, t)}L${at(front, t)}L${at(right, t)}`)
    .join('');
  return [
    circle(78, 22, 13, url('pg-sun')),
    stroke('M46 10L46 0M46 10L32 2M46 10L60 2M46 10L24 12M46 10L68 12', '#ffe9a0', 1.6, { opacity: '.8' }),
    shape('M22 36L4 72H40Z', url('pg-shade'), PG_INK, 1.2),
    shape(`M${apex}L${left}L${front}Z`, url('pg-sand'), PG_INK, 1.4),
    shape(`M${apex}L${front}L${right}Z`, url('pg-shade'), PG_INK, 1.4),
    stroke(courses, '#7a5420', 1, { opacity: '.5' }),
    shape(`M${apex}L${at(left, 0.2)}L${at(front, 0.2)}L${at(right, 0.2)}Z`, url('pg-gold'), PG_INK, 1),
    stroke(`M${apex}L${at(front, 0.2)}`, PG_INK, 0.8),
    shape(
      'M2 80C18 70 40 76 60 73C76 71 90 70 98 76C94 84 76 86 50 86C24 86 6 86 2 80Z',
      url('pg-sand'),
      PG_INK,
      1,
    ),
    sparkle(46, 10, 7),
    ribbon('FREE', {
      band: url('pg-lapis'),
      edge: PG_GOLD,
      tail: '#0c1f5c',
      ink: '#ffe08a',
      inkEdge: '#0c1f5c',
    }),
  ];
}

function mask() {
  return [
    shape('M58 32C72 34 83 46 85 61L88 90H68L67 62C65 48 62 40 58 32Z', url('pg-nemes'), PG_INK, 1.4),
    shape(
      'M9 55L15 48L40 38L49 5L60 33C72 38 78 48 78 60L75 90H47C47 76 44 67 37 62L17 60L11 59Z',
      url('pg-jackal'),
      PG_GOLD,
      2,
    ),
    path('M45 33L49 14L55 31Z', url('pg-gold')),
    shape('M30 44C35 40 42 40 46 44C42 47 35 47 30 44Z', url('pg-gold'), PG_INK, 0.8),
    circle(40, 43.8, 1.6, '#08080d'),
    stroke('M46 44L54 46', PG_GOLD, 1.4),
    circle(10.5, 55, 2.4, '#000', { stroke: PG_GOLD, 'stroke-width': '.8' }),
    stroke('M14 59L34 61', PG_GOLD, 1, { opacity: '.7' }),
    ...[
      ['M41 73C54 82 69 82 81 72', '#22b3a6'],
      ['M40 80C54 89 70 89 84 78', PG_GOLD],
      ['M39 87C54 96 71 96 87 84', PG_LAPIS],
    ].flatMap(([d, color]) => [stroke(d, PG_INK, 7), stroke(d, color, 5)]),
  ];
}

function scarab() {
  const wing = 'M38 44C28 32 13 30 3 36C7 42 13 45 19 47C13 50 9 54 7 58C18 60 30 58 38 52Z';
  return [
    circle(50, 15, 10, url('pg-carn'), { stroke: PG_GOLD, 'stroke-width': '2' }),
    ...symmetric(() =>
      group(
        {},
        shape(wing, url('pg-wing'), PG_GOLD, 1.8),
        stroke('M36 46C28 40 18 38 8 38M36 50C26 48 18 50 12 54', PG_GOLD, 1, { opacity: '.8' }),
        stroke('M40 62L30 68L28 76M40 52L30 54', PG_GOLD, 2),
        stroke('M44 28L40 22', PG_GOLD, 2),
      ),
    ),
    shape('M43 31C43 24 57 24 57 31Z', url('pg-lapis'), PG_GOLD, 1.6),
    shape('M37 35C37 29 63 29 63 35V38C63 42 37 42 37 38Z', url('pg-turq'), PG_GOLD, 1.6),
    shape('M37 42C35 60 41 77 50 80C59 77 65 60 63 42Z', url('pg-lapis'), PG_GOLD, 1.8),
    stroke('M50 42V80', PG_GOLD, 1.6),
    ellipse(43, 54, 2.5, 8, '#fff', { opacity: '.3' }),
  ];
}

function ankh() {
  const d =
    'M50 7A16 20 0 1 1 49.9 7ZM50 16A7 11 0 1 0 50.1 16ZM12 39L38 44H62L88 39V57L62 52H38L12 57ZM42 52H58L64 93H36Z';
  return [
    path(d, '#000', { opacity: '.45', transform: 'translate(2 3)' }),
    shape(d, url('pg-gold'), PG_INK, 1.8),
    shape('M16 44L30 46V50L16 52Z', url('pg-lapis'), PG_INK, 0.8),
    shape('M84 44L70 46V50L84 52Z', url('pg-lapis'), PG_INK, 0.8),
    shape('M46 58H54L57 86H43Z', url('pg-lapis'), PG_INK, 0.8),
    circle(50, 48, 3, url('pg-carn'), { stroke: PG_INK, 'stroke-width': '.8' }),
    stroke('M41 14C38 20 38 30 41 36', '#fff', 1.6, { opacity: '.6' }),
  ];
}

function eye() {
  const lined = (d, w) => [stroke(d, PG_GOLD, w + 3.4), stroke(d, PG_LAPIS, w)];
  return [
    circle(50, 48, 45, url('pg-sand'), { stroke: PG_GOLD, 'stroke-width': '2.5' }),
    shape('M14 24C32 14 62 12 90 19V26C62 21 36 23 16 31Z', url('pg-lapis'), PG_GOLD, 1.6),
    shape('M12 46C26 30 54 28 76 40C62 54 32 60 12 46Z', '#fdf2d4', PG_GOLD, 1),
    circle(45, 43, 10.5, url('pg-lapis'), { stroke: PG_GOLD, 'stroke-width': '1.6' }),
    circle(45, 43, 4.5, '#0a1440'),
    circle(41.5, 39.5, 2.2, '#fff', { opacity: '.85' }),
    ...lined('M12 46C26 30 54 28 76 40C62 54 32 60 12 46M76 40H92', 4),
    ...lined('M40 56L34 82', 4.5),
    ...lined('M52 56C55 68 64 76 72 74C79 72 79 62 72 60C68 60 66 64 68 67', 4),
  ];
}

const ART = {
  'golden-dragon': {
    dragon,
    pearl,
    ingot,
    koi,
    lantern,
    fan: fanArt,
    ace: () => card('ace', 'gd-ace', GD_GOLD, '#ffd9a8'),
    king: () => card('king', 'gd-king', GD_GOLD, '#d9ffe9'),
    queen: () => card('queen', 'gd-queen', '#8a0a0e', '#fffbe0'),
    jack: () => card('jack', 'gd-jack', GD_GOLD, '#d9ecff'),
  },
  'neon-nights': { star: neonStar, disco, seven, bar, bell, melon, grape, plum, lemon, cherry },
  'pharaoh-gold': {
    pharaoh,
    pyramid,
    mask,
    scarab,
    ankh,
    eye,
    ace: () => card('ace', 'pg-ace', PG_GOLD, '#cfe0ff'),
    king: () => card('king', 'pg-king', '#0c1f5c', '#e0fffb'),
    queen: () => card('queen', 'pg-queen', PG_GOLD, '#ffe2d2'),
    jack: () => card('jack', 'pg-jack', PG_LAPIS, '#fffbe0'),
  },
};

/** A symbol of a theme this page does not know: a coloured gem with the symbol's initial. */
function fallbackArt(id, theme) {
  if (LETTERS[id]) return card(id, 'gd-queen', '#8a0a0e', '#fffbe0');
  if (id === theme.wild) return neonStar();
  let hue = 0;
  for (const c of id) hue = (hue * 31 + c.charCodeAt(0)) % 360;
  return [
    circle(50, 50, 36, `hsl(${hue} 70% 45%)`, { stroke: `hsl(${hue} 80% 75%)`, 'stroke-width': '3' }),
    text(id.slice(0, 1).toUpperCase(), 50, 62, 34, '#fff', `hsl(${hue} 70% 25%)`),
    id === theme.scatter
      ? ribbon('FREE', { band: '#1b0630', edge: '#fff', tail: '#333', ink: '#fff', inkEdge: '#000' })
      : null,
  ];
}

const artCache = new Map();

/** One symbol as SVG: its drawing is built once per theme and cloned for every cell. */
function symbolArt(id, theme) {
  installArtDefs();
  const key = `${theme.code}/${id}`;
  let art = artCache.get(key);
  if (!art) {
    const draw = ART[theme.code]?.[id];
    art = svg('g', {}, draw ? draw() : fallbackArt(id, theme));
    artCache.set(key, art);
  }
  return art.cloneNode(true);
}

function cell(id, theme) {
  return svg(
    'svg',
    { viewBox: '0 0 100 100', class: `sym sym-${id}`, role: 'img', 'aria-label': symbolName(id) },
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
  board.classList.add(`theme-${s.theme.code}`);
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
          ? t('lineWin', {
              line: w.line + 1,
              count: w.count,
              symbol: symbolName(w.symbol),
              amount: money(w.win),
            })
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
        el('p', {}, t('rtp', { rtp: decimal(theme.rtp) })),
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
