import { useTranslation } from 'react-i18next';
import { useEngine } from '../../provider/EngineProvider';
import type { KindProps } from '../../router/kinds';
import { specPart } from '../specPart';
import { specSource } from '../../spec/source';
import { useRouteParams } from '../../router/RouteValues';

/**
 * `kind: custom`: the component the application registered under `custom.component`, given the spec,
 * `custom.props` and the route parameters. An unknown name shows an error naming the spec file and the
 * component, so whoever sees it knows what to register or rename.
 *
 * @example
 * ```yaml
 * kind: custom
 * custom: { component: ProfilePhoto, props: { size: 96 } }
 * ```
 */
export function CustomScreen({ spec }: KindProps) {
  const custom = specPart(spec, 'custom');
  const { components } = useEngine();
  const params = useRouteParams();
  const { t } = useTranslation();
  const Component = components?.[custom.component];
  if (!Component) {
    return (
      <div className="eng-error-state" role="alert">
        <p>
          {t('engine.custom.unknown', {
            component: custom.component,
            source: specSource(spec),
          })}
        </p>
      </div>
    );
  }
  return <Component spec={spec} props={custom.props ?? {}} params={params} />;
}
