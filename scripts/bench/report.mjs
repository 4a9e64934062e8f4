// The benchmark's figures: a table in the terminal and docs/benchmarks.md (each part keeps its latest run).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { ROOT } from '../lib.mjs';
import { GOALS, LIST_PATH } from './api-bench.mjs';
import { BOARD_GOALS, BOARD_ORDERS } from './board-bench.mjs';
import { CATALOGUE_GOALS } from './catalogue-bench.mjs';
import { DEFAULT_GROWTH_SIZES } from './growth-bench.mjs';
import { MESSAGE_GOALS, MESSAGE_RATE } from './messages-bench.mjs';
import { LINES_PER_CART, ORDER_CONNECTIONS, ORDER_PATH, ORDER_RATE } from './order-bench.mjs';
import { LOAD } from './load.mjs';
import { REPORT_ORDERS, REPORTS_GOALS } from './reports-bench.mjs';
import { WEB_GOALS } from './web-bench.mjs';

export const BENCHMARKS_FILE = `${ROOT}docs/benchmarks.md`;

export function machineInfo(postgresVersion) {
  const cpuModel =
    readFileSync('/proc/cpuinfo', 'utf8')
      .match(/^model name\s*:\s*(.+)$/m)?.[1]
      ?.trim() ?? os.cpus()[0]?.model;
  return {
    cores: execFileSync('nproc', { encoding: 'utf8' }).trim(),
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    cpuModel,
    node: process.version,
    postgres: postgresVersion,
    os: `${os.type()} ${os.release()}`,
    code: codeVersion(),
  };
}

const machineLine = (m) => `${m.cores} cores (\`nproc\`), ${m.cpuModel}, ${m.memory} RAM, ${m.os}; Node ${m.node}; ${m.postgres}`;

const fmt = {
  int: (n) => Math.round(n).toLocaleString('en-US'),
  ms: (n) => `${n.toFixed(1)} ms`,
  // Three decimals near the goal, so a value shown as 0.60 cannot be a FAIL.
  ratio: (n) => (n >= 10 ? n.toFixed(1) : n.toFixed(3)),
  kb: (n) => `${n.toFixed(1)} kB`,
};
const verdict = (pass) => (pass ? 'PASS' : 'FAIL');

/** The check that every run of a part answered: no connection errors, timeouts or non-2xx answers. */
const errorsCheck = (runs) => {
  const failures = runs.reduce((sum, run) => sum + run.failures, 0);
  return { figure: 'Errors and non-2xx answers, all runs', value: String(failures), goal: '0', pass: failures === 0 };
};

/** A scenario's throughput and p99 against their goals (`name` and `mode` make up the figures' names). */
const throughputAndP99 = (name, mode, s, rpsGoal, p99Goal) => [
  { figure: `${name} throughput${mode}`, value: `${fmt.int(s.rps)} req/s`, goal: `≥ ${fmt.int(rpsGoal)} req/s`, pass: s.rps >= rpsGoal },
  { figure: `${name} p99${mode}`, value: fmt.ms(s.p99), goal: `≤ ${p99Goal} ms`, pass: s.p99 <= p99Goal },
];

/** Every figure that has a goal: `{ figure, value, goal, pass }`. */
export function apiChecks({ scenarios }) {
  const { list, detail, search, suggestions, suggestionsAloneUncached, listUncached, searchUncached, baseline, ordersPaced } = scenarios;
  const checks = [
    ...throughputAndP99('List', '', list, GOALS.rps, GOALS.p99),
    ...throughputAndP99('Detail', '', detail, GOALS.rps, GOALS.p99),
    ...throughputAndP99('List', ', micro-cache off', listUncached, GOALS.uncachedListRps, GOALS.uncachedP99),
    ...throughputAndP99('Search', ', micro-cache off', searchUncached, GOALS.uncachedSearchRps, GOALS.uncachedP99),
    ...signedInChecks(listUncached, scenarios.listSignedInUncached),
  ];
  checks.push({ figure: 'Search p95', value: fmt.ms(search.p95), goal: `≤ ${GOALS.searchP95} ms`, pass: search.p95 <= GOALS.searchP95 });
  for (const [figure, s] of [
    ['Suggestions p95', suggestions],
    ['Suggestions p95, micro-cache off, one request at a time', suggestionsAloneUncached],
  ]) {
    checks.push({ figure, value: fmt.ms(s.p95), goal: `≤ ${GOALS.suggestionsP95} ms`, pass: s.p95 <= GOALS.suggestionsP95 });
  }
  for (const [figure, api, goal] of [
    ['List throughput / baseline', list, GOALS.baselineRatio],
    ['List throughput / baseline, both querying every request', listUncached, GOALS.uncachedBaselineRatio],
  ]) {
    const ratio = api.rps / baseline.rps;
    checks.push({ figure, value: fmt.ratio(ratio), goal: `≥ ${goal}`, pass: ratio >= goal });
  }
  checks.push({
    figure: `Order placement p99 (${ordersPaced.connections} shoppers, ${fmt.int(ORDER_RATE)} orders/s)`,
    value: fmt.ms(ordersPaced.p99),
    goal: `≤ ${GOALS.orderP99} ms`,
    pass: ordersPaced.p99 <= GOALS.orderP99,
  });
  checks.push(errorsCheck(Object.values(scenarios)));
  return checks;
}

