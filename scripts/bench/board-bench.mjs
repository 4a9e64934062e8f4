// The back office's half: the orders board over 100,000 orders on PostgreSQL, as a signed-in staff member asks for it
// (first page, filters, searches), and the JavaScript the back office's first load fetches.
import { readFileSync } from 'node:fs';
import { run, ROOT } from '../lib.mjs';
import { startApi } from './api-bench.mjs';
import { query } from './database.mjs';
import { bodyBytes, LOAD, measure, medianRun, percentile } from './load.mjs';
import { pg } from './pg.mjs';
import { freePort } from './processes.mjs';
import { signInStaff, staffFetch } from './staff.mjs';

export const BOARD_ORDERS = 100_000;
export const BOARD_GOALS = { p99: 50, paletteP95: 100, firstLoadJsKb: 250 };
/**
 * Staff members asking the board at once, each again the moment an answer arrives. The board itself asks every 15 s,
 * so two such members ask more than a shop's whole staff would.
 */
export const BOARD_CONNECTIONS = Number(process.env.BENCH_BOARD_CONNECTIONS ?? 2);
/** Measured runs per scenario: the median run's figures are checked, the spread shown. */
export const BOARD_RUNS = Number(process.env.BENCH_BOARD_RUNS ?? 3);
const BOARD = '/api/staff/orders/';
/** How many of each list the command palette asks for (apps/admin/src/frame/palette-api.ts). */
const PALETTE_PAGE_SIZE = 5;
const ACCOUNTS = 8_000;

/** SQL for a name in three parts (first, father's, family: 4,800 in each language), half in each. */
const madeUpName = (n) => `CASE WHEN (${n}) / 7 % 2 = 0
  THEN en_first[1 + (${n}) % 20] || ' ' || en_father[1 + (${n}) / 20 % 20] || ' ' || en_family[1 + (${n}) / 400 % 12]
  ELSE ar_first[1 + (${n}) % 20] || ' ' || ar_father[1 + (${n}) / 20 % 20] || ' ' || ar_family[1 + (${n}) / 400 % 12] END`;

/**
 * Fills the board up to BOARD_ORDERS orders in SQL, in the shapes the shop makes them: two years of orders, oldest
 * first (ids follow time, as they do), three in four from accounts and the rest from guests, names in Arabic and in
 * English, every governorate, a third paid by card, a promo code on one in twelve, statuses as their age makes them
 * (the last days still being confirmed, packed, shipped; older ones delivered, cancelled or refunded), two lines each;
 * a tag on one order in 23 (gift, call first, fragile, هدية) and on one account in 17 (VIP) or in 29 (wholesale), as a
 * member of staff adds them.
 */
