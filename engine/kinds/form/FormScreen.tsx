import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { queryFields, typedQueryFields } from '../../actions/useCall';
import { useSubmit } from '../../actions/useSubmit';
import { getPath } from '../../data/paths';
import { useIntlLocale } from '../../i18n/labels';
import { useMethodData } from '../../data/useMethodData';
import { useEngine } from '../../provider/EngineProvider';
import type { KindProps } from '../../router/kinds';
import { formSchema } from '../../schema-form/formSchemas';
import { pickFields } from '../../schema-form/narrowSchema';
import { SchemaForm } from '../../schema-form/SchemaForm';
import { useServerErrors } from '../../schema-form/serverErrors';
import { emptySpentValues } from '../../schema-form/singleUse';
import type { FormSpec, JsonSchema, LiveValue, ScreenSpec } from '../../spec/types';
import { matchesWhen } from '../../spec/when';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingIndicator } from '../../ui/Progress';
import { specPart } from '../specPart';
import { FormButtons } from './FormButtons';
import { SubmitButton } from './SubmitButton';
import { checkedValues, fieldCheckMessages } from './checks';
import { useFormFill } from './fill';
import { blockingNotes, useLiveFields } from './live/liveFields';
import { LiveFieldsContext } from './live/LiveContext';
import { useLiveValues } from './live/useLiveValues';
import { drivingField } from './live/liveInput';

/**
 * The values a submit sends: of each live value's `either` fields, only the one the person changed last
 * (the other was computed from it, and the server computes it again).
 *
 * @example
 * ```ts
 * withoutComputedFields({ amount: '5.43', toAmount: '5' }, [{ id: 'quote', method: 'quote', either: ['amount', 'toAmount'] }], 'toAmount');
 * // { toAmount: '5' }
 * ```
 */
export function withoutComputedFields(data: Record<string, unknown>, live: readonly LiveValue[] | undefined, lastChanged: string | undefined) {
  const sent = { ...data };
  for (const entry of live ?? []) {
    const driver = drivingField(entry, data, lastChanged);
    for (const field of entry.either ?? []) if (field !== driver) delete sent[field];
  }
  return sent;
}

/**
 * A spec's form with its submit button: validated with `schema`, sent as `form.submit` says (an
 * answer-driven flow: see `useAnswerFlow`), the server's field errors shown on their fields. Its `live`
 * values are asked as it is filled in and drawn in it. `onDone` runs after a success; with `resetOnDone`
 * the form starts again from `initialData` there, keeping the values of `form.keepOnDone`. With `fillId`, a button naming it as `fill` (a row of
 * a list on the same dashboard) fills the form. The submit button's label interpolates `labelValues` (the
 * data of the section the form sits in), which application widgets also read as `formContext.data`.
 */
