import { errorId } from '@rjsf/utils';

/**
 * The errors of a field the engine draws itself (a group of checkboxes, a set of questions, a list of files),
 * said at once under it and named by rjsf's error id of the field, which its inputs point to; nothing while
 * there is none.
 *
 * @example
 * <FieldErrorList fieldId={fieldPathId.$id} errors={['Choose at least one.']} />
 */
export function FieldErrorList({ fieldId, errors }: { fieldId: string; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul id={errorId(fieldId)} className="eng-field-errors" role="alert">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}
