import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API (and its socket) to a server started with `npm run dev`.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
