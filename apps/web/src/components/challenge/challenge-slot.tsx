'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { setProofSolver } from '@/lib/api/client';
import type { PendingProof } from './challenge-dialog';

const ChallengeDialog = lazy(() => import('./challenge-dialog').then((module) => ({ default: module.ChallengeDialog })));

/**
 * Where the proof of work a busy address is asked for (decision 0033) appears. Every page has it, but almost no
 * visitor is ever asked: the dialog's code loads only when the API first answers 428 `challenge_required`.
 */
export function ChallengeSlot() {
  const [pending, setPending] = useState<PendingProof | null>(null);

  useEffect(
    () =>
      setProofSolver(
        (detail) =>
          new Promise<string | null>((resolve) => {
            setPending((current) => {
              current?.resolve(null);
              return { detail, resolve };
            });
          }),
      ),
    [],
  );

  if (!pending) return null;
  return (
    <Suspense>
      <ChallengeDialog key={pending.detail} pending={pending} onDone={() => setPending(null)} />
    </Suspense>
  );
}
