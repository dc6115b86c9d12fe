import { defineConfig } from 'electron-vite';
import { renderer } from './electron.vite.config';

/** Builds only the renderer (what the headless server and the end-to-end tests need). */
export default defineConfig({ renderer });
