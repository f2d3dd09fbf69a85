import { useId, useState } from 'react';
import { GENERATOR_DRAFT_KEY, GENERATOR_ENTRY } from '../../drafts/draftStorage';
import { valuesFromDraftEntry } from '../../drafts/draftValues';
import { usePortfolioDraft } from '../../drafts/usePortfolioDraft';
import { EditorForm } from '../../editing/EditorForm';
import { useEditableValues, useEditedValues, type EditedValuesStore } from '../../editing/useEditableValues';
import { GENERATOR_EMPTY_VALUES, GENERATOR_FIELDS } from './generatorFields';
import { GeneratorPreview } from './GeneratorPreview';
import styles from './Generator.module.scss';

/** /portfo: the portfolio generator, its form beside a live preview with the resume drawn by pdf.js. */
export default function Generator() {
  const draft = usePortfolioDraft(GENERATOR_DRAFT_KEY, GENERATOR_ENTRY);
  const [initialValues] = useState(() => valuesFromDraftEntry(GENERATOR_FIELDS, GENERATOR_EMPTY_VALUES, draft.saved));
  const editor = useEditableValues({
    fields: GENERATOR_FIELDS,
    sampleValues: GENERATOR_EMPTY_VALUES,
    initialValues,
    draft,
    restoreSavedFiles: true,
  });
  const formTitleId = useId();
  const previewTitleId = useId();

  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>Portfolio Generator</h1>
      <div className={styles.panels}>
        <section className={styles.formPanel} aria-labelledby={formTitleId}>
          <h2 id={formTitleId} className={styles.panelTitle}>
            Your details
          </h2>
          <EditorForm
            label="Portfolio details"
            fields={GENERATOR_FIELDS}
            valuesStore={editor.valuesStore}
            chosenFiles={editor.chosenFiles}
            onTextChange={editor.setFieldValue}
            onFileChosen={editor.chooseFile}
          />
        </section>
        <section className={styles.previewPanel} aria-labelledby={previewTitleId} data-testid="portfolio-preview">
          <h2 id={previewTitleId} className={styles.panelTitle}>
            Portfolio Preview
          </h2>
          <LiveGeneratorPreview valuesStore={editor.valuesStore} resumeFileName={editor.chosenFiles.resume?.name} />
        </section>
      </div>
    </div>
  );
}

/** The preview following every edit; the screen around it does not re-render on typing. */
function LiveGeneratorPreview({ valuesStore, resumeFileName }: { valuesStore: EditedValuesStore; resumeFileName: string | undefined }) {
  return <GeneratorPreview values={useEditedValues(valuesStore)} resumeFileName={resumeFileName} />;
}
