/**
 * Issue 25, as the day goes: a driver of Demo Agro joins with a loading and reads on his phone
 * (360 px) when he will really be called; the dispatcher sees the same prediction on the queue
 * row and when the queue ends; a delay registered on the panel moves the driver's prediction
 * later by the delay's length, and ending it early brings it back, on the status page that stays
 * open (no reload). Demo Agro's hours are opened to the
 * whole day for the spec, and its zone set to one where it is about noon now (both restored): the
 * prediction is then about today whenever CI runs. Near midnight in São Paulo the plan gives a
 * newcomer tomorrow's first slot, nothing loads today, and the panel rightly shows no day's end.
 */
import { expect, test, type Page } from './fixtures';
import { closePlates, driverJoins, orderedVehicle, signIn, sql, staffApi, unique, openAttendance } from './support';

const RUN = unique();
const V = {
  orderCode: `P${RUN}`.slice(0, 11),
  plate: `PRV${String(RUN % 10000).padStart(4, '0')}`,
  driverName: `MOTORISTA PREVISAO ${RUN}`,
  customerName: `Fazenda Previsão ${RUN}`,
  product: `SOJA P ${RUN}`,
};
const DEMO = () => Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));
const WHEN = /(hoje|amanhã|em \d{2}\/\d{2}) (às \d{2}:\d{2}|entre \d{2}:\d{2} e \d{2}:\d{2})|a qualquer momento/;

let hours = '';

/** A fixed-offset zone where the local hour is within half an hour of noon now (IANA's Etc/GMT
 * names count west as positive). */
function noonZone(now = new Date()): string {
  const offset = 12 - Math.round(now.getUTCHours() + now.getUTCMinutes() / 60) % 24;
  const east = offset >= 0;
  return `Etc/GMT${east ? '-' : '+'}${Math.abs(offset)}`;
}

test.beforeAll(() => {
  const demo = DEMO();
  hours = sql(
    `SELECT start_time || '|' || end_time || '|' || start_interval || '|' || end_interval || '|' || week_days::text
            || '|' || time_zone
       FROM settings WHERE company_id = ${demo}`,
  );
  sql(
    `UPDATE settings SET start_time = '00:00', end_time = '23:59', start_interval = '23:59', end_interval = '23:59',
            week_days = '[true, true, true, true, true, true, true]'::jsonb, enable_checkin = FALSE, checkin_ip = NULL,
            time_zone = '${noonZone()}'
      WHERE company_id = ${demo}`,
  );
  sql(`UPDATE delays_in_progress SET ended_at = now() WHERE company_id = ${demo} AND ended_at IS NULL`);
});

