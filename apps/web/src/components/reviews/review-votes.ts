'use client';
/**
 * What the signed-in shopper sees of each review on the page (their own? found helpful? the count), shared between
 * the lazily loaded review form, which reads it with their token, and the small helpful buttons the server rendered.
 */
import { useSyncExternalStore } from 'react';

export type ReviewVote = { count: number; found: boolean; mine: boolean };

const votes = new Map<number, ReviewVote>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function setReviewVotes(reviews: { id: number; helpful_count: number; found_helpful: boolean; is_mine: boolean }[]) {
  for (const review of reviews) votes.set(review.id, { count: review.helpful_count, found: review.found_helpful, mine: review.is_mine });
  for (const listener of listeners) listener();
}

export function setReviewVote(id: number, vote: Omit<ReviewVote, 'mine'>) {
  setReviewVotes([{ id, helpful_count: vote.count, found_helpful: vote.found, is_mine: false }]);
}

/** The shopper's view of review `id`, once read (undefined for a guest and until then). */
export const useReviewVote = (id: number): ReviewVote | undefined =>
  useSyncExternalStore(
    subscribe,
    () => votes.get(id),
    () => undefined,
  );
