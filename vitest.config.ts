import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'provider',
          environment: 'node',
          include: ['tests/provider/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/{unit,components,machines}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          // Some model checks run thousands of seeded rounds: seconds alone, several times that beside the
          // server tests on a loaded CI machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
