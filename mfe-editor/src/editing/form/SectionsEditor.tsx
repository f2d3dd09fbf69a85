import { createContext, memo, useContext, useEffect, useId, useRef, useState } from 'react';
import { Button, richTextToPlainText } from '@folioforge/shared';
import { HOME_PAGE_ID, kindSpec, LIMITS, SECTION_KIND_NAMES, SECTION_KINDS, type SectionKind } from '@folioforge/templates';
import { editedSections, useEditor, useEditorList, useEditorState, usePageLinkChoicesOfSite, useSectionsState } from '../editorHooks';
import { PageLinkChoicesContext } from '../fields/pageLinks';
import {
  addItem,
  addSection,
  cannotAddItem,
  cannotAddSection,
  duplicateItem,
  duplicateSection,
  itemPath,
  moveItem,
  moveSection,
  readItemField,
  removeItem,
  removeSection,
  sectionOf,
  sectionPath,
  setHidden,
} from '../portfolioEdits';
import { ProductSaleFields } from '../products/ProductSaleFields';
import { EditedField } from './EditedField';
import { FieldsForm } from './FieldsForm';
import { RowTools } from './RowTools';
import { SortableEntry, SortableList } from './SortableList';
import styles from './PortfolioForm.module.scss';

/**
 * A list longer than this opens as a list of its items' names, each opening to edit: thirty items
 * would otherwise draw, lay out and paint every field at once.
 */
const OPEN_ITEMS_UP_TO = 2;

/** Whether the form has been drawn: an item that appears later (added, duplicated, restored) opens at once. */
const FormDrawn = createContext<{ readonly current: boolean }>({ current: true });

/** The sections of the page being edited, in page order: each to rename, hide, move, duplicate or remove, with its items. */
export function SectionsEditor() {
  const editor = useEditor();
  const ids = useEditorList((state) => editedSections(state).map((section) => section.id));
  const nameOf = (id: string) => sectionName(sectionOf(editor.portfolio, id));
  // Another page than home: the legend says whose sections these are.
  const pageTitle = useEditorState((state) =>
    state.pageId === HOME_PAGE_ID ? undefined : state.portfolio.pages?.find((page) => page.id === state.pageId)?.title,
  );
  // The sections' links may lead to a page of the site (a button, a link in rich text); the profile's lead out.
  const pageLinkChoices = usePageLinkChoicesOfSite();
  const drawn = useRef(false);
  useEffect(() => {
    drawn.current = true;
  }, []);
  return (
    <PageLinkChoicesContext.Provider value={pageLinkChoices}>
      <FormDrawn.Provider value={drawn}>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>
            {pageTitle === undefined ? 'Sections' : `Sections of “${pageTitle.trim() || 'Untitled page'}”`}
          </legend>
          <p className={styles.hint}>In the order the page shows them. Drag a section by its handle, or use Up and Down.</p>
          <SortableList
            ids={ids}
            nameOf={nameOf}
            className={styles.sections}
            onMove={(id, to) =>
              editor.change(moveSection(editor.portfolio, id, to), {
                label: `Moved ${nameOf(id)} to position ${to + 1} of ${ids.length}`,
                focus: `section-handle:${id}`,
              })
            }
          >
            {ids.map((id, index) => (
              <SectionCard key={id} id={id} index={index} count={ids.length} />
            ))}
          </SortableList>
          <AddSection />
        </fieldset>
      </FormDrawn.Provider>
    </PageLinkChoicesContext.Provider>
  );
}

/**
 * About how tall a section's card is before it is first drawn (off screen, it is not laid out): a
 * head and an Add button, and its items, open or closed. Measured at 1280 px: 508 px with three
 * closed items, 894 px with two open; narrower, up to a third more.
 */
const estimatedHeight = (items: number) => 260 + items * (items <= OPEN_ITEMS_UP_TO ? 360 : 100);

const sectionName = (section: { title: string; kind: SectionKind } | undefined) =>
  section ? section.title.trim() || SECTION_KINDS[section.kind].label : 'Section';

