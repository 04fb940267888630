import type { Page } from '@playwright/test';
import { MEMBER_PAGES } from '../src/features/member/pages';
import { formatViolations, seriousViolations } from './axe';
import { closePopups, depositThroughGateway, expect, loginAs, registerMember, test } from './fixtures';

/*
 * Accessibility: every page of the site, at desktop and phone width, in both themes, as a guest and as
 * a member, has no serious or critical WCAG 2.1 A/AA violation (axe). Pages are found by test id and
 * role, not by their words, so the checks hold in any language.
 */

// Each walk stands alone (a guest, or a member of its own), so the walks of this long file are spread
// over the workers instead of running one after the other in one.
test.describe.configure({ mode: 'parallel' });

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;
const THEMES = ['light', 'dark'] as const;

const CATEGORY_PAGES = [
  '/sports',
  '/esports',
  '/live',
  '/lott',
  '/elott',
  '/fish',
  '/pvp',
  '/rng',
  '/cockfight',
];
/**
 * The game category pages are one component with other data: the first width and theme visits them
 * all, the others two of them.
 */
const categoryPages = (all: boolean) => (all ? CATEGORY_PAGES : ['/live', '/rng']);
/** Guest pages (after the categories) and the test id each shows once it is there. */
const GUEST_PAGES: Array<[string, string]> = [
  ['/promotions', 'promotions-page'],
  ['/help', 'help-page'],
  ['/download', 'download-page'],
  ['/agentHome', 'agent-login-page'],
  ['/originals', 'og-lobby'],
  ['/originals/dice', 'og-page'],
  ['/originals/plinko', 'og-page'],
  ['/originals/mines', 'og-page'],
  ['/originals/crash', 'og-page'],
  ['/originals/fairness', 'fairness-page'],
  ['/fbSport', 'sb-page'],
  ['/esportsBook', 'sb-page'],
];
/** The account popup's own addresses: they open it over the home page and leave for "/". */
const POPUP_PAGES: Array<[string, string]> = [
  ['/login', 'login-form'],
  ['/register', 'register-form'],
];

/** Collects the violations of every page a test visits, so one run reports them all. */
function auditor(page: Page) {
  const found: string[] = [];
  return {
    async check(label: string) {
      const violations = await seriousViolations(page);
      if (violations.length > 0) found.push(`── ${label} (${page.url()})\n${formatViolations(violations)}`);
    },
    report() {
      if (found.length > 0) throw new Error(`Accessibility violations:\n${found.join('\n')}`);
    },
  };
}

/**
 * Goes to `path` inside the running site, as its own links do (React Router follows history), which is
 * much quicker than loading the site again for each page.
 */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}

/** Waits until the page shows `testId` and nothing on it is still loading. */
async function ready(page: Page, testId: string) {
  await expect(page.getByTestId(testId).first()).toBeVisible();
  await expect(page.locator('main .skeleton, main .page-loading, [aria-busy="true"]')).toHaveCount(0);
}