export function FormBody({
  spec,
  form,
  schema,
  initialData,
  idPrefix = spec.id,
  onDone,
  resetOnDone = false,
  fillId,
  labelValues,
}: {
  spec: ScreenSpec;
  form: Pick<FormSpec, 'uiSchema' | 'submit' | 'live' | 'buttons'> & { keepOnDone?: string[] };
  schema: JsonSchema;
  initialData: Record<string, unknown>;
  idPrefix?: string;
  onDone?: () => void;
  resetOnDone?: boolean;
  fillId?: string;
  labelValues?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { valueChecks } = useEngine();
  const [data, setData] = useState(initialData);
  const [round, setRound] = useState(0);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(() => new Set());
  const serverErrors = useServerErrors();
  const { submitData, pending, dialog } = useSubmit(spec, form.submit);
  // A ref, not the state: two Enter presses in one tick must not send twice.
  const sending = useRef(false);
  // Of the live values' `either` fields, the one the person changed last: the one sent. Another field
  // changed since (a date, a select) leaves it as it was.
  const [lastChanged, setLastChanged] = useState<string>();
  const eitherFields = useMemo(() => new Set((form.live ?? []).flatMap((entry) => entry.either ?? [])), [form.live]);
  const lastChangedRef = useRef(lastChanged);
  lastChangedRef.current = lastChanged;
  // Fields whose checks speak are invalid to the live values that send them: nothing is asked about them.
  const [checkedFields, setCheckedFields] = useState('');
  const liveInvalid = useMemo(() => (checkedFields ? new Set([...invalid, ...checkedFields.split(',')]) : invalid), [invalid, checkedFields]);
  const live = useLiveValues(form.live, data, liveInvalid, (errors) => serverErrors.show(errors, data), lastChanged, round);
  // One object while the messages stay the same, so a keystroke redraws only its own field.
  const checkedText = JSON.stringify(fieldCheckMessages(form.uiSchema, checkedValues(data, live), { t, locale }, valueChecks));
  const checked = useMemo(() => JSON.parse(checkedText) as Record<string, string>, [checkedText]);
  const checkedNow = Object.keys(checked).sort().join(',');
  useEffect(() => setCheckedFields(checkedNow), [checkedNow]);
  const liveFields = useLiveFields(form.live, live, (values) => {
    setData((current) => ({ ...current, ...values }));
    const typed = Object.keys(values).find((field) => eitherFields.has(field));
    if (typed) setLastChanged(typed);
  });

  // A live value's answer copied into the fields its `fill` names, never into the one being typed.
  useEffect(() => {
    setData((current) => {
      const filled: Record<string, unknown> = {};
      for (const entry of form.live ?? []) {
        const state = live[entry.id];
        if (!entry.fill || state?.status !== 'ready') continue;
        const driver = drivingField(entry, current, lastChangedRef.current);
        for (const [field, path] of Object.entries(entry.fill)) if (field !== driver) filled[field] = getPath(state.answer, path);
      }
      return Object.entries(filled).every(([field, value]) => current[field] === value) ? current : { ...current, ...filled };
    });
  }, [form.live, live]);

  // A live value's suggestions: copied once per new answer where it has them, then the person's to change.
  const suggestedRef = useRef<Record<string, unknown>>({});
  useEffect(() => {
    const suggested: Record<string, unknown> = {};
    for (const entry of form.live ?? []) {
      const state = live[entry.id];
      if (!entry.suggest || state?.status !== 'ready' || suggestedRef.current[entry.id] === state.answer) continue;
      suggestedRef.current[entry.id] = state.answer;
      for (const [field, path] of Object.entries(entry.suggest)) {
        const value = getPath(state.answer, path);
        if (value !== undefined && value !== null && value !== '') suggested[field] = value;
      }
    }
    if (Object.keys(suggested).length > 0) setData((current) => ({ ...current, ...suggested }));
  }, [form.live, live]);

  useFormFill(fillId, (values) => {
    setData((current) => ({ ...current, ...values }));
    serverErrors.clear();
    // The person pressed a button elsewhere on the page: the focus goes to the form it filled.
    const first = Object.keys(values)[0];
    if (first) requestAnimationFrame(() => document.getElementById(`${idPrefix}_${first}`)?.focus());
  });

  const onSubmit = async (valid: Record<string, unknown>) => {
    if (sending.current) return;
    const blocked = blockingNotes(form.live, live, t);
    if (Object.keys(blocked).length > 0) {
      serverErrors.show(blocked, valid);
      return;
    }
    sending.current = true;
    try {
      const reviewValues = Object.assign({}, ...Object.values(live).map((state) => (state.status === 'ready' ? state.answer : {}))) as Record<string, unknown>;
      // The result's "repeat" puts what was sent back into the form, for the person to send it once more.
      const repeat = (sent: Record<string, unknown>) => {
        setData({ ...initialData, ...sent });
        setRound((current) => current + 1);
      };
      const outcome = await submitData(withoutComputedFields(valid, form.live, lastChangedRef.current), { reviewValues, repeat });
      // A refusal used up the single-use values (a one-time token): their fields ask for new ones.
      if (outcome.status === 'invalid') serverErrors.show(outcome.fieldErrors, emptySpentValues(valid, [form.uiSchema], outcome.fieldErrors, setData));
      else if (outcome.status === 'done' || outcome.status === 'kept') serverErrors.clear();
      if (outcome.status === 'done') {
        if (resetOnDone) {
          setData(form.keepOnDone ? { ...initialData, ...pickFields(valid, form.keepOnDone) } : initialData);
          setRound((current) => current + 1);
        }
        onDone?.();
      }
    } finally {
      sending.current = false;
    }
  };

  const submitLabel = form.submit.labels?.find((entry) => matchesWhen(entry.when, data))?.label ?? form.submit.label ?? 'engine.submit';

  return (
    <>
      <LiveFieldsContext value={liveFields.fields}>
        <SchemaForm
          key={round}
          idPrefix={idPrefix}
          schema={schema}
          uiSchema={form.uiSchema}
          formData={data}
          serverErrors={serverErrors.messages}
          fieldMessages={checked}
          onChange={(next) => {
            const changed = Object.keys({ ...data, ...next }).find((field) => next[field] !== data[field]);
            if (changed && eitherFields.has(changed)) setLastChanged(changed);
            setData(next);
            serverErrors.track(next);
          }}
          onSubmit={(valid) => void onSubmit(valid)}
          {...(form.live ? { onInvalidFields: setInvalid } : {})}
          {...(labelValues ? { context: labelValues } : {})}
        >
          {liveFields.rest}
          <div className="eng-form__buttons">
            <SubmitButton pending={pending}>{t(submitLabel, labelValues)}</SubmitButton>
            <FormButtons spec={spec} buttons={form.buttons} values={data} onFieldErrors={(errors) => serverErrors.show(errors, data)} />
          </div>
        </SchemaForm>
      </LiveFieldsContext>
      {dialog}
    </>
  );
}

/**
 * `kind: form`: the listed fields of a schema, in order, filled from `form.data` when set, validated in the
 * browser with the same JSON Schema as on the server, submitted as `form.submit` says. `queryDefaults`
 * fills fields from the address where the data leaves them empty (an e-mailed link).
 *
 * @example
 * ```yaml
 * kind: form
 * form:
 *   schema: entities/person.schema.json
 *   fields: [firstName, lastName]
 *   data: { method: personInquiry, path: profile }
 *   submit: { method: personUpdate, wrap: profile, success: { notice: person.saved } }
 * ```
 */
export function FormScreen({ spec }: KindProps) {
  const form = specPart(spec, 'form');
  const schema = useMemo(() => formSchema(form), [form]);
  const initial = useMethodData(form.data);
  const [query] = useSearchParams();

  if (form.data && initial.error) return <ErrorState onRetry={() => void initial.mutate()} />;
  if (form.data && initial.data === undefined) return <LoadingIndicator />;
  const initialData = {
    ...typedQueryFields(queryFields(form.queryDefaults, query), schema),
    ...pickFields(getPath(initial.data, form.data?.path), form.fields),
  };
  // A refresh after success brings new server data; the form restarts from it instead of keeping stale edits.
  return <FormBody key={JSON.stringify(initialData)} spec={spec} form={form} schema={schema} initialData={initialData} />;
}
