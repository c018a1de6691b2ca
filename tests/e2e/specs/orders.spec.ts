/**
 * Orders (issue 11): orders created through the API show on /pedidos; a Transportadora opening
 * /dashboard lands on the list, sees only the orders of its shipping company and no delete;
 * an administrator sees the company column and the 100 % toggle.
 */
import { expect, test } from './fixtures';
import { signIn, sql, unique } from './support';

test.describe.configure({ mode: 'serial' });

const RUN = unique();
const OPEN = `A${RUN}`.slice(0, 11);
const OTHER = `B${RUN}`.slice(0, 11);
const DONE = `C${RUN}`.slice(0, 11);

test('orders made through the API: a Usuario creates them', async ({ page }) => {
  await signIn(page, '/login', 'usuario@patio.local', '/dashboard');
  const demo = sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`);
  const customer = sql(
    `INSERT INTO customers (company_id, code, name, city) VALUES (${demo}, ${RUN % 100000}, 'Fazenda E2E ${RUN}', 'Sorriso') RETURNING id`,
  );
  const carrier = sql(`SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'`);
  const rival = sql(
    `INSERT INTO shipping_companies (company_id, code, name, is_enabled) VALUES (${demo}, ${(RUN % 100000) + 1}, 'Rival ${RUN}', TRUE) RETURNING id`,
  );
  const product = await page.request.post('/api/product/create', {
    data: { id: 0, code: RUN % 1000000, name: `SOJA ${RUN}`, group: 0, ncmcode: '' },
  });
  expect(product.status()).toBe(201);
  const productId = (await product.json()).id;
  const order = (code: string, shipping: string, delivered: number) => ({
    id: 0,
    code,
    customer: { id: Number(customer) },
    qtyTransported: delivered,
    sendEmail: false,
    enable: true,
    shippingCompany: [{ id: Number(shipping) }],
    orderItem: [{ quantity: 40, product: { id: productId } }],
  });
  for (const [code, shipping, delivered] of [
    [OPEN, carrier, 10],
    [OTHER, rival, 0],
    [DONE, carrier, 40],
  ] as const) {
    const res = await page.request.post('/api/order/save', { data: order(code, shipping, delivered) });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/pedidos');
  await page.getByLabel('Buscar por id, código ou cliente').fill(OPEN);
  const row = page.getByRole('row', { name: new RegExp(OPEN) });
  await expect(row).toContainText('25%');
  await expect(row).toContainText('40,00 t');
  await expect(row.getByRole('button', { name: /Excluir/ })).toBeVisible();
});

test('a Transportadora opening /dashboard lands on its orders, read-only', async ({ page }) => {
  await signIn(page, '/login', 'transp@patio.local', '/expedicao/transportadora');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/pedidos');
  await page.getByLabel('Buscar por id, código ou cliente').fill(String(RUN).slice(0, 6));
  await expect(page.getByRole('row', { name: new RegExp(OPEN) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(OTHER) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Excluir/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Editar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cadastrar' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Empresa' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/orders-transportadora.png' });
});

test('an administrator sees the company column and shows orders at 100 % with the toggle', async ({ page }) => {
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.goto('/pedidos');
  await page.getByLabel('Buscar por id, código ou cliente').fill(String(RUN).slice(0, 6));
  await expect(page.getByRole('row', { name: new RegExp(OPEN) })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Empresa/ })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(DONE) })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Mostrar pedidos concluídos (100%)' }).click();
  await expect(page.getByRole('row', { name: new RegExp(DONE) })).toContainText('100%');
  await page.screenshot({ path: 'test-results/orders-admin.png' });
});