/** Signed-in shoppers' list (favourites marked) against guests', both with the micro-cache off. */
function signedInChecks(guests, signedIn) {
  const p99Goal = GOALS.signedInFactor * guests.p99;
  const rpsGoal = guests.rps / GOALS.signedInFactor;
  const against = `guests', micro-cache off`;
  return [
    {
      figure: 'List throughput, signed in, micro-cache off',
      value: `${fmt.int(signedIn.rps)} req/s`,
      goal: `≥ ${fmt.int(rpsGoal)} req/s (${against}, ÷ ${GOALS.signedInFactor})`,
      pass: signedIn.rps >= rpsGoal,
    },
    {
      figure: 'List p99, signed in, micro-cache off',
      value: fmt.ms(signedIn.p99),
      goal: `≤ ${fmt.ms(p99Goal)} (${against}, × ${GOALS.signedInFactor})`,
      pass: signedIn.p99 <= p99Goal,
    },
  ];
}

/** List and search p99 on the largest catalogue against the smallest (the growth part), and its runs' errors. */
export function growthChecks({ sizes }) {
  const [smallest, largest] = [sizes[0], sizes.at(-1)];
  const ratios = [
    ['List', 'list'],
    ['Search', 'search'],
  ].map(([name, key]) => {
    const ratio = largest[key].p99 / smallest[key].p99;
    return {
      figure: `${name} p99 at ${fmt.int(largest.productCount)} / at ${fmt.int(smallest.productCount)} products, micro-cache off`,
      value: fmt.ratio(ratio),
      goal: `≤ ${GOALS.growthFactor}`,
      pass: ratio <= GOALS.growthFactor,
    };
  });
  return [...ratios, errorsCheck(sizes.flatMap((size) => [size.list, size.search]))];
}

const growthRows = ({ sizes }) =>
  sizes.flatMap((size) => [
    measurementRow(`API list, micro-cache off, ${fmt.int(size.productCount)} products (${fmt.int(size.listCount)} listed)`, size.list),
    measurementRow(`API search, micro-cache off, ${fmt.int(size.productCount)} products`, size.search),
  ]);

/** The catalogue's import, when the admin part measured it (decision 0025). */
const importChecks = (catalogueImport) =>
  catalogueImport
    ? [
        {
          figure: `${fmt.int(catalogueImport.lines)}-line price and stock import, sent to applied (median of ${catalogueImport.seconds.length})`,
          value: `${catalogueImport.median.toFixed(1)} s`,
          goal: `≤ ${CATALOGUE_GOALS.importSeconds} s`,
          pass: catalogueImport.median <= CATALOGUE_GOALS.importSeconds,
        },
      ]
    : [];

/** How soon an edited price is served, when the web part measured it (decision 0004). */
const freshnessChecks = (freshness) =>
  !freshness
    ? []
    : freshness.error
      ? [notMeasured({ path: 'Edited price', error: freshness.error })]
      : [
          {
            figure: `Edited price served by the storefront (median of ${freshness.runs.length})`,
            value: `${freshness.webMedian.toFixed(2)} s`,
            goal: `≤ ${CATALOGUE_GOALS.freshSeconds} s`,
            pass: freshness.webMedian <= CATALOGUE_GOALS.freshSeconds,
          },
          {
            figure: `Edited price served by the other API instance (median of ${freshness.runs.length})`,
            value: `${freshness.apiMedian.toFixed(2)} s`,
            goal: `≤ ${CATALOGUE_GOALS.freshSeconds} s`,
            pass: freshness.apiMedian <= CATALOGUE_GOALS.freshSeconds,
          },
        ];

export function boardChecks({ scenarios, palette, firstLoad, catalogueImport }) {
  return [
    ...importChecks(catalogueImport),
    ...scenarios.map((s) => ({
      figure: `Board p99: ${s.label}`,
      value: fmt.ms(s.p99),
      goal: `≤ ${BOARD_GOALS.p99} ms`,
      pass: s.p99 <= BOARD_GOALS.p99,
    })),
    {
      figure: 'Command palette p95: all three lists answered',
      value: fmt.ms(palette.p95),
      goal: `≤ ${BOARD_GOALS.paletteP95} ms`,
      pass: palette.p95 <= BOARD_GOALS.paletteP95,
    },
    errorsCheck([...scenarios, palette]),
    {
      figure: 'Back office first-load JS (gzip)',
      value: fmt.kb(firstLoad.jsKb),
      goal: `≤ ${BOARD_GOALS.firstLoadJsKb} kB`,
      pass: firstLoad.jsKb <= BOARD_GOALS.firstLoadJsKb,
    },
  ];
}

const boardRows = ({ scenarios }) =>
  scenarios.map((s) => [
    s.label,
    String(s.paths.length),
    fmt.int(s.matches),
    fmt.int(s.rpsMedian),
    fmt.ms(s.p50),
    fmt.ms(s.p95),
    fmt.ms(s.p99),
    `${fmt.ms(s.p99Min)} – ${fmt.ms(s.p99Max)}`,
    String(s.failures),
  ]);
const BOARD_HEADER = [
  'Board scenario',
  'Requests rotated',
  'Matching orders',
  'req/s (median run)',
  'p50',
  'p95',
  'p99',
  'p99 spread',
  'Errors',
];

