/**
 * The fuzz suite (a CI gate, docs/security.md): every operation of the OpenAPI document the API serves receives seeded,
 * bounded, property-based input — values shaped like its schema and hostile ones (wrong types, ids past int4, huge and
 * negative numbers, NUL and control characters, lone surrogates, 1 MB strings, arrays for objects, invalid JSON, wrong
 * content types) — as a guest, signed in, with a dead token, and on staff calls as a signed-in owner. It fails on any
 * 5xx, on a 429 without Retry-After, and on any JSON error body outside the contract's two shapes. The document is
 * read at run time, so an operation added later is fuzzed without anyone listing it. FUZZ_SEED replays a run;
 * FUZZ_RUNS changes the requests per operation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorBody, ValidationErrorBody } from '@attar/contract';
import { useTestApp } from '../test/app';
import { freshIp } from '../test/client';
import { signedInStaff } from '../test/staff';
import { signedInShopper } from '../test/shoppers';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
/**
 * Requests per operation. 200 keeps the suite within its time on a busy CI machine now that the API has grown to
 * hundreds of operations (the count is printed at the end); FUZZ_RUNS raises it for a longer hunt.
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 200);

const t = useTestApp();

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
};
type Operation = {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const INT4_PAST = 2_147_483_648;
/** Values that have broken servers: past PostgreSQL's ranges, characters it refuses, shapes nobody expects. */
const hostile = fc.constantFrom<unknown>(
  INT4_PAST,
  1e20,
  -1,
  0,
  -2_147_483_649,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  '\u0000',
  'rose\u0000oud',
  '\u0001\u001f\u007f',
  '\ud800',
  '\udfff x',
  '',
  ' ',
  '٠١٢٣٤٥',
  '𝓐𝓽𝓽𝓪𝓻',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  'null',
  '2147483648',
  '-1',
  '1e309',
  'NaN',
  null,
  true,
  false,
  [],
  {},
  [[[]]],
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
);
/** Rare: a 1 MB string (the body limit is 1 MB, so some are refused as too large, some reach validation). */
const huge = fc.constantFrom('x'.repeat(1_000_000), 'ع'.repeat(300_000));

/** A value shaped like `schema`, now and then swapped for a hostile one at any depth. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedValue(schema, depth);
  return fc.oneof({ arbitrary: shaped, weight: 4 }, { arbitrary: hostile, weight: 1 });
}

function shapedValue(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => valueFor(variant, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer());
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.string());
      return fc.oneof(
        fc.constantFrom('01001234567', '+201001234567', 'WELCOME10', 'ST20001', 'rose', 'cod', 'card', 'a@b.co'),
        fc.string({ maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
      );
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (!properties.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      return fc.record(Object.fromEntries(properties.map(([name, inner]) => [name, valueFor(inner, depth + 1)])), { requiredKeys: [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** How a request carries its body: mostly JSON, sometimes broken JSON or another content type, sometimes nothing. */
const bodyEncodings = fc.constantFrom('json', 'json', 'json', 'json', 'json', 'json', 'broken-json', 'text', 'form', 'none', 'empty-json');

/** Percent-encoding that also takes lone surrogates (sent as their UTF-8 replacement bytes). */
const encodePathValue = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
};

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

type Request = { method: string; url: string; headers: Record<string, string>; payload?: string };

