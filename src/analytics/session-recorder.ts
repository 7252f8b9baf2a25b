/**
 * Session recording (document 002 sections 4, 8, 9): a full snapshot of the page first, then its changes
 * (mutations, inputs, scroll), in batches of up to 1000 flushed every 10 s. Input values never leave the
 * browser: they are replaced by asterisks (password fields always). The recording stops after 30 minutes
 * without activity or 24 hours in all; states are not started, running, stopped.
 */
import { systemClock, type Clock } from './analytics-client.ts';

/** Document 002 section 9. */
export const RECORDING_LIMITS = {
  batchSize: 1000,
  flushIntervalMs: 10_000,
  idleTimeoutMs: 30 * 60_000,
  maxLengthMs: 24 * 60 * 60_000,
  maxMinimumMs: 8_000,
} as const;

export type RecordingState = 'not started' | 'running' | 'stopped';

/** A serialized node: elements keep their tag, attributes and children; text keeps its text. */
export type SerializedNode =
  { id: number; kind: 'element'; tag: string; attributes: Record<string, string>; children: SerializedNode[] } | { id: number; kind: 'text'; text: string };

export type RecordedEvent =
  | { type: 'full'; time: number; width: number; height: number; root: SerializedNode }
  | { type: 'add'; time: number; parentId: number; beforeId: number | null; node: SerializedNode }
  | { type: 'remove'; time: number; id: number }
  | { type: 'attribute'; time: number; id: number; name: string; value: string | null }
  | { type: 'text'; time: number; id: number; text: string }
  | { type: 'input'; time: number; id: number; value: string }
  | { type: 'scroll'; time: number; id: number; x: number; y: number };

/** Replaces every character with an asterisk: the length is all a replay shows of what was typed. */
export function maskValue(value: string): string {
  return '*'.repeat(value.length);
}

const SKIPPED_TAGS = new Set(['SCRIPT', 'NOSCRIPT', 'TEMPLATE']);

/** Gives nodes stable ids for the length of one recording. */
export class NodeIds {
  private readonly ids = new WeakMap<Node, number>();
  private next = 1;
  idOf(node: Node): number {
    let id = this.ids.get(node);
    if (id === undefined) {
      id = this.next;
      this.next += 1;
      this.ids.set(node, id);
    }
    return id;
  }
  known(node: Node): number | undefined {
    return this.ids.get(node);
  }
}

function isTextInput(element: Element): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  return element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || element.tagName === 'SELECT';
}

/**
 * Serializes a node and its subtree with masked input values; scripts are left out.
 *
 * @example
 * serializeNode(document.documentElement, new NodeIds());
 */
