import AxeBuilder from '@axe-core/playwright';
import type {
  Fixtures,
  Page,
  PlaywrightTestArgs,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
} from '@playwright/test';

/** The WCAG 2.0 and 2.1 A and AA rules; best-practice rules are not asked for. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Violations of these impacts fail a walk; minor and moderate ones are not reported. */
export const BLOCKING_IMPACTS = ['serious', 'critical'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/** What a node's check said, with the colour figures of a contrast failure when axe measured them. */
function describeNode(node: Violation['nodes'][number]) {
  const target = node.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' ');
  const figures = [...node.any, ...node.all, ...node.none]
    .map((check) => check.data as Record<string, unknown> | null)
    .filter((data): data is Record<string, unknown> => !!data && typeof data === 'object')
    .filter((data) => 'contrastRatio' in data)
    .map(
      (d) =>
        `contrast ${d.contrastRatio}:1 (needs ${d.expectedContrastRatio}), ` +
        `text ${d.fgColor} on ${d.bgColor}, ${d.fontSize} ${d.fontWeight}`,
    );
  return `    ${target}${figures.length ? `\n      ${figures.join('; ')}` : ''}`;
}

/** A readable list of violations: rule id, impact, help and each node's selector (and contrast figures). */
export function formatViolations(violations: Violation[]) {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'})\n` +
        v.nodes.slice(0, 10).map(describeNode).join('\n') +
        (v.nodes.length > 10 ? `\n    …and ${v.nodes.length - 10} more` : ''),
    )
    .join('\n');
}

/**
 * Waits for the page to be still: what it fetches has arrived, and no finite animation or transition
 * is running (a dialog half faded in would be measured at half its contrast). A popup that a late
 * answer brings in starts a new fade after the first wait, so the page must stay still for a moment
 * before axe looks; endless animations (spinners, the marquee) are left running. Eight seconds at most: a
 * loaded CI machine once measured a popup fading in after a late login answer at four.
 */
async function settle(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  const deadline = Date.now() + 8_000;
  for (;;) {
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    const wasStill = await page.evaluate(async () => {
      const finite = () =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      const running = finite();
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((done) => setTimeout(done, 1000)),
      ]);
      // Still for 300 ms: no new animation started and nothing was added to the page.
      let changed = false;
      const observer = new MutationObserver(() => (changed = true));
      observer.observe(document.body, { childList: true, subtree: true });
      await new Promise((done) => setTimeout(done, 300));
      observer.disconnect();
      return running.length === 0 && !changed && finite().length === 0;
    });
    if (wasStill || Date.now() > deadline) return;
  }
}

/** Runs axe on the page as it is now and returns its serious and critical violations. */
export async function seriousViolations(page: Page, options: { exclude?: string[] } = {}) {
  await settle(page);
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.filter((v) => BLOCKING_IMPACTS.includes(v.impact ?? ''));
}

/**
 * Fails with a readable report when the page has serious or critical WCAG 2.1 A/AA violations.
 * `label` names the page in the message (a path, a theme, a width).
 */
export async function expectNoSeriousViolations(page: Page, label = page.url(), options = {}) {
  const violations = await seriousViolations(page, options);
  if (violations.length > 0) {
    throw new Error(`Accessibility violations on ${label}:\n${formatViolations(violations)}`);
  }
}

export type AxeFixtures = { axeCheck: undefined };

/**
 * The walks' auto fixture (e2e/fixtures.ts): after a walk that passed, the page it ends on must have
 * no serious or critical violations. A closed or blank page is skipped, and so is a walk that already
 * failed (its own error says more).
 */
export const axeFixtures: Fixtures<
  AxeFixtures,
  object,
  PlaywrightTestArgs & PlaywrightTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
> = {
  axeCheck: [
    async ({ page }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status !== 'passed' || testInfo.expectedStatus !== 'passed') return;
      if (page.isClosed() || page.url() === 'about:blank') return;
      await expectNoSeriousViolations(page, `the page "${testInfo.title}" ends on (${page.url()})`);
    },
    { auto: true },
  ],
};
