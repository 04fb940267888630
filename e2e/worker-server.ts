/**
 * The servers of one Playwright worker. Each worker runs its own site on its own fresh database, so two
 * workers never see each other's members, settings or counters: a walk in one worker cannot change what
 * a walk in another reads. The main server (PGlite) starts for the first walk; the maintenance server
 * and the PostgreSQL server start the first time a walk of this worker asks for them. All stop (with
 * their demo game providers) when the worker ends.
 *
 * Ports: worker p (its parallelIndex, 0 to workers - 1) uses E2E_PORT + 3p for its main server, + 1 for
 * the maintenance server and + 2 for the PostgreSQL server, each with its demo provider 100 above; with
 * one worker that is E2E_PORT, +1, +2 and +100..+102, as before. A worker that replaces a failed one gets
 * its parallelIndex, hence its ports, but a new workerIndex, hence new databases.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type ServerKind = 'main' | 'maintenance' | 'postgres' | 'sports';

export interface RunningServer {
  kind: ServerKind;
  /** The site's address, e.g. http://127.0.0.1:4310. */
  url: string;
  /** The PostgreSQL server's own database (only for kind 'postgres'). */
  databaseUrl?: string;
}

const root = path.resolve(import.meta.dirname, '..');
/** Set by playwright.config.ts in the runner, so every worker of a run shares it. */
const runId = process.env.E2E_RUN_ID ?? String(process.ppid);
export const runDir = path.join(os.tmpdir(), `e2e-${runId}`);
export const basePort = () => Number(process.env.E2E_PORT ?? 4310);
const OFFSET: Record<ServerKind, number> = { main: 0, maintenance: 1, postgres: 2, sports: 3 };
/** A fresh server takes 8 s on an idle 2-core machine; under a load of 10 it was seen to need 90. */
const STARTUP_MS = 180_000;

/** The environment every server of the run gets (as the webServer entries had before). */
function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    RATE_LIMIT_MAX: '100000',
    BRAND_CACHE_MS: '0',
    // An open page hears within a second that its login ended elsewhere.
    SOCKET_SESSION_CHECK_MS: '1000',
    // Each server runs its own demo game provider, beside it.
    DEMO_PROVIDER_PORT: String(port + 100),
    // Live tables deal every few seconds instead of every half minute.
    PROVIDER_TIMING_SCALE: '0.4',
    // Crash rounds take bets for 3 s instead of 7, so a walk waits less between rounds.
    CRASH_BETTING_MS: '3000',
    // The human check's work is the same puzzle at a tenth of the cost: a login or registration under a
    // load of 12 on two cores waited over 10 s for the browser to solve it (seen in a full run).
    HUMAN_CHECK_COST: '500',
    // The match simulator runs only on the sports walks' own server (its matches every 2 minutes).
    SPORTS_SIMULATOR: 'off',
  };
}

/**
 * The worker's environment (STATIC_DIR, TEST_DATABASE_URL...), less the colours Playwright forces on it
 * and any E2E_DATABASE_URL (only the PostgreSQL server gets one, its own).
 */
