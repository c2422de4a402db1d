import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceConditions } from '../vitest.shared.ts';
import { integrationSpritePlugin } from './scripts/integration-sprite.ts';

export default defineConfig(({ isSsrBuild }) => ({
  ...sourceConditions,
  plugins: [react(), integrationSpritePlugin()],
  // One .env at the repository root serves the server and the build (VITE_* only reach the browser).
  envDir: '..',
  build: {
    outDir: isSsrBuild ? 'dist/ssr' : 'dist/client',
    emptyOutDir: true,
    // Hashed file names under /assets are served with a one-year immutable cache.
    assetsDir: 'assets',
    // .vite/manifest.json maps each route's source to its JS and CSS: the prerender links a
    // page's own stylesheets (no unstyled flash) and the bench sums each route's JS.
    manifest: !isSsrBuild,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
