// What of a section a page shows (FallbackSections and every template's own views ask the same): its items
// with something of their own, and whether it holds the page's one message form.
import { createContext, useContext } from 'react';
import { fieldText, productOffer, type AnyItem, type Section, type SectionKind } from '../../model';

/** Fields that only add to an item: a product with a link and nothing else is no product to show. */
const ADDED_TO_ITEM: Partial<Record<SectionKind, readonly string[]>> = { products: ['url'] };

/**
 * The items of a section a page shows: all, except those with nothing of their own (a product with
 * only a link). A product with only a price shows: a card with its price.
 */
export function shownItems<S extends Pick<Section, 'kind' | 'items'>>(section: S): S['items'] {
  const added = ADDED_TO_ITEM[section.kind];
  if (!added) return section.items;
  return (section.items as AnyItem[]).filter(
    (item) =>
      Object.keys(item).some((key) => key !== 'id' && !added.includes(key) && fieldText(item, key).trim() !== '') ||
      productOffer(item as { sale?: never }) !== undefined,
  ) as S['items'];
}

/** A section with neither text nor items to show shows nothing on a page. */
export const isEmptySection = (section: Section) => shownItems(section).length === 0 && section.body.trim() === '';

/**
 * The one contact section on the page that holds the visitor's message form (the first shown): a
 * second contact section adds its links, not a second form (nor its notes' ids twice). Outside a
 * section list (a view drawn alone) there is no other.
 */
export const MessageFormSectionContext = createContext<string | null>(null);

export function useHoldsMessageForm(sectionId: string): boolean {
  const holder = useContext(MessageFormSectionContext);
  return holder === null || holder === sectionId;
}
