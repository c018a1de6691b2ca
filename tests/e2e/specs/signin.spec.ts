import { expect, test } from './fixtures';
import { DEMO_BIRTH, DEMO_CPF, signIn, sql } from './support';

test.describe('staff sign-in', () => {
  for (const [email, landing] of [
    ['admin@patio.local', '/dashboard'],
    ['usuario@patio.local', '/dashboard'],
    ['transp@patio.local', '/expedicao/transportadora'],
  ] as const) {
    test(`${email} signs in on /login and lands on ${landing}`, async ({ page }) => {
      await signIn(page, '/login', email);
      await expect(page).toHaveURL(landing);
      await expect(page.getByRole('button', { name: /Sair/ }).first()).toBeVisible();
    });
  }

  for (const email of ['expedicao@patio.local', 'espectador@patio.local', 'portaria@patio.local']) {
    test(`${email} signs in on /expedicao and lands on the dispatch home`, async ({ page }) => {
      await signIn(page, '/expedicao', email);
      await expect(page).toHaveURL('/expedicao/painel');
    });

    test(`${email} on the staff login page is not admitted`, async ({ page }) => {
      await signIn(page, '/login', email);
      await expect(page.getByText('Você não tem permissão de acesso!')).toBeVisible();
      await expect(page).toHaveURL('/login');
    });
  }

  test('an administrator on the dispatch login page is not admitted', async ({ page }) => {
    await signIn(page, '/expedicao', 'admin@patio.local');
    await expect(page.getByText('Você não tem permissão de acesso!')).toBeVisible();
  });

  test('a wrong password shows the invalid-credentials message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('usuario@patio.local');
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Usuário ou senha inválido')).toBeVisible();
  });

  test('a disabled user sees the blocked message', async ({ page }) => {
    sql("UPDATE users SET is_enabled = FALSE WHERE email = 'espectador@patio.local'");
    try {
      await signIn(page, '/expedicao', 'espectador@patio.local');
      await expect(
        page.getByText(/Usuário bloqueado, fale com o administrador do sistema!/),
      ).toBeVisible();
    } finally {
      sql("UPDATE users SET is_enabled = TRUE WHERE email = 'espectador@patio.local'");
    }
  });

  test('a visitor without a session is sent from /dashboard to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login', { timeout: 5_000 });
  });

  test('signing out of a dispatch session returns to /expedicao', async ({ page }) => {
    await signIn(page, '/expedicao', 'expedicao@patio.local');
    await expect(page).toHaveURL('/expedicao/painel');
    await page.getByRole('button', { name: /Sair/ }).first().click();
    await expect(page).toHaveURL('/expedicao');
  });

  test('the cookie consent is remembered', async ({ page, context }) => {
    await page.goto('/login');
    const banner = page.getByRole('region', { name: /cookies/i });
    await expect(banner).toBeVisible();
    await banner.getByRole('button').first().click();
    await expect(banner).toBeHidden();
    const cookies = await context.cookies();
    const consent = cookies.find((c) => /consent/i.test(c.name));
    expect(consent).toBeTruthy();
    // 150 days, give or take a minute.
    const days = (consent!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(149.9);
    expect(days).toBeLessThan(150.1);
    await page.reload();
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

test.describe('driver sign-in', () => {

  test('a driver signs in by CPF and birth date and sees the home', async ({ page }) => {
    await signIn(page, '/app/login', { cpf: DEMO_CPF });
    await expect(page).toHaveURL('/');
    await expect(page.getByRole("heading", { name: /Olá, Motorista/ })).toBeVisible();
    await expect(page.getByText(/conectado à Demo Agro/)).toBeVisible();
  });

  test('an invalid CPF is refused before sending', async ({ page }) => {
    await page.goto('/app/login');
    await page.getByLabel('CPF').fill('529.982.247-26');
    await page.getByLabel('Data de nascimento').fill(DEMO_BIRTH);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Cpf Inválido')).toBeVisible();
  });

  test('a driver of another company must type the code to transfer', async ({ page }) => {
    // The demo driver is registered at a second company; signing in at Demo Agro conflicts.
    sql(`WITH c AS (INSERT INTO companies (name, company, cnpj, uf, city, street, district, zip_code, status)
                    VALUES ('Outra Empresa', 'Outra Empresa SA', '11444777000161', 'SP', 'Santos', 'Rua A', 'Centro', '11000-000', TRUE)
                    RETURNING id)
         UPDATE drivers SET company_id = (SELECT id FROM c) WHERE cpf = '52998224725'`);
    await signIn(page, '/app/login', { cpf: DEMO_CPF });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/Outra Empresa/)).toBeVisible();
    const code = (await dialog.getByTestId('transfer-code').innerText()).trim();
    expect(Number(code)).toBeGreaterThanOrEqual(1000);
    expect(Number(code)).toBeLessThanOrEqual(10999);

    await dialog.getByLabel('Código de confirmação').fill(code === '1000' ? '1001' : '1000');
    await dialog.getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Token inválido')).toBeVisible();

    await dialog.getByLabel('Código de confirmação').fill(code);
    await dialog.getByRole('button', { name: 'Sim' }).click();
    await expect(page).toHaveURL('/');
    expect(sql("SELECT c.name FROM drivers d JOIN companies c ON c.id = d.company_id WHERE d.cpf = '52998224725'")).toBe(
      'Demo Agro',
    );
  });
});
