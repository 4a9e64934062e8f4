/**
 * An action taken from a row that its own success reloads away (a retried message leaves the failed list) runs as
 * `mutateAsync(…).then(done, ignoreShownError)`: TanStack Query skips `mutate`'s per-call callbacks once the row has
 * unmounted, which would lose the toast. A failure keeps the row, which shows it through the mutation's `error`.
 */
export const ignoreShownError = () => undefined;