/** The palette's answers by kind of text in its median run, then all of them with the spread of the runs. */
const paletteRows = ({ palette }) => [
  ...palette.kinds.map((k) => [k.kind, fmt.ms(k.p50), fmt.ms(k.p95), fmt.ms(k.p99), '', '']),
  [
    `All ${palette.texts} texts (${fmt.int(palette.answers)} answers, ${palette.perSecond.toFixed(1)}/s)`,
    fmt.ms(palette.p50),
    fmt.ms(palette.p95),
    fmt.ms(palette.p99),
    `${fmt.ms(palette.p95Min)} – ${fmt.ms(palette.p95Max)}`,
    String(palette.failures),
  ],
];
const PALETTE_HEADER = ['Palette text', 'p50', 'p95', 'p99', 'p95 spread', 'Errors'];

/** The dashboard's goal on each scenario's median run. */
export function reportsChecks({ scenarios }) {
  return [
    ...scenarios.map((s) => ({
      figure: `Dashboard p99: ${s.label}`,
      value: fmt.ms(s.p99),
      goal: `≤ ${REPORTS_GOALS.p99} ms`,
      pass: s.p99 <= REPORTS_GOALS.p99,
    })),
    errorsCheck(scenarios),
  ];
}

const reportsRows = ({ scenarios }) =>
  scenarios.map((s) => [
    s.label,
    fmt.int(s.sales),
    fmt.int(s.rpsMedian),
    fmt.ms(s.p50),
    fmt.ms(s.p95),
    fmt.ms(s.p99),
    `${fmt.ms(s.p99Min)} – ${fmt.ms(s.p99Max)}`,
    String(s.failures),
  ]);
const REPORTS_HEADER = ['Dashboard scenario', 'Sales in its range', 'req/s (median run)', 'p50', 'p95', 'p99', 'p99 spread', 'Errors'];

const notMeasured = (p) => ({ figure: `${p.path}`, value: `not measured: ${p.error}`, goal: 'a 200 page', pass: false });

export function webChecks({ pages, routes = [], freshness }) {
  const scores = pages.flatMap((p) =>
    p.error
      ? [notMeasured(p)]
      : [
          {
            figure: `${p.path} performance`,
            value: String(p.performance),
            goal: `≥ ${WEB_GOALS.score}`,
            pass: p.performance >= WEB_GOALS.score,
          },
          {
            figure: `${p.path} accessibility`,
            value: String(p.accessibility),
            goal: `≥ ${WEB_GOALS.score}`,
            pass: p.accessibility >= WEB_GOALS.score,
          },
        ],
  );
  const javaScript = routes.map((r) =>
    r.error
      ? notMeasured(r)
      : {
          figure: `${r.path} first-load JS (gzip)`,
          value: fmt.kb(r.jsKb),
          goal: `≤ ${WEB_GOALS.firstLoadJsKb} kB`,
          pass: r.jsKb <= WEB_GOALS.firstLoadJsKb,
        },
  );
  return [...scores, ...javaScript, ...freshnessChecks(freshness)];
}

const SCENARIO_LABELS = {
  list: `API list \`${LIST_PATH}\``,
  detail: 'API detail `/api/products/{slug}/` (50 slugs)',
  search: 'API search `/api/products/?search=…` (EN + AR)',
  listUncached: 'API list, micro-cache off',
  listSignedInUncached: 'API list, signed in (shoppers with 3–5 favourites on the page), micro-cache off',
  detailUncached: 'API detail, micro-cache off',
  searchUncached: 'API search, micro-cache off',
  searchAloneUncached: 'API search, micro-cache off, one request at a time',
  suggestions: 'API search suggestions `/api/products/suggestions/?search=…` (each prefix as typed, EN + AR)',
  suggestionsUncached: 'API search suggestions, micro-cache off',
  suggestionsAloneUncached: 'API search suggestions, micro-cache off, one request at a time',
  listUncachedTwoInstances: 'API list, micro-cache off, two instances',
  searchUncachedTwoInstances: 'API search, micro-cache off, two instances',
  baseline: 'Baseline list (node:http + pg, same SQL, no cache)',
  ordersPaced: `API order placement \`POST ${ORDER_PATH}\` (signed in, cash on delivery), ${fmt.int(ORDER_RATE)} orders/s`,
  orders: `API order placement, each shopper's next order as soon as one is placed (capacity)`,
};

/** A load run's row under SCENARIO_HEADER. */
const measurementRow = (label, s) => [
  label,
  String(s.connections),
  fmt.int(s.rps),
  fmt.ms(s.p50),
  fmt.ms(s.p95),
  fmt.ms(s.p99),
  String(s.failures),
  fmt.kb(s.bytesPerResponse / 1024),
];
const scenarioRows = ({ scenarios }) => Object.entries(scenarios).map(([key, s]) => measurementRow(SCENARIO_LABELS[key], s));
const SCENARIO_HEADER = ['Scenario', 'Connections', 'req/s', 'p50', 'p95', 'p99', 'Errors', 'Response'];

