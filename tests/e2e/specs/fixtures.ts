import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every page a spec visits is checked with axe-core: after each `page.goto` and on the page a
 * test ends on. Serious and critical violations fail the test (the brief's bar); lesser ones
 * are left to review.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (page.isClosed() || page.url() === 'about:blank') return;
  await page.waitForLoadState('domcontentloaded');
  // The SPA renders after its session read; let the first screen settle before judging it.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // A dialog or message caught mid-animation is half transparent: judge the settled screen.
  await page
    .waitForFunction(() => !document.querySelector('[class*="-enter-active"], [class*="-leave-active"], [class*="-appear-active"]'), undefined, { timeout: 3_000 })
    .catch(() => undefined);
  // Colours are judged as they end, not halfway through a CSS transition (a button whose colours
  // change blends the two for 0.2 s). Transitions end; looping animations (spinners) are left.
  await page
    .waitForFunction(
      () => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n  ')}`)
    .join('\n');
  expect(bad, `axe-core on ${page.url()}:\n${report}`).toEqual([]);
}

export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await expectAccessible(page);
      return response;
    };
    await use(page);
    await expectAccessible(page);
  },
});

export { expect };
export { request } from '@playwright/test';
export type { APIRequestContext, Locator } from '@playwright/test';
export type { Page };
