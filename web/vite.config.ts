import { defineConfig } from 'vite';

/**
 * The web page, built into dist/web (served by the server at `/`). Paths are relative to the
 * repository root, where `npm run build` runs. Everything is bundled: no CDN, no external fonts.
 */
export default defineConfig({
  root: 'web',
  base: './',
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
});
