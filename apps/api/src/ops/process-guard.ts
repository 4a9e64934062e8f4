/**
 * What an instance does with a promise rejection nobody handled. Node ends the process for one; that stays the rule,
 * except for a lost database connection: the job queue (pg-boss) records a finished job without awaiting the
 * statement, so a connection dropped at that moment rejects where nobody listens. Such a job stays active until its
 * expiry and runs again, as after a crash; ending the instance over it would turn one dropped connection into an
 * outage (decision 0031).
 */
import type { FastifyBaseLogger } from 'fastify';
import { isConnectionLoss } from '../http/errors';

/** Whether a rejection nobody handled leaves the instance running. */
export const survivesUnhandled = (reason: unknown) => isConnectionLoss(reason);

export function onUnhandledRejection(log: FastifyBaseLogger) {
  return (reason: unknown) => {
    if (survivesUnhandled(reason)) {
      log.warn({ reason: reason instanceof Error ? reason.message : String(reason) }, 'a background statement lost its connection');
      return;
    }
    // As Node itself would: the process ends with the error.
    throw reason;
  };
}
