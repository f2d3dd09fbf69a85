import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, dateFormatter, getSupabase, TextAreaField, TextField } from '@folioforge/shared';
import { POST_LIMITS, tagSlug, type Post } from '@folioforge/templates';
import { FilePicker } from '../editing/fields/FilePicker';
import { RichTextField } from '../editing/fields/RichTextField';
import {
  checkForm,
  formValuesOf,
  postSlugFromTitle,
  postStanding,
  tagsOf,
  type PostField,
  type PostFormValues,
  type PostProblems,
} from './postForm';
import { postKeys } from './postKeys';
import { deletePost, PostSaveError, publishPost, savePost, type PublishedPost } from './postsApi';
import { useCoverPicture } from './useCoverPicture';
import styles from './Blog.module.scss';

const dateFormat = dateFormatter(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface PostEditorProps {
  userId: string;
  portfolioId: string;
  /** The post as saved; undefined for a new one. */
  post: Post | undefined;
  /** The blog's other posts (their addresses are taken). */
  others: readonly Post[];
  /** A new post was saved for the first time: the screen's address now names it. */
  onCreated: (post: Post) => void;
  onDeleted: () => void;
}

type Action = 'draft' | 'publish' | 'unpublish' | 'delete';

/** The fields as the form shows them, top to bottom, by the names their labels give them. */
const FIELD_NAMES: ReadonlyArray<[PostField, string]> = [
  ['title', 'Title'],
  ['slug', 'Address'],
  ['publishAt', 'Date and time it goes live'],
  ['excerpt', 'Excerpt'],
  ['tags', 'Tags'],
  ['cover', 'Cover picture'],
  ['body', 'Text'],
];

/** Why nothing was saved, naming the fields to correct (the message sits below them, by the buttons). */
function notSavedBecause(problems: PostProblems): string {
  const names = FIELD_NAMES.filter(([field]) => problems[field]).map(([, name]) => name);
  return `The post was not saved: correct ${names.length > 1 ? 'these fields above' : 'this field above'}: ${names.join(', ')}.`;
}

/** What the last action did, in words (role=status), or why it did not (role=alert). */
type Outcome = { tone: 'success' | 'info'; text: string; url?: string | null } | { tone: 'error'; text: string };

function outcomeOf(saved: Post, answer: PublishedPost | null): Outcome {
  const standing = postStanding(saved, new Date(), dateFormat);
  if (standing.kind === 'draft') return { tone: 'success', text: 'Saved as a draft: it is not on your site.' };
  if (answer?.state === 'site-unpublished')
    return { tone: 'info', text: `${standing.text}. Your site is not published yet: the post goes up with it.` };
  if (answer?.state === 'scheduled' || standing.kind === 'scheduled')
    return { tone: 'success', text: `${standing.text}: it goes up on your site then.` };
  return { tone: 'success', text: `${standing.text}: it is on your site.`, url: answer?.url ?? null };
}

/**
 * One post's form: title, address (from the title until the owner edits it), when it goes live, excerpt,
 * tags, cover picture and text. Each action saves the row, then asks the publish function to bring the
 * site up to date when the post is or was public. A failed save keeps every field as typed.
 */
export function PostEditor({ userId, portfolioId, post, others, onCreated, onDeleted }: PostEditorProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PostFormValues>(() => formValuesOf(post));
  const [problems, setProblems] = useState<PostProblems>({});
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Counts refused tries: after each, the first field marked wrong takes the focus.
  const [refusals, setRefusals] = useState(0);
  const ids = { at: useId(), atError: useId() };
  // A new post has its id from its first save, before the screen's address names it.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const saved = post;
  const ownId = saved?.id ?? createdId;
  const rivals = useMemo(() => others.filter((other) => other.id !== ownId), [others, ownId]);
  const standing = saved ? postStanding(saved, new Date(), dateFormat) : null;
  const wasPublic = saved?.status === 'published';

  const set = useCallback(<K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) => {
    setValues((current) => {
      const next = { ...current, [key]: value };
      // The address follows the title until the owner writes one of their own.
      if (key === 'title' && !current.slugEdited) next.slug = postSlugFromTitle(String(value));
      return next;
    });
  }, []);
  const setBody = useCallback((_path: string, html: string) => set('body', html), [set]);
  const setCover = useCallback((value: string) => set('cover', value), [set]);
  const cover = useCoverPicture(userId, portfolioId, values.cover, setCover);

  // The address's message follows the typing from the start; the others' once a save was tried.
  useEffect(() => {
    const check = checkForm(values, 'draft', rivals, new Date());
    const now = check.ok ? {} : check.problems;
    setProblems(attempted ? now : values.slug ? { slug: now.slug } : {});
  }, [attempted, rivals, values]);

  useEffect(() => {
    if (confirmingDelete) confirmRef.current?.focus();
  }, [confirmingDelete]);

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const remember = (next: Post) => {
    queryClient.setQueryData<Post[]>(postKeys.list(userId, portfolioId), (list) => [
      next,
      ...(list ?? []).filter((one) => one.id !== next.id),
    ]);
    void queryClient.invalidateQueries({ queryKey: postKeys.list(userId, portfolioId) });
  };

  const run = async (action: Exclude<Action, 'delete'>) => {
    const status = action === 'publish' ? 'published' : 'draft';
    setAttempted(true);
    const check = checkForm(values, status, rivals, new Date());
    if (!check.ok) {
      setProblems(check.problems);
      setOutcome({ tone: 'error', text: notSavedBecause(check.problems) });
      setRefusals((count) => count + 1);
      return;
    }
    setBusy(action);
    setOutcome(null);
    try {
      const next = await savePost(getSupabase(), portfolioId, ownId, check.draft);
      remember(next);
      // Saved: the post is this row from now on, whatever the site's update answers.
      if (!ownId) {
        setCreatedId(next.id);
        onCreated(next);
      }
      setValues((current) => ({ ...current, when: next.publishAt ? 'at' : current.when, at: formValuesOf(next).at || current.at }));
      // The site changes only for a post that is or was public (a new draft has nothing there); the
      // function knows whether the site is published (it answers site-unpublished when not).
      const answer = status === 'published' || wasPublic ? await publishPost(portfolioId, next.id) : null;
      setOutcome(outcomeOf(next, answer));
    } catch (error) {
      const problem =
        error instanceof PostSaveError ? error : new PostSaveError('The post was not saved. Try again; what you typed is still here.');
      if (problem.field === 'slug') setProblems((shown) => ({ ...shown, slug: problem.message }));
      setOutcome({ tone: 'error', text: problem.message });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!saved) return;
    setBusy('delete');
    setOutcome(null);
    try {
      await deletePost(getSupabase(), saved.id);
      queryClient.setQueryData<Post[]>(postKeys.list(userId, portfolioId), (list) => (list ?? []).filter((one) => one.id !== saved.id));
      void queryClient.invalidateQueries({ queryKey: postKeys.list(userId, portfolioId) });
      if (wasPublic) await publishPost(portfolioId, saved.id);
      onDeleted();
    } catch (error) {
      setOutcome({ tone: 'error', text: error instanceof Error ? error.message : 'The post was not deleted. Try again.' });
      setBusy(null);
      setConfirmingDelete(false);
    }
  };

  // Enter in a field saves as the main button does: a public post stays public (it is updated).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(wasPublic ? 'publish' : 'draft');
  };

  // As the schema keeps them: two spellings of one tag ("Bread", "bread") are one tag, the first spelling.
  const tags = tagsOf(values.tagsText).filter((tag, index, all) => all.findIndex((other) => tagSlug(other) === tagSlug(tag)) === index);
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby="post-form-heading"
      aria-busy={busy ? true : undefined}
    >
      <h2 id="post-form-heading" className={styles.subheading}>
        {saved ? `Edit “${saved.title}”` : 'New post'}
      </h2>
      {standing ? <p className={styles[standing.kind]}>{standing.text}</p> : null}
      <TextField
        label="Title"
        name="title"
        value={values.title}
        onChange={(event) => set('title', event.target.value)}
        error={problems.title}
        required
      />
      <TextField
        label="Address"
        name="slug"
        value={values.slug}
        hint={`The post's address on your site: …/blog/${values.slug || '<address>'}/. Lowercase letters, digits and dashes.`}
        onChange={(event) => setValues((current) => ({ ...current, slug: event.target.value, slugEdited: true }))}
        error={problems.slug}
        spellCheck={false}
        autoCapitalize="off"
        required
      />
      <fieldset className={styles.when} aria-describedby={problems.publishAt ? ids.atError : undefined}>
        <legend>Goes live</legend>
        <label>
          <input type="radio" name="when" checked={values.when === 'now'} onChange={() => set('when', 'now')} /> As soon as I publish it
        </label>
        <label>
          <input type="radio" name="when" checked={values.when === 'at'} onChange={() => set('when', 'at')} /> At a date and time
        </label>
        {values.when === 'at' ? (
          <>
            <label htmlFor={ids.at}>Date and time it goes live</label>
            <input
              id={ids.at}
              className={styles.dateInput}
              type="datetime-local"
              value={values.at}
              onChange={(event) => set('at', event.target.value)}
              aria-invalid={problems.publishAt ? true : undefined}
              aria-describedby={problems.publishAt ? ids.atError : undefined}
            />
          </>
        ) : null}
        {problems.publishAt ? (
          <p id={ids.atError} className={styles.error}>
            {problems.publishAt}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label="Excerpt"
        name="excerpt"
        rows={3}
        value={values.excerpt}
        hint="One short paragraph: the blog's list, the feed and the share card show it."
        onChange={(event) => set('excerpt', event.target.value)}
        error={problems.excerpt}
      />
      <TextField
        label="Tags"
        name="tags"
        value={values.tagsText}
        hint={`Separated by commas, up to ${POST_LIMITS.tags}. Each tag gets a page of its posts.`}
        onChange={(event) => set('tagsText', event.target.value)}
        error={problems.tags}
      />
      {tags.length > 0 ? (
        <ul className={styles.chips} aria-label="Tags of this post">
          {tags.map((tag, index) => (
            <li key={`${index}-${tag}`} className={styles.chip}>
              {tag} <span className={styles.chipAddress}>(blog/tag/{tagSlug(tag)}/)</span>
            </li>
          ))}
        </ul>
      ) : null}
      <FilePicker
        path="cover"
        kind="image"
        label="Cover picture"
        value={values.cover}
        fileName={cover.fileName}
        upload={cover.upload}
        onChoose={(_path, _kind, file) => cover.choose(file)}
        onRemove={() => set('cover', '')}
      />
      {cover.previewUrl ? <img className={styles.cover} src={cover.previewUrl} alt="" /> : null}
      {problems.cover ? <p className={styles.error}>{problems.cover}</p> : null}
      <RichTextField path="body" label="Text" initialValue={values.body} onChange={setBody} blocks="post" />
      {problems.body ? <p className={styles.error}>{problems.body}</p> : null}

      {outcome ? (
        <Alert tone={outcome.tone}>
          {outcome.text}
          {outcome.tone !== 'error' && outcome.url ? (
            <>
              {' '}
              <a href={outcome.url} target="_blank" rel="noopener noreferrer">
                See it on your site
              </a>
            </>
          ) : null}
        </Alert>
      ) : null}
      <div className={styles.actions}>
        {wasPublic ? null : (
          <Button type="submit" variant="secondary" disabled={busy !== null}>
            {busy === 'draft' ? 'Saving…' : 'Save draft'}
          </Button>
        )}
        <Button type={wasPublic ? 'submit' : 'button'} disabled={busy !== null} onClick={wasPublic ? undefined : () => void run('publish')}>
          {busy === 'publish' ? 'Publishing…' : wasPublic ? 'Update post' : 'Publish'}
        </Button>
        {wasPublic ? (
          <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => void run('unpublish')}>
            {busy === 'unpublish' ? 'Taking it down…' : 'Unpublish'}
          </Button>
        ) : null}
        {saved && !confirmingDelete ? (
          <Button type="button" variant="ghost" disabled={busy !== null} onClick={() => setConfirmingDelete(true)}>
            Delete
          </Button>
        ) : null}
      </div>
      {saved && confirmingDelete ? (
        <div ref={confirmRef} tabIndex={-1} role="group" aria-labelledby="post-delete-question" className={styles.confirm}>
          <p id="post-delete-question">
            Delete “{saved.title}”?{wasPublic ? ' It comes off your site too.' : ''} This cannot be undone.
          </p>
          <Button type="button" variant="primary" disabled={busy !== null} onClick={() => void remove()}>
            {busy === 'delete' ? 'Deleting…' : 'Delete post'}
          </Button>
          <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => setConfirmingDelete(false)}>
            Keep it
          </Button>
        </div>
      ) : null}
    </form>
  );
}
