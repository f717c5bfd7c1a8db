import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on :3000 (npm run dev); Vite proxies to it so cookies stay same-origin.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 800 },
});
