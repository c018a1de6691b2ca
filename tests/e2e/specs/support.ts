import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The database `serve.sh` made for this run. */
export function dbUrl(): string {
  const port = process.env.PATIO_E2E_PORT ?? '18080';
  return readFileSync(join(__dirname, '..', `.db-url.${port}`), 'utf8').trim();
}

/** Runs SQL against the served database (fixtures the screens of this issue cannot create yet). */
export function sql(statement: string): string {
  return execFileSync('psql', [dbUrl(), '-qtAX', '-v', 'ON_ERROR_STOP=1', '-c', statement], {
    encoding: 'utf8',
  }).trim();
}

export const PASSWORD = 'patio123';
export const DEMO_CPF = '529.982.247-25';
export const DEMO_BIRTH = '15/01/1990';

/** A valid CNPJ (masked) built from `n`, so each spec can make records of its own. */
export function cnpjOf(n: number): string {
  const base = String(n % 1e8).padStart(8, '0') + '0001';
  const digits = [...base].map(Number);
  const check = (ds: number[]) => {
    const weights = ds.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = ds.reduce((s, d, i) => s + d * weights[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  const s = digits.join('');
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`;
}

/** A valid CPF (11 digits) from `n`. */
export function cpfOf(n: number): string {
  const base = [...String(n % 1e9).padStart(9, '0')].map(Number);
  const digit = (ds: number[]) => {
    const sum = ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  base.push(digit(base));
  base.push(digit(base));
  return base.join('');
}

/** A number unlikely to repeat between runs and specs (names, CNPJs). */
// Every spec file is loaded in the one worker at once, so two files' clocks can agree to the
// millisecond: each call steps a shared counter by a prime, keeping every low-digit slice
// (plates take `% 10000`, customer codes `% 100000`) apart between files.
const uniqueBase = (Date.now() % 1e7) * 10 + Math.floor(Math.random() * 10);
let uniqueCalls = 0;
export function unique(): number {
  uniqueCalls += 1;
  return (uniqueBase + uniqueCalls * 1013) % 1e8;
}

/**
 * A company of this spec's own, created through the API as the root administrator (seeded by
 * `patio seed-demo`). Returns its id; the spec never touches the demo company.
 */
export async function createCompany(api: import('@playwright/test').APIRequestContext, name: string): Promise<number> {
  const login = await api.post('/api/auth/login', {
    data: { email: 'admin@patio.local', password: PASSWORD, company: null, recaptcha_token: '', page: 'staff' },
  });
  if (!login.ok()) throw new Error(`admin login: ${login.status()}`);
  const res = await api.post('/api/company/create', {
    data: {
      name,
      company: `${name} Ltda`,
      cnpj: cnpjOf(unique()),
      uf: 'MT',
      city: 'Cuiabá',
      street: 'Rua das Flores',
      number: 120,
      complement: null,
      district: 'Centro',
      zipCode: '78000-000',
      website: null,
      status: true,
      contact: [],
    },
  });
  if (!res.ok()) throw new Error(`company create: ${res.status()} ${await res.text()}`);
  const companies = (await (await api.get('/api/company')).json()) as { id: number; name: string }[];
  const mine = companies.find((c) => c.name === name);
  if (!mine) throw new Error(`company ${name} not listed`);
  return mine.id;
}

/** The cells of the first sheet of an XLSX file (shared strings and numbers), by row. */
export function readXlsx(path: string): string[][] {
  const script = `
import sys, zipfile, re, xml.etree.ElementTree as ET
ns = {'m': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'}
z = zipfile.ZipFile(sys.argv[1])
strings = []
if 'xl/sharedStrings.xml' in z.namelist():
    for si in ET.fromstring(z.read('xl/sharedStrings.xml')).findall('m:si', ns):
        strings.append(''.join(t.text or '' for t in si.iter('{%s}t' % ns['m'])))
sheet = ET.fromstring(z.read('xl/worksheets/sheet1.xml'))
for row in sheet.iter('{%s}row' % ns['m']):
    cells = []
    for c in row.findall('m:c', ns):
        v = c.find('m:v', ns)
        t = c.get('t')
        if t == 's':
            cells.append(strings[int(v.text)])
        elif t == 'inlineStr':
            cells.append(''.join(x.text or '' for x in c.iter('{%s}t' % ns['m'])))
        else:
            text = v.text if v is not None else ''
            cells.append(re.sub(r'\\.0$', '', text))
    print('\\t'.join(cells))
`;
  return execFileSync('python3', ['-c', script, path], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => l.split('\t'));
}

/** The text a PDF shows (its literal and hex strings, WinAnsi decoded), one string a line. */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const s = pdf.toString('latin1');
  const re = /\(((?:\\.|[^\\)])*)\)|<([0-9A-Fa-f]+)>/g;
  for (const m of s.matchAll(re)) {
    if (m[1] !== undefined) out.push(m[1].replace(/\\(.)/g, '$1'));
    else out.push(Buffer.from(m[2], 'hex').toString('latin1'));
  }
  return out.join('\n');
}

/**
 * A vehicle of Demo Agro ready for the queue: a driver `FILA DESK {run}` with a truck of its own
 * (model FH 540, 16 t net) made with SQL, and a 100 t order of a new customer made through the
 * API with `api` (signed in as a company user). Specs that queue it close the entry in afterAll.
 */
export async function queueVehicle(
  api: import('@playwright/test').APIRequestContext,
  run: number,
): Promise<{ driverId: string; driverName: string; cpf: string; plate: string; orderId: number; orderCode: string }> {
  const company = sql("SELECT id FROM companies WHERE name = 'Demo Agro'");
  const model = sql("SELECT id FROM truck_models WHERE name = 'FH 540'");
  const driverName = `FILA DESK ${run}`;
  const plate = `DSK${String(run % 10000).padStart(4, '0')}`;
  const cpf = cpfOf(run);
  const driverId = sql(
    `INSERT INTO drivers (company_id, name, cpf, cnh, birth_date, is_enabled, use_terms)
     VALUES (${company}, '${driverName}', '${cpf}', '123', '1988-04-05', TRUE, TRUE) RETURNING id`,
  );
  sql(
    `INSERT INTO trucks (company_id, driver_id, vehicle_model_id, license_plate, implement_type, net_capacity, is_enabled)
     VALUES (${company}, ${driverId}, ${model}, '${plate}', 'TRUCK', 16, TRUE)`,
  );
  const customer = sql(
    `INSERT INTO customers (company_id, code, name) VALUES (${company}, ${run % 100000}, 'Fazenda Fila ${run}') RETURNING id`,
  );
  const product = await api.post('/api/product/create', { data: { id: 0, code: run % 1000000, name: `SOJA ${run}`, group: 0 } });
  if (product.status() !== 201) throw new Error(`product: ${product.status()} ${await product.text()}`);
  const orderCode = `F${run}`.slice(0, 11);
  const order = await api.post('/api/order/save', {
    data: {
      id: 0,
      code: orderCode,
      customer: { id: Number(customer) },
      enable: true,
      sendEmail: false,
      shippingCompany: [],
      orderItem: [{ quantity: 100, product: { id: (await product.json()).id } }],
    },
  });
  if (order.status() !== 201) throw new Error(`order: ${order.status()} ${await order.text()}`);
  return { driverId, driverName, cpf, plate, orderId: (await order.json()).id, orderCode };
}

/** Closes the queue entries of the drivers named `FILA DESK {run}` (afterAll of the specs above). */
export function closeQueueVehicle(run: number): void {
  sql(
    `UPDATE queue_entries SET status = 'cancelled', closed_at = now()
      WHERE status IN ('waiting', 'loading') AND driver_id IN (SELECT id FROM drivers WHERE name = 'FILA DESK ${run}')`,
  );
}

type ApiContext = import('@playwright/test').APIRequestContext;
type Page = import('@playwright/test').Page;
type BrowserContext = import('@playwright/test').BrowserContext;
type Locator = import('@playwright/test').Locator;

/** A staff member (e-mail; the demo password unless given) or a driver (CPF, birth date). */
export type Who =
  | string
  | { email: string; password?: string }
  | {
      cpf: string;
      /** `dd/mm/yyyy` as typed in the form; the demo driver's by default. */
      birthDate?: string;
      /** The form's company choice (its label), on a host that offers one. */
      companyLabel?: string;
      /** Signs in through the session call instead of the form (a story that is not about signing in). */
      apiCompanyId?: number;
    };

/**
 * The one sign-in of the browser specs, for every role: opens `login` (`/login`, `/expedicao`,
 * `/app/login`, with an origin when the spec names another host), fills the form as a person
 * does and, given `landing`, waits for it. A driver with `apiCompanyId` is signed in by the
 * login screen's own call from the page's context, then the page opens `landing` (`/` by default).
 */
export async function signIn(page: Page, login: string, who: Who, landing?: string | RegExp): Promise<void> {
  const { expect } = await import('@playwright/test');
  const person = typeof who === 'string' ? { email: who } : who;
  if ('cpf' in person) {
    const birth = person.birthDate ?? DEMO_BIRTH;
    if (person.apiCompanyId !== undefined) {
      const [day, month, year] = birth.split('/');
      const res = await page.request.post('/api/auth/app/login', {
        data: { cpf: person.cpf, company: { id: person.apiCompanyId }, birthDate: `${year}-${month}-${day}`, recaptcha_token: '' },
      });
      expect(res.status(), await res.text()).toBe(201);
      await page.goto(typeof landing === 'string' ? landing : '/');
    } else {
      await page.goto(login);
      if (person.companyLabel) await page.getByLabel('Empresa').selectOption({ label: person.companyLabel });
      await page.getByLabel('CPF').fill(person.cpf);
      await page.getByLabel('Data de nascimento').fill(birth);
      await page.getByRole('button', { name: 'Entrar' }).click();
    }
  } else {
    await page.goto(login);
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('Senha', { exact: true }).fill(person.password ?? PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
  }
  if (landing !== undefined) await expect(page).toHaveURL(landing);
}

/** An API context signed in as a staff member (the office's calls of a story). */
export async function staffApi(baseURL: string | undefined, email: string): Promise<ApiContext> {
  const { request } = await import('@playwright/test');
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', {
    data: { email, password: PASSWORD, company: null, recaptcha_token: '', page: 'staff' },
  });
  if (!login.ok()) throw new Error(`${email} login: ${login.status()}`);
  return api;
}

/** What `orderedVehicle` made. */
export interface OrderedVehicle {
  demo: number;
  orderId: number;
  orderCode: string;
  customerName: string;
  driverId: number;
  driverName: string;
  cpf: string;
  plate: string;
  truckId: number;
  loadingId: number;
}

/**
 * A vehicle of Demo Agro with a loading to join the queue with: a 100 t order of a customer of
 * its own carried by 'Transportadora Demo' (the order and its product through the API with
 * `office`, a Usuario), a driver (born 1990-01-15) with a 40 t truck (SQL: their screens have
 * their own stories), and a loading of `qtyOrdered` t on the order for the pair, valid for 5
 * days (`POST /api/scheduling/save`). `run` must differ between calls (codes, CPF).
 */
export async function orderedVehicle(
  office: ApiContext,
  run: number,
  names: { orderCode: string; plate: string; driverName: string; customerName: string; product: string },
  qtyOrdered = 30,
): Promise<OrderedVehicle> {
  const demo = Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));
  const customer = sql(
    `INSERT INTO customers (company_id, code, name, city) VALUES (${demo}, ${run % 100000}, '${names.customerName}', 'Sorriso') RETURNING id`,
  );
  const product = await office.post('/api/product/create', {
    data: { id: 0, code: run % 1000000, name: names.product, group: 0, ncmcode: '' },
  });
  if (product.status() !== 201) throw new Error(`product: ${product.status()} ${await product.text()}`);
  const carrier = sql(`SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'`);
  const order = await office.post('/api/order/save', {
    data: {
      id: 0,
      code: names.orderCode,
      customer: { id: Number(customer) },
      qtyTransported: 0,
      sendEmail: false,
      enable: true,
      shippingCompany: [{ id: Number(carrier) }],
      orderItem: [{ quantity: 100, product: { id: (await product.json()).id } }],
    },
  });
  if (order.status() !== 201) throw new Error(`order: ${order.status()} ${await order.text()}`);
  const orderId = (await order.json()).id as number;
  const cpf = cpfOf(run);
  const driverId = Number(
    sql(
      `INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
       VALUES (${demo}, '${names.driverName}', '${cpf}', '1990-01-15', TRUE, TRUE) RETURNING id`,
    ),
  );
  const truckId = Number(
    sql(
      `INSERT INTO trucks (company_id, driver_id, license_plate, implement_type, net_capacity, is_enabled)
       VALUES (${demo}, ${driverId}, '${names.plate}', 'TOCO', 40, TRUE) RETURNING id`,
    ),
  );
  const expiration = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const saved = await office.post('/api/scheduling/save', {
    data: [{ order: { id: orderId }, truck: { id: truckId }, driver: { id: driverId }, qtyOrdered: String(qtyOrdered), expirationDate: expiration }],
  });
  if (saved.status() >= 300) throw new Error(`loading: ${saved.status()} ${await saved.text()}`);
  const loadingId = ((await saved.json()) as { id: number }[])[0].id;
  return { demo, orderId, orderCode: names.orderCode, customerName: names.customerName, driverId, driverName: names.driverName, cpf, plate: names.plate, truckId, loadingId };
}

/** The driver's phone (an API context) signed in to Demo Agro; joins the queue with its loading and returns the entry id. */
export async function driverJoins(baseURL: string | undefined, v: OrderedVehicle): Promise<{ phone: ApiContext; queueId: number }> {
  const { request } = await import('@playwright/test');
  const phone = await request.newContext({ baseURL });
  const login = await phone.post('/api/auth/app/login', {
    data: { cpf: v.cpf, company: { id: v.demo }, birthDate: '1990-01-15', recaptcha_token: '' },
  });
  if (login.status() !== 201) throw new Error(`driver login: ${login.status()} ${await login.text()}`);
  const joined = await phone.post('/api/queue/save', { data: { scheduling: { id: v.loadingId } } });
  if (joined.status() !== 201) throw new Error(`join: ${joined.status()} ${await joined.text()}`);
  return { phone, queueId: (await joined.json()).id as number };
}

/** Closes what a story left waiting or loading in Demo Agro's queue for these plates. */
export function closePlates(...plates: string[]): void {
  const list = plates.map((p) => `'${p}'`).join(', ');
  sql(
    `UPDATE queue_entries SET status = 'cancelled', closed_at = now(), position = 0
      WHERE status IN ('waiting', 'loading') AND truck_id IN (SELECT id FROM trucks WHERE license_plate IN (${list}))`,
  );
}

/**
 * Replaces the Web Speech API of every page of `context` by a recorder: each utterance's text
 * goes to `window.__spoken` and ends 10 ms later. Read it with `spoken(page)`.
 */
export async function recordSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __spoken: string[] } & Record<string, unknown>;
    w.__spoken = [];
    class Utterance {
      text: string;
      lang = '';
      voice: unknown = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    w.SpeechSynthesisUtterance = Utterance;
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        getVoices: () => [],
        speak: (u: Utterance) => {
          w.__spoken.push(u.text);
          setTimeout(() => u.onend?.(), 10);
        },
      },
    });
  });
}

