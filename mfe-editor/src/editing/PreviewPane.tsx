import { memo, useEffect, useMemo, useRef, type ComponentType } from 'react';
import {
  AssetUrlsProvider,
  PageOrdersProvider,
  BLOG_PAGE_ID,
  portfolioForPage,
  siteNavigation,
  SiteNavigationContext,
  type PageLook,
  type Portfolio,
  type SiteNavigationValue,
  type TemplatePageProps,
} from '@folioforge/templates';
import { pageStyleCss } from '@folioforge/templates/page-style';
import { useLocation, useNavigate } from 'react-router-dom';
import { findScrollBox, scrollElementTo } from '@folioforge/shared';
import { searchWithPage } from '../portfolios/editorPaths';
import { usePreviewPortfolio, useEditorState, useEditor } from './editorHooks';

export interface PreviewPaneProps {
  /** The page to draw the portfolio with (the template's, or the generator's with its resume viewer). */
  Page: ComponentType<TemplatePageProps>;
  /** The page's accent and font, as its owner's plan gives them to the published page. */
  look?: PageLook;
  /**
   * The Blog screen, while the site has live posts: the navigation ends with "Blog", as the published
   * pages' does, and leads there.
   */
  blogPath?: string;
  /** False when the published page would not sell (no plan or no Razorpay account): products ask about themselves, as there. */
  sells?: boolean;
}

const PREVIEW_SCOPE = '[data-preview-root]';
const TEMPLATE_LOOK: PageLook = {};

/**
 * The portfolio as its page shows it, following every edit; re-renders only when the portfolio or
 * its files change, not for the form's own state. It keeps the part being edited in view. The page's
 * own style sheet (the reset, the look's font and accent) is the published page's, scoped to the preview.
 */
export const PreviewPane = memo(function PreviewPane({ Page, look = TEMPLATE_LOOK, blogPath, sells }: PreviewPaneProps) {
  const editor = useEditor();
  const { portfolio: site, pageId } = usePreviewPortfolio(editor);
  // The page being edited, with the site's navigation: a link in it opens that page in the editor.
  const portfolio = useMemo(() => portfolioForPage(site, pageId), [site, pageId]);
  // Drawn from the pages' names alone: a key press in a section leaves it as it was. Each link is
  // the editor at that page (opened in a new tab, it is that), never the published address, which
  // means nothing here.
  const pages = site.pages;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<SiteNavigationValue>(() => {
    const links = siteNavigation({ sections: [], pages }, { current: pageId, blog: Boolean(blogPath) }).map((link) => {
      if (link.id === BLOG_PAGE_ID && blogPath) return { ...link, href: blogPath };
      const query = searchWithPage(new URLSearchParams(search), link.id).toString();
      return { ...link, href: query ? `${pathname}?${query}` : pathname };
    });
    const onOpen = (id: string) => (id === BLOG_PAGE_ID && blogPath ? navigate(blogPath) : editor.showPage(id));
    return { links, onOpen };
  }, [blogPath, editor, navigate, pages, pageId, pathname, search]);
  const urls = useEditorState((state) => state.urls);
  const rootRef = useRef<HTMLDivElement>(null);
  useKeepActiveInView(rootRef);
  const pageCss = useMemo(() => pageStyleCss(look, { scope: PREVIEW_SCOPE }), [look]);
  return (
    <>
      {/* Beside the page, not in it: the page's text is the template's alone. */}
      <style>{pageCss}</style>
      <div ref={rootRef} data-preview-root="">
        <AssetUrlsProvider urls={urls}>
          <SiteNavigationContext.Provider value={navigation}>
            {/* Unknown or selling: the order form as the page shows it, never sent from here. */}
            <PageOrdersProvider target={sells === false ? 'ask' : undefined}>
              <DrawnPage Page={Page} portfolio={portfolio} />
            </PageOrdersProvider>
          </SiteNavigationContext.Provider>
        </AssetUrlsProvider>
      </div>
    </>
  );
});

const DrawnPage = memo(function DrawnPage({ Page, portfolio }: { Page: ComponentType<TemplatePageProps>; portfolio: Portfolio }) {
  return <Page portfolio={portfolio} />;
});

/** A sticky template header covers the top of the frame: the part being edited stays below it. */
const HEADER_ROOM = 80;

/** When the visitor moves to another section or item, the preview's frame scrolls it into view (the page itself does not move). */
function useKeepActiveInView(rootRef: React.RefObject<HTMLDivElement>) {
  const active = useEditorState((state) => state.active);
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !active?.sectionId) return;
    const section = root.querySelector<HTMLElement>(`[data-section-id="${CSS.escape(active.sectionId)}"]`);
    const target = (active.itemId && section?.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(active.itemId)}"]`)) || section;
    const box = target && findScrollBox(root);
    if (!target || !box) return;
    const boxRect = box.getBoundingClientRect();
    const rect = target.getBoundingClientRect();
    if (rect.top >= boxRect.top + HEADER_ROOM && rect.bottom <= boxRect.bottom) return;
    scrollElementTo(target, HEADER_ROOM, box);
  }, [active, rootRef]);
}
