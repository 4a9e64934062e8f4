import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, MAX_UPLOAD_BYTES, MediaPath, MediaUpload, MediaUploadQuery, ValidationErrorBody } from '@attar/contract';
import type { AppContext } from '../app-context';
import { notFound } from '../http/errors';
import { requestLocale } from '../http/locale';
import { text } from '../i18n/catalogue';
import { requireStaff } from '../staff/auth';
import { acceptUpload } from './service';
import type { MediaStorage } from './storage';
import { mediaBaseOf } from '../config';

/** Uploads by staff, and the uploaded pictures served back (from disk or the bucket, through the one interface). */
export const mediaRoutes =
  ({ database, config, storage }: Pick<AppContext, 'database' | 'config'> & { storage: MediaStorage }): FastifyPluginAsyncZod =>
  async (fastify) => {
    const ctx = { database, storage, mediaBase: mediaBaseOf(config) };
    // The file is the body, whatever its declared type: what it is is read from its bytes.
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
    fastify.setErrorHandler((error, request, reply) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send({
          detail: text(requestLocale(request), 'uploadTooLarge', { mb: MAX_UPLOAD_BYTES / 1024 / 1024 }),
          code: 'payload_too_large',
        });
      }
      throw error;
    });
    fastify.addHook('preValidation', async (request) => {
      if (request.method === 'POST') requireStaff(request, config, 'uploadImages');
    });

    fastify.post(
      '/api/staff/media/',
      {
        schema: {
          summary: 'Upload an image.',
          operationId: 'staffUploadMedia',
          tags: ['staff'],
          security: [{ staffSession: [] }],
          description:
            'Upload one picture (the body is the file; at most 10 MB; JPEG, PNG or WebP, read from its bytes). ' +
            'Answers the stored picture with its `src` for a product, offer or slider save.',
          querystring: MediaUploadQuery,
          response: { 201: MediaUpload, 400: ValidationErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody },
        },
      },
      async (request, reply) => {
        const staffId = requireStaff(request, config, 'uploadImages').member.id;
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const upload = await acceptUpload(ctx, staffId, requestLocale(request), request.query.purpose, body);
        return reply.status(201).send(upload);
      },
    );

    fastify.get('/media/uploads/*', { schema: { hide: true, params: z.object({ '*': z.string() }) } }, async (request, reply) => {
      const file = `uploads/${request.params['*']}`;
      const stored = MediaPath.safeParse(file).success ? await storage.get(file) : null;
      if (!stored) throw notFound();
      // Every upload has a name of its own: what is behind it never changes.
      reply.header('cache-control', 'public, max-age=31536000, immutable').type(stored.contentType);
      if (stored.bytes !== undefined) reply.header('content-length', stored.bytes);
      return reply.send(stored.body);
    });
  };
