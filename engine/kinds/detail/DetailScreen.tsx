import { getPath } from '../../data/paths';
import { useMethodData } from '../../data/useMethodData';
import type { KindProps } from '../../router/kinds';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingIndicator } from '../../ui/Progress';
import { specPart } from '../specPart';
import { DefinitionList } from './DefinitionList';

/**
 * `kind: detail`: the fields of one object from `data.path` of a method's answer, labelled and formatted.
 *
 * @example
 * ```yaml
 * kind: detail
 * detail:
 *   data: { method: orderDetails, routeParams: { orderId: orderId } }
 *   entity: entities/order.schema.json
 *   fields: [{ field: orderedAt, format: datetime }, { field: amount, format: money, currencyField: currencyCode }]
 * ```
 */
export function DetailScreen({ spec }: KindProps) {
  const detail = specPart(spec, 'detail');
  const answer = useMethodData(detail.data);
  if (answer.error) return <ErrorState onRetry={() => void answer.mutate()} />;
  if (answer.data === undefined) return <LoadingIndicator />;
  const data = getPath(answer.data, detail.data.path);
  return (
    <DefinitionList
      data={typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}}
      fields={detail.fields}
      entity={detail.entity}
      hideEmpty={detail.hideEmpty}
    />
  );
}
