import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPath } from '../../data/paths';
import { SchemaForm } from '../../schema-form/SchemaForm';
import type { JsonSchema, WizardHub } from '../../spec/types';
import { hubItemTitle } from './hubItemTitle';

type Item = Record<string, unknown>;

/** Which item the sub-form edits: one of the list (by index) or a new one. */
type Editing = { index: number | 'new'; data: Item } | null;

export interface HubStepProps {
  idPrefix: string;
  hub: WizardHub;
  /** The schema of one item, narrowed to the hub's fields (see `wizardHubItemSchema`). */
  itemSchema: JsonSchema;
  /** The schema of the whole list: its `minItems` and `maxItems` say when items may be removed or added. */
  listSchema: JsonSchema;
  items: Item[];
  onItemsChange: (items: Item[]) => void;
  /** Server field errors inside the list, by path below it (`0.name`). */
  serverErrors: Record<string, string>;
  /** The message of a Next refused because the list is too short or an item is still open, or null. */
  listError: string | null;
  /** Told whether the sub-form is open, so that Next can wait for the item to be saved or cancelled. */
  onEditingChange: (open: boolean) => void;
  /** The data the sub-form sits beside (the wizard's answers), which `ui:options.fromContext` reads. */
  context?: Record<string, unknown>;
  /**
   * Checks the list as it would be with the item saved (at `index`): messages by path inside the item,
   * said on the sub-form's fields, keep the item open. None: the item is saved.
   */
  checkItem?: (items: Item[], index: number) => Promise<Record<string, string>>;
  /** The item as kept after a change in its sub-form (`before` and `after` it), read with the list around it. */
  tidyItem?: (items: Item[], index: number, before: Item, after: Item) => Item;
}

const NO_ERRORS = { messages: {}, refused: {} };

/** The value at a dot path of an item, as text to compare (`address.city`). */
const valueAt = (item: Item, path: string): string => JSON.stringify(getPath(item, path)) ?? '';

/** A new item's id (`hub.idField`): unique, and of letters, digits and dashes only. */
const newItemId = (): string => crypto.randomUUID();

const limit = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * A hub: a list of items (people, companies, countries), each added, edited and removed in a sub-form
 * validated by the item's schema, one at a time. The list's `minItems` keeps the last items from being
 * removed and opens the sub-form at once while the list is empty; `maxItems` hides "add". Server errors
 * about an item are said under it.
 *
 * @example
 * ```tsx
 * <HubStep idPrefix="tax-people" hub={step.hub} itemSchema={item} listSchema={list} items={people}
 *   onItemsChange={setPeople} serverErrors={{}} listError={null} onEditingChange={setEditing} />
 * ```
 */
