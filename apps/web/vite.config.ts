import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const API_TARGET = process.env.VIGIL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      // One rule covers JSON calls and the server-sent-events stream: the proxy streams
      // responses as they arrive, so SSE keeps working through it.
      '/api': {
        target: API_TARGET,
        changeOrigin: false,
        configure: (proxy) => {
          proxy.on('proxyReq', (req) => {
            // Compressed SSE would be buffered by the proxy; ask for identity.
            if (req.path.startsWith('/api/v1/realtime')) req.setHeader('accept-encoding', 'identity');
          });
        },
      },
    },
  },
  preview: { proxy: { '/api': { target: API_TARGET } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/landing-js.mjs reads each page's first-load JavaScript from the chunk graph.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The UI pieces the app's pages share (components/ui primitives, the pieces features
              // promoted to components/ and lib/) travel as one chunk: one request instead of one
              // each, and one name in the entry's preload map instead of one each, so promoting a
              // piece never grows the landing page's JavaScript. None of them is on the landing
              // page; bench/landing-js.mjs would show it if one were. The pieces built on Radix
              // (dialog, menu, switch) stay out: in the group they made every page that uses any
              // piece load Radix too (the sign-in page: 187 KB gzip with them, 153 without).
              name: 'app-ui',
              test: /[\\/]apps[\\/]web[\\/]src[\\/](components[\\/](ui[\\/](badge|banner-link|card|field-frame|page-header|password-field|progress|scroll-table|select-field|settings-form|text-field|textarea-field)|charts[\\/]figure-card)|lib[\\/](camera-status|download|vms-plan-refusal))\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        // packages/shared builds zod schemas at module level; its modules have no other
        // effects, so unused schemas (and zod with them) can leave the browser bundle.
        moduleSideEffects: (id: string) => !id.includes('/packages/shared/'),
      },
    },
  },
});
