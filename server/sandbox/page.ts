/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * A sandbox page: the stand-in for something outside the product (the customer's phone, a provider's
 * web page). Plain server-rendered HTML with no script of ours, so it works with any browser and
 * reads the same in tests. `body` is trusted HTML; escape every value put into it.
 *
 * @example
 * reply.type('text/html; charset=utf-8').send(sandboxPage('Outbox', '<p>No messages yet.</p>'));
 */
export function sandboxPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sandbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; color: #1a1a1a; }
  header { border-bottom: 2px solid #b45309; margin-bottom: 1rem; }
  header p { color: #7c2d12; margin: 0 0 .5rem; }
  article { border: 1px solid #d4d4d4; border-radius: 8px; padding: .75rem 1rem; margin: .75rem 0; }
  h2 { font-size: 1.05rem; margin: 0; }
  h3 { font-size: 1rem; margin: .5rem 0 0; }
  .meta { color: #525252; font-size: .875rem; margin: 0; }
  pre { white-space: pre-wrap; font: inherit; margin: .5rem 0 0; }
  button { font: inherit; padding: .4rem .9rem; border-radius: 6px; border: 1px solid #404040; background: #fff; cursor: pointer; }
  button.primary { background: #14532d; color: #fff; border-color: #14532d; }
  button.danger { background: #7f1d1d; color: #fff; border-color: #7f1d1d; }
  input { font: inherit; padding: .35rem .5rem; }
  select { font: inherit; max-width: 100%; }
  :focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style>
</head>
<body>
<header><p>Sandbox: this page stands in for a service outside the product. It is off in production.</p><h1>${escapeHtml(title)}</h1></header>
<main>
${body}
</main>
</body>
</html>`;
}
