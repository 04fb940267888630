/**
 * Game vendors on the configured database, as the back office manages them (each change is audited):
 *   npm run vendor -- list
 *   npm run vendor -- connect <CODE> <launch-url> [--secret <s>] [--transfer] [--window] [--currency FUN,BRL]
 *   npm run vendor -- rotate <CODE> [--secret <s>]
 *   npm run vendor -- disconnect <CODE>
 * A secret made here is printed once: give it to the vendor, it signs every wallet call with it.
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { brands } from '../server/db/schema';
import { AppError } from '../server/http/app-error';
import { translate } from '../server/http/messages';
import { masterBox, resolveMasterKey } from '../server/lib/master-key';
import { SecretBox } from '../server/lib/secret-box';
import { installationSecret } from '../server/lib/secrets';
import { AuditRepository } from '../server/modules/backoffice/audit.repository';
import { VendorIntegrations } from '../server/modules/wallet/vendor-integrations.service';
import { errorCatalogue } from '../src/api/errors';
import { openConfiguredDatabase } from './configured-database';

const USAGE = `usage:
  npm run vendor -- list
  npm run vendor -- connect <CODE> <launch-url> [--secret <s>] [--transfer] [--window] [--currency FUN,BRL]
  npm run vendor -- rotate <CODE> [--secret <s>]
  npm run vendor -- disconnect <CODE>`;

const args = process.argv.slice(2);
const [command, code, url] = args;
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
if (!command || (command !== 'list' && !/^[A-Z0-9_]{1,32}$/.test(code ?? ''))) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  const db = handle.db;
  const [brand] = await db.select().from(brands).where(eq(brands.isDefault, true));
  if (!brand) throw new Error('no brand yet: start the server once first');
  const master = masterBox(resolveMasterKey(config));
  const integrations = VendorIntegrations.on(
    db,
    new SecretBox(await installationSecret(db, master, 'sealed-secrets-key')),
    { requireHttps: config.mode === 'production' },
  );
  const audit = new AuditRepository(db);
  const audited =
    (action: string, detail: Record<string, unknown> = {}) =>
    (tx: typeof db) =>
      audit.insert(
        {
          operatorId: null,
          brandId: brand.id,
          action,
          target: code!,
          detail: { ...detail, via: 'cli' },
          ip: null,
        },
        tx,
      );

  if (command === 'list') {
    for (const c of await integrations.list(brand.id))
      console.log(
        `${c.vendor.padEnd(14)} ${c.active ? 'connected   ' : 'disconnected'} ${c.mode.padEnd(9)} ${c.opensIn.padEnd(6)} ${c.launchUrl ?? '(no launch address)'}`,
      );
  } else if (command === 'connect') {
    if (!url) throw new Error(USAGE);
    const secret = option('secret');
    const input = {
      vendor: code!,
      launchUrl: url,
      mode: flag('transfer') ? ('transfer' as const) : ('seamless' as const),
      currencies: (option('currency') ?? '').split(',').filter(Boolean),
      opensIn: flag('window') ? ('window' as const) : ('page' as const),
      secret,
    };
    const { secret: used } = await integrations.connect(
      brand.id,
      input,
      audited('vendor_connect', { launchUrl: url, mode: input.mode, secretGiven: secret !== undefined }),
    );
    console.log(`${code} connected at ${url}`);
    if (!secret) console.log(`its signing secret, shown once: ${used}`);
  } else if (command === 'rotate') {
    const secret = option('secret');
    const { secret: used } = await integrations.rotate(
      brand.id,
      code!,
      secret,
      audited('vendor_rotate', { secretGiven: secret !== undefined }),
    );
    console.log(`${code}: new signing secret${secret ? ' saved' : `, shown once: ${used}`}`);
  } else if (command === 'disconnect') {
    await integrations.disconnect(brand.id, code!, audited('vendor_disconnect'));
    console.log(`${code} disconnected: its calls are refused and its games do not launch`);
  } else {
    throw new Error(USAGE);
  }
} catch (error) {
  // A refusal (an in-house code, an unknown vendor, a bad address) prints its code and what it means.
  console.error(
    error instanceof AppError
      ? `${error.code}: ${translate('en', errorCatalogue[error.code].key, error.params)}`
      : (error as Error).message,
  );
  process.exitCode = 1;
} finally {
  await handle.close();
}
