/** What the OpenAPI document (`/api/schema/`) says of routes, shared by the route schemas. */
import { z } from 'zod';
import { ErrorBody, ValidationErrorBody } from '@attar/contract';

/** `orders-by-status` → `OrdersByStatus`: a route registered in a loop builds its operationId from its name. */
export const pascalCase = (name: string) => name.replace(/(?:^|[-_ ])(\w)/g, (_match, letter: string) => letter.toUpperCase());

/** An OpenAPI security requirement: the schemes declared in app.ts, any one of which lets the call through. */
type Security = Record<string, string[]>[];
/** Anyone: the answer does not depend on who asks. */
export const publicSecurity: Security = [];
/** Guests and signed-in shoppers alike; a signed-in shopper's answer is their own (favourites, cart). */
export const guestOrShopperSecurity: Security = [{}, { token: [] }];

/** 400: a `{detail, code}` refusal, or `{field: [messages]}` for input the schema or a rule refused. */
export const BadRequestBody = z.union([ErrorBody, ValidationErrorBody]);
/** Every `/api/` call, even one a guest may make, refuses an `Authorization` header naming no live token (accounts/auth.ts). */
export const tokenRefused = { 401: ErrorBody };

/** A CSV download's 200, for the document: text, sent as it is (a string or a stream, hence no string type to check). */
export const csvResponse = {
  description: 'The CSV file, UTF-8 with a byte-order mark.',
  content: { 'text/csv': { schema: z.any().meta({ type: 'string' }) } },
};

/** An HTML page's 200 (the built-in test payment gateway's page). */
export const htmlResponse = { description: 'The HTML page.', content: { 'text/html': { schema: z.string() } } };

/** A redirect's answer: no body (the document shows none for a null schema), a `Location` header. */
export const redirectResponse = (description: string) => z.null().describe(description);
