import { expect, openBackoffice, test } from './fixtures';

test('an operator searches the audit trail by an action chosen by its name, not its code', async ({
  browser,
}) => {
  const bo = await openBackoffice(browser);
  const office = bo.page;
  await office.getByRole('button', { name: 'Auditoria', exact: true }).click();
  const audit = office.getByTestId('bo-audit');
  // The operator's own login is in the trail; the list offers it by its label.
  await audit.getByTestId('bo-audit-action').selectOption({ label: 'Login' });
  await audit.getByRole('button', { name: 'Buscar' }).click();
  await expect(audit.locator('tr[data-action="login"]').first()).toContainText('Login');
  await expect(audit.locator('tbody tr:not([data-action="login"])')).toHaveCount(0);
  await bo.close();
});