const SectionCard = memo(function SectionCard({ id, index, count }: { id: string; index: number; count: number }) {
  const editor = useEditor();
  const kind = useSectionsState(id, (sections) => sections.find((section) => section.id === id)?.kind ?? 'text');
  const hidden = useSectionsState(id, (sections) => sections.find((section) => section.id === id)?.hidden ?? false);
  const name = useSectionsState(id, (sections) => sectionName(sections.find((section) => section.id === id)));
  const itemIds = useEditorList(
    (state) =>
      editedSections(state)
        .find((section) => section.id === id)
        ?.items.map((item) => item.id) ?? [],
  );
  const full = useSectionsState(id, (sections) => {
    const section = sections.find((candidate) => candidate.id === id);
    return section ? cannotAddItem({ sections }, section) : null;
  });
  const spec = kindSpec(kind);
  const headingId = useId();
  const fullId = useId();

  const move = (to: number) =>
    editor.change(moveSection(editor.portfolio, id, to), {
      label: `Moved ${name} to position ${to + 1} of ${count}`,
      focus: `section-handle:${id}`,
    });
  const toggleHidden = () =>
    editor.change(setHidden(editor.portfolio, id, !hidden), {
      label: hidden ? `${name} is shown on the page` : `${name} is hidden from the page`,
      focus: `section-hide:${id}`,
    });
  const duplicate = () => {
    const copy = duplicateSection(editor.portfolio, id);
    editor.change(copy.portfolio, {
      label: `Duplicated ${name}`,
      focus: sectionPath(copy.id, 'title'),
      undoFocus: `section-duplicate:${id}`,
    });
  };
  const remove = () =>
    editor.change(removeSection(editor.portfolio, id), {
      label: `Removed ${name}`,
      focus: 'add-section',
      undoFocus: sectionPath(id, 'title'),
    });
  const add = () => {
    const added = addItem(editor.portfolio, id);
    const first = spec.fields[0];
    editor.change(added.portfolio, {
      label: `Added ${spec.itemLabel} ${itemIds.length + 1}`,
      focus: first ? itemPath(id, added.id, first.key) : undefined,
      undoFocus: `add-item:${id}`,
    });
  };
  const itemsName = (itemId: string) => `${spec.itemLabel} ${itemIds.indexOf(itemId) + 1}`;

  return (
    <SortableEntry id={id} className={styles.section} style={{ containIntrinsicSize: `auto ${estimatedHeight(itemIds.length)}px` }}>
      <section aria-labelledby={headingId} data-hidden={hidden || undefined} data-place={sectionPath(id, 'title')}>
        <div className={styles.sectionHead}>
          <h3 id={headingId} className={styles.sectionName}>
            {name}
            <span className={styles.kind}> · {spec.label}</span>
            {hidden ? <span className={styles.hiddenBadge}> · hidden from the page</span> : null}
          </h3>
          <RowTools
            name={name}
            groupLabel={`${name} section`}
            handleKey={`section-handle:${id}`}
            index={index}
            count={count}
            onMove={move}
            onDuplicate={duplicate}
            duplicateKey={`section-duplicate:${id}`}
            onRemove={remove}
          >
            <button
              type="button"
              className={styles.tool}
              onClick={toggleHidden}
              aria-pressed={hidden}
              data-focus={`section-hide:${id}`}
              aria-label={`Hide ${name}`}
            >
              {hidden ? 'Hidden' : 'Hide'}
            </button>
          </RowTools>
        </div>
        <FieldsForm>
          <EditedField
            path={sectionPath(id, 'title')}
            spec={{ kind: 'text', maxLength: LIMITS.titleLength }}
            label="Section title"
            accessibleLabel={`${name} section title`}
          />
          {'bodyLabel' in spec && spec.bodyLabel ? (
            <EditedField
              path={sectionPath(id, 'body')}
              spec={{ kind: 'longText' }}
              label={spec.bodyLabel}
              accessibleLabel={`${name} ${spec.bodyLabel.toLowerCase()}`}
            />
          ) : null}
        </FieldsForm>
        {spec.fields.length ? (
          <>
            <SortableList
              ids={itemIds}
              nameOf={itemsName}
              className={styles.items}
              onMove={(itemId, to) =>
                editor.change(moveItem(editor.portfolio, id, itemId, to), {
                  label: `Moved ${itemsName(itemId)} to position ${to + 1} of ${itemIds.length}`,
                  focus: `item-handle:${id}:${itemId}`,
                })
              }
            >
              {itemIds.map((itemId, itemIndex) => (
                <ItemCard key={itemId} sectionId={id} itemId={itemId} kind={kind} index={itemIndex} count={itemIds.length} />
              ))}
            </SortableList>
            <Button
              variant="secondary"
              onClick={add}
              disabled={Boolean(full)}
              data-focus={`add-item:${id}`}
              aria-describedby={full ? fullId : undefined}
            >
              Add {spec.itemLabel.toLowerCase()}
            </Button>
            {full ? (
              <p id={fullId} className={styles.hint}>
                {full}
              </p>
            ) : null}
          </>
        ) : null}
      </section>
    </SortableEntry>
  );
});

interface ItemCardProps {
  sectionId: string;
  itemId: string;
  kind: SectionKind;
  index: number;
  count: number;
}

