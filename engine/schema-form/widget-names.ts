/**
 * The `ui:widget` names a uiSchema may use without the application registering a widget: those rjsf maps
 * to the engine's own widgets (`widgets.tsx`), and `hidden`, whose rjsf input shows nothing to theme.
 * rjsf would draw its other names (radio, range, color…) with its own unthemed widgets, so codegen
 * refuses those as it refuses a widget the application does not register. `fileSet` and `flagList` name
 * fields of the engine's (lists of objects), which `SchemaForm` draws in rjsf's place.
 * A plain module, so codegen can read it without React.
 */
export const ENGINE_WIDGET_NAMES = [
  'text',
  'email',
  'password',
  'date',
  'select',
  'checkbox',
  'textarea',
  'file',
  'hidden',
  'files',
  'country',
  'phoneCode',
  'money',
  'radios',
  'fileSet',
  'flagList',
  'checkboxes',
  'questionSet',
  'textPerChoice',
] as const;
