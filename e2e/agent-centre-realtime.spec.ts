import type { Page } from '@playwright/test';
import { agentLogin, depositThroughGateway, expect, openBackoffice, registerMember, test } from './fixtures';

/*
 * The agent centre's real-time salary, apart from e2e/agent-centre.spec.ts: its walk waits on the clock
 * for two 5-minute periods, and in a file of its own it runs in one worker while the others go on.
 */

/** The day, hour and minute of `at` on the brand's clock (the demo brand's time zone). */
function brandClock(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: parts.hour!, minute: parts.minute! };
}
const FIVE_MINUTES = 5 * 60_000;
/** Waits until the next 5-minute period of the clock has begun (a real-time salary's period). */
async function nextPeriod(page: Page) {
  const start = Math.ceil((Date.now() + 1) / FIVE_MINUTES) * FIVE_MINUTES;
  await page.waitForTimeout(start - Date.now() + 1_500);
  return new Date(start);
}

test('a real-time salary settles through the ledger: the house pays the agent, the agent pays its player, both see the bill', async ({
  browser,
  page,
}) => {
  // Two real-time periods: contracts in force before the first begins, bets in it, settled once it ends.
  test.setTimeout(14 * 60_000);
  const { page: office, close } = await openBackoffice(browser);
  await office.getByRole('button', { name: 'Agentes', exact: true }).click();
  // The house's template, offered to the demo agent (a top agent).
  const templates = office.getByTestId('bo-templates');
  await templates.getByRole('button', { name: 'Novo modelo' }).click();
  const form = office.getByTestId('bo-template-form');
  const name = `Tempo real ${Date.now().toString(36)}`;
  await form.getByLabel('Nome do modelo').fill(name);
  await form.getByTestId('offer-kind').selectOption('realtime_salary');
  // Live baccarat keeps 1,06 % and pays 0,80 % of rebate: 1 % is refused. Beside the demo agent's daily
  // salary (0,10 %) and dividend (10 % of the loss), 0,05 % still leaves the house its edge.
  await form.getByTestId('offer-rate').fill('1');
  await form.getByRole('button', { name: 'Salvar modelo' }).click();
  await expect(form.getByTestId('offer-error')).toContainText('no máximo 0,25 %');
  await form.getByTestId('offer-rate').fill('0,05');
  await form.getByRole('button', { name: 'Salvar modelo' }).click();
  await expect(templates.locator(`tr[data-template="${name}"]`)).toContainText('0,05 %');
  const tree = office.getByTestId('bo-agent-tree');
  await tree.getByLabel('Membro').fill('demoagent');
  await tree.getByRole('button', { name: 'Buscar' }).click();
  const house = office.getByTestId('bo-house-offer');
  await house.getByLabel('Modelo').selectOption({ label: `${name} · Salário em tempo real · 0,05\u00a0%` });
  await house.getByRole('button', { name: 'Oferecer' }).click();
  // Confirmed: the agent, the template and its rate (the route keeps no reason).
  const dialog = office.getByTestId('bo-task');
  await expect(dialog).toContainText(name);
  await expect(dialog).toContainText('demoagent');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
  const houseContract = office
    .getByTestId('bo-tree-contracts')
    .locator('tr[data-kind="realtime_salary"]', { hasText: 'A casa' });
  await expect(houseContract).toHaveAttribute('data-status', 'offered');

  // The agent accepts the house's offer, then offers its new player half of it.
  const player = await browser.newContext();
  await player.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
  const playerPage = await player.newPage();
  const username = await registerMember(playerPage, 'rts', 'Secret123', 'AURORA01');
  await depositThroughGateway(playerPage, '100');
  await agentLogin(page);
  const agentDialog = page.getByTestId('contract-dialog');
  await expect(agentDialog).toContainText('Aurora Bet propõe a você um contrato de salário em tempo real');
  await agentDialog.getByRole('button', { name: 'Aceitar' }).click();
  await expect(agentDialog).toBeHidden();
  await page.goto('/agentHome/downlineManagmentView');
  await page
    .getByTestId('downline-table')
    .locator(`[data-member="${username}"]`)
    .getByTestId('offer-contract')
    .click();
  const offer = page.getByTestId('contract-offer');
  await offer.getByTestId('offer-kind').selectOption('realtime_salary');
  await offer.getByTestId('offer-rate').fill('0,03');
  await offer.getByTestId('offer-send').click();
  await expect(page.getByTestId('contract-offer-sent')).toContainText(username);
  const playerDialog = playerPage.getByTestId('contract-dialog');
  await expect(playerDialog).toContainText('demoagent propõe a você um contrato de salário em tempo real');
  await playerDialog.getByRole('button', { name: 'Aceitar' }).click();
  await expect(playerDialog).toBeHidden();

  // In the next period the player bets 50,00 (a valid bet once the roll settles it).
  const period = await nextPeriod(playerPage);
  await playerPage.goto('/originals/dice');
  await playerPage.getByLabel('Valor da aposta').fill('50,00');
  await playerPage.getByTestId('og-bet').click();
  await expect(playerPage.getByTestId('og-result')).toHaveText(/^\d{1,2},\d{2}$/);
  const balance = async () => (await playerPage.getByTestId('header-balance').textContent()) ?? '';
  const before = await balance();

  // Once the period is over, the operator settles it (the job would, within 5 minutes).
  await page.waitForTimeout(period.getTime() + FIVE_MINUTES - Date.now() + 1_500);
  const clock = brandClock(period);
  const rerun = office.getByTestId('bo-rerun-form');
  await rerun.getByLabel('Tipo').selectOption('realtime_salary');
  await rerun.getByLabel('Dia', { exact: true }).fill(clock.day);
  await rerun.getByLabel('Hora', { exact: true }).fill(String(Number(clock.hour)));
  await rerun.getByLabel('Minuto', { exact: true }).fill(String(Number(clock.minute)));
  await rerun.getByRole('button', { name: 'Liquidar' }).click();
  await dialog.getByLabel(/Motivo/).fill('Período de tempo real');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(office.getByTestId('bo-rerun-result')).toContainText('enviado para a aprovação');
  // A second operator runs it by approving it.
  const finance = await openBackoffice(browser, 'demofinance', 'Finance12345');
  await finance.page.getByRole('button', { name: 'Aprovações' }).click();
  const waiting = finance.page
    .getByTestId('bo-approvals')
    .locator(`tr[data-target="realtime_salary:${clock.day}T${clock.hour}:${clock.minute}"]`);
  await waiting.getByRole('button', { name: 'Aprovar' }).click();
  const approve = finance.page.getByTestId('bo-task');
  await approve.getByLabel(/Motivo/).fill('Segundo olhar');
  await approve.getByRole('button', { name: 'Confirmar' }).click();
  await expect(finance.page.getByTestId('bo-approval-outcome')).toContainText(/faturas novas/);
  await finance.close();
  // The runs list loads again with its filter: the run is in it.
  await office.getByLabel('Mostrar o tipo').selectOption('realtime_salary');
  await office
    .getByTestId('bo-runs')
    .locator('tr', { hasText: 'Salário em tempo real' })
    .first()
    .getByRole('button')
    .click();
  await expect(office.getByTestId('bo-run-bills')).toContainText(username);

  // The player: 0,01 more (0,03 % of 50,00, rounded down), and the bill with its inputs under bonus details.
  await expect.poll(balance).not.toBe(before);
  await playerPage.goto('/member/bonusDetails');
  const bills = playerPage.getByTestId('member-contract-bills');
  await expect(bills).toContainText('demoagent');
  await expect(bills).toContainText('50,00');
  await expect(bills).toContainText('0,01');
  // The agent: 0,02 from the house (0,05 %), 0,01 to its player.
  await page.goto('/agentHome/agentRealtimeSalary');
  const agentBills = page.getByTestId('bills-realtime_salary');
  await expect(agentBills.getByTestId('bills-table')).toContainText('Aurora Bet');
  await expect(agentBills.getByTestId('bills-table')).toContainText('0,02');
  await agentBills.getByRole('button', { name: 'Pagas à rede' }).click();
  await expect(agentBills.getByTestId('bills-table')).toContainText(username);
  await page.goto('/agentHome/agentRevenueReport');
  await expect(page.getByTestId('revenue-kinds').locator('tr[data-kind="realtime_salary"]')).toContainText(
    '0,01',
  );

  // The house ends its contract with the agent.
  await houseContract.getByRole('button', { name: 'Encerrar' }).click();
  await dialog.getByLabel(/Motivo/).fill('end of the e2e programme');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(houseContract).toHaveAttribute('data-status', 'terminated');
  await player.close();
  await close();
});
