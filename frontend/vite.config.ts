import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { APP_ROUTES_FILE, routePathsOf } from './src/app-routes';

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
 * Build only: writes dist/.vite/module-chunks.json, the chunk that holds each of the app's own
 * modules (`src/…`, a route's split parts as `src/routes/…?tsr-split=…`). The manifest names a
 * chunk only by the module it starts from, and a module merged into a chunk shared with others
 * is not named at all; scripts/first-page-size.mjs reads this to find the first page's chunks.
 */
function moduleChunks(): Plugin {
  let root = '';
  return {
    name: 'module-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const module = relative(root, id);
          if (module.startsWith('src/')) chunks[module] = output.fileName;
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/module-chunks.json',
        source: `${JSON.stringify(chunks, null, 2)}\n`,
      });
    },
  };
}

/**
 * Build only: writes dist/.vite/app-routes.json, the router's pages (src/app-routes.ts), which
 * the server reads to answer any other path with status 404.
 */
function appRoutes(): Plugin {
  let root = '';
  return {
    name: 'app-routes',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      const paths = routePathsOf(readFileSync(`${root}/src/routeTree.gen.ts`, 'utf8'));
      this.emitFile({
        type: 'asset',
        fileName: APP_ROUTES_FILE,
        source: `${JSON.stringify({ paths }, null, 2)}\n`,
      });
    },
  };
}

/**
 * `vite build --ssr src/entry-server.tsx --outDir dist/.ssr` (after the browser's build, which
 * empties dist): the server's render of the public pages, one self-contained bundle the app's
 * server loads at start (backend/src/api/ssr). Not served: the server refuses dot folders.
 */
const SSR_BUILD = {
  copyPublicDir: false,
  // Read by the server only: no need to shrink it, and its stack traces stay readable.
  minify: false,
  rollupOptions: {
    // CommonJS: the server (CommonJS itself, and its tests under Jest) requires it.
    output: { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'assets/[hash:7].cjs' },
  },
} as const;

export default defineConfig(({ isSsrBuild }) => ({
  // The router plugin must run before the React plugin: it writes src/routeTree.gen.ts
  // (gitignored) and splits each route into lazily loaded chunks.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader and pending page travel with its page, not in the first download (the
      // router shows the pending page only after a while). The loader's fetch then starts once
      // that chunk is in: a hovered link has loaded both already, and a returning visitor has
      // the chunk cached; a new visitor's first page is the age gate.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component', 'pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
    }),
    react(),
    tailwindcss(),
    adminLoginMarkerInDev(),
    moduleChunks(),
    appRoutes(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // TanStack Store asks for the shim of useSyncExternalStore, a copy for React before 18;
      // React 19 has it built in, which the non-shim entry uses.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: backendOrigin, changeOrigin: false },
      '/uploads': { target: backendOrigin, changeOrigin: false },
      // The app's development mail inbox (a page of the server's, not of the frontend).
      '/dev/mail': { target: backendOrigin, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backendOrigin, changeOrigin: false },
      '/uploads': { target: backendOrigin, changeOrigin: false },
    },
  },
  // One bundle with React and the router in it: the server's image holds no frontend packages.
  ssr: { noExternal: true },
  // React's production build on the server too, whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { ...SSR_BUILD, manifest: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // dist/.vite/manifest.json: scripts/first-page-size.mjs reads which chunks the home page loads.
        manifest: true,
        // Every browser the app supports knows <link rel="modulepreload">; one that does not only
        // loads the lazy chunks' imports a little later.
        modulePreload: { polyfill: false },
        // Chunks are named by their hash only: the entry lists every lazy chunk's file (to preload
        // its imports with it), so their length counts there: 7 characters, the fewest Rollup takes
        // for this many chunks.
        rollupOptions: { output: { chunkFileNames: 'assets/[hash:7].js' } },
        // Terser with two compress passes writes a smaller first page than esbuild's minifier, and
        // the first page is held to a budget (scripts/first-page-size.mjs; docs/bench/history.md).
        minify: 'terser',
        terserOptions: {
          compress: { passes: 2 },
          module: true,
        },
        // No manual vendor chunks: splitting react from its scheduler/jsx runtime broke chunk
        // initialisation order at run time ('Cannot set properties of undefined').
      },
}));
