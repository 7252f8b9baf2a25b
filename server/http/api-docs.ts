import type { FastifyInstance } from 'fastify';

type Json = Record<string, unknown>;

const escape = (text: unknown) =>
  String(text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** `code` spans of the document's descriptions (backticks), the only markup they use. */
const prose = (text: unknown) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const HTTP_VERBS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A schema's kind in a word or two: `string (email)`, `one of: a, b`, `array of object`. */
function typeOf(schema: Json): string {
  if (typeof schema !== 'object' || schema === null) return 'any';
  if ('const' in schema) return `= ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? (schema.oneOf || schema.anyOf ? 'one of several' : 'any'));
  if (type === 'array' && schema.items) return `array of ${typeOf(schema.items as Json)}`;
  return schema.format ? `${type} (${String(schema.format)})` : type;
}

/** The limits a schema sets on a value, as a reader says them. */
function limitsOf(schema: Json): string {
  const parts: string[] = [];
  if (typeof schema !== 'object' || schema === null) return '';
  if (schema.minLength !== undefined) parts.push(`at least ${String(schema.minLength)} characters`);
  if (schema.maxLength !== undefined) parts.push(`at most ${String(schema.maxLength)} characters`);
  if (schema.minimum !== undefined) parts.push(`≥ ${String(schema.minimum)}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${String(schema.maximum)}`);
  if (schema.minItems !== undefined) parts.push(`at least ${String(schema.minItems)} items`);
  if (schema.maxItems !== undefined) parts.push(`at most ${String(schema.maxItems)} items`);
  if (schema.pattern !== undefined) parts.push(`matches ${String(schema.pattern)}`);
  return parts.join(', ');
}

/** The fields of an object schema as a table; `$ref`s into the components are followed. */
function fieldsTable(schema: Json | undefined, components: Json, caption: string): string {
  const resolved = resolve(schema, components);
  const properties = (resolved?.properties ?? {}) as Record<string, Json>;
  const required = new Set((resolved?.required as string[] | undefined) ?? []);
  const names = Object.keys(properties);
  if (!names.length) return `<p class="none">${escape(caption)}: none.</p>`;
  const rows = names
    .map((name) => {
      const found = resolve(properties[name], components);
      const field = typeof found === 'object' && found !== null ? found : {};
      return `<tr><th scope="row"><code>${escape(name)}</code></th><td>${escape(typeOf(field))}</td><td>${required.has(name) ? 'yes' : ''}</td><td>${escape(limitsOf(field))}</td><td>${prose(field.description ?? field.title)}</td></tr>`;
    })
    .join('');
  return `<table><caption>${escape(caption)}</caption><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Limits</th><th scope="col">Meaning</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function resolve(schema: Json | undefined, components: Json): Json | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return schema;
  return resolve((components.schemas as Json)[ref.slice('#/components/schemas/'.length)] as Json, components);
}

/**
 * The API reference as one page of HTML, written from the OpenAPI document at start: every operation by
 * its tag, with who may call it, its fields and their limits, an example request and its answer. Plain
 * HTML and a stylesheet of its own: no script, so the application's strict Content Security Policy holds.
 *
 * @example
 * const html = apiReferenceHtml(JSON.parse(openApiDocument));
 */
export function apiReferenceHtml(document: Json): string {
  const info = (document.info ?? {}) as Json;
  const components = (document.components ?? {}) as Json;
  const tags = (document.tags ?? []) as Array<{ name: string; description?: string }>;
  const operations: Array<{ path: string; verb: string; operation: Json }> = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>))
    for (const verb of HTTP_VERBS) if (item[verb]) operations.push({ path, verb, operation: item[verb] as Json });
  const sections = tags.map((tag) => {
    const own = operations.filter(({ operation }) => ((operation.tags as string[] | undefined) ?? []).includes(tag.name));
    const entries = own.map(({ path, verb, operation }) => {
      const id = escape(operation.operationId ?? `${verb}-${path}`);
      const body = ((operation.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
      const success = (
        (((operation.responses as Json | undefined)?.['200'] as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined
      )?.schema as Json | undefined;
      const answer = Array.isArray(success?.oneOf) ? (success.oneOf[0] as Json) : success;
      const security = operation.security as unknown[] | undefined;
      const responses = Object.entries((operation.responses ?? {}) as Record<string, Json>)
        .map(([status, response]) => `<li><code>${escape(status)}</code> ${prose(response.description)}</li>`)
        .join('');
      return `<section class="operation" id="${id}" aria-labelledby="${id}-title">
<h3 id="${id}-title"><span class="verb">${escape(verb.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p class="summary">${prose(operation.summary)}</p>
<p>${prose(operation.description)}</p>
<p class="auth">${security && security.length === 0 ? 'No session needed.' : 'Send the access token: <code>Authorization: Bearer &lt;token&gt;</code>.'}</p>
${body ? fieldsTable(body.schema as Json, components, 'Request fields') : ''}
${body?.example !== undefined ? `<p class="example-title">Example request</p><pre><code>${escape(JSON.stringify(body.example, null, 2))}</code></pre>` : ''}
${answer ? fieldsTable(answer, components, 'Answer fields') : ''}
<ul class="responses">${responses}</ul>
</section>`;
    });
    return `<section class="tag" aria-labelledby="tag-${escape(tag.name)}"><h2 id="tag-${escape(tag.name)}">${escape(tag.name)}</h2><p>${prose(tag.description)}</p>${entries.join('\n')}</section>`;
  });
  const contents = tags
    .map((tag) => {
      const links = operations
        .filter(({ operation }) => ((operation.tags as string[] | undefined) ?? []).includes(tag.name))
        .map(({ operation, path }) => `<li><a href="#${escape(operation.operationId)}">${escape(operation.operationId ?? path)}</a></li>`)
        .join('');
      return `<li><a href="#tag-${escape(tag.name)}">${escape(tag.name)}</a><ul>${links}</ul></li>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)} reference</title><link rel="stylesheet" href="/docs/docs.css"></head>
<body><header><h1>${escape(info.title)} <small>${escape(info.version)}</small></h1><p>${prose(info.description)}</p>
<p>The same description for tools: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p></header>
<div class="layout"><nav aria-label="Operations"><ul>${contents}</ul></nav><main>${sections.join('\n')}</main></div></body></html>`;
}

const STYLESHEET = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1c2430; background: #fff; }
body { margin: 0; }
header { padding: 1.5rem 2rem; border-bottom: 1px solid #d5dbe3; }
h1 small { font-size: 0.9rem; color: #4b5563; font-weight: 400; }
.layout { display: grid; grid-template-columns: minmax(12rem, 18rem) 1fr; }
nav { border-right: 1px solid #d5dbe3; padding: 1rem; position: sticky; top: 0; max-height: 100vh; overflow: auto; font-size: 0.9rem; }
nav ul { list-style: none; padding-left: 0.75rem; margin: 0; }
main { padding: 1rem 2rem; min-width: 0; }
.operation { border-top: 1px solid #e5e9ef; padding: 1rem 0; }
.verb { display: inline-block; min-width: 3.5rem; padding: 0 0.4rem; border-radius: 4px; background: #0b5cad; color: #fff; font-size: 0.85rem; text-align: center; }
table { border-collapse: collapse; width: 100%; margin: 0.75rem 0; font-size: 0.9rem; display: block; overflow-x: auto; }
caption { text-align: start; font-weight: 600; padding-bottom: 0.25rem; }
th, td { border: 1px solid #d5dbe3; padding: 0.3rem 0.5rem; text-align: start; vertical-align: top; }
pre { background: #f3f5f8; padding: 0.75rem; overflow-x: auto; border-radius: 4px; }
a { color: #0b5cad; }
a:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
@media (max-width: 48rem) { .layout { grid-template-columns: 1fr; } nav { position: static; max-height: none; border-right: 0; border-bottom: 1px solid #d5dbe3; } main { padding: 1rem; } }
`;

/**
 * Serves the readable API reference at `/docs` and its stylesheet at `/docs/docs.css`; the page is
 * written once, from the same document `/openapi.json` serves.
 *
 * @example
 * await app.register(apiDocsRoutes, { openApiDocument });
 */
export async function apiDocsRoutes(app: FastifyInstance, { openApiDocument }: { openApiDocument: string }): Promise<void> {
  const html = apiReferenceHtml(JSON.parse(openApiDocument) as Json);
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
  app.get('/docs/docs.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(STYLESHEET));
}
