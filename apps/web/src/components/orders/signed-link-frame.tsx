/** The frame of a page only an order's signed link leads to: its title, then the order, or why it cannot be shown. */
import type { ReactNode } from 'react';
import { AccountPage } from '@/components/account/account-page';

export function SignedLinkFrame({ title, problem, children }: { title: string; problem: string | null; children: ReactNode }) {
  return (
    <AccountPage title={title} width="narrow">
      {problem === null ? (
        children
      ) : (
        <p role="alert" className="text-danger">
          {problem}
        </p>
      )}
    </AccountPage>
  );
}
