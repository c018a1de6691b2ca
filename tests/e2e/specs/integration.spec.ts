import { expect, expectAccessible, request, test } from './fixtures';
import { signIn, unique } from './support';

// Issue 26, Integrações: a Transportadora makes an API key from its menu, sees it once (and
// copies it), finds it listed by prefix with its last use, and revokes it after confirming;
// the key works against the v1 until then and is refused at once after.

test('a Transportadora creates an API key, copies it once and revokes it', async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `TMS ${unique()}`;
  await signIn(page, '/login', 'transp@patio.local', '/expedicao/transportadora');
  await page.locator('.ant-layout-sider').getByText('Integrações', { exact: true }).click();
  await expect(page).toHaveURL('/integracoes');
  await expect(page.getByRole('heading', { name: 'Integrações', level: 2 })).toBeVisible();
  await expectAccessible(page);

  // The form checks the name before sending.
  await page.getByRole('button', { name: 'Nova chave' }).click();
  const form = page.getByRole('dialog', { name: 'Nova chave' });
  await form.getByRole('button', { name: 'Criar' }).click();
  await expect(form.getByText('Informe um nome de até 60 caracteres.')).toBeVisible();
  await form.getByLabel('Nome').fill(name);
  await form.getByRole('button', { name: 'Criar' }).click();

  // Shown once, with a copy button.
  const shown = page.getByRole('dialog', { name: `Chave criada: ${name}` });
  await expect(shown.getByText('Copie a chave agora: ela não será mostrada de novo.')).toBeVisible();
  const field = shown.getByLabel('Chave de API');
  await expect(field).toHaveValue(/^patio_[0-9a-f]{64}$/);
  const key = await field.inputValue();
  await expectAccessible(page);
  await shown.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Copiado!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await shown.getByRole('button', { name: 'Fechar' }).click();
  await expect(shown).toHaveCount(0);

  // Listed by its prefix, never its text; not used yet.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 14)}…`);
  await expect(row).toContainText('Nunca usada');
  await expect(page.locator(`input[value="${key}"]`)).toHaveCount(0);
  await expect(page.getByText(key, { exact: true })).toHaveCount(0);

  // The carrier's system uses it; the list shows when.
  const tms = await request.newContext({ baseURL, extraHTTPHeaders: { 'X-Api-Key': key } });
  expect((await tms.get('/api/integration/v1/queue')).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).not.toContainText('Nunca usada');

  // Revoked after confirming: gone from the list, refused at once.
  await page.getByRole('button', { name: `Revogar ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revogar a chave?' });
  await expect(confirm).toContainText(`A chave "${name}" deixa de funcionar na hora`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Revogar' }).click();
  await expect(page.getByText('Chave revogada.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  const refused = await tms.get('/api/integration/v1/queue');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe('Chave de API inválida ou revogada.');
  await tms.dispose();
});
