import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  REPORT_CSV_NAMES,
  ReportQuery,
  reportRange,
  ReportsDashboard,
  ValidationErrorBody,
  type ReportCsvName,
} from '@attar/contract';
import { shopDay } from '@attar/contract/rules';
import type { AppContext } from '../app-context';
import { CSV_BOM, csvLine } from '../http/csv';
import { requireStaff } from '../staff/auth';
import { dashboard, pointHolderBatches, POINTS_CSV_HEADER, reportCsvRows } from './service';
import { csvResponse, pascalCase } from '../http/openapi';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody };

const CSV_DESCRIPTIONS: Record<ReportCsvName, string> = {
  sales: 'Each Cairo day of the range: orders, revenue, refunds, net revenue and average order value.',
  'orders-by-status': 'Every status: the range’s orders now in it and their totals.',
  'best-sellers': 'Every product size sold in the range, most units first: units kept and their revenue.',
  promotions: 'Each code used by the range’s sales: orders, discount given and revenue.',
  points: 'Every account holding points now: its balance and what it is worth at the site’s point value (the range is ignored).',
  payments:
    'The range’s online orders whose payments do not add up: unpaid, amount mismatches, money kept on cancelled orders, failed or pending refunds.',
  'cash-confirmations':
    'Each governorate whose cash orders were asked to be confirmed in the range: how many were asked, and how each question ended (by the shopper, unanswered, by staff).',
};

async function* csvFile(lines: AsyncIterable<(string | null)[][]> | Iterable<(string | null)[][]>) {
  let first = true;
  for await (const batch of lines) {
    const text = batch.map((cells) => csvLine(cells)).join('');
    yield first ? CSV_BOM + text : text;
    first = false;
  }
}

async function* pointsLines(database: AppContext['database']) {
  yield [POINTS_CSV_HEADER];
  yield* pointHolderBatches(database);
}

/** The dashboard and the reports' CSV files (owners and managers: `readReports`). */
export const reportRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    fastify.addHook('preValidation', async (request) => {
      requireStaff(request, config, 'readReports');
    });

    fastify.get(
      '/api/staff/reports/dashboard/',
      {
        schema: {
          summary: "Get the dashboard's figures.",
          operationId: 'staffGetDashboard',
          tags,
          security,
          description:
            'Over the Cairo days asked (a preset `period`, or `from` and `to`; the last 30 days unless asked): the sales beside those of the same number of days just before, each day, orders by status, best sellers by units and by revenue, promotion usage, online payments reconciled with their orders; the points liability now. Decisions 0023 and 0056 say what counts as a sale and what the previous period is.',
          querystring: ReportQuery,
          response: { 200: ReportsDashboard, ...errors },
        },
      },
      async (request, reply) =>
        reply.header('cache-control', 'private, no-store').send(await dashboard(database, reportRange(request.query))),
    );

    for (const name of REPORT_CSV_NAMES) {
      fastify.get(
        `/api/staff/reports/${name}.csv`,
        {
          schema: {
            summary: `Download the ${name.replaceAll('-', ' ')} report as CSV.`,
            operationId: `staffExport${pascalCase(name)}Report`,
            response: { 200: csvResponse, ...errors },
            tags,
            security,
            description: `${CSV_DESCRIPTIONS[name]} CSV, UTF-8 with a byte-order mark. 400 for an unknown period or a range it cannot cover, 401 and 403 as the other staff calls.`,
            querystring: ReportQuery,
          },
        },
        async (request, reply) => {
          const range = reportRange(request.query);
          const lines = name === 'points' ? pointsLines(database) : [await reportCsvRows(database, name, range)];
          const covered = name === 'points' ? `now-${shopDay()}` : `${range.from}-to-${range.to}`;
          return reply
            .header('cache-control', 'private, no-store')
            .header('content-disposition', `attachment; filename="${name}-${covered}.csv"`)
            .type('text/csv; charset=utf-8')
            .send(Readable.from(csvFile(lines)));
        },
      );
    }
  };
