import { request } from '@playwright/test';
import { expect, test } from './fixtures';
import { PASSWORD, signIn, sql, unique } from './support';

// A Portaria operator of this spec's own (created through the API by the root administrator),
// so the demo people stay as seeded whatever this spec changes.
const run = unique();
const email = `p${run}@patio.local`;
const name = `Portaria ${run}`;

test.beforeAll(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', {
    data: { email: 'admin@patio.local', password: PASSWORD, company: null, recaptcha_token: '', page: 'staff' },
  });
  expect(login.ok()).toBe(true);
  const company = Number(sql("SELECT id FROM companies WHERE name = 'Demo Agro'"));
  const saved = await api.post('/api/users/save', {
    data: { id: 0, name, email, password: PASSWORD, role: 'Portaria', company: { id: company }, isRoot: false, receivesEmail: false, isEnabled: true },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  await api.dispose();
});

test('a dispatch operator edits name and phone on the simple profile form', async ({ page }) => {
  await signIn(page, '/expedicao', email, '/expedicao/painel');

  await page.getByRole('button', { name: 'Perfil', exact: true }).last().click();
  await expect(page).toHaveURL('/perfil');
  await expect(page.getByLabel('Nome')).toHaveValue(name);
  await page.getByLabel('Nome').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome é obrigatório!')).toBeVisible();

  await page.getByLabel('Nome').fill('Portão Norte');
  await page.getByLabel('Telefone').fill('66999990000');
  await expect(page.getByLabel('Telefone')).toHaveValue('(66) 9 9999-0000');
  // The page reloads after 2.5 s and shows what was stored: wait for that reload.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cadastro realizado com sucesso')).toBeVisible();
  await reloaded;
  await expect(page.getByLabel('Nome')).toHaveValue('Portão Norte');
  expect(sql(`SELECT fone FROM users WHERE email = '${email}'`)).toBe('(66) 9 9999-0000');
});

test('a new password keeps this browser signed in and signs the operator out elsewhere', async ({ page, browser }) => {
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  try {
    await signIn(page, '/expedicao', email, '/expedicao/painel');
    await signIn(other, '/expedicao', email, '/expedicao/painel');
    // Sessions count whole seconds: the change must fall in a later second than the sign-ins.
    const signedIn = Math.floor(Date.now() / 1000);
    await expect.poll(() => Math.floor(Date.now() / 1000), { intervals: [50] }).toBeGreaterThan(signedIn);

    await page.goto('/perfil');
    await expect(page.getByLabel('Nome')).not.toHaveValue('');
    await page.getByLabel('Nova senha').fill('novasenha1');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Cadastro realizado com sucesso')).toBeVisible();

    // This browser got a fresh session with the answer; the other one is sent to sign in.
    await page.reload();
    await expect(page).toHaveURL('/perfil');
    await expect(page.getByLabel('Nome')).not.toHaveValue('');
    await other.goto('/expedicao/painel');
    await expect(other).toHaveURL('/expedicao');
    await expect(other.getByLabel('Senha')).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});
