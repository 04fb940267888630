import type { Config } from '../server/config';
import { openDatabase } from '../server/db/client';

/**
 * The database the server would use (`DATABASE_URL`, or PGlite in `DATA_DIR`), migrated: what every
 * command-line tool works on.
 */
export async function openConfiguredDatabase(config: Config) {
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  });
  await handle.migrate();
  return handle;
}