const ItemCard = memo(function ItemCard({ sectionId, itemId, kind, index, count }: ItemCardProps) {
  const editor = useEditor();
  const spec = kindSpec(kind);
  const name = `${spec.itemLabel} ${index + 1}`;
  const first = spec.fields[0];
  const bodyId = useId();
  const formDrawn = useContext(FormDrawn);
  const [open, setOpen] = useState(() => count <= OPEN_ITEMS_UP_TO || formDrawn.current);
  // Undo, redo or a change that sends focus into this item's fields opens it first.
  const placePrefix = itemPath(sectionId, itemId, '');
  const askedIn = useEditorState((state) => (state.focusRequest?.target.startsWith(placePrefix) ? state.focusRequest.serial : 0));
  const [openedFor, setOpenedFor] = useState(0);
  if (askedIn !== openedFor) {
    setOpenedFor(askedIn);
    if (askedIn) setOpen(true);
  }
  const firstValue = useSectionsState(placePrefix, (sections) => (first ? readItemField(sections, sectionId, itemId, first.key) : ''));
  const summary = richTextToPlainText(firstValue).trim();
  const move = (to: number) =>
    editor.change(moveItem(editor.portfolio, sectionId, itemId, to), {
      label: `Moved ${name} to position ${to + 1} of ${count}`,
      focus: `item-handle:${sectionId}:${itemId}`,
    });
  const duplicate = () => {
    const copy = duplicateItem(editor.portfolio, sectionId, itemId);
    editor.change(copy.portfolio, {
      label: `Duplicated ${name}`,
      focus: first ? itemPath(sectionId, copy.id, first.key) : undefined,
      undoFocus: `item-handle:${sectionId}:${itemId}`,
    });
  };
  const remove = () =>
    editor.change(removeItem(editor.portfolio, sectionId, itemId), {
      label: `Removed ${name}`,
      focus: `add-item:${sectionId}`,
      undoFocus: first ? itemPath(sectionId, itemId, first.key) : undefined,
    });
  return (
    <SortableEntry id={itemId} className={styles.item}>
      <div className={styles.itemHead}>
        <button
          type="button"
          className={styles.itemToggle}
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          onClick={() => setOpen(!open)}
          data-focus={`item-toggle:${sectionId}:${itemId}`}
          // In the item's name, the preview shows the item, as in its fields.
          data-place={first ? itemPath(sectionId, itemId, first.key) : undefined}
        >
          <span className={styles.chevron} aria-hidden="true" />
          <span className={styles.itemName}>{name}</span>
          {open || !summary ? null : <span className={styles.itemSummary}>{summary}</span>}
        </button>
        <RowTools
          name={name}
          groupLabel={name}
          handleKey={`item-handle:${sectionId}:${itemId}`}
          index={index}
          count={count}
          onMove={move}
          onDuplicate={duplicate}
          onRemove={remove}
        />
      </div>
      {open ? (
        <FieldsForm id={bodyId} data-place={first ? itemPath(sectionId, itemId, first.key) : undefined}>
          {spec.fields.map((field, fieldIndex) =>
            // A product's price is money: its amount, stock and options (the text price is said there while it has one).
            kind === 'products' && field.key === 'price' ? (
              <ProductSaleFields key={field.key} sectionId={sectionId} itemId={itemId} name={name} />
            ) : (
              <EditedField
                key={field.key}
                path={itemPath(sectionId, itemId, field.key)}
                spec={field}
                // The first field says which item it is, as the spec's "Project 1 Title"; the others are named so for screen readers.
                label={fieldIndex === 0 ? `${name} ${field.label}` : field.label}
                accessibleLabel={fieldIndex === 0 ? undefined : `${name} ${field.label.toLowerCase()}`}
              />
            ),
          )}
        </FieldsForm>
      ) : null}
    </SortableEntry>
  );
});

/** Adds a section of any kind, at the end. */
function AddSection() {
  const editor = useEditor();
  const [kind, setKind] = useState<SectionKind>('skills');
  const full = useEditorState((state) => cannotAddSection(state.portfolio, state.pageId));
  const selectId = useId();
  const fullId = useId();
  const add = () => {
    const added = addSection(editor.portfolio, kind, editor.store.getState().pageId);
    editor.change(added.portfolio, {
      label: `Added a ${SECTION_KINDS[kind].label} section`,
      focus: sectionPath(added.id, 'title'),
      undoFocus: 'add-section',
    });
  };
  return (
    <div className={styles.addSection}>
      <label htmlFor={selectId} className={styles.addLabel}>
        New section
      </label>
      <select
        id={selectId}
        className={styles.select}
        value={kind}
        onChange={(event) => setKind(event.target.value as SectionKind)}
        data-focus="add-section"
      >
        {SECTION_KIND_NAMES.map((name) => (
          <option key={name} value={name}>
            {SECTION_KINDS[name].label}
          </option>
        ))}
      </select>
      <Button onClick={add} disabled={Boolean(full)} aria-describedby={full ? fullId : undefined}>
        Add section
      </Button>
      {full ? (
        <p id={fullId} className={styles.hint}>
          {full}
        </p>
      ) : null}
    </div>
  );
}