function pageRows({ pages }) {
  return pages.map((p) =>
    p.error
      ? [p.path, '—', '—', '—', '—', '—', '—', '—', '—', '—', `not measured: ${p.error}`]
      : [
          p.path,
          `${p.performance} (${p.runScores.join('/')})`,
          `${p.heldRuns} of ${p.runScores.length}`,
          String(p.accessibility),
          fmt.kb(p.auditJsKb),
          fmt.ms(p.fcpMs),
          fmt.ms(p.lcpMs),
          fmt.ms(p.tbtMs),
          p.cls.toFixed(3),
          [...p.failedAccessibility, ...p.opportunities].join('; ') || '—',
        ],
  );
}
const PAGE_HEADER = [
  'Page',
  'Performance (each run)',
  'First paint held',
  'Accessibility',
  'JS fetched while audited',
  'FCP',
  'LCP',
  'TBT',
  'CLS',
  'Failed accessibility audits; largest opportunities',
];

const routeRows = ({ routes = [] }) =>
  routes.map((r) => (r.error ? [r.path, `not measured: ${r.error}`, '—'] : [r.path, fmt.kb(r.jsKb), String(r.scripts)]));
const ROUTE_HEADER = ['Route', 'First-load JS (gzip)', 'Scripts in the HTML'];

const checkRows = (checks) => checks.map((c) => [c.figure, c.value, c.goal, verdict(c.pass)]);
const goalsMet = (checks) => `Goals met: ${checks.filter((c) => c.pass).length} of ${checks.length}.`;
const CHECK_HEADER = ['Figure', 'Value', 'Goal', 'Result'];

function textTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function printApi(result) {
  console.log(`\n${textTable(SCENARIO_HEADER, scenarioRows(result))}\n`);
  const checks = apiChecks(result);
  console.log(`${textTable(CHECK_HEADER, checkRows(checks))}\n${goalsMet(checks)}\n`);
}

export function printGrowth(result) {
  console.log(`\n${textTable(SCENARIO_HEADER, growthRows(result))}\n`);
  const checks = growthChecks(result);
  console.log(`${textTable(CHECK_HEADER, checkRows(checks))}\n${goalsMet(checks)}\n`);
}

export function printWeb(result) {
  if (result.notMeasured) {
    console.log(`\nStorefront: not measured: ${result.notMeasured}\n`);
    return;
  }
  console.log(`\n${textTable(PAGE_HEADER, pageRows(result))}\n`);
  console.log(`${textTable(ROUTE_HEADER, routeRows(result))}\n`);
  const checks = webChecks(result);
  console.log(`${textTable(CHECK_HEADER, checkRows(checks))}\n${goalsMet(checks)}\n`);
}

/** Every confirmation sent, soon after its order; a backlog drained within the goal. */
export function messagesChecks({ channels, backlog, ordersPlaced }) {
  return [
    ...channels.map((c) => ({
      figure: `Confirmations sent: ${c.channel}`,
      value: `${fmt.int(c.sent)} of ${fmt.int(ordersPlaced)} orders`,
      goal: 'every one',
      pass: c.sent === ordersPlaced && c.queued === ordersPlaced,
    })),
    ...channels.map((c) => ({
      figure: `Lag p95: ${c.channel}`,
      value: `${c.p95.toFixed(2)} s`,
      goal: `≤ ${MESSAGE_GOALS.lagP95Seconds} s`,
      pass: c.p95 <= MESSAGE_GOALS.lagP95Seconds,
    })),
    {
      figure: `Backlog of ${fmt.int(backlog.messages)} drained`,
      value: backlog.notSent ? `${fmt.int(backlog.notSent)} not sent` : `${backlog.seconds.toFixed(1)} s`,
      goal: `≤ ${MESSAGE_GOALS.backlogSeconds} s`,
      pass: backlog.notSent === 0 && backlog.messages === MESSAGE_GOALS.backlog && backlog.seconds <= MESSAGE_GOALS.backlogSeconds,
    },
  ];
}

const messagesRows = ({ channels }) =>
  channels.map((c) => [
    c.channel,
    fmt.int(c.queued),
    fmt.int(c.sent),
    fmt.int(c.dead),
    `${c.p50.toFixed(2)} s`,
    `${c.p95.toFixed(2)} s`,
    `${c.max.toFixed(2)} s`,
  ]);
const MESSAGES_HEADER = ['Confirmation', 'Queued', 'Sent', 'Dead', 'Lag p50', 'Lag p95', 'Lag max'];

export function printMessages(result) {
  console.log(`\n${textTable(MESSAGES_HEADER, messagesRows(result))}\n`);
  const checks = messagesChecks(result);
  console.log(`${textTable(CHECK_HEADER, checkRows(checks))}\n${goalsMet(checks)}\n`);
}

export function printReports(result) {
  console.log(`\n${textTable(REPORTS_HEADER, reportsRows(result))}\n`);
  const checks = reportsChecks(result);
  console.log(`${textTable(CHECK_HEADER, checkRows(checks))}\n${goalsMet(checks)}\n`);
}

export function printBoard(result) {
  console.log(`\n${textTable(BOARD_HEADER, boardRows(result))}\n`);
  console.log(`${textTable(PALETTE_HEADER, paletteRows(result))}\n`);
  const checks = boardChecks(result);
  console.log(`${textTable(CHECK_HEADER, checkRows(checks))}\n${goalsMet(checks)}\n`);
}

