import { publicUrlProblem } from '@attar/contract';

/**
 * What the storefront's server refuses to start without. Production (NODE_ENV=production, as for the API) writes its
 * absolute URLs from one configured public address, PUBLIC_URL (src/lib/site-origin.ts), never from a default host,
 * and it must be https (publicUrlProblem).
 */
export function settingsProblems(env: Partial<Record<string, string>>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problem = publicUrlProblem(env.PUBLIC_URL);
  return problem ? [problem] : [];
}