async function seedOrders(databaseUrl) {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ n: existing }] = (await client.query('SELECT count(*)::int AS n FROM orders')).rows;
    const count = Math.max(0, BOARD_ORDERS - existing);
    await client.query('SELECT setseed(0.16)');
    await client.query(`
      CREATE TEMP TABLE board_names AS
      SELECT ARRAY['Ahmed','Mona','Omar','Sara','Youssef','Nour','Karim','Laila','Mahmoud','Hana','Mostafa','Yasmin',
                   'Khaled','Dina','Tarek','Salma','Hossam','Aya','Sherif','Rana'] AS en_first,
             ARRAY['Mohamed','Ali','Hassan','Ibrahim','Saleh','Fathy','Mansour','Kamel','Naguib','Fouad','Zaki','Samir',
                   'Adel','Sayed','Gamal','Nabil','Hany','Magdy','Wael','Ashraf'] AS en_father,
             ARRAY['El-Sayed','Abdelrahman','Shehata','Farouk','Soliman','El-Masry','Hegazy','Ragab','Badawy','Zidan',
                   'Mekky','Younes'] AS en_family,
             ARRAY['أحمد','منى','عمر','سارة','يوسف','نور','كريم','ليلى','محمود','هنا','مصطفى','ياسمين',
                   'خالد','دينا','طارق','سلمى','حسام','آية','شريف','رنا'] AS ar_first,
             ARRAY['محمد','علي','حسن','إبراهيم','صالح','فتحي','منصور','كامل','نجيب','فؤاد','زكي','سمير',
                   'عادل','سيد','جمال','نبيل','هاني','مجدي','وائل','أشرف'] AS ar_father,
             ARRAY['السيد','عبد الرحمن','شحاتة','فاروق','سليمان','المصري','حجازي','رجب','بدوي','زيدان','مكي','يونس'] AS ar_family;
      CREATE TEMP TABLE board_cities AS SELECT row_number() OVER (ORDER BY id) AS n, id, region_id FROM cities;
      CREATE TEMP TABLE board_products AS
        SELECT row_number() OVER (ORDER BY p.id) AS n, p.id, v.id AS variant_id, s.ml
        FROM products p JOIN product_variants v ON v.product_id = p.id AND v.is_default JOIN sizes s ON s.id = v.size_id
        WHERE p.is_published ORDER BY p.id LIMIT 2000;`);
    await client.query(
      `CREATE TEMP TABLE board_accounts AS
       WITH person AS (
         SELECT g, ${madeUpName('g')} AS name FROM generate_series(1, $1::int) g, board_names
       ), inserted AS (
         INSERT INTO users (name, email, phone, email_verified, phone_verified)
         SELECT name, 'board-' || g || '@attar.example', '+2011' || lpad(g::text, 8, '0'), true, true FROM person
         RETURNING id, name, phone
       )
       SELECT row_number() OVER (ORDER BY id) AS n, id, name, phone FROM inserted`,
      [ACCOUNTS],
    );
    await client.query(
      `INSERT INTO orders (order_number, user_id, guest_name, guest_phone, guest_email, customer_phone, status, address, region_id,
         payment_method, subtotal_piastres, delivery_fee_piastres, discount_piastres, total_piastres, promo_code, locale,
         cash_collected_piastres, refunded_piastres, delivered_at, created_at, updated_at)
       SELECT 'AT' || nextval('order_number_seq'), o.user_id, o.guest_name, o.guest_phone, NULL, o.phone, o.status,
         jsonb_build_object('name', o.name, 'phone', o.phone, 'region_id', c.region_id, 'city_id', c.id, 'street', (7 + o.g % 90) || ' Tahrir Street',
           'building', '', 'floor', '', 'apartment', '', 'landmark', ''),
         c.region_id, o.payment_method, o.subtotal, 5000, o.discount, o.subtotal + 5000 - o.discount, o.promo_code,
         CASE WHEN o.name ~ '[ء-ي]' THEN 'ar' ELSE 'en' END,
         CASE WHEN o.payment_method = 'cod' AND o.status IN ('delivered', 'refunded') THEN o.subtotal + 5000 - o.discount END,
         CASE WHEN o.status = 'refunded' THEN o.subtotal + 5000 - o.discount ELSE 0 END,
         CASE WHEN o.status IN ('delivered', 'refunded') THEN o.created_at + interval '3 days' END,
         o.created_at, o.created_at
       FROM (
         SELECT p.*, acc.id AS user_id,
           CASE WHEN acc.id IS NULL THEN p.made_up_name END AS guest_name,
           CASE WHEN acc.id IS NULL THEN p.made_up_phone END AS guest_phone,
           coalesce(acc.name, p.made_up_name) AS name, coalesce(acc.phone, p.made_up_phone) AS phone,
           CASE WHEN p.days < 1 THEN CASE WHEN p.payment_method = 'card' AND p.r_status < 0.1 THEN 'pending_payment' ELSE 'placed' END
                WHEN p.days < 2 THEN CASE WHEN p.r_status < 0.5 THEN 'confirmed' ELSE 'packed' END
                WHEN p.days < 5 THEN 'shipped'
                WHEN p.r_status < 0.85 THEN 'delivered' WHEN p.r_status < 0.95 THEN 'cancelled' ELSE 'refunded' END AS status,
           CASE WHEN p.r_promo < 1.0 / 12 THEN (ARRAY['WELCOME10','RAMADAN','EID25','SUMMER'])[1 + floor(p.r_promo * 48)::int] END AS promo_code,
           CASE WHEN p.r_promo < 1.0 / 12 THEN p.subtotal / 10 ELSE 0 END AS discount
         FROM (
           SELECT g, ($1::int - g) * 730.0 / $1::int AS days, now() - ($1::int - g) * interval '730 days' / $1::int AS created_at,
             random() AS r_status, random() AS r_promo, random() AS r_account,
             CASE WHEN random() < 0.35 THEN 'card' ELSE 'cod' END AS payment_method,
             2 * (10000 + floor(random() * 240000)::int) AS subtotal,
             1 + floor(random() * $2::int)::int AS account_n, 1 + floor(random() * (SELECT count(*) FROM board_cities))::int AS city_n,
             ${madeUpName('g + 7919')} AS made_up_name,
             '+2012' || lpad((g % 100000000)::text, 8, '0') AS made_up_phone
           FROM generate_series(1, $1::int) g, board_names
         ) p
         LEFT JOIN board_accounts acc ON p.r_account < 0.75 AND acc.n = p.account_n
       ) o
       JOIN board_cities c ON c.n = o.city_n
       ORDER BY o.g`,
      [count, ACCOUNTS],
    );
    await client.query(`
      INSERT INTO order_items (order_id, product_id, variant_id, size_ml, quantity, price_piastres)
      SELECT ord.id, bp.id, bp.variant_id, bp.ml, 1, ord.subtotal_piastres / 2
      FROM orders ord CROSS JOIN generate_series(0, 1) line
      JOIN board_products bp ON bp.n = 1 + (ord.id * 7 + line * 13) % (SELECT count(*) FROM board_products)
      WHERE NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = ord.id);
      INSERT INTO payments (order_id, provider, reference, amount_piastres, status, refunded_piastres, transaction_id)
      SELECT ord.id, 'paymob', md5(ord.order_number || random()), ord.total_piastres,
        CASE ord.status WHEN 'pending_payment' THEN 'pending' WHEN 'refunded' THEN 'refunded' WHEN 'cancelled' THEN 'refunded' ELSE 'paid' END,
        CASE WHEN ord.status IN ('refunded', 'cancelled') THEN ord.total_piastres ELSE 0 END,
        CASE WHEN ord.status <> 'pending_payment' THEN 'board-' || ord.id END
      FROM orders ord
      WHERE ord.payment_method = 'card' AND NOT EXISTS (SELECT 1 FROM payments pay WHERE pay.order_id = ord.id)`);
    await client.query(`
      WITH tagger AS (
        INSERT INTO staff_members (email, name, role) VALUES ('board-tagger@attar.example', 'Board tagger', 'support')
        ON CONFLICT (email) DO UPDATE SET name = excluded.name RETURNING id
      ), order_tagged AS (
        INSERT INTO order_tags (order_id, slot, tag, created_by)
        SELECT ord.id, 1, (ARRAY['gift', 'call first', 'fragile', 'هدية'])[1 + ord.id / 23 % 4], tagger.id FROM orders ord, tagger
        WHERE ord.id % 23 = 0 AND NOT EXISTS (SELECT 1 FROM order_tags t WHERE t.order_id = ord.id)
      )
      INSERT INTO customer_tags (user_id, slot, tag, created_by)
      SELECT u.id, 1, CASE WHEN u.id % 17 = 0 THEN 'VIP' ELSE 'wholesale' END, tagger.id FROM users u, tagger
      WHERE u.email LIKE 'board-%' AND (u.id % 17 = 0 OR u.id % 29 = 0) AND NOT EXISTS (SELECT 1 FROM customer_tags t WHERE t.user_id = u.id)`);
    // One statement each: VACUUM cannot run in the implicit transaction of a multi-statement query.
    for (const table of ['orders', 'order_items', 'payments', 'users', 'order_tags', 'customer_tags'])
      await client.query(`VACUUM ANALYZE ${table}`);
    const [{ n }] = (await client.query('SELECT count(*)::int AS n FROM orders')).rows;
    console.log(
      `Board: ${n.toLocaleString('en-US')} orders (${count.toLocaleString('en-US')} added) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return n;
  } finally {
    await client.end();
  }
}

const cairoDate = (date) => date.toLocaleDateString('en-CA', { timeZone: 'Africa/Cairo' });

/**
 * What staff ask the board, sampled from the seeded orders: the first page, the orders waiting, a status with a
 * quarter's dates and a governorate, unpaid card orders, a promo code, and searches by mobile (typed the local way),
 * order number, name (Arabic and English) and e-mail.
 */
async function boardWorkload(databaseUrl) {
  const sample = (sql) => query(databaseUrl, `${sql} ORDER BY random() LIMIT 10`);
  const [busiest] = await query(databaseUrl, 'SELECT region_id FROM orders GROUP BY region_id ORDER BY count(*) DESC LIMIT 1');
  const today = new Date();
  const quarterAgo = new Date(today.getTime() - 90 * 86_400_000);
  const phones = await sample(`SELECT customer_phone AS v FROM orders WHERE customer_phone IS NOT NULL`);
  const numbers = await sample(`SELECT order_number AS v FROM orders`);
  const names = await sample(`SELECT address->>'name' AS v FROM orders`);
  const emails = await sample(`SELECT email AS v FROM users WHERE email LIKE 'board-%'`);
  const search = (values, form = (v) => v) => values.map(({ v }) => `${BOARD}?q=${encodeURIComponent(form(v))}&page_size=25`);
  return [
    { key: 'first', label: 'Newest first, no filter', paths: [`${BOARD}?page_size=25`] },
    { key: 'waiting', label: 'Waiting for confirmation', paths: [`${BOARD}?status=placed&page_size=25`] },
    {
      key: 'filtered',
      label: 'Delivered, last 90 days, the busiest governorate',
      paths: [`${BOARD}?status=delivered&from=${cairoDate(quarterAgo)}&to=${cairoDate(today)}&region=${busiest.region_id}&page_size=25`],
    },
    { key: 'unpaidCard', label: 'Card, not paid', paths: [`${BOARD}?payment_method=card&paid=no&page_size=25`] },
    { key: 'promo', label: 'Promo code used', paths: [`${BOARD}?promo_code=EID25&page_size=25`] },
    { key: 'total', label: 'Largest totals first', paths: [`${BOARD}?sort=-total&page_size=25`] },
    { key: 'phone', label: 'Search: mobile as typed (010…)', paths: search(phones, (v) => v.replace(/^\+20/, '0')) },
    { key: 'number', label: 'Search: order number', paths: search(numbers) },
    { key: 'name', label: 'Search: name (Arabic and English)', paths: search(names) },
    { key: 'email', label: 'Search: e-mail', paths: search(emails) },
  ];
}

/**
 * Views staff save of the board (decision 0054), saved through the API by the member asking: the orders of the busiest
 * governorate's cash on delivery to confirm, the packed orders not yet handed to a courier (oldest first), the orders
 * tagged as gifts and the orders of customers tagged VIP. Each is asked as the board asks when it is opened.
 */
async function savedViewWorkload(databaseUrl, origin, session) {
  const [cairo] = await query(databaseUrl, `SELECT id FROM regions WHERE name_en = 'Cairo'`);
  const views = [
    {
      key: 'viewCairoCod',
      name: 'Cairo, cash on delivery, to confirm',
      search: { status: 'placed', region: cairo.id, payment_method: 'cod' },
    },
    { key: 'viewPacked', name: 'Packed, not handed over', search: { status: 'packed', sort: 'created_at' } },
    { key: 'viewGift', name: 'Gift orders', search: { tag: 'gift' } },
    { key: 'viewVip', name: 'VIP customers', search: { customer_tag: 'VIP' } },
  ];
  const scenarios = [];
  for (const { key, name, search } of views) {
    const response = await staffFetch(session, `${origin}/api/staff/saved-views/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ list: 'orders', name, search }),
    });
    if (response.status !== 201) throw new Error(`saving the view ${name} answered ${response.status}: ${await response.text()}`);
    const saved = await response.json();
    const filters = new URLSearchParams(Object.entries(saved.search).map(([field, value]) => [field, String(value)]));
    scenarios.push({ key, label: `Saved view: ${name}`, paths: [`${BOARD}?${filters}&page_size=25`] });
  }
  return scenarios;
}

