import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backendOrigin = 'http://127.0.0.1:3000';

export default defineConfig({
  // The router plugin must run before the React plugin: it writes src/routeTree.gen.ts
  // (gitignored) and splits each route into lazily loaded chunks.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: backendOrigin, changeOrigin: false },
      '/uploads': { target: backendOrigin, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backendOrigin, changeOrigin: false },
      '/uploads': { target: backendOrigin, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No manual vendor chunks: splitting react from its scheduler/jsx runtime broke chunk
    // initialisation order at run time ('Cannot set properties of undefined').
  },
});
