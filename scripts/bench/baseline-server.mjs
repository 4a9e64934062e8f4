// The baseline: the least code that can serve the product list — node:http and a pg Pool (as large as the
// API's) replaying the exact SQL text and parameters the API's catalogue service sends (captured by
// capture-list-sql.mts in the API instance's steady state; as a named prepared statement when the API's is one),
// wrapped in the same `{count, next, previous, results}` page. What the instance keeps, the baseline keeps too: the
// list's count, and the page's documents.
// Usage: node baseline-server.mjs <captured-sql.json>   (env: DATABASE_URL, BASELINE_PORT, PUBLIC_API_URL)
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { pg } from './pg.mjs';

const captured = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const port = Number(process.env.BASELINE_PORT);
const publicUrl = process.env.PUBLIC_API_URL;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BASELINE_POOL_SIZE ?? 20) });

function pageLink(requestUrl, page) {
  const url = new URL(requestUrl, publicUrl);
  url.searchParams.set('page', String(page));
  return JSON.stringify(url.toString());
}

const server = http.createServer(async (request, response) => {
  if (!request.url.startsWith('/api/products/?')) {
    response.writeHead(404).end();
    return;
  }
  try {
    // Prepared per connection when the API prepares it: the same protocol as the API, as well as the same SQL.
    const { rows } = await pool.query({ text: captured.text, values: captured.values, name: captured.name });
    // The API's statement counts only when the catalogue's version moved since its instance counted (never, here),
    // and names the page's documents at their revisions (`items`) for the instance to serve those it holds: the page
    // is served while it names the same ones.
    const [row] = rows;
    const count = row.count ?? captured.count;
    if ('items' in row && row.items !== captured.items) throw new Error(`the page's documents changed: ${row.items}`);
    const results = 'items' in row ? captured.results : row.results;
    const lastPage = Math.max(1, Math.ceil(count / captured.pageSize));
    const next = captured.page < lastPage ? pageLink(request.url, captured.page + 1) : 'null';
    const previous = captured.page > 1 ? pageLink(request.url, Math.min(captured.page - 1, lastPage)) : 'null';
    const body = `{"count":${count},"next":${next},"previous":${previous},"results":${results}}`;
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  } catch (error) {
    console.error(error);
    response.writeHead(500).end();
  }
});

server.listen(port, '127.0.0.1');
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
