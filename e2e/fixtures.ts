import { type Browser, test as base, expect, type Page } from '@playwright/test';
import { cpfFrom } from '../src/api/cpf';
import { type AxeFixtures, axeFixtures } from './axe';
import { WorkerServers } from './worker-server';

/** Closes the guest popups the way a visitor does, so they do not cover what a test looks at. */
export async function closePopups(page: Page) {
  const popups = page.getByTestId('home-popups');
  await popups.waitFor({ state: 'visible' });
  await popups.getByRole('button', { name: /Fechar|Close/ }).click();
  await expect(popups).toBeHidden();
}

/** Whether the run has a PostgreSQL server to offer (TEST_DATABASE_URL is set, as in CI). */
export const hasPostgres = !!process.env.TEST_DATABASE_URL;

type ServerTestFixtures = {
  /**
   * Which of this worker's servers the walks of a file use: 'pglite' (the default), 'postgres', its
   * server on a fresh PostgreSQL database (`test.use({ database: 'postgres' })`, with
   * `test.skip(!hasPostgres, ...)`), or 'sports', its PGlite server with the match simulator on.
   */
  database: 'pglite' | 'postgres' | 'sports';
  /** The address of this worker's server started with MAINTENANCE_MODE=true and two-step required. */
  maintenanceURL: string;
  /** The connection string of this worker's PostgreSQL database, for walks that read inside it. */
  databaseUrl: string;
  /**
   * Before any server is asked for: on a walk of a new file, stops the worker's maintenance and PostgreSQL
   * servers that the previous file did not use (the servers below depend on it, so it runs first).
   */
  _enterFile: undefined;
};
type ServerWorkerFixtures = {
  /** This worker's servers (e2e/worker-server.ts); hooks such as afterAll reach them here. */
  workerServers: WorkerServers;
};

/** Starting a server on a loaded machine takes a while; it is not the walk's time. */
const SERVER_START = { scope: 'test', timeout: 240_000 } as const;

/**
 * Every walk runs against its worker's own servers (e2e/worker-server.ts), so workers run side by side
 * without sharing a database; and every walk ends with an axe check of the page it is on (e2e/axe.ts).
 */
export const test = base.extend<AxeFixtures>(axeFixtures).extend<ServerTestFixtures, ServerWorkerFixtures>({
  workerServers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use, workerInfo) => {
      const servers = new WorkerServers(workerInfo.workerIndex, workerInfo.parallelIndex);
      try {
        await use(servers);
      } finally {
        await servers.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  _enterFile: [
    async ({ workerServers }, use, testInfo) => {
      await workerServers.enterFile(testInfo.file);
      await use(undefined);
    },
    { auto: true, timeout: 30_000 },
  ],
  database: ['pglite', { option: true }],
  baseURL: [
    async ({ workerServers, database, _enterFile }, use) => {
      const server =
        database === 'postgres'
          ? await workerServers.postgres()
          : database === 'sports'
            ? await workerServers.sports()
            : await workerServers.main();
      await use(server.url);
    },
    SERVER_START,
  ],
  maintenanceURL: [
    async ({ workerServers, _enterFile }, use) => use((await workerServers.maintenance()).url),
    SERVER_START,
  ],
  databaseUrl: [
    async ({ workerServers, _enterFile }, use) => use((await workerServers.postgres()).databaseUrl),
    SERVER_START,
  ],
});
export { expect };

/** Logs in through the account popup at /login and waits until the header shows the account. */
export async function loginAs(page: Page, username: string, password: string) {
  await page.goto('/login');
  const modal = page.getByTestId('account-modal');
  await modal.getByLabel('Nome de usuário').fill(username);
  await modal.getByLabel('Senha').fill(password);
  await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByTestId('member-account')).toHaveText(username);
}

/** Logs the demo agent in on the agent page and waits for its centre. */
export async function agentLogin(page: Page) {
  await page.goto('/agentHome');
  const form = page.getByTestId('agent-login-page');
  await form.getByLabel('Nome de usuário').fill('demoagent');
  await form.getByLabel('Senha').fill('Agent1234');
  await form.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/agentHome\/agentTeamOverview$/);
  await expect(page.getByTestId('team-stats')).toBeVisible();
}

/** Registers a new member by username through the account popup and waits until logged in. */
export async function registerMember(page: Page, prefix: string, password = 'Secret123', invite = '') {
  const username = `${prefix}${Date.now().toString(36)}`;
  await page.goto('/register');
  const form = page.getByTestId('register-form');
  await form.getByLabel('Nome de usuário').fill(username);
  await form.getByLabel(/^Senha/).fill(password);
  await form.getByLabel('Confirmar senha').fill(password);
  await form.getByLabel('Código de convite').fill(invite);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByTestId('member-account')).toHaveText(username);
  return username;
}

/** Funds the member's wallet through the simulated gateway, as the member would. */
export async function depositThroughGateway(page: Page, amount: string) {
  await page.goto('/member/depositv2');
  const form = page.getByTestId('deposit-form');
  await form.getByLabel(/^Valor/).fill(amount);
  await form.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Pagar agora' }).click();
  await expect(page.getByTestId('deposit-status')).toHaveAttribute('data-status', 'credited');
}

/** An operator logged in to the back office in a browser of their own. */
export async function openBackoffice(browser: Browser, username = 'demoadmin', password = 'Admin12345') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/backoffice');
  const login = page.getByTestId('operator-login');
  await login.getByLabel('Usuário').fill(username);
  await login.getByLabel('Senha').fill(password);
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('backoffice')).toBeVisible();
  return { page, close: () => context.close() };
}

/** A CPF no other walk of this run gives (the demo allows one account per CPF). */
export const uniqueCpf = () =>
  cpfFrom(`${Date.now() % 1e8}`.padStart(8, '0') + String(Math.floor(Math.random() * 10)));

/**
 * Sets the payment password, gives the identity a first withdrawal asks for (full name, date of birth,
 * CPF) and adds a bank account in the same name on the withdraw page, then returns its form.
 */
export async function prepareWithdrawal(
  page: Page,
  loginPassword: string,
  paymentPassword: string,
  account: string,
) {
  await page.goto('/member/withdraw');
  const password = page.getByTestId('payment-password-form');
  await password.getByLabel('Senha de acesso').fill(loginPassword);
  await password.getByLabel('Senha de pagamento (6 dígitos)').fill(paymentPassword);
  await password.getByRole('button', { name: 'Salvar' }).click();
  const identity = page.getByTestId('identity-form');
  const bank = page.getByTestId('bank-account-form');
  await expect(identity.or(bank)).toBeVisible();
  if (await identity.isVisible()) {
    await identity.getByLabel('Nome completo').fill('Demo Member');
    await identity.getByLabel('Data de nascimento').fill('1990-01-31');
    await identity.getByLabel('CPF').fill(uniqueCpf());
    await identity.getByRole('button', { name: 'Salvar' }).click();
  }
  await bank.getByRole('radio', { name: 'Conta bancária' }).check();
  await bank.getByLabel('Banco').fill('Banco Demo');
  await bank.getByLabel('Titular').fill('Demo Member');
  await bank.getByLabel('Número da conta').fill(account);
  await bank.getByRole('button', { name: 'Adicionar conta' }).click();
  return page.getByTestId('withdraw-form');
}
