// Shared by every game page of the demo provider: boot data, calls to this provider's API, money
// formatting, the top bar and the fairness panel. No framework: each page draws itself.
const bootData = JSON.parse(document.getElementById('boot').textContent);
export const boot = bootData;

export function t(key, params = {}) {
  const text = bootData.strings[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(params[name] ?? ''));
}

const locale = bootData.lang === 'en' ? 'en-GB' : 'pt-BR';
export function money(minor) {
  return (minor / 100).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A symbol's name in the player's language ("Valete"), from its id ("jack"); the id if none is written. */
export function symbolName(id) {
  return bootData.strings[`symbol_${id}`] ?? id;
}

/** A figure with two decimals in the player's language: "96.21" → "96,21" in Portuguese. */
export function decimal(value) {
  const n = Number(value);
  return Number.isFinite(n)
    ? n.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : String(value);
}

export class ApiError extends Error {
  constructor(code, status, body) {
    super(code);
    this.code = code;
    this.status = status;
    this.body = body;
  }
}

export async function api(action, body) {
  const res = await fetch(`/api/${bootData.session}/${action}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(data.error ?? 'WALLET_ERROR', res.status, data);
  return data;
}

export function messageFor(error) {
  switch (error?.code) {
    case 'INSUFFICIENT_FUNDS':
      return t('noFunds');
    case 'BUSY':
      return t('busy');
    case 'SESSION_ENDED':
      return t('sessionEnded');
    case 'BETTING_CLOSED':
      return t('bettingClosed');
    case 'BAD_STAKE':
      return t('badStake');
    default:
      return t('walletError');
  }
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'class') node.className = v;
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

export const svgNs = 'http://www.w3.org/2000/svg';
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(svgNs, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children.flat()) if (c) node.append(c);
  return node;
}

/** The top bar: the game's name, the balance, and the fairness and info buttons. */
export function topBar(extraButtons = []) {
  const balance = el('strong', { class: 'balance-value', 'data-testid': 'provider-balance' }, '—');
  const bar = el(
    'header',
    { class: 'topbar' },
    el('h1', {}, bootData.name),
    el(
      'div',
      { class: 'balance' },
      el('span', {}, t('balance')),
      balance,
      el('small', {}, bootData.currency),
    ),
    el('div', { class: 'tools' }, ...extraButtons, fairnessButton()),
  );
  return {
    bar,
    setBalance(minor) {
      balance.textContent = money(minor);
    },
  };
}

let fairnessState = null;
export function setFairness(f) {
  fairnessState = f;
}

export function dialog(title, body) {
  const box = el(
    'div',
    { class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-label': title },
    el(
      'div',
      { class: 'dialog-card' },
      el(
        'div',
        { class: 'dialog-head' },
        el('h2', {}, title),
        el('button', { class: 'ghost', onclick: () => box.remove() }, t('close')),
      ),
      body,
    ),
  );
  box.addEventListener('click', (e) => {
    if (e.target === box) box.remove();
  });
  document.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Escape') box.remove();
    },
    { once: true },
  );
  document.body.append(box);
  box.querySelector('button')?.focus();
  return box;
}

function fairnessButton() {
  return el(
    'button',
    {
      class: 'ghost',
      onclick: () => {
        const f = fairnessState;
        if (!f) return;
        const input = el('input', {
          value: f.clientSeed,
          maxlength: '64',
          pattern: '[A-Za-z0-9_-]{1,64}',
          'aria-label': t('clientSeed'),
        });
        const note = el('p', { class: 'muted' });
        const body = el(
          'div',
          { class: 'fair' },
          el('p', { class: 'muted' }, t('fairnessHelp')),
          el('label', {}, t('commitment'), el('code', {}, f.commitment)),
          el('label', {}, t('nextCommitment'), el('code', {}, f.nextCommitment)),
          el('label', {}, t('clientSeed'), input),
          el('label', {}, t('nonce'), el('code', {}, String(f.nonce))),
          f.revealed
            ? el(
                'label',
                {},
                t('revealed'),
                el(
                  'code',
                  {},
                  `${f.revealed.serverSeed} · ${f.revealed.clientSeed} · 1–${f.revealed.lastNonce}`,
                ),
              )
            : null,
          el(
            'button',
            {
              class: 'primary',
              onclick: async () => {
                try {
                  const out = await api('seeds', { clientSeed: input.value.trim() || undefined });
                  setFairness(out.fairness);
                  box.remove();
                  fairnessButton().click();
                } catch (error) {
                  note.textContent = messageFor(error);
                }
              },
            },
            t('rotate'),
          ),
          note,
        );
        const box = dialog(t('fairness'), body);
      },
    },
    t('fairness'),
  );
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
