/**
 * The real server as its own process for a bench: a free port, a fresh embedded database in a temporary
 * folder (PostgreSQL when DATABASE_URL is set), and a stop that removes what it made.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface SiteServer {
  base: string;
  process: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startSiteServer(name: string, env: Record<string, string> = {}): Promise<SiteServer> {
  const port = await freePort();
  const dataDir = path.join(os.tmpdir(), `bench-${name}-${process.pid}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/wps/system/status`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 180) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    process: child,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
