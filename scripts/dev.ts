/**
 * `npm run dev`: the API server (restarting on change) and Vite with hot reload in front of it, on one
 * address. Open http://localhost:3000 (add ?inspect to watch the state machines in the Stately inspector).
 */
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      STATIC_DIR: './nonexistent',
    },
  }),
  spawn('npx', ['vite', '--host'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
