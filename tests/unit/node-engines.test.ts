import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const text = (file: string) => readFileSync(path.resolve(process.cwd(), file), 'utf8');
const read = (file: string) => JSON.parse(text(file));

describe('the Node.js version the README promises', () => {
  const pkg = read('package.json') as { engines: { node: string } };
  const lock = read('package-lock.json') as {
    packages: Record<string, { engines?: { node?: string } | string[] }>;
  };
  const oldest = semver.minVersion(pkg.engines.node)!.version;

  it('is the one package.json declares', () => {
    const readme = text('README.md');
    expect(readme).toContain(`Requires Node.js ${semver.major(oldest)}.${semver.minor(oldest)} or newer.`);
  });

  it("satisfies every installed package's engines, so npm install warns about none", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return name !== '' && wanted !== undefined && !semver.satisfies(oldest, wanted);
      })
      .map(([name, entry]) => `${name} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