/**
 * Texts a person types into the command palette, five of each kind, sampled from the bench's orders and catalogue: an
 * order number, a mobile as typed locally (010…), a name as far as the father's name in Arabic and in English, a SKU
 * and a product's name in either language.
 */
async function paletteTexts(databaseUrl) {
  const sample = (kind, sql) =>
    query(databaseUrl, `${sql} ORDER BY random() LIMIT 5`).then((rows) => rows.map(({ v }) => ({ kind, text: v })));
  const twoNames = (script) => `SELECT split_part(address->>'name', ' ', 1) || ' ' || split_part(address->>'name', ' ', 2) AS v
    FROM orders WHERE address->>'name' ${script === 'ar' ? '~' : '!~'} '[ء-ي]'`;
  const kinds = await Promise.all([
    sample('Order number', `SELECT order_number AS v FROM orders`),
    sample('Mobile as typed (010…)', `SELECT '0' || substr(customer_phone, 4) AS v FROM orders WHERE customer_phone LIKE '+20%'`),
    sample('Name (Arabic)', twoNames('ar')),
    sample('Name (English)', twoNames('en')),
    sample('SKU', `SELECT sku AS v FROM product_variants`),
    sample(
      'Product name (English or Arabic)',
      `SELECT CASE WHEN id % 2 = 0 THEN name_en ELSE name_ar END AS v FROM products WHERE is_published`,
    ),
  ]);
  // Interleaved, so that every kind is asked throughout a run.
  return kinds[0].flatMap((_, i) => kinds.map((texts) => texts[i]));
}

