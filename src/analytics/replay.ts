/**
 * Rebuilds a recorded page and plays its changes (document 002 section 8: the first batch must hold a full
 * snapshot, otherwise the recording is aborted). The target document is a sandboxed iframe's, so nothing
 * recorded can run: scripts were never recorded and inline handlers are dropped.
 */
import type { RecordedEvent, SerializedNode } from './session-recorder.ts';

/** Thrown when a recording cannot be replayed; the message says why. */
export class ReplayAborted extends Error {}

/**
 * The events of a recording in order, refusing one whose first batch does not start with a full snapshot.
 *
 * @example
 * const events = replayableEvents(batches); // throws ReplayAborted without a full snapshot
 */
export function replayableEvents(batches: readonly { sequence: number; events: readonly RecordedEvent[] }[]): RecordedEvent[] {
  const ordered = [...batches].sort((a, b) => a.sequence - b.sequence);
  const first = ordered[0];
  if (!first || first.sequence !== 0 || first.events[0]?.type !== 'full') {
    throw new ReplayAborted('The recording has no full snapshot in its first batch, so it cannot be replayed.');
  }
  return ordered.flatMap((batch) => batch.events);
}

function build(doc: Document, node: SerializedNode, nodes: Map<number, Node>): Node {
  if (node.kind === 'text') {
    const text = doc.createTextNode(node.text);
    nodes.set(node.id, text);
    return text;
  }
  const element = doc.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attributes)) {
    if (name.startsWith('on')) continue;
    try {
      element.setAttribute(name, value);
    } catch {
      // A name the recording browser accepted and this one does not: the look survives without it.
    }
  }
  if ('value' in element && node.attributes.value !== undefined) (element as HTMLInputElement).value = node.attributes.value;
  for (const child of node.children) element.appendChild(build(doc, child, nodes));
  nodes.set(node.id, element);
  return element;
}

/** A page being replayed: `apply` plays one event onto it. */
export interface ReplayedPage {
  apply(event: RecordedEvent): void;
}

/**
 * Replaces `doc`'s content with the full snapshot and returns a player for the following events.
 *
 * @example
 * const page = rebuildPage(iframe.contentDocument!, events[0]);
 * events.slice(1).forEach((event) => page.apply(event));
 */
export function rebuildPage(doc: Document, full: RecordedEvent): ReplayedPage {
  if (full.type !== 'full') throw new ReplayAborted('A replay starts from a full snapshot.');
  const nodes = new Map<number, Node>();
  const root = build(doc, full.root, nodes);
  doc.documentElement.remove();
  doc.appendChild(root);
  return {
    apply(event) {
      switch (event.type) {
        case 'full':
          rebuildPage(doc, event);
          return;
        case 'add': {
          const parent = nodes.get(event.parentId);
          if (!parent) return;
          const before = event.beforeId === null ? null : (nodes.get(event.beforeId) ?? null);
          parent.insertBefore(build(doc, event.node, nodes), before && before.parentNode === parent ? before : null);
          return;
        }
        case 'remove':
          (nodes.get(event.id) as ChildNode | undefined)?.remove();
          return;
        case 'attribute': {
          const element = nodes.get(event.id) as Element | undefined;
          if (!element || event.name.startsWith('on')) return;
          if (event.value === null) element.removeAttribute(event.name);
          else element.setAttribute(event.name, event.value);
          return;
        }
        case 'text': {
          const text = nodes.get(event.id);
          if (text) text.textContent = event.text;
          return;
        }
        case 'input': {
          const element = nodes.get(event.id) as HTMLInputElement | undefined;
          if (!element) return;
          element.value = event.value;
          element.setAttribute('value', event.value);
          return;
        }
        case 'scroll': {
          const element = nodes.get(event.id) as Element | undefined;
          if (element === doc.documentElement) doc.defaultView?.scrollTo(event.x, event.y);
          else element?.scrollTo?.(event.x, event.y);
          return;
        }
      }
    },
  };
}