/** The commit measured, and whether the working tree differed from it; undefined outside a git checkout. */
export function codeVersion() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return `commit ${commit}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return undefined;
  }
}

export function measuredLine(date, machine, load) {
  const when = date
    .toISOString()
    .replace(/\.\d+Z$/, ' UTC')
    .replace('T', ' ');
  const code = machine.code ? ` Code: ${machine.code}.` : '';
  const busy =
    load > Number(machine.cores) / 2
      ? ` **The machine was busy** (other processes took CPU from the servers under test): treat these figures as a lower bound.`
      : '';
  return `Measured ${when} on ${machineLine(machine)}.${code} Load average (1 min) when its measurements started: ${load.toFixed(2)}.${busy}`;
}

function apiSection(result, machine) {
  const searches = result.workload.searches.map((s) => `${s.label} “${s.text}” (${s.count} products)`).join('; ');
  return `## API (PostgreSQL, ${fmt.int(result.productCount)} products)

${measuredLine(result.date, machine, result.loadAverage)}

${markdownTable(SCENARIO_HEADER, scenarioRows(result))}

${markdownTable(CHECK_HEADER, checkRows(apiChecks(result)))}

${goalsMet(apiChecks(result))}

Load: autocannon, ${LOAD.warmupSeconds} s warm-up then ${LOAD.durationSeconds} s measured per scenario${
    LOAD.repeat > 1 ? ` (${LOAD.repeat} times, the fastest run kept)` : ''
  }, ${result.connections} keep-alive
connections (search: ${result.searchConnections}), loopback. Latency percentiles are exact over every 2xx response of the measured
run; with this many connections a latency is mostly time spent queueing, so a scenario's p99 can only meet its goal
when its throughput is well above connections ÷ goal. The first goals are checked on the API as deployed, where guests'
catalogue answers are micro-cached for 2 s (docs/decisions/0004-catalogue-micro-cache.md); the same scenarios run again
with \`CATALOGUE_CACHE_MS=0\`, so every request runs its SQL as the baseline does: those rows show the database path a
cache miss or a signed-in shopper takes, the goals named "micro-cache off" are checked on them, and the second ratio
compares like with like. Signed in: ${result.signedIn.shoppers} shoppers (created in SQL, a session token each) with ${result.signedIn.favourites} favourites in all, 3 to 5
each among the products of the list's first page; every connection asks the list for each shopper in turn
(\`Authorization: Token …\`), and each shopper's answer was checked to mark their favourites; signed-in answers are never
micro-cached, and their goals are relative to the guests' list with the micro-cache off. Two instances: a second API
instance started beside the first on the same database, half the connections sent to each at once and the latencies of
both merged for the percentiles; both share the machine's ${machine.cores} cores with PostgreSQL and the load generator, so
what a second instance can add is bounded. Searches, rotated: ${searches}.
Orders: ${result.scenarios.orders.connections} connections, each a stream of signed-in shoppers (created in SQL beforehand, each with a saved
address and ${LINES_PER_CART} cart lines over ${fmt.int(result.orderedProducts)} products given enough stock) placing one cash-on-delivery order
apiece; the API runs as deployed, with its order-message worker, after the catalogue runs and the baseline. The goal is
checked on the paced run: the shoppers' orders arrive at ${fmt.int(ORDER_RATE)} a second in all (\`BENCH_ORDER_RATE\`), so its
latency is what a shopper waits; the capacity run, where every connection sends its next order the moment one is
placed, shows the most orders a second the machine places, and its latency is mostly queueing.`;
}

function growthSection(result, machine) {
  const sizes = result.sizes.map((size) => fmt.int(size.productCount));
  const searches = result.sizes
    .map((size, index) => `${sizes[index]} products: ${size.searches.map((s) => `“${s.text}” (${s.count})`).join(', ')}`)
    .join('; ');
  const loads = result.sizes.map((size, index) => `${sizes[index]} products ${size.loadAverage.toFixed(2)}`).join(', ');
  return `## Growth (PostgreSQL, micro-cache off, ${sizes.join(' and ')} products)

${measuredLine(result.date, machine, result.loadAverage)}

${markdownTable(SCENARIO_HEADER, growthRows(result))}

${markdownTable(CHECK_HEADER, checkRows(growthChecks(result)))}

${goalsMet(growthChecks(result))}

Each size is a database of its own, seeded and vacuumed as the API part's (\`npm run seed -w @attar/api -- --products N\`)
and dropped once measured; the API is started alone on it with \`CATALOGUE_CACHE_MS=0\` (every request
queries PostgreSQL) and measured as the API part's uncached rows: \`${LIST_PATH}\` with ${result.connections} connections, and the
searches the API part takes from that catalogue, rotated, with ${result.searchConnections}; autocannon, ${LOAD.warmupSeconds} s warm-up then ${LOAD.durationSeconds} s
measured${LOAD.repeat > 1 ? ` (${LOAD.repeat} times, the fastest run kept)` : ''}. The load average above is the highest of the sizes' (${loads}).
Searches (products found): ${searches}.`;
}