/** The three lists the palette asks for a text, as it asks them. */
const palettePaths = (text) => {
  const q = encodeURIComponent(text);
  return [
    `/api/staff/orders/?q=${q}&page_size=${PALETTE_PAGE_SIZE}`,
    `/api/staff/customers/?q=${q}&page_size=${PALETTE_PAGE_SIZE}`,
    `/api/staff/products/?search=${q}&page_size=${PALETTE_PAGE_SIZE}`,
  ];
};

/**
 * Staff members typing into the palette for `seconds`, each asking the three lists at once for a text and the next
 * text as soon as all three answered: every answer's time until the last of the three is in (ms), by kind of text.
 */
async function paletteLoad(origin, cookie, texts, people, seconds) {
  const answers = [];
  let failures = 0;
  const ends = Date.now() + seconds * 1000;
  const person = async (first) => {
    for (let i = first; Date.now() < ends; i++) {
      const { kind, text } = texts[i % texts.length];
      const started = performance.now();
      const responses = await Promise.all(
        palettePaths(text).map(async (path) => {
          const response = await fetch(`${origin}${path}`, { headers: { cookie } });
          await response.arrayBuffer();
          return response.ok;
        }),
      );
      const elapsed = performance.now() - started;
      if (responses.every(Boolean)) answers.push({ kind, elapsed });
      else failures++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: people }, (_, n) => person(Math.floor((n * texts.length) / people))));
  return { answers, failures, seconds: (performance.now() - started) / 1000 };
}

