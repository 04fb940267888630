import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Runs wrk with a script of bench/wrk/ at `connections` for `seconds` against `base` (two threads at
 * most: the server shares the cores), the script's own arguments after `--`. The script prints one JSON
 * line at its end: answered parsed, with wrk's own CPU seconds as last seen while it ran.
 */
export async function runWrk<T>(opts: {
  script: string;
  base: string;
  connections: number;
  seconds: number;
  /** The script's arguments; a function of the thread count wrk runs with. */
  args: (threads: number) => string[];
}): Promise<{ result: T; cpu: number }> {
  const threads = Math.min(2, opts.connections);
  const child = spawn(
    'wrk',
    [
      '-t',
      String(threads),
      '-c',
      String(opts.connections),
      '-d',
      `${opts.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      opts.script,
      opts.base,
      '--',
      ...opts.args(threads),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  // Its CPU as last seen while it ran (the process is gone once it has printed).
  let cpu = 0;
  const watch = setInterval(() => {
    try {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpu = (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // It has ended.
    }
  }, 100);
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(watch);
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (status !== 0 || !line) throw new Error(`wrk failed (exit ${status}): ${out}`);
  return { result: JSON.parse(line) as T, cpu };
}