function boardSection(result, machine) {
  const { firstLoad } = result;
  return `## Back office (orders board over ${fmt.int(result.orderCount)} orders, command palette with ${fmt.int(result.productCount)} products, PostgreSQL; first load)

${measuredLine(result.date, machine, result.loadAverage)}

${markdownTable(BOARD_HEADER, boardRows(result))}

${markdownTable(PALETTE_HEADER, paletteRows(result))}

${markdownTable(CHECK_HEADER, checkRows(boardChecks(result)))}

${goalsMet(boardChecks(result))}

The bench database gets orders up to ${fmt.int(BOARD_ORDERS)} in SQL (\`scripts/bench/board-bench.mjs\`): two years of them, ids
following time, three in four from ${fmt.int(8000)} accounts and the rest from guests, names in Arabic and English, every
governorate, a third by card, a promo code on one in twelve, statuses as their age makes them, two lines each, then
\`VACUUM ANALYZE\`. A support member signs in through \`POST /api/staff/session/\` and ${result.connections} connections ask
\`GET /api/staff/orders/\` (25 a page, with the counts per status) as the board does, each again as soon as answered;
searches rotate over 10 values taken from the orders. An order in 23 carries a tag, an account in 17 the tag VIP; the
member saves four views through \`POST /api/staff/saved-views/\` and the board is asked with each one's filters. Each
scenario: ${LOAD.warmupSeconds} s warm-up, then ${result.runs} runs of ${result.durationSeconds} s; the run with the median p99 is shown and
checked, "p99 spread" is the lowest and highest p99 of the runs.

Command palette: a manager (who may read all three lists) and ${result.palette.people} members typing at once, each asking
\`/api/staff/orders/?q=…\`, \`/api/staff/customers/?q=…\` and \`/api/staff/products/?search=…\` (5 of each) at once for a
text and the next text once all three answered; an answer's time is until the last of the three is in. ${result.palette.texts} texts
rotate, five of each kind sampled from the orders and the catalogue. ${LOAD.warmupSeconds} s warm-up, then ${result.runs} runs of
${result.durationSeconds} s; the run with the median p95 is shown (by kind and in all) and checked, "p95 spread" is the lowest and
highest p95 of the runs.

Back office first load: the scripts \`/admin/\` makes the browser fetch before drawing (entry, module preloads and the
Arabic texts, the larger language: ${firstLoad.scripts}), ${fmt.kb(firstLoad.jsKb)} as the API sends them gzipped,
${fmt.kb(firstLoad.brotliKb)} brotli (what browsers ask for). The build writes both beside each asset and the API sends
them as they are. Screens other than sign-in and the board load on first visit; each language's texts are a script of
their own, fetched when the language is first shown.${importLine(result.catalogueImport)}`;
}

const importLine = (catalogueImport) =>
  catalogueImport
    ? `\n\nCatalogue import (\`scripts/bench/catalogue-bench.mjs\`): a manager sends ${fmt.int(catalogueImport.lines)} lines of
\`sku,price,stock\` (every line a change of price and stock of one of the bench's sizes) to \`POST /api/staff/products/imports/\`
and asks for the import every 100 ms until it is previewed, then applies it: ${catalogueImport.seconds.map((each) => `${each.toFixed(1)} s`).join(', ')}.`
    : '';

const freshnessLine = (freshness) =>
  freshness && !freshness.error
    ? `\n\nEdited price (\`scripts/bench/catalogue-bench.mjs\`): a second API instance on the same database takes a
manager's price change of a product whose API answer and page were just asked for (so cached); from the save's answer,
the first instance's \`/api/products/{slug}/\` and the storefront's page (served through the first instance) are asked
every 50 ms until they show the new price. Runs (API, storefront): ${freshness.runs
        .map((run) => `${run.api?.toFixed(2) ?? '> 15'} s / ${run.web?.toFixed(2) ?? '> 15'} s`)
        .join('; ')}.`
    : '';

function reportsSection(result, machine) {
  return `## Reports dashboard (over ${fmt.int(result.orderCount)} orders, PostgreSQL)

${measuredLine(result.date, machine, result.loadAverage)}

${markdownTable(REPORTS_HEADER, reportsRows(result))}

${markdownTable(CHECK_HEADER, checkRows(reportsChecks(result)))}

${goalsMet(reportsChecks(result))}

The bench database gets ${fmt.int(REPORT_ORDERS)} more orders in SQL (\`scripts/bench/reports-bench.mjs\`, generate_series): 180 days of
them, a sixth in the last 30, two lines each over the catalogue's sizes (a few sizes selling most), a third paid online
with their payments (some for another amount, some never paid, cancelled ones refunded through the gateway, a few of
those refunds failed), a promotion on one in ten, statuses as their age makes them, refunds of whole orders and of
single units, and 20,000 accounts holding points; then \`VACUUM ANALYZE\`. A manager (with an authenticator, as
production requires) signs in and ${result.connections} connections ask \`GET /api/staff/reports/dashboard/\` (one SQL statement:
the sales of today, 7 and 30 days and each of the 30 days, orders by status, best sellers, promotion usage, points
liability, payments reconciled, decision 0023), each again as soon as answered. Each scenario: ${LOAD.warmupSeconds} s warm-up,
then ${result.runs} runs of ${result.durationSeconds} s; the run with the median p99 is shown and checked, "p99 spread" is the lowest and
highest p99 of the runs.`;
}

function messagesSection(result, machine) {
  return `## Order messages (the outbox's worker, one instance, PostgreSQL)

${measuredLine(result.date, machine, result.loadAverage)}

${markdownTable(MESSAGES_HEADER, messagesRows(result))}

${markdownTable(CHECK_HEADER, checkRows(messagesChecks(result)))}

${goalsMet(messagesChecks(result))}

${fmt.int(result.ordersPlaced)} cash-on-delivery orders from signed-in shoppers arriving evenly at ${result.rate} a second for ${result.seconds} s
(\`scripts/bench/messages-bench.mjs\`; ${result.orderFailures} refused), each queuing its confirmation's e-mail and SMS in its own transaction;
the API in production mode sends them to mail and SMS sinks on the loopback. Lag is the order's commit (its
\`created_at\`) to the send's record (\`sent_at\`), read from \`queued_messages\`; the queue was empty ${result.afterLoadSeconds.toFixed(1)} s after the
last order. Then ${fmt.int(result.backlog.messages)} sent messages are put back in the queue in one transaction, as an outage would leave them,
and timed until all are sent again.`;
}

