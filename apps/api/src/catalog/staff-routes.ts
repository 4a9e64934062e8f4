import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  IdParam,
  StaffImagesSave,
  StaffOffer,
  StaffOfferCreate,
  StaffOfferPage,
  StaffOfferPublication,
  StaffOfferQuery,
  StaffOfferSave,
  StaffProduct,
  StaffProductCreate,
  StaffProductPage,
  StaffProductQuery,
  StaffProductSave,
  StaffPublication,
  StaffSize,
  StaffSizeInput,
  StaffTerm,
  StaffTermInput,
  StaffTermPatch,
  TaxonomyParams,
  TermParams,
  ValidationErrorBody,
} from '@attar/contract';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import { pageLinks } from '../http/pagination';
import { requireStaff } from '../staff/auth';
import * as staffOffers from './staff-offers';
import * as staffCatalogue from './staff-service';
import { mediaBaseOf } from '../config';

const tags = ['staff'];
const security = [{ staffSession: [] }];
const errors = { 400: z.union([ErrorBody, ValidationErrorBody]), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const IdParams = z.object({ id: IdParam });
const ProductChangedBody = ErrorBody.extend({ product: StaffProduct });
const OfferChangedBody = ErrorBody.extend({ offer: StaffOffer });

/** The back office's catalogue calls (owners and managers), beside the storefront's in the same domain. */
export const staffCatalogueRoutes =
  ({ database, config }: Pick<AppContext, 'database' | 'config'>): FastifyPluginAsyncZod =>
  async (fastify) => {
    const ctx = { database, mediaBase: mediaBaseOf(config) };
    const manager = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, config, 'manageCatalogue').member.id;
    // Before the body is read: a member without the right is refused whatever they send.
    fastify.addHook('preValidation', async (request) => {
      manager(request);
    });

    fastify.get(
      '/api/staff/catalogue/sizes/',
      {
        schema: {
          summary: 'List the bottle sizes.',
          operationId: 'staffListSizes',
          tags,
          security,
          description: 'Every size products are sold in, with how many products use it.',
          response: { 200: z.array(StaffSize), ...errors },
        },
      },
      async (request, reply) => {
        manager(request);
        return reply.header('cache-control', 'private, no-store').send(await staffCatalogue.listSizes(database));
      },
    );
    fastify.post(
      '/api/staff/catalogue/sizes/',
      {
        schema: {
          summary: 'Add a bottle size.',
          operationId: 'staffCreateSize',
          tags,
          security,
          body: StaffSizeInput,
          response: { 201: StaffSize, ...errors },
        },
      },
      async (request, reply) => {
        const staffId = manager(request);
        return reply.status(201).send(await staffCatalogue.createSize(database, staffId, requestLocale(request), request.body));
      },
    );
    fastify.delete(
      '/api/staff/catalogue/sizes/:id/',
      {
        schema: {
          summary: 'Delete a bottle size.',
          operationId: 'staffDeleteSize',
          tags,
          security,
          description: 'Only a size no product uses.',
          params: IdParams,
          response: { 204: z.null(), 409: ErrorBody, ...errors },
        },
      },
      async (request, reply) => {
        const staffId = manager(request);
        await staffCatalogue.deleteSize(database, staffId, requestLocale(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    fastify.get(
      '/api/staff/catalogue/:taxonomy/',
      {
        schema: {
          summary: 'List the terms of a taxonomy.',
          operationId: 'staffListTerms',
          tags,
          security,
          description: 'Categories, families, notes or occasions, in both languages, with how many products use each.',
          params: TaxonomyParams,
          response: { 200: z.array(StaffTerm), ...errors },
        },
      },
      async (request, reply) => {
        manager(request);
        return reply.header('cache-control', 'private, no-store').send(await staffCatalogue.listTerms(database, request.params.taxonomy));
      },
    );
    fastify.post(
      '/api/staff/catalogue/:taxonomy/',
      {
        schema: {
          summary: 'Add a term to a taxonomy.',
          operationId: 'staffCreateTerm',
          tags,
          security,
          params: TaxonomyParams,
          body: StaffTermInput,
          response: { 201: StaffTerm, ...errors },
        },
      },
      async (request, reply) => {
        const staffId = manager(request);
        const term = await staffCatalogue.createTerm(database, staffId, requestLocale(request), request.params.taxonomy, request.body);
        return reply.status(201).send(term);
      },
    );
    fastify.patch(
      '/api/staff/catalogue/:taxonomy/:id/',
      {
        schema: {
          summary: 'Update a taxonomy term.',
          operationId: 'staffUpdateTerm',
          tags,
          security,
          params: TermParams,
          body: StaffTermPatch,
          response: { 200: StaffTerm, ...errors },
        },
      },
      async (request) => {
        const staffId = manager(request);
        const { taxonomy, id } = request.params;
        return staffCatalogue.patchTerm(database, staffId, requestLocale(request), taxonomy, id, request.body);
      },
    );
    fastify.delete(
      '/api/staff/catalogue/:taxonomy/:id/',
      {
        schema: {
          summary: 'Delete a taxonomy term.',
          operationId: 'staffDeleteTerm',
          tags,
          security,
          description: 'Only one no product uses.',
          params: TermParams,
          response: { 204: z.null(), 409: ErrorBody, ...errors },
        },
      },
      async (request, reply) => {
        const staffId = manager(request);
        await staffCatalogue.deleteTerm(database, staffId, requestLocale(request), request.params.taxonomy, request.params.id);
        return reply.status(204).send(null);
      },
    );

    fastify.get(
      '/api/staff/products/',
      {
        schema: {
          summary: 'List the products, published or not.',
          operationId: 'staffListProducts',
          tags,
          security,
          description: 'Every product, drafts and scheduled ones too: search by name, slug or SKU; filter by category and state.',
          querystring: StaffProductQuery,
          response: { 200: StaffProductPage, ...errors },
        },
      },
      async (request, reply) => {
        manager(request);
        const page = await staffCatalogue.productPage(ctx, request.query);
        const links = pageLinks(request, config.publicUrl, page.count, request.query.page, request.query.page_size);
        return reply.header('cache-control', 'private, no-store').send({ ...page, ...links });
      },
    );
    fastify.post(
      '/api/staff/products/',
      {
        schema: {
          summary: 'Create a product.',
          operationId: 'staffCreateProduct',
          tags,
          security,
          description: 'A new product with its sizes, saved as a draft.',
          body: StaffProductCreate,
          response: { 201: StaffProduct, ...errors },
        },
      },
      async (request, reply) => {
        const staffId = manager(request);
        return reply.status(201).send(await staffCatalogue.createProduct(ctx, staffId, requestLocale(request), request.body));
      },
    );
    fastify.get(
      '/api/staff/products/:id/',
      {
        schema: {
          summary: 'Get a product for editing.',
          operationId: 'staffGetProduct',
          tags,
          security,
          params: IdParams,
          response: { 200: StaffProduct, ...errors },
        },
      },
      async (request, reply) => {
        manager(request);
        return reply
          .header('cache-control', 'private, no-store')
          .send(await staffCatalogue.staffProduct(ctx, requestLocale(request), request.params.id));
      },
    );
    fastify.put(
      '/api/staff/products/:id/',
      {
        schema: {
          summary: 'Update a product.',
          operationId: 'staffUpdateProduct',
          tags,
          security,
          description:
            'Saves every field and the sizes (stock aside) on the version read; 409 with the product as it is now if it changed.',
          params: IdParams,
          body: StaffProductSave,
          response: { 200: StaffProduct, 409: ProductChangedBody, ...errors },
        },
      },
      async (request) => {
        const staffId = manager(request);
        return staffCatalogue.saveProduct(ctx, staffId, requestLocale(request), request.params.id, request.body);
      },
    );
    fastify.post(
      '/api/staff/products/:id/publication/',
      {
        schema: {
          summary: 'Publish or unpublish a product.',
          operationId: 'staffSetProductPublication',
          tags,
          security,
          description: 'Publish now, back to draft, or publish by itself at `publish_at`.',
          params: IdParams,
          body: StaffPublication,
          response: { 200: StaffProduct, 409: ProductChangedBody, ...errors },
        },
      },
      async (request) => {
        const staffId = manager(request);
        return staffCatalogue.setPublication(ctx, staffId, requestLocale(request), request.params.id, request.body);
      },
    );

    fastify.put(
      '/api/staff/products/:id/images/',
      {
        schema: {
          summary: "Set a product's images and their order.",
          operationId: 'staffSetProductImages',
          tags,
          security,
          description: "The product's pictures in order (the first is the main one), each an upload or one it has, with descriptions.",
          params: IdParams,
          body: StaffImagesSave,
          response: { 200: StaffProduct, 409: ProductChangedBody, ...errors },
        },
      },
      async (request) => staffCatalogue.saveProductImages(ctx, manager(request), requestLocale(request), request.params.id, request.body),
    );

    fastify.get(
      '/api/staff/offers/',
      {
        schema: {
          summary: 'List the offers, published or not.',
          operationId: 'staffListOffers',
          tags,
          security,
          description: 'Every offer, drafts too, newest change first; search by name or slug.',
          querystring: StaffOfferQuery,
          response: { 200: StaffOfferPage, ...errors },
        },
      },
      async (request, reply) => {
        const page = await staffOffers.offerPage(ctx, request.query);
        const links = pageLinks(request, config.publicUrl, page.count, request.query.page, request.query.page_size);
        return reply.header('cache-control', 'private, no-store').send({ ...page, ...links });
      },
    );
    fastify.post(
      '/api/staff/offers/',
      {
        schema: {
          summary: 'Create an offer.',
          operationId: 'staffCreateOffer',
          tags,
          security,
          description: 'A new offer of product sizes, priced at most what its parts cost together; saved as a draft.',
          body: StaffOfferCreate,
          response: { 201: StaffOffer, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await staffOffers.createOffer(ctx, manager(request), requestLocale(request), request.body)),
    );
    fastify.get(
      '/api/staff/offers/:id/',
      {
        schema: {
          summary: 'Get an offer for editing.',
          operationId: 'staffGetOffer',
          tags,
          security,
          params: IdParams,
          response: { 200: StaffOffer, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'private, no-store')
          .send(await staffOffers.staffOffer(ctx, requestLocale(request), request.params.id)),
    );
    fastify.put(
      '/api/staff/offers/:id/',
      {
        schema: {
          summary: 'Update an offer.',
          operationId: 'staffUpdateOffer',
          tags,
          security,
          description: 'Saves the offer on the version read; 409 with the offer as it is now if it changed.',
          params: IdParams,
          body: StaffOfferSave,
          response: { 200: StaffOffer, 409: OfferChangedBody, ...errors },
        },
      },
      async (request) => staffOffers.saveOffer(ctx, manager(request), requestLocale(request), request.params.id, request.body),
    );
    fastify.post(
      '/api/staff/offers/:id/publication/',
      {
        schema: {
          summary: 'Publish or unpublish an offer.',
          operationId: 'staffSetOfferPublication',
          tags,
          security,
          description: 'Publish the offer, or take it back to draft.',
          params: IdParams,
          body: StaffOfferPublication,
          response: { 200: StaffOffer, 409: OfferChangedBody, ...errors },
        },
      },
      async (request) => staffOffers.setOfferPublication(ctx, manager(request), requestLocale(request), request.params.id, request.body),
    );
    fastify.put(
      '/api/staff/offers/:id/images/',
      {
        schema: {
          summary: "Set an offer's images and their order.",
          operationId: 'staffSetOfferImages',
          tags,
          security,
          description: "The offer's pictures in order (the first is the main one), each an upload or one it has, with descriptions.",
          params: IdParams,
          body: StaffImagesSave,
          response: { 200: StaffOffer, 409: OfferChangedBody, ...errors },
        },
      },
      async (request) => staffOffers.saveOfferImages(ctx, manager(request), requestLocale(request), request.params.id, request.body),
    );
  };
