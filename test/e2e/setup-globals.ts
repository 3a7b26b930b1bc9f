import { unbuiltRoutes } from '../../scripts/screen-names';

/**
 * The build-time constants the app's modules read, for the end-to-end files that import them in Node
 * (test/e2e/nginx.test.ts walks src/app/routes.ts): Vitest's `define` does not reach modules run in Node here.
 */
(globalThis as Record<string, unknown>).__UNBUILT_ROUTES__ = unbuiltRoutes();