function inheritedEnv() {
  const { FORCE_COLOR: _colour, DEBUG_COLORS: _debug, E2E_DATABASE_URL: _database, ...env } = process.env;
  return env;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Whether something listens on the port. */
function listening(port: number) {
  return new Promise<boolean>((done) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Waits until nothing listens on the ports (a replaced worker's servers may still be closing). */
async function waitForFreePorts(ports: number[]) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const busy = [];
    for (const port of ports) if (await listening(port)) busy.push(port);
    if (busy.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `ports ${busy.join(', ')} are taken: another run uses this E2E_PORT (${basePort()}); pick another`,
      );
    }
    await sleep(500);
  }
}

/** The database name of a worker's PostgreSQL server, unique to the run and the worker. */
function postgresDatabase(workerIndex: number, start: number) {
  const run = runId.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return `e2e_${run}_w${workerIndex}_${start}`;
}

class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly kind: ServerKind,
    readonly label: string,
    readonly port: number,
    readonly dataDir: string,
    readonly logFile: string,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(script: string, env: Record<string, string>) {
    await waitForFreePorts(this.kind === 'maintenance' ? [this.port] : [this.port, this.port + 100]);
    rmSync(this.dataDir, { recursive: true, force: true });
    mkdirSync(path.dirname(this.logFile), { recursive: true });
    const log = createWriteStream(this.logFile);
    // Its own process group, so stopping it stops its demo provider too; the IPC channel tells it when
    // this worker is gone, however it ended (scripts/e2e-server.ts).
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { ...inheritedEnv(), ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.child = child;
    child.stdout?.pipe(log, { end: false });
    child.stderr?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      // Errors and warnings reach the report beside the walk that was running, as the webServer's did.
      process.stderr.write(`[${this.label}] ${chunk.toString()}`);
    });
    this.exited = new Promise((done) => child.once('exit', () => done()));
    let exitCode: number | null | undefined;
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      log.end();
    });
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();

    const deadline = Date.now() + STARTUP_MS;
    for (;;) {
      if (exitCode !== undefined) throw new Error(`${this.label} exited at startup:\n${this.tail()}`);
      if (Date.now() > deadline) {
        await this.stop();
        throw new Error(`${this.label} was not ready within ${STARTUP_MS / 1000} s:\n${this.tail()}`);
      }
      const ready = await fetch(`${this.url}/wps/system/status`, { signal: AbortSignal.timeout(2_000) })
        .then((res) => res.ok)
        .catch(() => false);
      // Ready only if the answer came from this child (not from a server it failed to replace).
      if (ready && exitCode === undefined) return;
      await sleep(250);
    }
  }

  private tail() {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '(no log)';
    }
  }

  /** SIGTERM to the process group (the server closes, then its provider), SIGKILL after 10 s. */
  async stop() {
    const child = this.child;
    if (!child?.pid) return;
    this.child = null;
    const group = -child.pid;
    const signal = (sig: NodeJS.Signals) => {
      try {
        process.kill(group, sig);
      } catch {
        // The group is already gone.
      }
    };
    if (child.exitCode === null && child.signalCode === null) signal('SIGTERM');
    const timedOut = await Promise.race([this.exited.then(() => false), sleep(10_000).then(() => true)]);
    // The provider, and anything else left in the group, goes with it.
    signal(timedOut ? 'SIGKILL' : 'SIGTERM');
    if (timedOut) await this.exited;
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The kinds a walk asks for now and then; the others keep to the main server. */
const EXTRA: ServerKind[] = ['maintenance', 'postgres', 'sports'];

interface Started {
  process: ServerProcess;
  ready: Promise<RunningServer>;
  /** The PostgreSQL server's database, dropped when it stops. */
  database?: string;
}

/**
 * The servers of this worker, started on first use. The main server lives as long as the worker; the
 * maintenance and PostgreSQL servers, which a few files use, stop once a whole file has gone by without
 * using them (an idle server still spends a seventh of a core on its timers), and start again if a later
 * file asks. So two files in a row that use one (security, then status) share it.
 */
export class WorkerServers {
  private readonly started = new Map<ServerKind, Started>();
  /** The file whose walks run now, and the file each server was last asked for in. */
  private file: string | null = null;
  private readonly lastUsedIn = new Map<ServerKind, string | null>();
  private starts = 0;

  constructor(
    private readonly workerIndex: number,
    private readonly parallelIndex: number,
  ) {}

  /** This worker's site on PGlite: what `baseURL` points at. */
  main() {
    return this.get('main');
  }

  /** This worker's site in maintenance mode, where operators must enrol in two-step verification. */
  maintenance() {
    return this.get('maintenance');
  }

  /**
   * This worker's site with the match simulator on: a match of every competition every 2 minutes,
   * played 90 times faster than real time (a football match in a minute).
   */
  sports() {
    return this.get('sports');
  }

  /** This worker's site on a fresh PostgreSQL database (needs TEST_DATABASE_URL). */
  async postgres() {
    const server = await this.get('postgres');
    return server as RunningServer & { databaseUrl: string };
  }

  /**
   * Called before each walk (before its servers are asked for): on a new file, the maintenance and
   * PostgreSQL servers that the file just finished did not use are stopped.
   */
  async enterFile(file: string) {
    if (file === this.file) return;
    const finished = this.file;
    this.file = file;
    await Promise.all(
      EXTRA.filter((kind) => this.lastUsedIn.get(kind) !== finished).map((kind) => this.release(kind)),
    );
  }

  private get(kind: ServerKind) {
    this.lastUsedIn.set(kind, this.file);
    let entry = this.started.get(kind);
    if (!entry) {
      entry = this.start(kind);
      this.started.set(kind, entry);
    }
    return entry.ready;
  }

  private start(kind: ServerKind): Started {
    const port = basePort() + 4 * this.parallelIndex + OFFSET[kind];
    // A name per start: a server started again gets a fresh database too.
    const name = `w${this.workerIndex}-${kind}-${++this.starts}`;
    const server = new ServerProcess(
      kind,
      `server ${name}`,
      port,
      path.join(runDir, name),
      path.join(runDir, `${name}.log`),
    );
    const env = serverEnv(port, server.dataDir);
    const script = path.join(root, 'scripts', 'e2e-server.ts');
    if (kind === 'maintenance') {
      const extra = { MAINTENANCE_MODE: 'true', OPERATOR_TWO_FACTOR: 'required', DEMO_PROVIDER: 'false' };
      const ready = server.start(script, { ...env, ...extra }).then(() => ({ kind, url: server.url }));
      return { process: server, ready };
    }
    if (kind === 'sports') {
      const extra = { SPORTS_SIMULATOR: 'on', SPORTS_SIM_CADENCE_MINUTES: '2', SPORTS_SIM_SPEED: '90' };
      const ready = server.start(script, { ...env, ...extra }).then(() => ({ kind, url: server.url }));
      return { process: server, ready };
    }
    if (kind === 'postgres') {
      const base = process.env.TEST_DATABASE_URL;
      if (!base) throw new Error('the PostgreSQL server needs TEST_DATABASE_URL');
      const database = postgresDatabase(this.workerIndex, this.starts);
      const url = new URL(base);
      url.pathname = `/${database}`;
      const databaseUrl = url.toString();
      const ready = server
        .start(script, { ...env, E2E_DATABASE_URL: databaseUrl })
        .then(() => ({ kind, url: server.url, databaseUrl }));
      return { process: server, ready, database };
    }
    return { process: server, ready: server.start(script, env).then(() => ({ kind, url: server.url })) };
  }

  /** Stops one server (and drops its PostgreSQL database). */
  private async release(kind: ServerKind) {
    const entry = this.started.get(kind);
    if (!entry) return;
    this.started.delete(kind);
    await entry.ready.catch(() => undefined);
    await entry.process.stop();
    const base = process.env.TEST_DATABASE_URL;
    if (entry.database && base) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${entry.database} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    }
  }

  /** Stops every server of this worker (at its end). */
  async stop() {
    await Promise.all([...this.started.keys()].map((kind) => this.release(kind)));
  }
}
