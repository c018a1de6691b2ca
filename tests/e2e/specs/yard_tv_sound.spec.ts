/**
 * Issue 22, item 10 in a real browser: the yard TV in a browser that keeps sound locked until a
 * touch (no AudioContext stub, unlike `openYardTv` in support.ts) shows 'Ativar som' with its
 * explanation; pressed, the control goes and the voice says 'Som ativado'.
 */
import { chromium } from '@playwright/test';
import { expect, expectAccessible, test, type Page } from './fixtures';
import { recordSpeech, spoken, sql } from './support';

// Playwright's trace recording snapshots the page through evaluations made "with a user
// gesture" (CDP `userGesture: true`), which gives the page user activation and so unlocks its
// audio before anyone touched it: with the trace on, this browser never looks locked. For the
// same reason nothing below evaluates in the page (nor runs axe) before the touch.
test.use({ trace: 'off' });

const demoId = () => Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/yard-c-${name}.png`, fullPage: true });

test.afterAll(() => {
  sql(`UPDATE settings SET checkin_ip = NULL WHERE company_id = (SELECT id FROM companies WHERE name = 'Demo Agro')`);
});

test("the yard TV asks for a touch before sound in a browser that locks it, and 'Ativar som' goes once pressed", async ({ baseURL }) => {
  const demo = demoId();
  sql(`UPDATE settings SET checkin_ip = '127.0.0.1' WHERE company_id = ${demo}`);
  // A TV's browser as it comes: no sound before a touch. Chrome's own default policy is named
  // so that the run does not depend on the headless shell's choice. (Not
  // `--autoplay-policy=user-gesture-required`: under that legacy policy Chromium lets a Web
  // Audio context run.) The page's AudioContext is the browser's own, no stub.
  const tvBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=document-user-activation-required'],
  });
  try {
    const context = await tvBrowser.newContext({ baseURL, locale: 'pt-BR', reducedMotion: 'reduce' });
    // Only the voice is recorded (the machine has no speech engine); the audio is real.
    await recordSpeech(context);
    const tv = await context.newPage();
    const errors: string[] = [];
    tv.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    tv.on('pageerror', (e) => errors.push(e.message));
    await tv.goto(`/tv?empresa=${demo}`);
    await expect(tv.getByRole('heading', { name: 'Chamada de motoristas' })).toBeVisible();
    const enable = tv.getByRole('button', { name: 'Ativar som' });
    await expect(enable).toBeVisible();
    await expect(tv.getByText('O navegador só libera o som depois de um toque nesta tela.', { exact: false })).toBeVisible();
    await shot(tv, 'tv-locked');
    await enable.click();
    await expect(enable).toHaveCount(0);
    await expect.poll(() => spoken(tv)).toContain('Som ativado');
    await expectAccessible(tv);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await tvBrowser.close();
  }
});
