import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

// The dev server proxies the API (and its socket) to a server started with `npm run dev`.
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Building a zod schema has no effect besides its value, so a schema no code of a chunk uses is
      // left out of it; with contracts' `sideEffects: false`, the entry no longer builds every schema of
      // the platform before the page can render (bench:dashboard's shared link: about 140 ms less
      // main-thread work in an A/B, 186 → 21 kB in the chunk every page starts with).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
