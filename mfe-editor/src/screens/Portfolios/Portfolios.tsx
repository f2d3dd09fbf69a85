import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { dateFormatter, Alert, Button, RequireAuth, formatBytes, publicPagePath, storageUseQuery, useAuthStore } from '@folioforge/shared';
import { LaterPart } from '../../editing/LaterPart';
import { editorPathFor } from '../../portfolios/editorPaths';
import { LaterPublishPanel } from '../../publishing/LaterPublishPanel';
import { DeviceDraftOffer } from '../../drafts/DeviceDraftOffer';
import { BlogLink } from '../../posts/BlogLink';
import { useDeleteWithUndo, useDuplicatePortfolio, useRenamePortfolio, type PendingDelete } from '../../portfolios/mutations';
import { TITLE_MAX_LENGTH, type PortfolioRow } from '../../portfolios/portfolioApi';
import { usePortfolioList, withEditorQueries } from '../../portfolios/queries';
import { templateName } from '../../templates/templateCatalog';
import { ImportResume } from './ImportResume';
import { Thumbnail, useThumbnailUrls } from './Thumbnail';
import { useLiveMyPortfolios } from './useLiveMyPortfolios';
import styles from './Portfolios.module.scss';

// Loaded with the first published page in the list: the screen's own load carries none of it.
const loadPageViews = () =>
  import(/* webpackChunkName: "page-views" */ '../../pageViews/PageViewsChart').then((module) => ({ default: module.PageViews }));

