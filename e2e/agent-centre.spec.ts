import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { agentLogin, depositThroughGateway, expect, openBackoffice, registerMember, test } from './fixtures';

/** The back office's confirmation: it shows what changes, asks for the reason, and is sent. */
async function confirmTask(page: Page, shows: string[], reason: string) {
  const dialog = page.getByTestId('bo-task');
  for (const text of shows) await expect(dialog).toContainText(text);
  await dialog.getByLabel(/Motivo/).fill(reason);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a player who joins with the agent’s invitation code is in the agent’s team and downline', async ({
  browser,
  page,
}) => {
  // The player registers in a browser of their own, with the demo agent's code.
  const player = await browser.newContext();
  const playerPage = await player.newPage();
  const username = await registerMember(playerPage, 'inv', 'Secret123', 'AURORA01');
  await player.close();

  await agentLogin(page);
  const total = Number(await page.getByTestId('team-total').textContent());
  expect(total).toBeGreaterThanOrEqual(2);
  await page.getByRole('button', { name: 'Últimos 30 dias' }).click();
  await expect(page.getByTestId('team-days').locator('tbody tr')).toHaveCount(30);
  await expect(page.getByTestId('team-chart')).toBeVisible();

  await page.getByTestId('agent-centre').getByRole('link', { name: 'Gestão da rede' }).click();
  await expect(page).toHaveURL(/\/agentHome\/downlineManagmentView$/);
  const table = page.getByTestId('downline-table');
  await expect(table.locator(`[data-member="${username}"]`)).toContainText('Nível 1 · via demoagent');
  await expect(table.locator('[data-member="demodownline"]')).toBeVisible();

  const prefix = username.slice(0, 6);
  await page.getByTestId('downline-search').fill(prefix);
  await expect(table.locator('[data-member="demodownline"]')).toHaveCount(0);
  await expect(table.locator(`[data-member="${username}"]`)).toBeVisible();
  const shown = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-member') ?? ''));
  expect(shown.every((name) => name.startsWith(prefix))).toBe(true);
  // Money to a member of the team goes from its line (the payment password guards it).
  await table.locator(`[data-member="${username}"]`).getByTestId('pay-member').click();
  const pay = page.getByTestId('downline-transfer');
  await expect(
    pay.getByTestId('transfer-needs-password').or(pay.getByTestId('transfer-upline-form')),
  ).toBeVisible();
  await pay.getByRole('button', { name: 'Fechar' }).click();

  await page.getByTestId('downline-search').fill('zzznobody');
  await expect(page.getByTestId('downline-empty')).toContainText('zzznobody');

  // The register centre hands out the agent's code, its link and a QR code of the link.
  await page.getByTestId('agent-centre').getByRole('link', { name: 'Central de cadastro' }).click();
  await expect(page.getByTestId('invite-code')).toHaveText('AURORA01');
  await expect(page.getByTestId('invite-link')).toHaveValue(/\/register\?code=AURORA01$/);
  // The member centre's referral entry brings an agent here.
  await page.goto('/member/referral');
  await expect(page).toHaveURL(/\/agentHome\/registerCenter$/);

  // Closing the centre goes back to the site.
  await page.getByTestId('agent-centre').getByRole('button', { name: 'Fechar' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the agent offers a daily salary, the member accepts it in the contract dialog, and they end it together', async ({
  browser,
  page,
}) => {
  const player = await browser.newContext();
  const playerPage = await player.newPage();
  const username = await registerMember(playerPage, 'ctr', 'Secret123', 'AURORA01');
  // The member's announcements are open when the offer arrives: they step aside for it, never stacked.
  const announcements = playerPage.getByTestId('home-popups');
  await expect(announcements).toBeVisible();

  await agentLogin(page);
  await page.goto('/agentHome/downlineManagmentView');
  await page
    .getByTestId('downline-table')
    .locator(`[data-member="${username}"]`)
    .getByTestId('offer-contract')
    .click();
  const offer = page.getByTestId('contract-offer');
  // The demo agent holds 0,10 % of the house (docs/agents.md "The house edge"): it may give that much.
  await offer.getByTestId('offer-rate').fill('0,1');
  await offer.getByTestId('offer-send').click();
  await expect(page.getByTestId('contract-offer-sent')).toContainText(username);
  await page.getByTestId('contract-offer').getByRole('button', { name: 'Fechar' }).last().click();
  const given = page.getByTestId('contracts-given').locator('tr', { hasText: username });
  await expect(given).toHaveAttribute('data-status', 'offered');

  // The offer reaches the member's open page over the socket.
  const dialog = playerPage.getByTestId('contract-dialog');
  await expect(dialog).toContainText('demoagent propõe a você um contrato de salário diário');
  await expect(dialog.getByTestId('contract-terms')).toContainText('0,10 %');
  await expect(announcements).toBeHidden();
  await dialog.getByRole('button', { name: 'Aceitar' }).click();
  await expect(dialog).toBeHidden();
  await expect(announcements).toBeVisible();
  await expect(given).toHaveAttribute('data-status', 'active');

  await given.getByRole('button', { name: 'Pedir encerramento' }).click();
  await expect(given).toHaveAttribute('data-status', 'termination_requested');
  await expect(dialog).toContainText('demoagent pede para encerrar seu contrato de salário diário');
  await dialog.getByRole('button', { name: 'Concordo em encerrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('contracts-given').locator('tr', { hasText: username })).toHaveCount(0);
  await player.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the agent reads the team and the downline as cards that fit the screen', async ({ page }) => {
    await agentLogin(page);
    await page.goto('/agentHome/downlineManagmentView');
    const card = page.getByTestId('downline-table').locator('[data-member="demodownline"]');
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    // The demo agent holds the house's daily salary: its bills page is in the menu.
    await page.getByTestId('agent-centre').getByRole('link', { name: 'Salário diário' }).click();
    await expect(page.getByTestId('bills-daily_salary')).toBeVisible();
    await page.getByRole('button', { name: 'Pagas à rede' }).click();
    await expect(page.getByTestId('bills-daily_salary')).toContainText('Nenhuma conta');
  });
});