test.afterAll(() => {
  const demo = DEMO();
  closePlates(V.plate);
  sql(`UPDATE delays_in_progress SET ended_at = now() WHERE company_id = ${demo} AND ended_at IS NULL`);
  const [start, end, lunchStart, lunchEnd, days, zone] = hours.split('|');
  sql(
    `UPDATE settings SET start_time = '${start}', end_time = '${end}', start_interval = '${lunchStart}',
            end_interval = '${lunchEnd}', week_days = '${days}'::jsonb, time_zone = '${zone}' WHERE company_id = ${demo}`,
  );
});

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/predicted-${name}.png`, fullPage: true });

async function predictedAt(phone: Page, driverId: number): Promise<number> {
  const res = await phone.request.get(`/api/queue/position/driver/${driverId}`);
  expect(res.status()).toBe(200);
  const at = (await res.json()).predictedCallAt as string | null;
  expect(at, 'the position read carries predictedCallAt').toBeTruthy();
  return new Date(at as string).getTime();
}

test('the driver and the dispatcher read the predicted call time, and a delay moves it on the open phone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const demo = DEMO();
  const reason = `Chuva forte ${RUN}`;
  sql(`INSERT INTO delays (company_id, reason, time_minutes) VALUES (${demo}, '${reason}', 30)`);
  const office = await staffApi(baseURL, 'usuario@patio.local');
  const vehicle = await orderedVehicle(office, RUN, V, 30);
  const joined = await driverJoins(baseURL, vehicle);
  await joined.phone.dispose();

  // ---- The phone: "Previsão de chamada: …" on the home and on the status page.
  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  const phone = await phoneContext.newPage();
  await signIn(phone, '/app/login', { cpf: vehicle.cpf, birthDate: '15/01/1990', apiCompanyId: demo }, '/');
  await expect(phone.getByTestId('predicted-call')).toHaveText(new RegExp(`^Previsão de chamada: (${WHEN.source})$`));
  await shot(phone, 'phone-home');
  // The status page stays open from here on: what follows reaches it without a reload.
  await phone.goto('/app/agendamento/status');
  const prediction = phone.getByTestId('predicted-call');
  await expect(prediction).toHaveText(new RegExp(`^Previsão de chamada: (${WHEN.source})$`));
  const before = (await prediction.textContent()) ?? '';
  const beforeAt = await predictedAt(phone, vehicle.driverId);
  expect(beforeAt).toBeGreaterThanOrEqual(Date.now() - 60_000);
  // The phone reads the yard's clock (about noon there), not São Paulo's nor the phone's: the
  // server's time and the slot forecast, whose time the dispatcher's row shows too.
  await expect(phone.getByTestId('server-clock')).toHaveText(/^\d{2}\/\d{2}\/\d{4} (11|12):\d{2}:\d{2}$/);
  const slot = phone.locator('p').filter({ hasText: /^Previsão de atendimento: / });
  await expect(slot).toHaveText(/^Previsão de atendimento: \d{2}\/\d{2}\/\d{4} (11|12|13):\d{2}$/);
  const slotTime = /(\d{2}:\d{2})$/.exec((await slot.textContent()) ?? '')?.[1] ?? '';
  await shot(phone, 'phone-status');

  // ---- The dispatcher: the row's prediction and when the queue ends.
  await signIn(page, '/expedicao', 'expedicao@patio.local', '/expedicao/painel');
  await openAttendance(page);
  await page.getByRole('tab', { name: 'Fila' }).click();
  await expect(page.getByRole('columnheader', { name: 'Previsão de chamada' })).toBeVisible();
  await page.getByLabel('Buscar placa').fill(vehicle.plate);
  const row = page.getByRole('row', { name: new RegExp(vehicle.plate) });
  await expect(row).toContainText(WHEN);
  await expect(row.getByRole('cell', { name: slotTime, exact: true })).toBeVisible();
  await expect(page.getByTestId('queue-end')).toContainText(/fila termina (amanhã |em \d{2}\/\d{2} )?por volta das \d{2}:\d{2}/);
  // The last update reads in the yard's zone too (about noon there), not the PC's.
  await expect(page.getByText(/^Última atualização: (11|12):\d{2}:\d{2}$/)).toBeVisible();
  await shot(page, 'dispatch');

  // ---- A 30-minute delay: the open phone's prediction moves later by about its length.
  await page.getByRole('button', { name: 'Atraso', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar atraso' });
  await dialog.getByLabel('Motivo').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: reason }).click();
  await expect(dialog.getByLabel('Duração (minutos)')).toHaveValue('30');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(`Atraso em andamento: ${reason} (30 min)`)).toBeVisible();

  await expect(prediction).not.toHaveText(before, { timeout: 40_000 });
  await expect(prediction).toHaveText(new RegExp(`^Previsão de chamada: (${WHEN.source})$`));
  const afterAt = await predictedAt(phone, vehicle.driverId);
  const shiftMinutes = (afterAt - beforeAt) / 60_000;
  expect(shiftMinutes).toBeGreaterThanOrEqual(28);
  expect(shiftMinutes).toBeLessThanOrEqual(32);
  await shot(phone, 'phone-after-delay');

  // The yard speeds up: the delay ends early and the prediction comes back, still without a reload.
  const during = (await prediction.textContent()) ?? '';
  await page.getByRole('button', { name: 'Encerrar atraso' }).click();
  await expect(page.getByText(`Atraso em andamento: ${reason} (30 min)`)).toBeHidden();
  await expect(prediction).not.toHaveText(during, { timeout: 40_000 });
  const endedAt = await predictedAt(phone, vehicle.driverId);
  expect((endedAt - beforeAt) / 60_000).toBeLessThanOrEqual(2);
  await phoneContext.close();
});
