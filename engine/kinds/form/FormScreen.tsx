import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../actions/useSubmit';
import { getPath } from '../../data/paths';
import { useMethodData } from '../../data/useMethodData';
import type { KindProps } from '../../router/kinds';
import { formSchema } from '../../schema-form/formSchemas';
import { pickFields } from '../../schema-form/narrowSchema';
import { SchemaForm } from '../../schema-form/SchemaForm';
import { useServerErrors } from '../../schema-form/serverErrors';
import type { FormSpec, JsonSchema, ScreenSpec } from '../../spec/types';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingIndicator } from '../../ui/Progress';
import { specPart } from '../specPart';
import { SubmitButton } from './SubmitButton';

/**
 * A spec's form with its submit button: validated with `schema`, sent as `form.submit` says, the server's
 * field errors shown on their fields. `onDone` runs after a success (a section form starts again there).
 */
export function FormBody({
  spec,
  form,
  schema,
  initialData,
  idPrefix = spec.id,
  onDone,
}: {
  spec: ScreenSpec;
  form: Pick<FormSpec, 'uiSchema' | 'submit'>;
  schema: JsonSchema;
  initialData: Record<string, unknown>;
  idPrefix?: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const [data, setData] = useState(initialData);
  const serverErrors = useServerErrors();
  const { submitData, pending, dialog } = useSubmit(spec, form.submit);
  // A ref, not the state: two Enter presses in one tick must not send twice.
  const sending = useRef(false);

  const onSubmit = async (valid: Record<string, unknown>) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const outcome = await submitData(valid);
      if (outcome.status === 'invalid') serverErrors.show(outcome.fieldErrors, valid);
      else if (outcome.status === 'done') {
        serverErrors.clear();
        onDone?.();
      }
    } finally {
      sending.current = false;
    }
  };

  return (
    <>
      <SchemaForm
        idPrefix={idPrefix}
        schema={schema}
        uiSchema={form.uiSchema}
        formData={data}
        serverErrors={serverErrors.messages}
        onChange={(next) => {
          setData(next);
          serverErrors.track(next);
        }}
        onSubmit={(valid) => void onSubmit(valid)}
      >
        <div className="eng-form__buttons">
          <SubmitButton pending={pending}>{t(form.submit.label ?? 'engine.submit')}</SubmitButton>
        </div>
      </SchemaForm>
      {dialog}
    </>
  );
}

/**
 * `kind: form`: the listed fields of a schema, in order, filled from `form.data` when set, validated in the
 * browser with the same JSON Schema as on the server, submitted as `form.submit` says.
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

  if (form.data && initial.error) return <ErrorState onRetry={() => void initial.mutate()} />;
  if (form.data && initial.data === undefined) return <LoadingIndicator />;
  const initialData = pickFields(getPath(initial.data, form.data?.path), form.fields);
  // A refresh after success brings new server data; the form restarts from it instead of keeping stale edits.
  return <FormBody key={JSON.stringify(initialData)} spec={spec} form={form} schema={schema} initialData={initialData} />;
}
