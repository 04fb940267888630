import { createHash } from 'node:crypto';
import pg from 'pg';
import { expect, hasPostgres, test } from './fixtures';

// These walks need to look inside the database, which only the worker's PostgreSQL server allows.
test.skip(!hasPostgres, 'needs TEST_DATABASE_URL (the PostgreSQL server of CI)');
test.use({ database: 'postgres' });

/** Reads a captcha as a person reads the picture: here from its stored hash, trying all 10,000 answers. */
async function readCaptcha(databaseUrl: string, id: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ answer_hash: string }>(
      'SELECT answer_hash FROM captchas WHERE id = $1',
      [id],
    );
    for (let n = 0; n < 10_000; n++) {
      const answer = String(n).padStart(4, '0');
      if (createHash('sha256').update(`${id}:${answer}`).digest('hex') === rows[0]?.answer_hash)
        return answer;
    }
    throw new Error(`no captcha ${id}`);
  } finally {
    await client.end();
  }
}

test('after three wrong passwords a member logs in by solving the captcha (PostgreSQL)', async ({
  page,
  context,
  databaseUrl,
}) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
  await page.goto('/login');
  const modal = page.getByTestId('account-modal');
  for (let attempt = 1; attempt <= 3; attempt++) {
    await modal.getByLabel('Nome de usuário').fill('demomember');
    await modal.getByLabel('Senha').fill(`wrong-${attempt}`);
    await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByTestId('login-error')).toHaveAttribute('data-code', 'INVALID_CREDENTIALS');
  }
  await expect(page.getByTestId('captcha-image')).toBeVisible();

  // A wrong answer spends the captcha: a new picture comes and the field is cleared.
  const first = await page.getByTestId('captcha-image').getAttribute('src');
  const firstId = (await context.cookies()).find((c) => c.name === 'captcha_id')!.value;
  const firstAnswer = await readCaptcha(databaseUrl, firstId);
  await modal.getByLabel('Senha').fill('Demo1234');
  await modal.getByLabel('Captcha').fill(firstAnswer === '0000' ? '1111' : '0000');
  await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveAttribute('data-code', 'CAPTCHA_INVALID');
  await expect(page.getByTestId('captcha-image')).not.toHaveAttribute('src', first!);
  await expect(modal.getByLabel('Captcha')).toHaveValue('');

  const id = (await context.cookies()).find((c) => c.name === 'captcha_id')!.value;
  expect(id).not.toBe(firstId);
  await modal.getByLabel('Senha').fill('Demo1234');
  await modal.getByLabel('Captcha').fill(await readCaptcha(databaseUrl, id));
  await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByTestId('member-account')).toHaveText('demomember');
});