export function HubStep({
  idPrefix,
  hub,
  itemSchema,
  listSchema,
  items,
  onItemsChange,
  serverErrors,
  listError,
  onEditingChange,
  context,
  checkItem,
  tidyItem,
}: HubStepProps) {
  const { t } = useTranslation();
  const minItems = limit(listSchema.minItems) ?? 0;
  const maxItems = limit(listSchema.maxItems) ?? Infinity;
  const [editing, setEditing] = useState<Editing>(() => (items.length === 0 && minItems > 0 ? { index: 'new', data: {} } : null));
  // The open item's refusals by `checkItem`, with the values refused: a field changed since says its own no more.
  const [itemErrors, setItemErrors] = useState<{ messages: Record<string, string>; refused: Record<string, string> }>(NO_ERRORS);
  const [checking, setChecking] = useState(false);
  const editorHeading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);

  useEffect(() => onEditingChange(editing !== null), [editing, onEditingChange]);

  // Opening the sub-form moves the focus to its heading; closing it returns the focus to "add".
  useEffect(() => {
    if (!opened.current) return;
    if (editing) editorHeading.current?.focus();
    else addButton.current?.focus();
  }, [editing]);

  const open = (next: Editing) => {
    opened.current = true;
    setItemErrors(NO_ERRORS);
    setEditing(next);
  };

  const saveItem = async (data: Item) => {
    if (!editing || checking) return;
    const idField = hub.idField;
    // The sub-form asks only the hub's fields: the id an item was given, and any other answer it holds, stay.
    const before = editing.index === 'new' ? {} : (items[editing.index] ?? {});
    const kept = Object.fromEntries(Object.entries(before).filter(([field]) => !hub.fields.includes(field)));
    const saved = { ...kept, ...data, ...(idField && kept[idField] === undefined ? { [idField]: newItemId() } : {}) };
    const index = editing.index === 'new' ? items.length : editing.index;
    const nextItems = editing.index === 'new' ? [...items, saved] : items.map((item, at) => (at === editing.index ? saved : item));
    if (checkItem) {
      setChecking(true);
      const messages = await checkItem(nextItems, index).finally(() => setChecking(false));
      if (Object.keys(messages).length > 0) {
        setItemErrors({ messages, refused: Object.fromEntries(Object.keys(messages).map((path) => [path, valueAt(data, path)])) });
        return;
      }
    }
    onItemsChange(nextItems);
    open(null);
  };

  const editItem = (data: Item) => {
    if (!editing) return;
    const index = editing.index === 'new' ? items.length : editing.index;
    const next = tidyItem ? tidyItem(items, index, editing.data, data) : data;
    setEditing({ ...editing, data: next });
    setItemErrors((previous) => {
      const still = Object.entries(previous.messages).filter(([path]) => valueAt(next, path) === previous.refused[path]);
      return still.length === Object.keys(previous.messages).length ? previous : { messages: Object.fromEntries(still), refused: previous.refused };
    });
  };

  const itemTitle = (item: Item, index: number) => hubItemTitle(t, hub, item, index, context);
  const errorsOf = (index: number) =>
    Object.entries(serverErrors)
      .filter(([path]) => path === String(index) || path.startsWith(`${index}.`))
      .map(([, message]) => message);

  return (
    <div className="eng-hub">
      {items.length === 0 && !editing && hub.emptyText && <p className="eng-empty">{t(hub.emptyText)}</p>}
      {items.length > 0 && (
        <ul className="eng-hub__items">
          {items.map((item, index) => {
            const errors = errorsOf(index);
            const title = itemTitle(item, index);
            return (
              <li key={index} className="eng-hub__item" data-item={index}>
                <span className="eng-hub__item-title">{title}</span>
                <span className="eng-hub__item-buttons">
                  <button
                    type="button"
                    className="eng-button eng-button--secondary"
                    aria-label={`${t('engine.wizard.editItem')}: ${title}`}
                    disabled={editing !== null}
                    onClick={() => open({ index, data: item })}
                  >
                    {t('engine.wizard.editItem')}
                  </button>
                  {items.length > minItems && (
                    <button
                      type="button"
                      className="eng-button eng-button--secondary"
                      aria-label={`${t('engine.wizard.removeItem')}: ${title}`}
                      disabled={editing !== null}
                      onClick={() => onItemsChange(items.filter((_, at) => at !== index))}
                    >
                      {t('engine.wizard.removeItem')}
                    </button>
                  )}
                </span>
                {errors.length > 0 && (
                  <p className="eng-field-errors" role="alert">
                    {errors.join(' ')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <section className="eng-hub__editor" data-item={editing.index === 'new' ? items.length : editing.index} aria-labelledby={`${idPrefix}-editor`}>
          <h3 id={`${idPrefix}-editor`} ref={editorHeading} tabIndex={-1} className="eng-hub__editor-title">
            {editing.index === 'new' ? t(hub.addLabel ?? 'engine.wizard.addItem') : itemTitle(editing.data, editing.index)}
          </h3>
          <SchemaForm
            idPrefix={`${idPrefix}-item`}
            schema={itemSchema}
            uiSchema={hub.uiSchema}
            formData={editing.data}
            context={context}
            serverErrors={itemErrors.messages}
            onChange={editItem}
            onSubmit={(data) => void saveItem(data)}
          >
            <div className="eng-form__buttons">
              <button type="submit" className="eng-button eng-button--primary" disabled={checking} aria-busy={checking}>
                {t('engine.wizard.saveItem')}
              </button>
              {(items.length > 0 || minItems === 0) && (
                <button type="button" className="eng-button eng-button--secondary" onClick={() => open(null)}>
                  {t('engine.wizard.cancelItem')}
                </button>
              )}
            </div>
          </SchemaForm>
        </section>
      )}
      {!editing && items.length < maxItems && (
        <button ref={addButton} type="button" className="eng-button eng-button--secondary" onClick={() => open({ index: 'new', data: {} })}>
          {t(hub.addLabel ?? 'engine.wizard.addItem')}
        </button>
      )}
      {listError && (
        <p className="eng-field-errors" role="alert">
          {listError}
        </p>
      )}
    </div>
  );
}
