import { useEffect, useState } from 'react';
import type { TemplateId } from '@folioforge/shared';
import type { TemplateValues } from '@folioforge/templates';
import { DESIGN_DRAFT_KEY, readDraftEntry } from '../../drafts/draftStorage';
import { valuesFromDraftEntry } from '../../drafts/draftValues';
import { loadEntryFiles } from '../../drafts/usePortfolioDraft';
import { useObjectUrls } from '../../editing/useObjectUrls';
import { templateDefinition } from '../../templates/templateCatalog';
import styles from './DraftTemplatePage.module.scss';

/**
 * A template as a whole page, with the visitor's current /design draft of it (chosen pictures
 * included), or its sample values when there is no draft.
 */
export function DraftTemplatePage({ templateId }: { templateId: TemplateId }) {
  const definition = templateDefinition(templateId);
  const entryKey = String(templateId);
  const [entry] = useState(() => readDraftEntry(DESIGN_DRAFT_KEY, entryKey));
  const [values, setValues] = useState<TemplateValues>(() => valuesFromDraftEntry(definition.fields, definition.sampleValues, entry));
  const objectUrls = useObjectUrls();

  useEffect(() => {
    let cancelled = false;
    void loadEntryFiles(DESIGN_DRAFT_KEY, entryKey, entry).then((files) => {
      if (cancelled) return;
      const urls = Object.fromEntries(Object.entries(files).map(([fieldKey, file]) => [fieldKey, objectUrls.create(fieldKey, file)]));
      if (Object.keys(urls).length) setValues((current) => ({ ...current, ...urls }));
    });
    return () => {
      cancelled = true;
    };
  }, [entry, entryKey, objectUrls]);

  const { Preview } = definition;
  return (
    <div className={styles.page}>
      <Preview values={values} />
    </div>
  );
}
