import { expect, test } from '@playwright/test';
import { PASSWORD, sql } from './support';

test('a dispatch operator edits name and phone on the simple profile form', async ({ page }) => {
  await page.goto('/expedicao');
  await page.getByLabel('E-mail').fill('portaria@patio.local');
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/expedicao/painel');

  await page.getByRole('button', { name: 'Perfil', exact: true }).last().click();
  await expect(page).toHaveURL('/perfil');
  await expect(page.getByLabel('Nome')).toHaveValue('Portaria Demo');
  await page.getByLabel('Nome').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome é obrigatório!')).toBeVisible();

  await page.getByLabel('Nome').fill('Portão Norte');
  await page.getByLabel('Telefone').fill('66999990000');
  await expect(page.getByLabel('Telefone')).toHaveValue('(66) 9 9999-0000');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cadastro realizado com sucesso')).toBeVisible();
  // The page reloads after 2.5 s and shows what was stored.
  await page.waitForTimeout(3_000);
  await expect(page.getByLabel('Nome')).toHaveValue('Portão Norte');
  expect(sql("SELECT fone FROM users WHERE email = 'portaria@patio.local'")).toBe('(66) 9 9999-0000');
});
