// A list the visitor reorders by dragging a handle, with a pointer or from the keyboard (focus the
// handle, Space to pick up, arrows to move, Space to drop, Escape to cancel), as @dnd-kit does it;
// Move up and Move down buttons beside each entry do the same in one press.
import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

export interface SortableListProps {
  ids: readonly string[];
  /** What an entry is called, for screen readers ("Project 4"). */
  nameOf: (id: string) => string;
  onMove: (id: string, toIndex: number) => void;
  children: ReactNode;
  className?: string;
}

/** The handle's attributes and listeners, for the entry's drag handle button. */
interface Handle {
  attributes: ReturnType<typeof useSortable>['attributes'];
  listeners: ReturnType<typeof useSortable>['listeners'];
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}

const HandleContext = createContext<Handle | null>(null);

export function SortableList({ ids, nameOf, onMove, children, className }: SortableListProps) {
  const sensors = useSensors(
    // A small move before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier | undefined) => `${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(String(active.id))}, at position ${position(active.id)}. Arrow keys move it, Space drops it, Escape cancels.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(String(active.id))} is at position ${position(over.id)}.` : `${nameOf(String(active.id))} is not over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `Dropped ${nameOf(String(active.id))} at position ${position(over.id)}.` : `Dropped ${nameOf(String(active.id))}.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(String(active.id))} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(String(active.id), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: '' } }}
    >
      <SortableContext items={ids as string[]} strategy={verticalListSortingStrategy}>
        <ol className={className}>{children}</ol>
      </SortableContext>
    </DndContext>
  );
}

/** One entry of a SortableList; its drag handle is a DragHandle inside it. */
export function SortableEntry({
  id,
  className,
  style: ownStyle,
  children,
}: {
  id: string;
  className?: string;
  /** The entry's own inline style; dragging's position and transform come on top of it. */
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    ...ownStyle,
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  const handle = useMemo(() => ({ attributes, listeners, setActivatorNodeRef }), [attributes, listeners, setActivatorNodeRef]);
  return (
    <li ref={setNodeRef} style={style} className={className} data-dragging={isDragging || undefined}>
      <HandleContext.Provider value={handle}>{children}</HandleContext.Provider>
    </li>
  );
}

/** The button that drags its entry: named "Reorder <name>", it takes focus like any button. */
export function DragHandle({ label, focusKey, className }: { label: string; focusKey: string; className?: string }) {
  const handle = useContext(HandleContext);
  return (
    <button
      type="button"
      ref={handle?.setActivatorNodeRef}
      className={className}
      data-focus={focusKey}
      {...handle?.attributes}
      {...handle?.listeners}
      aria-roledescription="drag handle"
      aria-label={label}
      title="Drag, or press Space and use the arrow keys, to move"
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}