const percentiles = (values) => {
  const sorted = Float64Array.from(values).sort();
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

/**
 * The palette's answer over the bench's orders and catalogue: a warm-up, then BOARD_RUNS runs; the run with the median
 * p95 is checked, with its p95 per kind of text, and the spread of the runs' p95 shown.
 */
async function measurePalette(origin, cookie, texts) {
  for (const { text } of texts)
    for (const path of palettePaths(text)) {
      const response = await fetch(`${origin}${path}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    }
  await paletteLoad(origin, cookie, texts, BOARD_CONNECTIONS, LOAD.warmupSeconds);
  const runs = [];
  for (let run = 0; run < BOARD_RUNS; run++) {
    const { answers, failures, seconds } = await paletteLoad(origin, cookie, texts, BOARD_CONNECTIONS, LOAD.durationSeconds);
    const kinds = [...new Set(texts.map((t) => t.kind))].map((kind) => ({
      kind,
      ...percentiles(answers.filter((a) => a.kind === kind).map((a) => a.elapsed)),
    }));
    runs.push({
      answers: answers.length,
      perSecond: answers.length / seconds,
      failures,
      kinds,
      ...percentiles(answers.map((a) => a.elapsed)),
    });
  }
  const byP95 = [...runs].sort((a, b) => a.p95 - b.p95);
  return {
    ...byP95[Math.floor(runs.length / 2)],
    p95Min: byP95[0].p95,
    p95Max: byP95.at(-1).p95,
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    texts: texts.length,
    people: BOARD_CONNECTIONS,
  };
}

/**
 * The back office's first load: the scripts its index.html makes the browser fetch (the entry and its module
 * preloads) and the texts of the language it opens in, which the entry fetches before drawing anything (counted for
 * Arabic, the larger), as the API sends them gzipped (the goal) and brotli-compressed (what browsers take).
 */
async function adminFirstLoad(origin) {
  const response = await fetch(`${origin}/admin/`);
  if (!response.ok) throw new Error(`/admin/ answered ${response.status}`);
  const html = await response.text();
  const sources = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ].map(([, source]) => new URL(source, origin).toString());
  const entry = await (await fetch(sources[0])).text();
  const texts = /texts-ar-[\w-]+\.js/.exec(entry)?.[0];
  if (!texts) throw new Error('The back office entry names no Arabic texts script (texts-ar-….js).');
  sources.push(new URL(texts, sources[0]).toString());
  let gzip = 0;
  let brotli = 0;
  for (const source of new Set(sources)) {
    gzip += await bodyBytes(source, 'gzip');
    brotli += await bodyBytes(source, 'br');
  }
  return { scripts: new Set(sources).size, jsKb: gzip / 1024, brotliKb: brotli / 1024 };
}

export async function benchBoard(databaseUrl) {
  const orderCount = await seedOrders(databaseUrl);
  // The API serves the back office as built (apps/admin/dist); a fresh build measures this checkout's code.
  run('npm', ['run', 'build', '-w', '@attar/admin']);
  if (!readFileSync(`${ROOT}apps/admin/dist/index.html`, 'utf8').includes('/admin/assets/'))
    throw new Error('the back office did not build');
  const api = await startApi(databaseUrl, await freePort(8220));
  try {
    const firstLoad = await adminFirstLoad(api.origin);
    console.log(
      `Back office first load: ${firstLoad.scripts} scripts, ${firstLoad.jsKb.toFixed(1)} kB gzip, ${firstLoad.brotliKb.toFixed(1)} kB brotli.`,
    );
    const support = await signInStaff(databaseUrl, api.origin, 'support');
    const { cookie } = support;
    const workload = [...(await boardWorkload(databaseUrl)), ...(await savedViewWorkload(databaseUrl, api.origin, support))];
    const scenarios = [];
    for (const scenario of workload) {
      const requests = scenario.paths.map((path) => ({ method: 'GET', path, headers: { cookie } }));
      for (const request of requests) {
        const answer = await fetch(`${api.origin}${request.path}`, { headers: request.headers });
        if (!answer.ok) throw new Error(`${request.path} answered ${answer.status}: ${await answer.text()}`);
        scenario.matches = (scenario.matches ?? 0) + (await answer.json()).count;
      }
      console.log(`  board: ${scenario.label} (${scenario.paths.length} requests rotated, ${scenario.matches} matching orders in all)…`);
      const { runs } = await measure({ origin: api.origin, requests, connections: BOARD_CONNECTIONS }, BOARD_RUNS);
      scenarios.push({ ...scenario, ...medianRun(runs) });
    }
    // A manager: the role that may read all three of the palette's lists.
    const manager = await signInStaff(databaseUrl, api.origin, 'manager');
    const texts = await paletteTexts(databaseUrl);
    console.log(`  palette: ${texts.length} texts rotated, ${BOARD_CONNECTIONS} members typing…`);
    const palette = await measurePalette(api.origin, manager.cookie, texts);
    const [{ n: productCount }] = await query(databaseUrl, 'SELECT count(*)::int AS n FROM products WHERE is_published');
    return {
      orderCount,
      productCount,
      scenarios,
      palette,
      firstLoad,
      connections: BOARD_CONNECTIONS,
      runs: BOARD_RUNS,
      durationSeconds: LOAD.durationSeconds,
    };
  } finally {
    await api.stop();
  }
}
