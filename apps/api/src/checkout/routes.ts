import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Address, AddressInput, AddressPatch, City, CityQuery, ErrorBody, Fee, FeeQuery, IdParam, Region } from '@attar/contract';
import { requireUser } from '../accounts/auth';
import type { AppContext } from '../app-context';
import { requestLocale } from '../http/locale';
import * as addresses from './addresses';
import { publicSecurity, tokenRefused } from '../http/openapi';

const security = [{ token: [] }];
const errors = { 400: z.union([ErrorBody, z.record(z.string(), z.array(z.string()))]), 401: ErrorBody, 404: ErrorBody };
const IdParams = z.object({ id: IdParam });

export const checkoutRoutes =
  ({ database }: AppContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const tags = ['checkout'];
    fastify.get(
      '/api/region/',
      {
        schema: {
          summary: 'List the delivery regions.',
          operationId: 'listRegions',
          security: publicSecurity,
          tags,
          description: 'Egypt’s 27 governorates.',
          response: { 200: z.array(Region), ...tokenRefused },
        },
      },
      async (request) => addresses.regionsList(database, requestLocale(request)),
    );
    fastify.get(
      '/api/city/',
      {
        schema: {
          summary: "List a region's cities.",
          operationId: 'listCities',
          security: publicSecurity,
          tags,
          querystring: CityQuery,
          response: { 200: z.array(City), ...errors },
        },
      },
      async (request) => addresses.citiesOf(database, requestLocale(request), request.query.region),
    );
    fastify.get(
      '/api/fees/',
      {
        schema: {
          summary: 'Get the delivery fee for a region.',
          operationId: 'getDeliveryFee',
          security: publicSecurity,
          tags,
          querystring: FeeQuery,
          response: { 200: Fee, ...errors },
        },
      },
      async (request) => addresses.feeOf(database, requestLocale(request), request.query.region),
    );

    fastify.get(
      '/api/addresses/',
      {
        schema: {
          summary: "List the shopper's saved addresses.",
          operationId: 'listAddresses',
          tags,
          security,
          response: { 200: z.array(Address), ...errors },
        },
      },
      async (request) => addresses.addressesOf(database, requestLocale(request), requireUser(request)),
    );
    fastify.post(
      '/api/addresses/',
      {
        schema: {
          summary: 'Save a new address.',
          operationId: 'createAddress',
          tags,
          security,
          body: AddressInput,
          response: { 201: Address, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addresses.createAddress(database, requestLocale(request), requireUser(request), request.body)),
    );
    fastify.patch(
      '/api/addresses/:id/',
      {
        schema: {
          summary: 'Update a saved address.',
          operationId: 'updateAddress',
          tags,
          security,
          params: IdParams,
          body: AddressPatch,
          response: { 200: Address, ...errors },
        },
      },
      async (request) => addresses.updateAddress(database, requestLocale(request), requireUser(request), request.params.id, request.body),
    );
    fastify.delete(
      '/api/addresses/:id/',
      {
        schema: {
          summary: 'Delete a saved address.',
          operationId: 'deleteAddress',
          tags,
          security,
          description: 'The owner’s only. Orders keep their own copy; deleting the default makes the newest remaining one the default.',
          params: IdParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await addresses.deleteAddress(database, requestLocale(request), requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
