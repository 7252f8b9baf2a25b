/**
 * Stands in, in the application build (see vite.config.ts), for the rjsf fields and widgets the engine's forms
 * never draw: the layout grid fields (`ui:layoutGrid`, `ui:field: LayoutGridField`) and the `alt-date`,
 * `alt-datetime` and `rating` widgets. No screen spec names them (the engine's widgets are listed in
 * engine/README.md), and together they were a tenth of rjsf's code on every form. Should a spec name one,
 * the form says so instead of drawing nothing.
 */
export default function UnusedRjsfPart(): never {
  throw new Error(
    "A form asks for an rjsf layout grid field or an alt-date, alt-datetime or rating widget, which the engine's forms leave out: use a widget engine/README.md lists.",
  );
}
