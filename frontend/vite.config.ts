import { relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backendOrigin = 'http://127.0.0.1:3000';

/**
 * Dev server only: mark the document served at the admin sign-in path the way the app's server
 * does in production (backend/src/api/admin-auth/admin-login-page.ts), so `GET /api/rtm-sys/entry`
 * (proxied) lands on a working sign-in page. Set ADMIN_LOGIN_PATH to match the running app.
 * Nothing of this reaches the built bundle.
 */
function adminLoginMarkerInDev(): Plugin {
  const adminLoginPath = process.env.ADMIN_LOGIN_PATH ?? '/rtm-login';
  return {
    name: 'admin-login-marker-in-dev',
    apply: 'serve',
    transformIndexHtml(html, context) {
      const path = (context.originalUrl ?? context.path).split(/[?#]/)[0];
      if (path !== adminLoginPath) return html;
      return html.replace('</head>', '  <meta name="admin-login" content="true" />\n  </head>');
    },
  };
}

/**
 * Build only: writes dist/.vite/route-chunks.json, the chunk that holds each split part of a
 * route (`src/routes/…?tsr-split=component`). The manifest names a chunk by the module it
 * starts from, and a route's part merged into a chunk shared with other lazy modules is not
 * named at all; scripts/first-page-size.mjs reads this to find the home route's chunks.
 */
function routeChunks(): Plugin {
  let root = '';
  return {
    name: 'route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          if (id.includes('?tsr-split=')) chunks[relative(root, id)] = output.fileName;
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-chunks.json',
        source: `${JSON.stringify(chunks, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  // The router plugin must run before the React plugin: it writes src/routeTree.gen.ts
  // (gitignored) and splits each route into lazily loaded chunks.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's pending page travels with its page, not in the first download: the router
      // loads both while the route's loader runs, and shows the pending page only after that.
      codeSplittingOptions: {
        defaultBehavior: [
          ['component', 'pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
    }),
    react(),
    tailwindcss(),
    adminLoginMarkerInDev(),
    routeChunks(),
  ],
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
    // dist/.vite/manifest.json: scripts/first-page-size.mjs reads which chunks the home page loads.
    manifest: true,
    // Terser with two compress passes writes the first page about 3.3 KB (gzipped) smaller than
    // esbuild's minifier: measured with scripts/first-page-size.mjs.
    minify: 'terser',
    terserOptions: {
      compress: { passes: 2 },
      module: true,
    },
    // No manual vendor chunks: splitting react from its scheduler/jsx runtime broke chunk
    // initialisation order at run time ('Cannot set properties of undefined').
  },
});
