import { getPath } from '../../data/paths';
import { useMethodData } from '../../data/useMethodData';
import type { KindProps } from '../../router/kinds';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingIndicator } from '../../ui/Progress';
import { specPart } from '../specPart';
import { DefinitionList } from './DefinitionList';
import { Timeline } from './Timeline';

/**
 * `kind: detail`: the fields of one object from `data.path` of a method's answer, labelled and formatted;
 * with `timeline`, its steps under them (see {@link Timeline}).
 *
 * @example
 * ```yaml
 * kind: detail
 * detail:
 *   data: { method: orderDetails, routeParams: { orderId: orderId } }
 *   entity: entities/order.schema.json
 *   fields: [{ field: orderedAt, format: datetime }, { field: amount, format: money, currencyField: currencyCode }]
 *   timeline: { path: steps, event: step, at: at, labels: orders.steps, title: orders.history, tones: { good: [delivered] } }
 * ```
 */
export function DetailScreen({ spec }: KindProps) {
  const detail = specPart(spec, 'detail');
  const answer = useMethodData(detail.data);
  if (answer.error) return <ErrorState onRetry={() => void answer.mutate()} />;
  if (answer.data === undefined) return <LoadingIndicator />;
  const found = getPath(answer.data, detail.data.path);
  const data = typeof found === 'object' && found !== null ? (found as Record<string, unknown>) : {};
  return (
    <>
      <DefinitionList data={data} fields={detail.fields} entity={detail.entity} hideEmpty={detail.hideEmpty} />
      {detail.timeline && <Timeline data={data} timeline={detail.timeline} />}
    </>
  );
}
