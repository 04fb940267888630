import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/**
 * Writes a brotli and a gzip copy beside every text file of the build, which the server sends to
 * browsers that accept them (`preCompressed` in server/app.ts): on a phone's link the site's scripts
 * arrive in a third of the bytes, and the server spends no CPU compressing them per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * The boot loads the site's code with `import()`, which the browser would only start once the boot has
 * arrived and run: the page asks for it at once instead, beside the boot.
 */
function preloadSiteCode(): Plugin {
  return {
    name: 'preload-site-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.values(ctx.bundle ?? {}).filter(
          (c) => c.type === 'chunk' && (c.name === 'framework' || c.name === 'site'),
        );
        return files.map((c) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${c.fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadSiteCode()],
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: true,
    // The framework file (React, its DOM, the router, i18next, XState) is one file on purpose.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        // Over HTTP/1.1 a phone fetches six files at a time, each round of them a round trip: the first
        // screen comes in a handful of files, not thirty (bench/login-speed.ts).
        codeSplitting: {
          groups: [
            {
              // What the boot (src/main.tsx) runs before the site's code has arrived: it asks for the data.
              name: 'boot',
              test: /node_modules[\\/]ky[\\/]|[\\/]src[\\/](api[\\/](client|seal|paths|errors|languages|cache)\.ts|features[\\/](preferences[\\/]storage|account[\\/]affiliate|home[\\/]home-requests)\.ts|catalogues\.ts)$/,
              priority: 30,
            },
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            // The site's shell with what it imports (not what it loads lazily), and the small parts the home
            // screen shares with other screens, so that those never need the home screen's file.
            {
              name: 'site',
              test: /[\\/]src[\\/](start\.tsx|api[\\/]useRemote\.ts|features[\\/]common[\\/]usePageTitle\.ts|ui[\\/]SafeHtml\.tsx|features[\\/]home[\\/](GameGrid|AnnouncementList)\.tsx|features[\\/]games[\\/]favourites\.ts)$/,
              priority: 10,
            },
            { name: 'home', test: /[\\/]src[\\/]features[\\/]home[\\/]HomePage\.tsx$/, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: Object.fromEntries(
      ['/wps', '/lgw', '/lotto', '/api', '/art'].map((p) => [p, { target: api, ws: true }]),
    ),
  },
});