function requestsFor(path: string, method: string, operation: Operation, who: { token: string; staff?: { cookie: string; csrf: string } }) {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const pathValue = fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 30 }).map(String), weight: 3 },
    { arbitrary: fc.constantFrom('test-scent', 'rose-oud', 'WELCOME10'), weight: 1 },
    { arbitrary: hostile.map(asText), weight: 2 },
    { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
  );
  return fc
    .record({
      path: fc.tuple(...pathParams.map(() => pathValue)),
      rawPath: fc.boolean(),
      query: fc.tuple(...queryParams.map((p) => fc.option(valueFor(p.schema), { nil: undefined }))),
      extraQuery: fc.option(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })), { nil: undefined }),
      body: bodySchema
        ? fc.oneof({ arbitrary: valueFor(bodySchema), weight: 8 }, { arbitrary: huge, weight: 1 })
        : fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
      encoding: bodyEncodings,
      // Staff calls mostly as a signed-in owner (with the CSRF token), so their handlers are reached, not only the 401.
      auth: who.staff
        ? fc.constantFrom('guest', 'signed-in', 'staff', 'staff', 'staff')
        : fc.constantFrom('guest', 'signed-in', 'signed-in', 'dead-token'),
      lang: fc.constantFrom(undefined, 'ar', 'en', 'xx'),
    })
    .map(({ path: values, rawPath, query, extraQuery, body, encoding, auth, lang }): Request => {
      let url = path;
      pathParams.forEach((param, i) => {
        // Mostly encoded as a client would; sometimes as typed (malformed percent-encodings and all).
        const value = values[i]!;
        url = url.replace(`{${param.name}}`, rawPath ? value.replace(/[/?#\s]/g, '_') : encodePathValue(value));
      });
      const search = new URLSearchParams();
      queryParams.forEach((param, i) => {
        if (query[i] !== undefined) search.append(param.name, asText(query[i]));
      });
      if (extraQuery) search.append(...extraQuery);
      if (lang) search.append('lang', lang);
      const headers: Record<string, string> = {};
      if (auth === 'signed-in') headers.authorization = `Token ${who.token}`;
      if (auth === 'dead-token') headers.authorization = 'Token this-token-was-never-issued';
      if (auth === 'staff' && who.staff) {
        headers.cookie = `attar_staff=${who.staff.cookie}`;
        headers['x-csrf-token'] = who.staff.csrf;
      }
      let payload: string | undefined;
      if (method !== 'GET' && method !== 'DELETE' && encoding !== 'none') {
        if (encoding === 'json') payload = JSON.stringify(body ?? null);
        if (encoding === 'broken-json') payload = JSON.stringify(body ?? {}).slice(0, -1) || '{';
        if (encoding === 'empty-json') payload = '';
        if (encoding === 'text' || encoding === 'form') payload = asText(body);
        headers['content-type'] = {
          json: 'application/json',
          'broken-json': 'application/json',
          'empty-json': 'application/json',
          text: 'text/plain',
          form: 'application/x-www-form-urlencoded',
        }[encoding];
      }
      return { method, url: `${url}${search.size ? `?${search}` : ''}`, headers, payload };
    });
}

/** What is wrong with an answer, or null: a 5xx, a 429 without Retry-After, an error body outside the contract. */
function problemWith(answer: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  if (answer.statusCode >= 500) return `${answer.statusCode} ${answer.body.slice(0, 300)}`;
  if (answer.statusCode === 429 && !answer.headers['retry-after']) return '429 without Retry-After';
  if (answer.statusCode < 400 || !String(answer.headers['content-type'] ?? '').includes('application/json')) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `${answer.statusCode} with a body that is not JSON: ${answer.body.slice(0, 200)}`;
  }
  return ErrorBody.safeParse(body).success || ValidationErrorBody.safeParse(body).success
    ? null
    : `${answer.statusCode} body outside the contract: ${answer.body.slice(0, 300)}`;
}

describe('the fuzz suite', () => {
  it(`answers every operation's bad and odd input with a 4xx in the contract's shape (seed ${SEED})`, async () => {
    const document = (await t.app.inject('/api/schema/')).json() as { paths: Record<string, Record<string, Operation>> };
    const shopper = await signedInShopper(t.app);
    const problems: string[] = [];
    const counts: string[] = [];
    let sent = 0;
    let operationIndex = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        // A fresh owner per staff operation: a fuzzed sign-out ends only its own session.
        const staff = path.startsWith('/api/staff/') ? await signedInStaff(t, 'owner') : undefined;
        const requests = fc.sample(requestsFor(path, method.toUpperCase(), operation, { token: shopper.token, staff }), {
          seed: SEED + operationIndex++,
          numRuns: RUNS_PER_OPERATION,
        });
        for (const request of requests) {
          const answer = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            // A fresh address per request: per-address limits would otherwise turn most requests into 429s.
            remoteAddress: freshIp(),
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          sent += 1;
          const problem = problemWith(answer);
          if (problem && problems.length < 20)
            problems.push(`${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.payload?.slice(0, 200))}: ${problem}`);
        }
        counts.push(`${method.toUpperCase()} ${path} ${requests.length}`);
      }
    }
    console.log(`fuzz: ${sent} requests over ${counts.length} operations (seed ${SEED}, ${RUNS_PER_OPERATION} each)`);
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(20_000);
  }, 1_500_000);
});
