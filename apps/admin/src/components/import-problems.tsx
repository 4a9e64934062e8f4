/** A file's problems, line by line (a CSV import that was refused: catalogue, till receipts): line, column, what is wrong. */
import type { ImportProblem } from '@attar/contract';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { ListTable, Ltr } from './ui';

export function ImportProblems({ problems }: { problems: ImportProblem[] }) {
  const { t, locale } = useI18n();
  return (
    <ListTable labels={[t('columnLine'), t('columnColumn'), t('columnProblem')]}>
      {problems.map((problem, i) => (
        <tr key={i} className="border-t border-line" data-testid="import-problem">
          <td className="px-3 py-2 tabular-nums">{problem.line > 0 ? formatNumber(locale, problem.line) : '—'}</td>
          <td className="px-3 py-2">{problem.column ? <Ltr>{problem.column}</Ltr> : '—'}</td>
          <td className="px-3 py-2">{problem.message}</td>
        </tr>
      ))}
    </ListTable>
  );
}
