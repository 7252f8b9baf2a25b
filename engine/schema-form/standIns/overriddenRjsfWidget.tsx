/**
 * Stands in, in the application build (see vite.config.ts), for rjsf's own widgets that the engine's
 * widgets replace by the same name (`TextWidget`, `EmailWidget`, `PasswordWidget`, `DateWidget`,
 * `SelectWidget`, `CheckboxWidget`, `TextareaWidget`, `FileWidget`, see widgets.tsx): rjsf looks a widget
 * up in the form's registry, where the engine's come first, so rjsf's are never drawn.
 */
export default function OverriddenRjsfWidget(): never {
  throw new Error("rjsf drew one of its own widgets that the engine replaces: the form's registry lacks the engine's widgets.");
}
