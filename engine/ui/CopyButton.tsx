import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngineIfAny } from '../provider/EngineProvider';

/**
 * A button that copies `text` to the clipboard and says so: through `EngineOptions.notify` when the
 * application shows notices, else in a status line of its own, so a screen reader hears "Copied" either
 * way. `label` names what is copied ("Copy IBAN"); when copying is refused, the reader is told to select
 * the text instead.
 *
 * @example
 * ```tsx
 * <span data-field="iban">{iban}</span> <CopyButton text={iban} label="IBAN" />
 * ```
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const notify = useEngineIfAny()?.notify;
  const [said, setSaid] = useState('');
  const tell = (key: string) => {
    if (notify) notify(key, { label });
    else setSaid(t(key, { label }));
  };
  const copy = async () => {
    setSaid('');
    try {
      await navigator.clipboard.writeText(text);
      tell('engine.copy.done');
    } catch {
      tell('engine.copy.failed');
    }
  };
  return (
    <>
      <button type="button" className="eng-button eng-button--secondary eng-copy__button" onClick={() => void copy()}>
        {t('engine.copy.button')}
        <span className="eng-visually-hidden"> {label}</span>
      </button>
      <span role="status" className="eng-visually-hidden">
        {said}
      </span>
    </>
  );
}
