import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/**
 * A one-time token's widget for tests, as a robot check's: a button "Get a token" that issues `t1`, `t2`…,
 * or a line "Token t1 ready" while the field holds one. Only tests import it.
 *
 * @example
 * renderScreens(testOptions([spec], { widgets: { token: TokenWidget } }), '/person', i18n());
 */
export function TokenWidget({ id, value, onChange }: WidgetProps) {
  const [issued, setIssued] = useState(0);
  if (typeof value === 'string' && value !== '') return <output id={id}>{`Token ${value} ready`}</output>;
  return (
    <button
      id={id}
      type="button"
      onClick={() => {
        setIssued(issued + 1);
        onChange(`t${issued + 1}`);
      }}
    >
      Get a token
    </button>
  );
}