test("the agent reads a new player's bets and money in the team reports and exports them as CSV", async ({
  browser,
  page,
}) => {
  const player = await browser.newContext();
  await player.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
  const playerPage = await player.newPage();
  const username = await registerMember(playerPage, 'rep', 'Secret123', 'AURORA01');
  await depositThroughGateway(playerPage, '100');
  await playerPage.goto('/originals/dice');
  await playerPage.getByTestId('og-bet').click();
  await expect(playerPage.getByTestId('og-result')).toHaveText(/^\d{1,2},\d{2}$/);
  await player.close();

  await agentLogin(page);
  await page.getByTestId('agent-centre').getByRole('link', { name: 'Apostas da equipe' }).click();
  const bets = page.getByTestId('team-bets');
  await bets.getByTestId('member-filter').fill(username);
  await bets.getByRole('button', { name: 'Filtrar' }).click();
  const line = page.getByTestId('team-bets-table').locator(`[data-member="${username}"]`);
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('1,00');
  await expect(page.getByTestId('team-bets-summary')).toContainText('1');
  const download = page.waitForEvent('download');
  await bets.getByTestId('export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^team-bets-.*\.csv$/);
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text).toContain('Hora,Membro,Jogo');
  expect(text).toContain(username);
  await expect(bets.getByRole('status')).toHaveText('1 linha exportada.');

  // The deposit and the bet are lines of the team's account details.
  await page.getByTestId('agent-centre').getByRole('link', { name: 'Detalhes da conta' }).click();
  const records = page.getByTestId('team-records');
  await records.getByTestId('member-filter').fill(username);
  await records.getByRole('button', { name: 'Filtrar' }).click();
  const rows = page.getByTestId('team-records-table').locator(`tr[data-member="${username}"]`);
  // The deposit, the stake and (when the roll won) the payout.
  await expect(rows.filter({ hasText: 'Depósito' })).toContainText('+100,00');
  await expect(rows.filter({ hasText: '-1,00' })).toHaveCount(1);

  // The operator's notices to agents.
  await page.getByTestId('agent-centre').getByRole('link', { name: 'Avisos' }).click();
  await expect(page.getByTestId('agent-notices')).toContainText('Contratos de salário e dividendos');
});

