/**
 * The page `npm run bench` builds on its own (never part of the product bundle) to time the engine in
 * Chromium: the real `SchemaForm` with a generated 200-field schema (`?form`), and the real `DataTable` with
 * 10,000 generated rows (`?table`); `fields=` and `rows=` change the counts. The bench drives it through
 * `window.engineBench`.
 */
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import '../../engine/styles.css';
import en from '../../engine/locales/en.json';
import { EngineProvider } from '../../engine/provider/EngineProvider';
import type { EngineOptions } from '../../engine/provider/types';
import { SchemaForm } from '../../engine/schema-form/SchemaForm';
import { DataTable } from '../../engine/kinds/table/DataTable';
import type { Column, JsonSchema } from '../../engine/spec/types';

const FORM_FIELDS = 200;
const TABLE_ROWS = 10_000;

/** The timings the bench reads, in milliseconds. */
export interface EngineBenchApi {
  /** Resolves once the form is on screen. */
  formReady(): Promise<void>;
  /** Keystroke to next paint (and to the end of the work it caused) of every key pressed so far. */
  keystrokes(): { paint: number[]; work: number[] };
  /** Mounts the table and resolves with the time from mount to its first paint. */
  mountTable(): Promise<number>;
  unmountTable(): void;
}

declare global {
  interface Window {
    engineBench: EngineBenchApi;
  }
}

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

const options: EngineOptions = {
  screens: [],
  layouts: {} as EngineOptions['layouts'],
  guards: {},
  callMethod: async () => ({}),
};

/** Resolves after the next paint: a task queued from the next animation frame runs once it is drawn. */
function nextPaint(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    });
  });
}

// ---- The form: 200 fields of the kinds specs use, with the constraints they carry. ----

function formSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const fields = Number(new URLSearchParams(location.search).get('fields') ?? FORM_FIELDS);
  for (let i = 0; i < fields; i++) {
    const name = `field${String(i).padStart(3, '0')}`;
    switch (i % 5) {
      case 0:
        properties[name] = { type: 'string', minLength: 2, maxLength: 40 };
        required.push(name);
        break;
      case 1:
        properties[name] = { type: 'string', format: 'email', maxLength: 120 };
        break;
      case 2:
        properties[name] = { type: 'string', pattern: '^[A-Z0-9 ]*$', maxLength: 20 };
        break;
      case 3:
        properties[name] = { type: 'string', enum: ['one', 'two', 'three'] };
        break;
      default:
        properties[name] = { type: 'boolean' };
    }
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

function BenchForm() {
  const [schema] = useState(formSchema);
  const [data, setData] = useState<Record<string, unknown>>({});
  return (
    <SchemaForm idPrefix="bench" schema={schema} formData={data} onChange={setData} onSubmit={() => undefined}>
      <button type="submit">Submit</button>
    </SchemaForm>
  );
}

const paint: number[] = [];
const work: number[] = [];

function startForm(root: Root) {
  // The keystroke's own time stamp (when the browser received it) starts the clock; the work it causes
  // ends when its input event has bubbled past React, which renders and commits a keystroke's update
  // before the event leaves the root; the paint is the next frame after that.
  let start = 0;
  document.addEventListener('keydown', (event) => (start = event.timeStamp), { capture: true });
  window.addEventListener('input', () => {
    work.push(performance.now() - start);
    const from = start;
    void nextPaint().then((end) => paint.push(end - from));
  });
  root.render(
    <I18nextProvider i18n={i18n}>
      <EngineProvider options={options}>
        <BenchForm />
      </EngineProvider>
    </I18nextProvider>,
  );
}

// ---- The table: 10,000 rows of five columns, the formats a history list uses, each row a link. ----

const columns: Column[] = [
  { field: 'createdAt', format: 'datetime' },
  { field: 'reference' },
  { field: 'counterparty' },
  { field: 'status', format: 'badge' },
  { field: 'amount', format: 'money', currencyField: 'currencyCode' },
];

function tableRows(): Record<string, unknown>[] {
  const start = Date.UTC(2026, 0, 1);
  const count = Number(new URLSearchParams(location.search).get('rows') ?? TABLE_ROWS);
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    createdAt: new Date(start + i * 3_600_000).toISOString(),
    reference: `REF-${String(i + 1).padStart(6, '0')}`,
    counterparty: `Counterparty ${i % 97}`,
    status: ['completed', 'pending', 'failed'][i % 3],
    amount: ((i * 7919) % 100_000) / 100,
    currencyCode: i % 4 === 0 ? 'USD' : 'EUR',
  }));
}

function startTable(root: Root): Pick<EngineBenchApi, 'mountTable' | 'unmountTable'> {
  const rows = tableRows();
  return {
    mountTable: async () => {
      const start = performance.now();
      flushSync(() =>
        root.render(
          <I18nextProvider i18n={i18n}>
            <EngineProvider options={options}>
              <MemoryRouter>
                <DataTable
                  caption="Payments"
                  columns={columns}
                  rows={rows}
                  rowCount={rows.length}
                  pagination={{ pageIndex: 0, pageSize: rows.length }}
                  rowLink="/payments/:id"
                  loading={false}
                />
              </MemoryRouter>
            </EngineProvider>
          </I18nextProvider>,
        ),
      );
      return (await nextPaint()) - start;
    },
    unmountTable: () => flushSync(() => root.render(null)),
  };
}

const container = document.getElementById('root')!;
const root = createRoot(container);
const mode = new URLSearchParams(location.search);
const table = mode.has('table') ? startTable(root) : undefined;
if (mode.has('form')) startForm(root);

window.engineBench = {
  formReady: async () => {
    while (!document.querySelector('#bench_field000')) await nextPaint();
  },
  keystrokes: () => ({ paint: [...paint], work: [...work] }),
  mountTable: () => table!.mountTable(),
  unmountTable: () => table!.unmountTable(),
};
