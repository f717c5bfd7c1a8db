import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compiledCatalogues } from '@pid5/i18n/vite-plugin';

/** In development, patient links get the patient entry (the server does the same in production: web-static.ts). */
const patientPages: Plugin = {
  name: 'pid5-patient-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/(test|consent)\//.test(req.url)) {
        req.url = '/patient.html';
      }
      next();
    });
  },
};

// In development the API runs on :3000 (npm run dev); Vite proxies to it so cookies stay same-origin.
export default defineConfig({
  plugins: [compiledCatalogues(), react(), patientPages],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Two entries: the staff app, and the small patient app served for /test/* and /consent/*.
    rolldownOptions: { input: { main: 'index.html', patient: 'patient.html' } },
  },
});
