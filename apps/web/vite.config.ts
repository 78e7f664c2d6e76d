import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // WEB_DIST lets several builds (parallel test runs) each have their own folder.
  build: { outDir: process.env.WEB_DIST ?? 'dist', emptyOutDir: true },
  server: {
    // The API listens on 3000 in development; the built app is served by the API itself.
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}` } },
  },
});
