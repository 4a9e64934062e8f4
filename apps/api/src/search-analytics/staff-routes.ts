import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  SEARCH_REPORT_LISTS,
  SearchReport,
  SearchReportQuery,
  ValidationErrorBody,
  type SearchReportList,
} from '@attar/contract';
import type { AppContext } from '../app-context';
import { CSV_BOM, csvLine } from '../http/csv';
import { csvResponse, pascalCase } from '../http/openapi';
import { requireStaff } from '../staff/auth';
import { searchListCsvRows, searchReport } from './service';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody };

const CSV_DESCRIPTIONS: Record<SearchReportList, string> = {
  top: 'Every text searched in the period, most searched first.',
  'no-results': 'The texts searched in the period whose searches found nothing.',
  'no-click': 'The texts searched in the period whose searches found products, none of which was opened.',
};

/** The "Searches" report and its CSV files (owners and managers: `readReports`). */
export const staffSearchReportRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    fastify.addHook('preValidation', async (request) => {
      requireStaff(request, config, 'readReports');
    });

    fastify.get(
      '/api/staff/searches/',
      {
        schema: {
          summary: "Get the storefront's searches over a period.",
          operationId: 'staffGetSearchReport',
          tags,
          security,
          description:
            'From `from` to `to` (Cairo days, both included, at most 366): how many searches, how many found nothing and how many ' +
            'led to a product; the most searched texts, those that found nothing and those whose results were never opened ' +
            '(50 each). Texts are grouped lower-cased and trimmed, shown as their most common spelling. Decision 0045.',
          querystring: SearchReportQuery,
          response: { 200: SearchReport, ...errors },
        },
      },
      async (request, reply) => reply.header('cache-control', 'private, no-store').send(await searchReport(database, request.query)),
    );

    for (const list of SEARCH_REPORT_LISTS) {
      fastify.get(
        `/api/staff/searches/${list}.csv`,
        {
          schema: {
            summary: `Download the searches' ${list.replaceAll('-', ' ')} list as CSV.`,
            operationId: `staffExportSearches${pascalCase(list)}`,
            tags,
            security,
            description: `${CSV_DESCRIPTIONS[list]} Every row. CSV, UTF-8 with a byte-order mark.`,
            querystring: SearchReportQuery,
            response: { 200: csvResponse, ...errors },
          },
        },
        async (request, reply) => {
          const { from, to } = request.query;
          const lines = await searchListCsvRows(database, request.query, list);
          return reply
            .header('cache-control', 'private, no-store')
            .header('content-disposition', `attachment; filename="searches-${list}-${from}-${to}.csv"`)
            .type('text/csv; charset=utf-8')
            .send(CSV_BOM + lines.map((cells) => csvLine(cells)).join(''));
        },
      );
    }
  };
