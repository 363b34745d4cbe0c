import { reportCategoryLabel } from '@/lib/report-categories';

import type { AdminReport } from '../types';

/**
 * What a report says, the category first (what moderators sort by), then the reporter's own
 * words: none when only a category was chosen, "(erased)" once the reporter erased the account.
 */
export function ReportReason({ report }: { report: Pick<AdminReport, 'category' | 'reason'> }) {
  return (
    <>
      <p className="font-semibold">{reportCategoryLabel(report.category)}</p>
      {report.reason === null ? (
        <p className="text-muted-foreground">(erased)</p>
      ) : report.reason ? (
        <p className="whitespace-pre-wrap break-words">{report.reason}</p>
      ) : null}
    </>
  );
}
