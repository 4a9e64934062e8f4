/**
 * Where to go back to after logging in (`/login?next=/checkout`): a path of this shop only, without its language
 * prefix, query or host, so the parameter can never send a shopper to another site.
 */
export function returnPath(value: string | null | undefined): string | null {
  return value && /^\/(?!\/)[A-Za-z0-9\-/]*$/.test(value) ? value : null;
}