const dateFormat = dateFormatter(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /portfolios: the signed-in user's portfolios, each with a picture of its page, to open, rename, duplicate, publish or delete (with Undo); and a JSON Resume file to import as a new one. */
function Portfolios() {
  return (
    <RequireAuth>
      <SignedInPortfolios />
    </RequireAuth>
  );
}

export default withEditorQueries(Portfolios);

function SignedInPortfolios() {
  const userId = useAuthStore((state) => state.user?.id) ?? '';
  const list = usePortfolioList(userId);
  const { deleteLater, pending, failure } = useDeleteWithUndo(userId);
  const thumbnailUrls = useThumbnailUrls(userId, list.data);
  useLiveMyPortfolios(userId, list.data);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>My portfolios</h1>
      <DeviceDraftOffer key={userId} userId={userId} />
      <p className={styles.intro}>
        Everything you make while logged in is kept here, in your account, and on this device until it is saved.{' '}
        <Link to="/templates">Start a new portfolio from a template</Link> or <Link to="/portfo">the portfolio generator</Link>.
      </p>
      <ImportResume userId={userId} />
      <StorageUse userId={userId} />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {list.isPending ? <p role="status">Loading your portfolios…</p> : null}
      {list.isError ? (
        <div role="alert" className={styles.problem}>
          <p>Your portfolios could not be loaded: {list.error.message}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.data && list.data.length === 0 ? <p>You have no portfolios yet.</p> : null}
      {list.data && list.data.length > 0 ? (
        <ul className={styles.list} aria-label="Your portfolios">
          {list.data.map((row) => (
            <PortfolioItem key={row.id} userId={userId} row={row} onDelete={deleteLater} thumbnailUrls={thumbnailUrls} />
          ))}
        </ul>
      ) : null}
      <UndoDelete pending={pending} />
    </div>
  );
}

interface PortfolioItemProps {
  userId: string;
  row: PortfolioRow;
  onDelete: (row: PortfolioRow) => void;
  thumbnailUrls: Readonly<Record<string, string>>;
}

function PortfolioItem({ userId, row, onDelete, thumbnailUrls }: PortfolioItemProps) {
  const [renaming, setRenaming] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const rename = useRenamePortfolio(userId);
  const duplicate = useDuplicatePortfolio(userId);
  const title = row.title.trim() || 'Untitled portfolio';
  const titleId = useId();
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);

  useEffect(() => {
    if (wasRenaming.current && !renaming) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  return (
    <li className={styles.item} aria-labelledby={titleId}>
      <Thumbnail row={row} title={title} urls={thumbnailUrls} />
      {renaming ? (
        <RenameForm
          current={row.title}
          onCancel={() => setRenaming(false)}
          onSave={(next) => {
            setRenaming(false);
            if (next !== row.title) rename.mutate({ id: row.id, title: next });
          }}
        />
      ) : (
        <h2 id={titleId} className={styles.title}>
          <Link to={editorPathFor(row.templateId, row.id)}>{title}</Link>
        </h2>
      )}
      <dl className={styles.facts}>
        <dt>Template</dt>
        <dd>{templateName(row.templateId)}</dd>
        <dt>Last edit</dt>
        <dd>{dateFormat(row.updatedAt)}</dd>
        <dt>Status</dt>
        <dd>
          {row.published && row.slug ? (
            <>
              Published at{' '}
              <a href={publicPagePath(row.slug)} target="_blank" rel="noopener noreferrer">
                {publicPagePath(row.slug)}
              </a>
            </>
          ) : (
            'Draft'
          )}
        </dd>
      </dl>
      {row.published && row.slug ? (
        <section className={styles.views} aria-label={`Views of ${title}`}>
          <LaterPart
            name="page-views"
            load={loadPageViews}
            props={{ portfolioId: row.id, pageName: publicPagePath(row.slug) }}
            loading={<p role="status">Loading views…</p>}
          />
        </section>
      ) : null}
      {rename.isError ? <p className={styles.problem}>The new name was not saved: {rename.error.message}</p> : null}
      {duplicate.isError ? <p className={styles.problem}>No copy was made: {duplicate.error.message}</p> : null}
      <div className={styles.actions}>
        <Link className={styles.open} to={editorPathFor(row.templateId, row.id)} aria-label={`Open ${title}`}>
          Open
        </Link>
        {renaming ? null : (
          <button
            ref={renameButton}
            type="button"
            className={styles.action}
            onClick={() => setRenaming(true)}
            aria-label={`Rename ${title}`}
          >
            Rename
          </button>
        )}
        <button
          type="button"
          className={styles.action}
          disabled={duplicate.isPending}
          aria-busy={duplicate.isPending || undefined}
          onClick={() => duplicate.mutate(row)}
          aria-label={`Duplicate ${title}`}
        >
          Duplicate
        </button>
        <button
          type="button"
          className={styles.action}
          aria-expanded={publishing}
          onClick={() => setPublishing((open) => !open)}
          aria-label={`Publish ${title}`}
        >
          Publish…
        </button>
        <button type="button" className={styles.action} onClick={() => onDelete(row)} aria-label={`Delete ${title}`}>
          Delete
        </button>
      </div>
      <BlogLink portfolioId={row.id} title={title} />
      {publishing ? <LaterPublishPanel userId={userId} portfolioId={row.id} suggestedName={() => row.data.profile.name} /> : null}
    </li>
  );
}

function RenameForm({ current, onSave, onCancel }: { current: string; onSave: (title: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(current);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // The visitor just asked to rename: typing starts here.
  useEffect(() => inputRef.current?.select(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (next) onSave(next);
  };
  return (
    <form className={styles.rename} onSubmit={submit}>
      <label htmlFor={inputId}>New name</label>
      <input
        ref={inputRef}
        id={inputId}
        value={value}
        maxLength={TITLE_MAX_LENGTH}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onCancel()}
      />
      <Button type="submit" disabled={!value.trim()}>
        Save name
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}

/** What happened to a deleted portfolio's page, said beside Undo (which brings the portfolio back unpublished). */
const TAKE_DOWN_WORDS: Record<NonNullable<PendingDelete['tookDown']>, string> = {
  'taking-down': 'Taking its page down…',
  'taken-down': 'Its page is taken down; Undo brings the portfolio back unpublished.',
  failed: 'Its page could not be taken down yet: it goes when the deletion completes.',
};

/** The few seconds in which a deleted portfolio can come back. */
function UndoDelete({ pending }: { pending: PendingDelete | null }) {
  return (
    <div className={styles.toast} role="status" aria-live="polite">
      {pending ? (
        <>
          <span>
            Deleted “{pending.row.title.trim() || 'Untitled portfolio'}”.{pending.tookDown ? ` ${TAKE_DOWN_WORDS[pending.tookDown]}` : ''}
          </span>
          <Button variant="secondary" onClick={pending.undo}>
            Undo
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** Space the user's pictures and resumes take, and what their plan includes (the server keeps to it). */
function StorageUse({ userId }: { userId: string }) {
  const usage = useQuery(storageUseQuery(userId));
  if (!usage.data) return null;
  const { bytes, files, quotaBytes } = usage.data;
  return (
    <p className={styles.usage}>
      Your files: {files} ({formatBytes(bytes)}
      {quotaBytes === undefined ? '' : ` of the ${formatBytes(quotaBytes)} your plan includes`})
    </p>
  );
}
