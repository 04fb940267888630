import { createHash } from 'node:crypto';
import pg from 'pg';
import { closePopups, expect, hasPostgres, test } from './fixtures';

// The captcha rule is set, and the captcha read, in the database: only the worker's PostgreSQL server
// lets a test look inside it.
test.skip(!hasPostgres, 'needs TEST_DATABASE_URL (the PostgreSQL server of CI)');
test.use({ database: 'postgres' });

async function sql<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The brand's captcha rule for registration, as an operator sets it (register_field_rules). */
const captchaRule = (databaseUrl: string, enabled: boolean) =>
  sql(
    databaseUrl,
    `INSERT INTO register_field_rules (brand_id, field, enabled, required, min_length, max_length, pattern_id)
     SELECT id, 'captcha', $1, $1, 4, 4, 7 FROM brands WHERE is_default
     ON CONFLICT (brand_id, field) DO UPDATE SET enabled = $1, required = $1`,
    [enabled],
  );

/** Reads a captcha as a person reads the picture: here from its stored hash, trying all 10,000 answers. */
async function readCaptcha(databaseUrl: string, id: string) {
  const [row] = await sql<{ answer_hash: string }>(
    databaseUrl,
    'SELECT answer_hash FROM captchas WHERE id = $1',
    [id],
  );
  for (let n = 0; n < 10_000; n++) {
    const answer = String(n).padStart(4, '0');
    if (createHash('sha256').update(`${id}:${answer}`).digest('hex') === row?.answer_hash) return answer;
  }
  throw new Error(`no captcha ${id}`);
}

test.afterAll(async ({ workerServers }) => {
  if (hasPostgres) await captchaRule((await workerServers.postgres()).databaseUrl, false);
});

test('with the captcha rule on, a visitor registers by reading the captcha; with it off, none is asked', async ({
  page,
  context,
  databaseUrl,
}) => {
  await captchaRule(databaseUrl, true);
  await page.goto('/');
  await closePopups(page);
  await page.getByTestId('site-header').getByRole('button', { name: 'Cadastre-se' }).click();
  const form = page.getByTestId('register-form');
  await expect(form.getByTestId('captcha-image')).toBeVisible();

  const username = `cap${Date.now().toString(36)}`;
  await form.getByLabel('Nome de usuário').fill(username);
  await form.getByLabel(/^Senha/).fill('Secret123');
  await form.getByLabel('Confirmar senha').fill('Secret123');
  await form.getByRole('checkbox').check();
  // Without the answer the form says so and sends nothing.
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(form).toContainText('Por favor, digite o captcha');

  // A wrong answer spends the captcha: a new picture comes and the field is cleared.
  const first = await form.getByTestId('captcha-image').getAttribute('src');
  const firstId = (await context.cookies()).find((c) => c.name === 'captcha_id')!.value;
  const firstAnswer = await readCaptcha(databaseUrl, firstId);
  await form.getByLabel('Captcha').fill(firstAnswer === '0000' ? '1111' : '0000');
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(form.getByTestId('register-error')).toContainText('captcha');
  await expect(form.getByTestId('captcha-image')).not.toHaveAttribute('src', first!);
  await expect(form.getByLabel('Captcha')).toHaveValue('');

  const id = (await context.cookies()).find((c) => c.name === 'captcha_id')!.value;
  expect(id).not.toBe(firstId);
  await form.getByLabel('Captcha').fill(await readCaptcha(databaseUrl, id));
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByTestId('member-account')).toHaveText(username);

  // Off again: the form asks for no captcha, and registering works without one.
  await captchaRule(databaseUrl, false);
  await page.getByTestId('member-block').getByRole('button', { name: 'Sair' }).click();
  await page.getByTestId('logout-confirm').getByRole('button', { name: 'Confirmar' }).click();
  await page.goto('/register');
  const again = page.getByTestId('register-form');
  await expect(again.getByLabel('Nome de usuário')).toBeVisible();
  await expect(again.getByTestId('captcha-image')).toHaveCount(0);
  const other = `nocap${Date.now().toString(36)}`;
  await again.getByLabel('Nome de usuário').fill(other);
  await again.getByLabel(/^Senha/).fill('Secret123');
  await again.getByLabel('Confirmar senha').fill('Secret123');
  await again.getByRole('checkbox').check();
  await again.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByTestId('member-account')).toHaveText(other);
});
