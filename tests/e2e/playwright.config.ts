import { defineConfig } from '@playwright/test';

const port = Number(process.env.PATIO_E2E_PORT ?? 18080);

// Debian's Chromium, never a downloaded browser (the network reaches only package registries).
export default defineConfig({
  testDir: './specs',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  // No retries: a journey that fails once is a failure (each spec creates what it needs).
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    // The product honours reduced motion (no antd animations): nothing is clicked or judged
    // halfway through a dialog's or a list's animation (a click on a dialog's button while it
    // opened was lost once in CI).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    command: `bash ./serve.sh ${port}`,
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