for (const { name, viewport, phone } of VIEWPORTS) {
  for (const theme of THEMES) {
    test.describe(`${name} width, ${theme} theme`, () => {
      test.use({ viewport, isMobile: phone, hasTouch: phone });
      test.beforeEach(async ({ page }) => {
        // The theme is a preference kept in localStorage (features/preferences/storage.ts).
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      });

      test('guest pages', async ({ page }) => {
        test.setTimeout(240_000);
        const axe = auditor(page);
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.getByTestId('home-popups')).toBeVisible();
        await axe.check('home with its popups');
        await closePopups(page);
        await ready(page, 'home-page');
        await axe.check('home');
        if (phone) {
          await page.getByTestId('side-menu-toggle').click();
          await expect(page.getByTestId('side-menu')).toHaveAttribute('data-open', 'true');
          await axe.check('side menu open');
        }
        const categories = categoryPages(!phone && theme === 'light');
        for (const [path, testId] of [
          ...categories.map((path): [string, string] => [path, 'category-page']),
          ...GUEST_PAGES,
        ]) {
          await visit(page, path);
          await ready(page, testId);
          await axe.check(path);
        }
        for (const [path, testId] of POPUP_PAGES) {
          await page.goto(path);
          await ready(page, testId);
          await axe.check(`${path} popup`);
        }
        axe.report();
      });

      test('member pages', async ({ page }) => {
        test.setTimeout(300_000);
        await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
        await registerMember(page, 'a11y');
        const axe = auditor(page);
        await page.goto('/');
        await ready(page, 'home-page');
        await axe.check('home, logged in');
        if (phone) {
          await page.getByTestId('account-menu-toggle').click();
          await expect(page.getByTestId('account-menu-panel')).toBeVisible();
          await axe.check('account menu open');
        }
        for (const key of MEMBER_PAGES) {
          await visit(page, `/member/${key}`);
          await ready(page, `member-page-${key}`);
          await axe.check(`member centre: ${key}`);
        }
        await visit(page, '/agentHome');
        await ready(page, 'agent-login-page');
        await axe.check('agent page, as a member');
        axe.report();
      });

      test('back office login and queue', async ({ page }) => {
        test.setTimeout(120_000);
        const axe = auditor(page);
        await page.goto('/backoffice');
        const login = page.getByTestId('operator-login');
        await expect(login).toBeVisible();
        await axe.check('back office login');
        await login.locator('input[autocomplete="username"]').fill('demofinance');
        await login.locator('input[type="password"]').fill('Finance12345');
        await login.locator('button[type="submit"]').click();
        await expect(page.getByTestId('bo-deposits')).toBeVisible();
        await axe.check('back office deposit queue');
        axe.report();
      });
    });
  }
}

test.describe('phone header and tables', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the avatar opens the account menu, from which two-step verification is one tap away', async ({
    page,
  }) => {
    await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
    await registerMember(page, 'phn');
    const toggle = page.getByTestId('account-menu-toggle');
    const box = await toggle.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    // The avatar keeps its shape however little room the header has.
    const avatar = await toggle.locator('img').boundingBox();
    expect(avatar!.width).toBe(36);
    expect(avatar!.height).toBe(36);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByTestId('account-menu-panel');
    // My account, wallet, the three records and the point mall (no agent link for members).
    await expect(panel.getByRole('link')).toHaveCount(6);
    for (const item of await panel.locator('.account-menu-item').all()) {
      expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    // Escape closes it and gives focus back to the avatar.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await panel.getByRole('link', { name: /Carteira|Wallet/ }).click();
    await expect(page).toHaveURL(/\/member\/transferFund$/);
    await expect(panel).toBeHidden();

    await toggle.click();
    await panel.getByRole('button', { name: /Segurança|Security/ }).click();
    await expect(page.getByTestId('two-factor-dialog')).toBeVisible();
  });

  test('an agent finds the agent page in the account menu', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
    await loginAs(page, 'demoagent', 'Agent1234');
    await page.getByTestId('account-menu-toggle').click();
    await page
      .getByTestId('account-menu-panel')
      .getByRole('link', { name: /Agente|Agent/ })
      .click();
    await expect(page).toHaveURL(/\/agentHome\/agentTeamOverview$/);
  });

  test('the account record shows each line as a card with its amount and balance on screen', async ({
    page,
  }) => {
    await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
    await registerMember(page, 'rec');
    await depositThroughGateway(page, '150');
    await page.goto('/member/transactionHistory');
    const line = page.getByTestId('record-line').first();
    await expect(line).toBeVisible();
    const width = page.viewportSize()!.width;
    for (const cell of ['.record-amount', '.record-balance']) {
      const box = await line.locator(cell).boundingBox();
      expect(box!.x + box!.width, cell).toBeLessThanOrEqual(width);
      await expect(line.locator(cell)).toBeInViewport();
    }
    // Stacked, nothing scrolls sideways: the box is no tab stop; the page is no wider than the screen.
    const scroll = page.getByTestId('records-scroll');
    await expect(scroll).toHaveAttribute('data-scrolls', 'false');
    await expect(scroll).not.toHaveAttribute('tabindex', '0');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});
