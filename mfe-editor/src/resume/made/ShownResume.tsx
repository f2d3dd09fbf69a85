// The résumé the screen shows: the uploaded PDF when there is one, else the one made from the
// portfolio, with what is happening said beside it.
import { useRef } from 'react';
import { LaterPart } from '../../editing/LaterPart';
import { useNearView } from '../../editing/useNearView';
import { shownPdf, useMadeResume, type MadeResumeApi } from './MadeResume';
import styles from './ShownResume.module.scss';

// pdf.js (and its worker) load with this chunk, only when a résumé is shown.
const loadResumeViewer = () => import(/* webpackChunkName: "resume-viewer" */ '../ResumeViewer');

export interface UploadedResume {
  url: string;
  fileName: string;
}

/** The uploaded résumé, or the made one; `sampleUrl` only where no screen makes one (never in the editor's screens). */
export function ShownResume({ uploaded, sampleUrl }: { uploaded?: UploadedResume; sampleUrl?: string }) {
  const placeRef = useRef<HTMLDivElement>(null);
  const near = useNearView(placeRef, '300px');
  const made = useMadeResume();
  return (
    <div ref={placeRef} className={styles.shown}>
      {uploaded ? (
        <>
          <p className={styles.note}>
            <strong>Your uploaded résumé</strong> ({uploaded.fileName}) is shown and offered on your page. Remove it from the Resume field
            to use the one made from your portfolio.
          </p>
          {near ? <Viewer url={uploaded.url} title="Your uploaded résumé" /> : null}
        </>
      ) : made ? (
        <MadeView made={made} />
      ) : sampleUrl && near ? (
        <Viewer url={sampleUrl} title="Sample resume" />
      ) : null}
    </div>
  );
}

function MadeView({ made }: { made: MadeResumeApi }) {
  const { state } = made;
  const pdf = shownPdf(state);
  return (
    <>
      <p className={styles.note}>
        <strong>Made from your portfolio</strong>: it follows your edits, and your page offers it while you upload none.
      </p>
      <p role="status" className={styles.status}>
        {state.phase === 'making' ? (pdf ? 'Updating your résumé…' : 'Making your résumé…') : ''}
      </p>
      {state.phase === 'failed' ? (
        <p role="alert" className={styles.error}>
          {state.message}
        </p>
      ) : null}
      {pdf ? <Viewer url={pdf.url} title="Résumé made from your portfolio" follows /> : null}
    </>
  );
}

function Viewer({ url, title, follows = false }: { url: string; title: string; follows?: boolean }) {
  return (
    <LaterPart
      name="resume-viewer"
      load={loadResumeViewer}
      props={{ url, title, follows }}
      loading={
        <p role="status" className={styles.status}>
          Loading the resume viewer…
        </p>
      }
    />
  );
}