function webSection(result, machine) {
  if (result.notMeasured)
    return `## Storefront\n\n${measuredLine(result.date, machine, result.loadAverage)}\n\nNot measured: ${result.notMeasured}.`;
  return `## Storefront (Lighthouse, mobile)

${measuredLine(result.date, machine, result.loadAverage)}

${markdownTable(PAGE_HEADER, pageRows(result))}

${markdownTable(ROUTE_HEADER, routeRows(result))}

${markdownTable(CHECK_HEADER, checkRows(webChecks(result)))}

${goalsMet(webChecks(result))}${freshnessLine(result.freshness)}

Lighthouse ${result.lighthouseVersion} with Debian Chromium ${result.browser ?? '(version unknown)'}, default mobile settings (simulated throttling), categories
performance and accessibility, a fresh browser per audit, after one warm-up request per page. The storefront is built
into \`apps/web/.next-bench\`, and the audits wait (up to 2 minutes) for the build's load to pass.${extraFlagsLine(result)} Each page is audited
${result.lighthouseRuns} times and the run with the median performance score is shown: one run's score moves by several
points on this machine. Lighthouse's CPU benchmark index of this machine (higher is faster) ranged
${benchmarkIndexRange(result)} over these audits; its simulated throttling slows every measured task by the same factor,
so a slower machine scores lower for the same page.

"First paint held": runs whose first paint, as the unthrottled browser really drew it, came after the page's load
event. A server-rendered page paints before that; these paints were held back by Chromium's paint holding under mobile
emulation, by one or two whole seconds, even on a test page of one heading and one input (upstream report:
GoogleChrome/lighthouse#17148; docs/decisions/0007). Lighthouse then counts every script that ran before the late paint
into its simulated first and largest paints. \`BENCH_CHROME_FLAGS=--disable-features=PaintHolding npm run bench -- --web-only\`
audits without the hold, for comparison; the report then names the flag.

First-load JS: the scripts a route's HTML makes every browser fetch (not the \`noModule\`
polyfills, which current browsers skip), as gzipped bodies the way \`next start\` serves them, without HTTP headers.
Chunks a page imports later (Embla once the page is idle, the cart panel on first use) are not first load; "JS fetched while
audited" is every script transfer Lighthouse saw, headers and later chunks included.`;
}

const extraFlagsLine = ({ extraChromeFlags = [] }) =>
  extraChromeFlags.length ? ` **Comparison run, not the standard audit: Chromium also had \`${extraChromeFlags.join(' ')}\`.**` : '';

function benchmarkIndexRange({ benchmarkIndexes = [] }) {
  if (!benchmarkIndexes.length) return 'unknown';
  return `${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}`;
}

const SECTION_MARKERS = {
  api: ['<!-- bench:api -->', '<!-- /bench:api -->'],
  growth: ['<!-- bench:growth -->', '<!-- /bench:growth -->'],
  admin: ['<!-- bench:admin -->', '<!-- /bench:admin -->'],
  reports: ['<!-- bench:reports -->', '<!-- /bench:reports -->'],
  web: ['<!-- bench:web -->', '<!-- /bench:web -->'],
  messages: ['<!-- bench:messages -->', '<!-- /bench:messages -->'],
  fleet: ['<!-- bench:fleet -->', '<!-- /bench:fleet -->'],
};

/** How each part is run when its section has no figures yet. */
const RUN_COMMANDS = { fleet: 'npm run chaos -- --record' };

function previousSection(key) {
  if (!existsSync(BENCHMARKS_FILE)) return undefined;
  const text = readFileSync(BENCHMARKS_FILE, 'utf8');
  const [open, close] = SECTION_MARKERS[key];
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  return start >= 0 && end > start ? text.slice(start + open.length, end).trim() : undefined;
}

/**
 * Writes docs/benchmarks.md: the figures of each part that ran; a part that did not run keeps its previous figures,
 * and notes written by hand outside the sections stay.
 */
