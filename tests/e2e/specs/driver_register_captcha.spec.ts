/**
 * The registration wizard with the company's reCAPTCHA (issue 14; the server checks the
 * token of `POST /api/driver/app/register` when the company enables reCAPTCHA, docs/api.md),
 * at 360x640 on the demo company's host (reCAPTCHA switched on through SQL, restored after).
 * Google's script cannot load here: it is replaced by a stand-in widget whose button gives a
 * token, and the register call is answered with the server's captcha refusal, so the story
 * checks what the phone does: the widget on the review step, 'Concluir' without a token
 * refused on the phone, the token sent, the refusal keeping the review step with a fresh
 * widget.
 */
import { expect, test } from './fixtures';
import { sql, unique } from './support';

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const RUN = unique();
const ROBOT = 'Confirme que você não é um robô.';

/** A valid CPF, masked, built from `n`. */
function cpfOf(n: number): string {
  const digits = [...String(n % 1e9).padStart(9, '3')].map(Number);
  const check = (ds: number[]) => {
    const r = ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  const s = digits.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

const STAND_IN = `
window.__resets = 0;
window.grecaptcha = {
  render: function (el, opts) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = 'Não sou um robô';
    var n = 0;
    b.onclick = function () { n += 1; opts.callback('stand-in-token-' + n); };
    el.appendChild(b);
    return 1;
  },
  reset: function () { window.__resets += 1; },
};
window.patioRecaptchaLoaded();
`;

test('the review step asks for the reCAPTCHA and sends its token', async ({ page }) => {
  test.setTimeout(90_000);
  const demo = Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));
  const before = sql(
    `SELECT enable_recaptcha || '|' || coalesce(recaptcha_site, '') || '|' || coalesce(recaptcha_secret, '') FROM settings WHERE company_id = ${demo}`,
  );
  const [wasOn, site, secret] = before.split('|');
  const text = (v: string) => (v ? `'${v}'` : 'NULL');
  sql(
    `UPDATE settings SET enable_recaptcha = TRUE, recaptcha_site = 'e2e-site-key', recaptcha_secret = 'e2e-secret' WHERE company_id = ${demo}`,
  );
  try {
    await page.route('https://www.google.com/recaptcha/api.js**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }),
    );
    const sent: Record<string, unknown>[] = [];
    await page.route('**/api/driver/app/register', (route) => {
      sent.push(route.request().postDataJSON() as Record<string, unknown>);
      return route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 400, code: 'captcha', message: ROBOT }),
      });
    });

    await page.goto(`/app/driver/novo/${demo}`);
    await page.getByLabel('Nome').fill(`robo motorista ${RUN}`);
    await page.getByLabel('CPF').fill(cpfOf(RUN));
    await page.getByLabel('CNH').fill('12345678901');
    await page.getByLabel('Data de nascimento').fill('15011990');
    await page.getByRole('button', { name: 'Próximo' }).click();
    const plate = `RBT${String(RUN % 10)}A${String(RUN % 100).padStart(2, '0')}`;
    await page.getByLabel('Placa').fill(plate);
    await page.getByLabel('Renavam').fill('12345678901');
    await page.getByLabel('Marca').selectOption({ label: 'Volvo' });
    await page.getByLabel('Modelo').selectOption({ label: 'FH 540' });
    await page.getByLabel('Tipo de implemento').selectOption({ label: 'TRUCK' });
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect(page.getByText('Etapa 3 de 3: Revisão')).toBeVisible();

    // Without the token: refused on the phone, nothing sent.
    await page.getByRole('button', { name: 'Concluir' }).click();
    await expect(page.getByText(ROBOT)).toBeVisible();
    expect(sent).toHaveLength(0);

    // With it: the token goes with the registration; the refusal keeps the review step and
    // resets the widget (a token is good for one try).
    await page.getByRole('button', { name: 'Não sou um robô' }).click();
    await page.getByRole('button', { name: 'Concluir' }).click();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0].recaptcha_token).toBe('stand-in-token-1');
    expect(sent[0].company).toEqual({ id: demo });
    await expect(page.getByText(ROBOT)).toBeVisible();
    await expect(page.getByText('Etapa 3 de 3: Revisão')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __resets: number }).__resets)).toBe(1);
    await page.getByRole('button', { name: 'Concluir' }).click();
    expect(sent).toHaveLength(1);
    expect(sql(`SELECT count(*) FROM drivers WHERE name = 'ROBO MOTORISTA ${RUN}'`)).toBe('0');
  } finally {
    sql(
      `UPDATE settings SET enable_recaptcha = ${wasOn === 't' ? 'TRUE' : 'FALSE'}, recaptcha_site = ${text(site)}, recaptcha_secret = ${text(secret)} WHERE company_id = ${demo}`,
    );
  }
});
