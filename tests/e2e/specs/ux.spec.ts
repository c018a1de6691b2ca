import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures';
import { createCompany, PASSWORD, signIn, unique } from './support';

// Issue 10: rough edges of the settings, logs and editor screens. Each test works on a company
// of its own, created through the API.

const panel = (page: Page) => page.getByRole('tabpanel');

test('a term form error disappears as soon as its field becomes valid', async ({ page, request }) => {
  const companyId = await createCompany(request, `Termos UX ${unique()}`);
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.goto(`/termos-de-acesso/${companyId}/novo/undefined`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Título é obrigatório')).toBeVisible();
  await expect(page.getByText('Conteúdo é obrigatório')).toBeVisible();

  await page.getByLabel('Título').fill('Termo UX');
  await expect(page.getByText('Título é obrigatório')).toHaveCount(0);
  await expect(page.getByText('Conteúdo é obrigatório')).toBeVisible();
  await page.getByRole('textbox', { name: 'Conteúdo' }).click();
  await page.keyboard.type('Texto do termo.');
  await expect(page.getByText('Conteúdo é obrigatório')).toHaveCount(0);
});

test('the rich-text editor speaks pt-BR and keeps its link box inside', async ({ page, request }) => {
  const companyId = await createCompany(request, `Editor UX ${unique()}`);
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.goto(`/termos-de-acesso/${companyId}/novo/undefined`);
  const editor = page.getByRole('textbox', { name: 'Conteúdo' });
  await editor.click();
  await page.keyboard.type('Leia');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Negrito' }).waitFor();
  await expect(page.getByRole('button', { name: 'Estilo do texto' })).toBeVisible();
  await page.getByRole('button', { name: 'Inserir link' }).click();
  const tooltip = page.locator('.ql-tooltip.ql-editing');
  await expect(tooltip).toBeVisible();
  const before = await tooltip.evaluate((el) => getComputedStyle(el, '::before').content);
  expect(before).toBe('"Link:"');
  const save = await tooltip.locator('a.ql-action').evaluate((el) => getComputedStyle(el, '::after').content);
  expect(save).toBe('"Salvar"');
  await expect(tooltip.locator('input')).toHaveAttribute('placeholder', 'https://exemplo.com.br');
  const box = await tooltip.boundingBox();
  const frame = await page.locator('.st-editor').boundingBox();
  expect(box && frame && box.x >= frame.x && box.x + box.width <= frame.x + frame.width + 1).toBe(true);
  await page.screenshot({ path: test.info().outputPath('editor-link.png') });
});

test('the pop-up image picker refuses a text file named .png', async ({ page, request }) => {
  const companyId = await createCompany(request, `Popup UX ${unique()}`);
  const dir = mkdtempSync(join(tmpdir(), 'patio-e2e-'));
  const fake = join(dir, 'foto.png');
  writeFileSync(fake, 'isto não é uma imagem');
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.goto(`/settings?empresa=${companyId}&aba=popups`);
  await page.getByTestId('popup-file').setInputFiles(fake);
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'A imagem deve ser PNG ou JPEG.' })).toBeVisible();
  await expect(page.getByTestId('popup-preview').getByRole('img')).toHaveCount(0);
});

test('a pop-up form error disappears as soon as its field becomes valid', async ({ page, request }) => {
  const companyId = await createCompany(request, `Popup Val ${unique()}`);
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.goto(`/settings?empresa=${companyId}&aba=popups`);
  await panel(page).getByRole('button', { name: 'Salvar' }).click();
  const required = panel(page).locator('.ant-form-item-explain-error');
  await expect(required.first()).toBeVisible();
  await panel(page).getByLabel('Título').fill('Aviso');
  await expect(required).toHaveCount(0);
});

test('the settings save button stays in view on the long Informações tab', async ({ page, request }) => {
  const companyId = await createCompany(request, `Info UX ${unique()}`);
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.goto(`/settings?empresa=${companyId}&aba=informacoes`);
  const save = panel(page).getByRole('button', { name: 'Salvar' });
  await expect(save).toBeVisible();
  await expect(save).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('settings-info.png') });
});

test('the date range of Bloqueios names both of its fields', async ({ page, request }) => {
  const companyId = await createCompany(request, `Bloq UX ${unique()}`);
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.goto(`/settings?empresa=${companyId}&aba=bloqueios`);
  await expect(panel(page).getByRole('textbox', { name: 'Data inicial' })).toBeVisible();
  await expect(panel(page).getByRole('textbox', { name: 'Data final' })).toBeVisible();
});

test('the logs page says the search ended only after a search the user started', async ({ page }) => {
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  const first = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/logs') && r.ok());
  await page.goto('/logs');
  await first;
  const done = page.locator('.ant-message-notice').filter({ hasText: 'Consulta finalizada!' });
  await expect(page.getByRole('button', { name: 'Pesquisar' })).toBeEnabled();
  await expect(done).toHaveCount(0);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(done).toBeVisible();
});

test('the CEP-failure notice goes away once the address is typed by hand', async ({ page }) => {
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.route('**/api/postal-code/**', (route) =>
    route.fulfill({
      status: 503,
      json: { statusCode: 503, code: 'unavailable', message: 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.' },
    }),
  );
  await page.goto('/empresa/novo');
  await page.getByLabel('CEP').fill('01310100');
  const notice = page.getByText('Não foi possível consultar o CEP agora. Preencha o endereço manualmente.');
  await expect(notice).toBeVisible();
  await page.getByLabel('Cidade').fill('São Paulo');
  await expect(notice).toHaveCount(0);
});

test('icons are decorative: no button is named after its icon, and each admin menu entry has its own icon', async ({ page }) => {
  test.setTimeout(120_000); // a walk over eleven pages, each judged by axe
  // A Usuario's menu too: every entry its own icon (Pedidos and Produtos once shared one).
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('usuario@patio.local');
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.locator('.ant-layout-sider .ant-menu-item').first()).toBeVisible();
  const userIcons = await page
    .locator('.ant-layout-sider .ant-menu-item')
    .evaluateAll((items) => items.map((i) => i.querySelector('.anticon')?.className ?? ''));
  expect(new Set(userIcons).size, userIcons.join('\n')).toBe(userIcons.length);
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await expect(page).toHaveURL('/login');
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  for (const path of ['/dashboard', '/empresas', '/clientes', '/transportadoras', '/usuarios', '/produtos', '/pedidos', '/logs', '/settings', '/cliente/novo', '/cliente/novo/0']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    // An antd icon that is not aria-hidden lends its name ('plus', 'edit'...) to its button.
    const snapshot = await page.locator('body').ariaSnapshot();
    const leaked = snapshot
      .split('\n')
      .filter((line) => /- (button|link|menuitem) "(plus|edit|delete|search|upload|download|reload|file-text|arrow-left|eye|logout|user|setting|team|shop|car|home|bar-chart|profile|audit|form|close|check)\b/.test(line.trim()));
    expect(leaked, path).toEqual([]);
  }
  await page.goto('/empresas');
  await expect(page.getByRole('button', { name: 'Nova empresa', exact: true })).toBeVisible();
  const icons = await page
    .locator('.ant-layout-sider .ant-menu-item')
    .evaluateAll((items) => items.map((i) => i.querySelector('.anticon')?.className ?? ''));
  expect(icons.length).toBeGreaterThan(4);
  expect(new Set(icons).size, icons.join('\n')).toBe(icons.length);
});