/** What the recorder of `recordSpeech` heard on `page`. */
export async function spoken(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
}

/**
 * Types `typed` into an antd select whose options come from a server search and clicks the
 * option showing `option` once the list for `typed` has replaced the one shown before typing
 * (every option shown, but those already chosen, contains `typed`). Clicking the earlier list while the new one lands can
 * miss: the dropdown changes height and moves under the pointer.
 */
export async function pickSearched(page: Page, input: Locator, typed: string, option: string | RegExp = typed): Promise<void> {
  const { expect } = await import('@playwright/test');
  await input.fill(typed);
  const shown = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  // A multiple select keeps its chosen options in the list, whatever was typed.
  const others = page.locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-selected)');
  await expect(others.filter({ hasNotText: typed })).toHaveCount(0);
  await shown.filter({ hasText: option }).first().click();
}

/** On the dispatch panel: the day's attendance opened (confirmed), unless it already is. */
export async function openAttendance(page: Page): Promise<void> {
  const { expect } = await import('@playwright/test');
  const open = page.getByRole('button', { name: 'Iniciar atendimento' });
  await expect(open.or(page.getByRole('button', { name: 'Encerrar atendimento' }))).toBeVisible();
  if (await open.isVisible()) {
    await open.click();
    await page.getByRole('button', { name: 'Sim' }).click();
  }
  await expect(page.getByRole('button', { name: 'Encerrar atendimento' })).toBeVisible();
}

/**
 * The yard TV as a kiosk runs it (`--autoplay-policy=no-user-gesture-required`, docs/decisions.md):
 * its browser lets the page play unprompted, so no 'Ativar som' is asked for. Headless Chromium's
 * own answer depends on when its audio starts, so the kiosk's is given to the page.
 */
export async function openYardTv(tv: Page, companyId: string | number): Promise<void> {
  const { expect } = await import('@playwright/test');
  await tv.addInitScript(() => {
    class KioskAudio {
      state = 'running';
      resume() {
        return Promise.resolve();
      }
      close() {
        return Promise.resolve();
      }
    }
    (window as unknown as Record<string, unknown>).AudioContext = KioskAudio;
  });
  await tv.goto(`/tv?empresa=${companyId}`);
  await expect(tv.getByRole('heading', { name: 'Chamada de motoristas' })).toBeVisible();
  await expect(tv.getByRole('button', { name: 'Ativar som' })).toHaveCount(0);
}