test('an operator finds a player in the agent tree, moves it out of the demo agent’s team, and settles a past day again', async ({
  browser,
}) => {
  const player = await browser.newContext();
  const playerPage = await player.newPage();
  const username = await registerMember(playerPage, 'mov', 'Secret123', 'AURORA01');
  await player.close();

  const { page, close } = await openBackoffice(browser);
  await page.getByRole('button', { name: 'Agentes', exact: true }).click();
  const tree = page.getByTestId('bo-agent-tree');
  await tree.getByLabel('Membro').fill(username);
  await tree.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByTestId('bo-tree-uplines')).toContainText(`demoagent › ${username}`);
  // Up to its agent, whose contracts with the house are listed.
  await page.getByTestId('bo-tree-uplines').getByRole('button', { name: 'demoagent' }).click();
  await expect(page.getByTestId('bo-tree-contracts')).toContainText('A casa');
  await expect(page.getByTestId('bo-tree-view')).toContainText(username);
  await page.getByTestId('bo-tree-view').getByRole('button', { name: username }).click();

  // The move is confirmed in the dialog: the member, its team, the upline before and after, and a reason.
  const move = page.getByTestId('bo-move-form');
  await move.getByRole('button', { name: 'Mover com a rede' }).click();
  await confirmTask(page, [username, 'demoagent', 'Topo da árvore'], 'left the agent');
  await expect(tree.getByRole('status')).toContainText('Membro movido');
  await expect(page.getByTestId('bo-tree-uplines')).toContainText('Topo da árvore');

  // The daily salaries of two days ago (over in every time zone), settled again: it moves agents' money,
  // so the request waits for a second operator, who runs it by approving; what the jobs billed is not
  // billed twice.
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const rerun = page.getByTestId('bo-rerun-form');
  await rerun.getByLabel('Dia').fill(day);
  const settleAgain = async (reason: string) => {
    await rerun.getByRole('button', { name: 'Liquidar' }).click();
    await confirmTask(page, ['Salário diário', day, 'Outro operador precisa aprovar'], reason);
    await expect(page.getByTestId('bo-rerun-result')).toContainText(
      'enviado para a aprovação de outro operador',
    );
    const finance = await openBackoffice(browser, 'demofinance', 'Finance12345');
    await finance.page.getByRole('button', { name: 'Aprovações' }).click();
    const waiting = finance.page.getByTestId('bo-approvals').locator(`tr[data-target="daily_salary:${day}"]`);
    await expect(waiting).toContainText('demoadmin');
    await waiting.getByRole('button', { name: 'Aprovar' }).click();
    await confirmTask(finance.page, ['Liquidar de novo', day, 'demoadmin'], 'Segundo olhar');
    await expect(finance.page.getByTestId('bo-approval-outcome')).toBeVisible();
    const outcome = (await finance.page.getByTestId('bo-approval-outcome').textContent()) ?? '';
    await finance.close();
    return outcome;
  };
  expect(await settleAgain('Dia sem liquidação')).toContain('Período');
  expect(await settleAgain('De novo, para conferir')).toContain('0 faturas novas');
  await expectNoSeriousViolations(page, 'the back office agents tab');
  await close();
});

test('the agent’s invitation carries a daily salary, and an account it opens is offered it at its first login', async ({
  browser,
  page,
}) => {
  await agentLogin(page);
  await page.getByTestId('agent-centre').getByRole('link', { name: 'Central de cadastro' }).click();
  const contracts = page.getByTestId('invitation-contracts');
  await expect(contracts).toContainText('Salário diário 0,10 %');
  await contracts.getByTestId('invite-add-contract').click();
  const dialog = page.getByTestId('invitation-contract');
  await dialog.getByTestId('offer-rate').fill('5');
  await dialog.getByRole('button', { name: 'Salvar no convite' }).click();
  await expect(dialog.getByTestId('offer-error')).toContainText(/0[.,]10\s?%/);
  await dialog.getByTestId('offer-rate').fill('0,05');
  await dialog.getByRole('button', { name: 'Salvar no convite' }).click();
  const carried = contracts.locator('li[data-kind="daily_salary"]');
  try {
    await expect(carried).toContainText('0,05 %');

    const open = page.getByTestId('open-account');
    const username = `opn${Date.now().toString(36)}`;
    await open.getByLabel('Nome de usuário').fill(username);
    await open.getByLabel('Senha', { exact: true }).fill('Opened123');
    await open.getByLabel('Confirmar senha').fill('Opened12');
    await open.getByRole('button', { name: 'Abrir conta' }).click();
    await expect(open).toContainText('A confirmação não confere');
    await open.getByLabel('Confirmar senha').fill('Opened123');
    await open.getByRole('button', { name: 'Abrir conta' }).click();
    await expect(page.getByTestId('open-account-done')).toHaveText(
      `Conta de jogador ${username} aberta; 1 contrato oferecido.`,
    );

    // The new member changes the password the agent chose, then finds the offer waiting.
    const member = await browser.newContext();
    await member.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
    const memberPage = await member.newPage();
    await memberPage.goto('/login');
    const modal = memberPage.getByTestId('account-modal');
    await modal.getByLabel('Nome de usuário').fill(username);
    await modal.getByLabel('Senha').fill('Opened123');
    await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
    const change = memberPage.getByTestId('change-password-form');
    await change.getByLabel('Nova senha').fill('Mine45678');
    await change.getByLabel('Confirmar senha').fill('Mine45678');
    await change.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(memberPage.getByTestId('contract-dialog')).toContainText(
      'demoagent propõe a você um contrato de salário diário',
    );
    await member.close();
  } finally {
    // The demo agent's invitation goes back to carrying nothing: other walks register with its code.
    await carried.getByRole('button', { name: 'Remover' }).click();
    await expect(carried).toHaveCount(0);
  }
});
