import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // Each text file is also written as .br and .gz, served as they are by the API (preCompressed).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
      include: /\.(js|css|html|svg|json|txt)$/,
    }),
  ],
  // WEB_DIST lets several builds (parallel test runs) each have their own folder.
  build: {
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        strictExecutionOrder: true,
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16 * 1024 } },
      },
    },
  },
  server: {
    // The API listens on 3000 in development; the built app is served by the API itself.
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}` } },
  },
});
