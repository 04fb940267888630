/** Empties the CI database named by TEST_DATABASE_URL (its public schema) before a run. */
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('TEST_DATABASE_URL not set: nothing to reset');
  process.exit(0);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query('DROP SCHEMA IF EXISTS public CASCADE');
await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
await client.query('CREATE SCHEMA public');
// Scratch databases left by an interrupted earlier run.
const { rows } = await client.query<{ datname: string }>(
  "SELECT datname FROM pg_database WHERE datname ~ '^test_[0-9a-f]{12}$'",
);
for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
await client.end();
console.log(`reset ${new URL(url).pathname.slice(1)} (and ${rows.length} leftover scratch databases)`);
