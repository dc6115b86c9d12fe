import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

/** The renderer: the React app and the hosted widget pages. Also built alone by `npm run build:renderer`. */
export const renderer = {
  root: resolve(__dirname, 'src/renderer'),
  // The engine serves the app at / with client-side routing (deep links like /connections/3), so assets
  // need absolute URLs; electron-vite forces './' in production, this plugin (running after it) resets it.
  plugins: [react(), { name: 'coffer-absolute-base', config: () => ({ base: '/' }) }],
  build: {
    // electron-vite leaves the renderer unminified; the engine also serves it to browsers, so minify.
    // COFFER_NO_MINIFY=1 keeps the names, for reading a CPU profile of the built app (docs/architecture.md, Developing).
    minify: !process.env.COFFER_NO_MINIFY,
    rollupOptions: {
      input: {
        index: resolve(__dirname, 'src/renderer/index.html'),
        // The hosted widget pages: a separate, lighter entry served under {widget_url}/widget/*.
        widget: resolve(__dirname, 'src/renderer/widget.html'),
      },
    },
  },
};

export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // The engine, forked by the shell as a utilityProcess (the same code `npm run serve` runs).
          engine: resolve(__dirname, 'src/main/engine/utility-entry.ts'),
          // The engine's results writer thread (a worker_threads worker it starts: engine.ts).
          'results-thread': resolve(__dirname, 'src/main/engine/results-thread.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // Sandboxed preloads must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer,
});
