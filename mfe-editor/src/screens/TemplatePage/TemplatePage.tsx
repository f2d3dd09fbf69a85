import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AssetUrlsProvider, isDeviceRef, fileValuesOf } from '@folioforge/templates';
import { newestDeviceDraft } from '../../drafts/deviceDrafts';
import { deviceFile } from '../../portfolios/deviceFiles';
import { contentOf, toTemplateId, type PortfolioTemplateId } from '../../templates/templateCatalog';
import styles from './TemplatePage.module.scss';

/** The template a path names: /template1 → 1 (an unknown one shows template 1, as the spec's app did). */
export const templateOfPath = (pathname: string): PortfolioTemplateId =>
  String(toTemplateId(/^\/template(\d+)\/?$/.exec(pathname)?.[1]) ?? 1) as PortfolioTemplateId;

/**
 * /template1, /template2 …: a template as a whole page, with the visitor's newest draft shown with it
 * on this device (chosen pictures included), or its sample when there is none.
 */
export default function TemplatePage() {
  const templateId = templateOfPath(useLocation().pathname);
  // One screen serves every /template<N>: another one is another page.
  return <TemplateView key={templateId} templateId={templateId} />;
}

function TemplateView({ templateId }: { templateId: PortfolioTemplateId }) {
  const content = contentOf(templateId);
  const [portfolio] = useState(() => newestDeviceDraft((id) => id === templateId)?.portfolio ?? content.sample);
  const [urls, setUrls] = useState<Record<string, string>>({});

  useEffect(() => {
    let cancelled = false;
    const made: string[] = [];
    void Promise.all(
      fileValuesOf(portfolio)
        .filter(isDeviceRef)
        .map(async (ref) => {
          const file = await deviceFile(ref);
          if (!file || cancelled) return;
          const url = URL.createObjectURL(file);
          made.push(url);
          setUrls((current) => ({ ...current, [ref]: url }));
        }),
    );
    return () => {
      cancelled = true;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [portfolio]);

  const { Page } = content;
  return (
    <div className={styles.page}>
      <AssetUrlsProvider urls={urls}>
        <Page portfolio={portfolio} />
      </AssetUrlsProvider>
    </div>
  );
}
