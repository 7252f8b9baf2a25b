import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EmptyAction } from '../../spec/types';
import { EmptyState, type EmptyIllustration } from '../../ui/EmptyState';

/**
 * What a list with no rows shows, as a table or a row list: its empty text (the engine's own by default),
 * the picture for nothing yet or nothing matching, and the spec's `emptyAction` as a button.
 *
 * @example
 * <EmptyRows text="orders.none" illustration="empty" action={{ to: '/orders/new', label: 'orders.add' }} />
 */
export function EmptyRows({ text, illustration, action }: { text?: string; illustration?: EmptyIllustration; action?: EmptyAction }) {
  const { t } = useTranslation();
  return (
    <EmptyState text={t(text ?? 'engine.table.empty')} illustration={illustration}>
      {action && (
        <Link className="eng-button eng-button--primary eng-table__empty-action" to={action.to}>
          {t(action.label)}
        </Link>
      )}
    </EmptyState>
  );
}
