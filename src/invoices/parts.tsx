import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../generated/entities.ts';

const TONE: Record<Invoice['status'], string> = {
  unpaid: 'pending',
  overdue: 'danger',
  paid: 'success',
  rejected: 'muted',
  canceled: 'muted',
};

/** An invoice's status as a badge whose words carry the meaning (the colour only repeats it). */
export function StatusBadge({ status }: { status: Invoice['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`eng-badge invoices__status invoices__status--${TONE[status]}`} data-status={status}>
      {t(`invoices.status.${status}`)}
    </span>
  );
}
