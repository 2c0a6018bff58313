import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '8080'}`;

// The portal is built into dist/ and served by the API server on the same port.
// `npm run dev` serves it with hot reload on 5173 and forwards /api to a running server.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': apiTarget } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000 },
});
