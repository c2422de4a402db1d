import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceConditions } from '../vitest.shared.ts';

export default defineConfig(({ isSsrBuild }) => ({
  ...sourceConditions,
  plugins: [react()],
  build: {
    outDir: isSsrBuild ? 'dist/ssr' : 'dist/client',
    emptyOutDir: true,
    // Hashed file names under /assets are served with a one-year immutable cache.
    assetsDir: 'assets',
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