export function writeBenchmarks({ api, growth, admin, reports, web, messages, machine }) {
  // Each part that ran, rendered once; the others keep their previous figures.
  const ran = {
    api: api && apiSection(api, machine),
    growth: growth && growthSection(growth, machine),
    admin: admin && boardSection(admin, machine),
    reports: reports && reportsSection(reports, machine),
    web: web && webSection(web, machine),
    messages: messages && messagesSection(messages, machine),
  };
  const section = (key) => {
    const text = ran[key] ?? previousSection(key) ?? `Not run yet: \`${RUN_COMMANDS[key] ?? `npm run bench -- --${key}-only`}\`.`;
    const [open, close] = SECTION_MARKERS[key];
    return `${open}\n${text}\n${close}`;
  };
  const text = `# Benchmarks

Written by \`npm run bench\` (\`scripts/bench.mjs\`); \`-- --api-only\`, \`-- --growth-only\`, \`-- --admin-only\`,
\`-- --reports-only\`, \`-- --web-only\` or \`-- --messages-only\` runs one part and keeps the others' latest figures. The goals: the product list and detail sustain ≥ ${fmt.int(GOALS.rps)} req/s with p99 ≤
${GOALS.p99} ms, search p95 ≤ ${GOALS.searchP95} ms and the search box's suggestions p95 ≤ ${GOALS.suggestionsP95} ms (each prefix as typed, cached and uncached), our list throughput ≥ ${GOALS.baselineRatio} × a minimal node:http + pg handler
running the same SQL; with the micro-cache off (every request querying PostgreSQL), on ${fmt.int(10_000)} products the list ≥ ${fmt.int(GOALS.uncachedListRps)} req/s
and search ≥ ${fmt.int(GOALS.uncachedSearchRps)} req/s, both p99 ≤ ${GOALS.uncachedP99} ms, that list ≥ ${GOALS.uncachedBaselineRatio} × the baseline, a signed-in shopper's list (favourites
marked) within ${GOALS.signedInFactor} × the guests' (throughput and p99), and list and search p99 on ${fmt.int(DEFAULT_GROWTH_SIZES.at(-1))} products ≤ ${GOALS.growthFactor} × on
${fmt.int(DEFAULT_GROWTH_SIZES[0])}; placing an order p99 ≤ ${GOALS.orderP99} ms with ${ORDER_CONNECTIONS} concurrent shoppers; the orders board's first page with
filters and saved views over ${fmt.int(BOARD_ORDERS)} orders p99 ≤ ${BOARD_GOALS.p99} ms, the command palette's answer (its three lists) over those orders
and ${fmt.int(10_000)} products p95 ≤ ${BOARD_GOALS.paletteP95} ms and the back office's first load ≤ ${BOARD_GOALS.firstLoadJsKb} kB of gzipped JavaScript; the reports
dashboard over ${fmt.int(REPORT_ORDERS)} orders p99 ≤ ${REPORTS_GOALS.p99} ms; Lighthouse mobile
performance and accessibility ≥ ${WEB_GOALS.score} on /, /fragrances and a product page in both languages, and ≤ ${WEB_GOALS.firstLoadJsKb} kB of
gzipped JavaScript on any route's first load; at ${MESSAGE_RATE} orders a second every confirmation e-mail and SMS sent with
p95 lag ≤ ${MESSAGE_GOALS.lagP95Seconds} s, and a backlog of ${fmt.int(MESSAGE_GOALS.backlog)} queued messages drained in ≤ ${MESSAGE_GOALS.backlogSeconds} s.

The API half creates a fresh database \`attar_bench_<random>\` on the PostgreSQL server (\`BENCH_DATABASE_URL\`, default
\`postgres://postgres@127.0.0.1:5432/test\`), fills it with \`npm run seed -w @attar/api -- --products 10000\`, runs
\`VACUUM ANALYZE\`, starts the API as \`npm start -w @attar/api\` does (the built \`dist/server.js\`, NODE_ENV=production with
the settings production requires: a secret made up for the run, \`CARD_PAYMENTS=off\`, mail and SMS to sinks on the
loopback that accept and drop every message; LOG_LEVEL=warn) and drops the database at the end. The baseline replays
the SQL text and parameters captured from the API's own \`listProducts\`, called twice with one memo and document cache
as an API instance keeps them, so in its steady state: the list's count known and the page's documents held, the
statement neither counts again (it would if the catalogue's version moved, which it does not during the run) nor
answers the documents, only which ones at which revisions, and the baseline serves the page it captured while the
statement names the same. It must answer a byte-identical body, and runs after the API has stopped, never alongside
it. The growth part creates a database of its own for each catalogue size (\`BENCH_GROWTH_SIZES\`, default
${DEFAULT_GROWTH_SIZES.map((n) => fmt.int(n)).join(' and ')}), seeded the same way, and drops each once measured. Settings: see the head of
\`scripts/bench.mjs\` (e.g. \`BENCH_REPEAT=3\` on a machine shared with other work).

${section('api')}

${section('growth')}

${section('admin')}

${section('reports')}

${section('web')}

${section('messages')}

${section('fleet')}
`;
  if (!existsSync(BENCHMARKS_FILE)) return writeFileSync(BENCHMARKS_FILE, text);
  // Notes written by hand between the sections stay: only the head (goals and method) and each part that ran change.
  const current = readFileSync(BENCHMARKS_FILE, 'utf8');
  const [apiOpen] = SECTION_MARKERS.api;
  const at = current.indexOf(apiOpen);
  if (at < 0) return writeFileSync(BENCHMARKS_FILE, text);
  writeFileSync(BENCHMARKS_FILE, text.slice(0, text.indexOf(apiOpen)) + current.slice(at));
  for (const [key, body] of Object.entries(ran)) if (body) recordSection(key, body);
}

/** Replaces one section of docs/benchmarks.md, the rest as it is: for a part measured outside `npm run bench`. */
export function recordSection(key, body) {
  const text = readFileSync(BENCHMARKS_FILE, 'utf8');
  const [open, close] = SECTION_MARKERS[key];
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  const section = `${open}\n${body}\n${close}`;
  writeFileSync(
    BENCHMARKS_FILE,
    start >= 0 && end > start ? text.slice(0, start) + section + text.slice(end + close.length) : `${text.trimEnd()}\n\n${section}\n`,
  );
}