export function serializeNode(node: Node, ids: NodeIds): SerializedNode | null {
  if (node.nodeType === Node.TEXT_NODE) {
    const parent = node.parentElement;
    // The text of a textarea is its value: masked like any other input.
    const text = parent?.tagName === 'TEXTAREA' ? maskValue(node.textContent ?? '') : (node.textContent ?? '');
    return { id: ids.idOf(node), kind: 'text', text };
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  if (SKIPPED_TAGS.has(element.tagName)) return null;
  const attributes: Record<string, string> = {};
  for (const attribute of Array.from(element.attributes)) {
    // Inline handlers would run in the replay; they are behaviour, not looks.
    if (attribute.name.startsWith('on')) continue;
    attributes[attribute.name] = attribute.value;
  }
  if (isTextInput(element)) {
    attributes.value = maskValue(element.value);
  }
  const children: SerializedNode[] = [];
  for (const child of Array.from(element.childNodes)) {
    const serialized = serializeNode(child, ids);
    if (serialized) children.push(serialized);
  }
  return { id: ids.idOf(element), kind: 'element', tag: element.tagName.toLowerCase(), attributes, children };
}

/** Where recorded batches go: the first holds the full snapshot. */
export type SendRecording = (batch: { sequence: number; events: RecordedEvent[] }) => Promise<void>;

export interface SessionRecorderOptions {
  document: Document;
  send: SendRecording;
  clock?: Clock;
  /** Recordings shorter than this are not sent at all; capped at 8 s. */
  minimumMs?: number;
}

export interface SessionRecorder {
  readonly state: RecordingState;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Creates a recorder for one page session.
 *
 * @example
 * const recorder = createSessionRecorder({ document, send: (batch) => postRecording(batch) });
 * recorder.start();
 */
export function createSessionRecorder(options: SessionRecorderOptions): SessionRecorder {
  const clock = options.clock ?? systemClock;
  const doc = options.document;
  const minimumMs = Math.min(options.minimumMs ?? 0, RECORDING_LIMITS.maxMinimumMs);
  const ids = new NodeIds();
  let state: RecordingState = 'not started';
  let startedAt = 0;
  let sequence = 0;
  let buffer: RecordedEvent[] = [];
  let flushTimer: unknown = null;
  let idleTimer: unknown = null;
  let maxTimer: unknown = null;
  let observer: MutationObserver | null = null;
  let sending: Promise<void> = Promise.resolve();

  function push(event: RecordedEvent): void {
    if (state !== 'running') return;
    buffer.push(event);
    if (buffer.length >= RECORDING_LIMITS.batchSize) void flush();
  }

  function flush(): Promise<void> {
    if (buffer.length === 0 || clock.now() - startedAt < minimumMs) return sending;
    const events = buffer;
    buffer = [];
    const batch = { sequence, events };
    sequence += 1;
    sending = sending.then(() => options.send(batch)).catch(() => undefined);
    return sending;
  }

  function scheduleFlush(): void {
    flushTimer = clock.setTimeout(() => {
      void flush();
      if (state === 'running') scheduleFlush();
    }, RECORDING_LIMITS.flushIntervalMs);
  }

  function active(): void {
    if (idleTimer !== null) clock.clearTimeout(idleTimer);
    idleTimer = clock.setTimeout(() => void recorder.stop(), RECORDING_LIMITS.idleTimeoutMs);
  }

  function onMutations(records: MutationRecord[]): void {
    const time = clock.now();
    for (const record of records) {
      const target = ids.known(record.target);
      if (target === undefined) continue;
      if (record.type === 'characterData') {
        const text = serializeNode(record.target, ids);
        if (text?.kind === 'text') push({ type: 'text', time, id: target, text: text.text });
      } else if (record.type === 'attributes' && record.attributeName && !record.attributeName.startsWith('on')) {
        const element = record.target as Element;
        const value = record.attributeName === 'value' && isTextInput(element) ? maskValue(element.value) : element.getAttribute(record.attributeName);
        push({ type: 'attribute', time, id: target, name: record.attributeName, value });
      } else if (record.type === 'childList') {
        for (const removed of Array.from(record.removedNodes)) {
          const id = ids.known(removed);
          if (id !== undefined) push({ type: 'remove', time, id });
        }
        for (const added of Array.from(record.addedNodes)) {
          if (!added.isConnected || added.parentNode !== record.target) continue;
          const node = serializeNode(added, ids);
          if (!node) continue;
          const before = added.nextSibling ? (ids.known(added.nextSibling) ?? null) : null;
          push({ type: 'add', time, parentId: target, beforeId: before, node });
        }
      }
    }
    active();
  }

  function onInput(event: Event): void {
    const element = event.target as Element | null;
    if (!element || !isTextInput(element)) return;
    const id = ids.known(element);
    if (id === undefined) return;
    push({ type: 'input', time: clock.now(), id, value: maskValue(element.value) });
    active();
  }

  function onScroll(event: Event): void {
    const target = event.target;
    const element = target === doc ? doc.documentElement : (target as Element);
    const id = ids.known(element);
    if (id === undefined) return;
    const scrolling =
      element === doc.documentElement
        ? { x: doc.defaultView?.scrollX ?? 0, y: doc.defaultView?.scrollY ?? 0 }
        : { x: element.scrollLeft, y: element.scrollTop };
    push({ type: 'scroll', time: clock.now(), id, ...scrolling });
    active();
  }

  const recorder: SessionRecorder = {
    get state() {
      return state;
    },
    start() {
      if (state !== 'not started') return;
      const root = serializeNode(doc.documentElement, ids);
      if (!root) return;
      state = 'running';
      startedAt = clock.now();
      const view = doc.defaultView;
      buffer.push({ type: 'full', time: startedAt, width: view?.innerWidth ?? 0, height: view?.innerHeight ?? 0, root });
      observer = new MutationObserver(onMutations);
      observer.observe(doc.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
      doc.addEventListener('input', onInput, true);
      doc.addEventListener('change', onInput, true);
      doc.addEventListener('scroll', onScroll, true);
      scheduleFlush();
      active();
      maxTimer = clock.setTimeout(() => void recorder.stop(), RECORDING_LIMITS.maxLengthMs);
    },
    async stop() {
      if (state !== 'running') return;
      if (observer) onMutations(observer.takeRecords());
      observer?.disconnect();
      doc.removeEventListener('input', onInput, true);
      doc.removeEventListener('change', onInput, true);
      doc.removeEventListener('scroll', onScroll, true);
      for (const timer of [flushTimer, idleTimer, maxTimer]) if (timer !== null) clock.clearTimeout(timer);
      await flush();
      state = 'stopped';
      // What was too short to send is forgotten.
      buffer = [];
    },
  };
  return recorder;
}
