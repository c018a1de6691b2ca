import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit and component tests only: browser end-to-end specs live elsewhere (tests/e2e).
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    restoreMocks: true,
  },
  esbuild: { jsx: 'automatic' },
});
