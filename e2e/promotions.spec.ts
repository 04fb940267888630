import type { Page } from '@playwright/test';
import {
  depositThroughGateway,
  expect,
  openBackoffice,
  prepareWithdrawal,
  registerMember,
  test,
} from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const WELCOME = 'Bônus de 100% no primeiro depósito';
const SIGN_UP = 'Prêmio de cadastro: 10,00 FUN';

const card = (page: Page, title: string) =>
  page.locator('article', { has: page.getByRole('heading', { name: title }) });

test('a member joins a deposit bonus, deposits, plays its wagering through, and withdraws; claims the sign-up reward', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The operator makes the welcome bonus quick to play through: a fixed 1,00, wagered once.
  const office = await openBackoffice(browser);
  await office.page.getByRole('button', { name: 'Promoções', exact: true }).click();
  const panel = office.page.getByTestId('bo-promotions');
  await panel.locator('tr', { hasText: WELCOME }).getByTestId('bo-promotion-edit').click();
  const form = office.page.getByTestId('bo-promotion-form');
  await form.getByTestId('bo-promo-reward').selectOption('bonus_fixed');
  await form.getByTestId('bo-promo-amount').fill('1,00');
  await form.getByTestId('bo-promo-multiple').fill('1');
  await form.getByTestId('bo-promo-save').click();
  const dialog = office.page.getByTestId('bo-task');
  await expect(dialog).toContainText('Bônus de 1,00');
  await dialog.getByLabel(/Motivo/).fill('Bônus de teste rápido');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.locator('tr', { hasText: WELCOME })).toContainText('Rollover de 1× o bônus');
  await office.close();

  await registerMember(page, 'promo');
  await page.goto('/promotions');
  const welcome = card(page, WELCOME);
  // The terms are in view before joining.
  await expect(welcome.getByRole('list')).toContainText('No seu primeiro depósito de pelo menos 20,00 FUN.');
  await welcome.getByTestId('promo-join').click();
  await expect(welcome.getByTestId('promo-status')).toHaveText('Participando');

  // The sign-up reward: joined, asked for, then claimed in the reward centre, where the badge goes.
  const signUp = card(page, SIGN_UP);
  await signUp.getByTestId('promo-join').click();
  await signUp.getByTestId('promo-request-reward').click();
  await expect(signUp.getByTestId('promo-claim')).toHaveText('Resgatar 10,00 FUN');
  await page.goto('/member/rewardCenter');
  await expect(page.getByTestId('reward-badge')).toHaveText('1');
  const reward = page.getByTestId('reward-claimable');
  await expect(reward).toContainText(SIGN_UP);
  await reward.getByTestId('promo-claim').click();
  // No reload: the badge and the list follow the claim.
  await expect(page.getByTestId('reward-badge')).toHaveCount(0);
  await expect(page.getByTestId('reward-none')).toBeVisible();
  await expect(page.getByTestId('reward-history')).toContainText('Resgatada');

  // The first deposit brings the bonus, with its progress in bonus details.
  await depositThroughGateway(page, '100,00');
  await page.goto('/member/bonusDetails');
  const active = page.getByTestId('bonus-active');
  await expect(active.getByTestId('bonus-balance')).toHaveText('1,00 FUN');
  await expect(active.getByTestId('bonus-progress-text')).toHaveText('Rollover: 0,00 FUN de 1,00 FUN');

  // A withdrawal now is refused with what is left to wager.
  const withdraw = await prepareWithdrawal(page, 'Secret123', '135790', '0001-55443322');
  await withdraw.getByLabel(/^Valor/).fill('50,00');
  await withdraw.getByLabel('Senha de pagamento (6 dígitos)').fill('135790');
  await withdraw.getByRole('button', { name: 'Sacar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'rollover em aberto' })).toContainText('1,00 FUN');

  // 5,00 on dice counts 1,00 (originals count 20 %): the wagering is done.
  await page.goto('/originals/dice');
  await page.getByLabel('Valor da aposta').fill('5,00');
  await page.getByLabel('Valor da aposta').blur();
  await page.getByTestId('og-bet').click();
  await expect(page.getByTestId('og-result')).toHaveText(/^\d{1,2},\d{2}$/);
  await page.goto('/member/bonusDetails');
  await expect(page.getByTestId('bonus-active').getByTestId('bonus-progress-text')).toHaveText(
    'Rollover: 1,00 FUN de 1,00 FUN',
  );

  // Now the withdrawal goes through, and the bonus was released to the balance first.
  const again = page.getByTestId('withdraw-form');
  await page.goto('/member/withdraw');
  await again.getByLabel(/^Valor/).fill('50,00');
  await again.getByLabel('Senha de pagamento (6 dígitos)').fill('135790');
  await again.getByRole('button', { name: 'Sacar' }).click();
  await expect(page.getByTestId('withdraw-requested')).toBeVisible();
  await page.goto('/member/bonusDetails');
  await expect(page.getByTestId('bonus-completed')).toContainText('Liberado');
  await expect(page.getByTestId('bonus-completed')).toContainText('Liberado para o saldo');
});
