/**
 * Builds only the widget entry into out/renderer (without emptying it), for working on the widget while the
 * app's entry is mid-edit: `npx vite build -c src/renderer/widget/vite.widget.config.ts`. The normal build
 * (`npm run build:renderer`) builds both entries.
 */
import react from '@vitejs/plugin-react';
// eslint-disable-next-line no-restricted-imports -- a build configuration: it runs in Node, not in the page.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, '..');

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: resolve(root, '../../out/renderer'),
    emptyOutDir: false,
    rollupOptions: { input: { widget: resolve(root, 'widget.html') } },
  },
});
