// The résumé part of the form: its layout, paper and the sections it shows besides the four a
// résumé always has, and "Download résumé". On the design screen the résumé is shown here too
// (the template's page has no viewer); on the generator it is drawn in the preview.
import { memo, useEffect, useId, useState } from 'react';
import { Button, saveDownload } from '@folioforge/shared';
import {
  isUploadedResume,
  RESUME_LAYOUTS,
  RESUME_PAPERS,
  RESUME_SECTION_KINDS,
  resolveAsset,
  resumeSettingsOf,
  type ResumeLayout,
  type ResumePaper,
  type ResumeSettings,
} from '@folioforge/templates';
import { useEditor, useEditorList, useEditorState } from '../../editing/editorHooks';
import styles from '../../editing/form/PortfolioForm.module.scss';
import { shownPdf, useMadeResume, type MadeResumeApi } from './MadeResume';
import { ShownResume, type UploadedResume } from './ShownResume';
import own from './ResumeSettingsFields.module.scss';

const LAYOUT_NAMES: Readonly<Record<ResumeLayout, { name: string; hint: string }>> = {
  classic: { name: 'Classic', hint: 'One column, a serif, the name centred.' },
  modern: { name: 'Modern', hint: 'A band in your accent colour, sans-serif.' },
  sidebar: { name: 'Sidebar', hint: 'Contact and skills in a side column.' },
};
const PAPER_NAMES: Readonly<Record<ResumePaper, string>> = { a4: 'A4', letter: 'US Letter' };

/** The profile's uploaded résumé with its address and name, when there is one. */
export function useUploadedResume(): UploadedResume | undefined {
  const resume = useEditorState((state) => state.portfolio.profile.resume);
  const url = useEditorState((state) => (isUploadedResume(resume) ? resolveAsset(resume, state.urls) : undefined));
  const fileName = useEditorState((state) => state.fileNames[resume]);
  return url ? { url, fileName: fileName ?? 'your PDF' } : undefined;
}

export const ResumeSettingsFields = memo(function ResumeSettingsFields() {
  const made = useMadeResume();
  if (!made) return null;
  return <ResumeGroup made={made} />;
});

function ResumeGroup({ made }: { made: MadeResumeApi }) {
  const editor = useEditor();
  const templateId = useEditorState((state) => state.templateId);
  const stored = useEditorState((state) => state.portfolio.resume);
  const settings = resumeSettingsOf({ resume: stored }, Number(templateId));
  const uploaded = useUploadedResume();
  const change = (next: Partial<ResumeSettings>, label: string) =>
    editor.change({ ...editor.portfolio, resume: { ...settings, ...next } }, { label });
  const hintId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={hintId}>
      <legend className={styles.legend}>Résumé</legend>
      <p id={hintId} className={styles.hint}>
        A PDF made from your profile, experience, education, skills and projects, with any other section you tick.
        {uploaded ? ' Your uploaded résumé is used instead while you keep it.' : ''}
      </p>
      <Choices
        legend="Layout"
        name="resume-layout"
        options={RESUME_LAYOUTS.map((layout) => ({ value: layout, ...LAYOUT_NAMES[layout] }))}
        value={settings.layout}
        onChange={(layout) => change({ layout }, `Résumé layout: ${LAYOUT_NAMES[layout].name}`)}
      />
      <Choices
        legend="Paper"
        name="resume-paper"
        options={RESUME_PAPERS.map((paper) => ({ value: paper, name: PAPER_NAMES[paper] }))}
        value={settings.paper}
        onChange={(paper) => change({ paper }, `Résumé paper: ${PAPER_NAMES[paper]}`)}
      />
      <ExtraSections chosen={settings.extraSections} onChange={(extraSections, label) => change({ extraSections }, label)} />
      {made.viewerInForm ? <ShownResume uploaded={uploaded} /> : null}
      <DownloadResume made={made} uploaded={uploaded} />
    </fieldset>
  );
}

function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: T; name: string; hint?: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <fieldset className={own.choices}>
      <legend className={own.choicesLegend}>{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className={own.choice}>
          <input
            id={`${id}-${option.value}`}
            type="radio"
            name={`${name}-${id}`}
            value={option.value}
            checked={value === option.value}
            aria-describedby={option.hint ? `${id}-${option.value}-hint` : undefined}
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={`${id}-${option.value}`}>{option.name}</label>
          {option.hint ? (
            <span id={`${id}-${option.value}-hint`} className={own.choiceHint}>
              {option.hint}
            </span>
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}

const isExtraKind = (kind: string) => !(RESUME_SECTION_KINDS as readonly string[]).includes(kind);

/** The sections a résumé may add, by their titles. */
function ExtraSections({ chosen, onChange }: { chosen: readonly string[]; onChange: (ids: string[], label: string) => void }) {
  const sections = useEditorList((state) => state.portfolio.sections);
  const extras = sections.filter((section) => isExtraKind(section.kind));
  const id = useId();
  if (extras.length === 0) return null;
  return (
    <fieldset className={own.choices}>
      <legend className={own.choicesLegend}>Also include</legend>
      {extras.map((section) => {
        const title = section.title.trim() || 'Untitled section';
        const checked = chosen.includes(section.id);
        return (
          <div key={section.id} className={own.choice}>
            <input
              id={`${id}-${section.id}`}
              type="checkbox"
              checked={checked}
              onChange={() =>
                onChange(
                  checked ? chosen.filter((other) => other !== section.id) : [...chosen, section.id],
                  checked ? `${title} left out of the résumé` : `${title} added to the résumé`,
                )
              }
            />
            <label htmlFor={`${id}-${section.id}`}>{title}</label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** Saves the résumé shown: the upload, or the made one (once it is made). */
function DownloadResume({ made, uploaded }: { made: MadeResumeApi; uploaded: UploadedResume | undefined }) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState('');
  const { state } = made;
  const ready = state.phase === 'ready' ? state.made : undefined;
  useEffect(() => {
    if (!pending) return;
    if (ready) {
      setPending(false);
      saveDownload(new Blob([ready.bytes as BlobPart], { type: 'application/pdf' }), ready.fileName);
    } else if (state.phase === 'failed') {
      setPending(false);
      setProblem(state.message);
    }
  }, [pending, ready, state]);
  const download = async () => {
    setProblem('');
    if (!uploaded) {
      setPending(true);
      return;
    }
    try {
      const response = await fetch(uploaded.url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      // Saved under the name it was uploaded with (a portfolio opened again may not know it).
      saveDownload(await response.blob(), /\.pdf$/i.test(uploaded.fileName) ? uploaded.fileName : 'resume.pdf');
    } catch {
      setProblem('Your uploaded résumé could not be read. Check your connection and try again.');
    }
  };
  const making = pending && !shownPdf(state);
  return (
    <div className={own.download}>
      <Button variant="secondary" busy={pending} onClick={() => void download()}>
        Download résumé
      </Button>
      <span role="status" className={styles.hint}>
        {making ? 'Making your résumé…' : ''}
      </span>
      {problem ? (
        <p role="alert" className={own.problem}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
