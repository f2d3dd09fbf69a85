// The sections of a portfolio, in order, each drawn by the template's own view of its kind or, where
// the template has none, by the shared view (FallbackSections): every template shows every kind.
import { memo, useMemo, type ComponentType } from 'react';
import { visibleSections, type Section, type SectionKind, type SectionOf } from '../../model';
import type { SectionTarget } from '../SectionLink';
import { FALLBACK_VIEWS } from './FallbackSections';
import { isEmptySection, MessageFormSectionContext } from './shownItems';
import { OrderForm, orderableCount, orderFormIdOf, OrderScopeProvider } from '../../forms/OrderForm';

export interface SectionViewProps<K extends SectionKind = SectionKind> {
  section: SectionOf<K>;
  /** The element id of the section (unique on the page): menus link to it. */
  anchorId: string;
}

/** A view of whichever kind it is given. */
export interface AnySectionViewProps {
  section: Section;
  anchorId: string;
}

/** A template's own views, per kind it cares about. */
export type SectionViews = { [K in SectionKind]?: ComponentType<SectionViewProps<K>> };

/** The element id of a section in a page whose anchors start with `prefix` (usePagePrefix). */
export const anchorOf = (prefix: string, section: Pick<Section, 'id'>) => `${prefix}-${section.id}`;

/** A menu entry per shown section that has a title, in page order. */
export function sectionTargets(sections: readonly Section[], prefix: string): SectionTarget[] {
  return visibleSections({ sections })
    .filter((section) => section.title.trim() !== '' && !isEmptySection(section))
    .map((section) => ({ label: section.title.trim(), targetId: anchorOf(prefix, section) }));
}

interface SectionListProps {
  sections: readonly Section[];
  /** Element ids start with this (usePagePrefix). */
  prefix: string;
  views?: SectionViews;
}

export function SectionList({ sections, prefix, views }: SectionListProps) {
  const shown = useMemo(() => visibleSections({ sections }).filter((section) => !isEmptySection(section)), [sections]);
  const holder = shown.find((section) => section.kind === 'contact');
  const formHolder = holder?.id ?? '';
  // The page's one order form, after its sections, when something on it can be ordered.
  const orderable = useMemo(() => orderableCount(shown), [shown]);
  const scope = useMemo(
    () => ({ formId: orderFormIdOf(prefix), single: orderable === 1, messageSectionId: holder ? anchorOf(prefix, holder) : null }),
    [prefix, orderable, holder],
  );
  return (
    <MessageFormSectionContext.Provider value={formHolder}>
      <OrderScopeProvider scope={scope}>
        {shown.map((section) => (
          <SectionSlot key={section.id} section={section} anchorId={anchorOf(prefix, section)} views={views} />
        ))}
        {orderable > 0 ? <OrderForm /> : null}
      </OrderScopeProvider>
    </MessageFormSectionContext.Provider>
  );
}

/** One section, memoised on its object: typing in another section redraws none of this one. */
const SectionSlot = memo(function SectionSlot({
  section,
  anchorId,
  views,
}: {
  section: Section;
  anchorId: string;
  views: SectionViews | undefined;
}) {
  const View = (views?.[section.kind] ?? FALLBACK_VIEWS[section.kind]) as ComponentType<AnySectionViewProps>;
  return <View section={section} anchorId={anchorId} />;
});
