import { useState, type FormEvent } from 'react';
import type { User } from '@supabase/supabase-js';
import { Alert, Button, TextField, getSupabase } from '@folioforge/shared';
import type { AuthProblem } from '../../lib/authErrors';
import { USERNAME_PATTERN, USERNAME_RULE } from '../../lib/forms';
import { useAuthSubmit } from '../../lib/useAuthSubmit';
import { USERNAME_TAKEN } from '../../lib/useUsernameAvailability';
import type { Loadable, Profile } from './accountData';
import styles from './Account.module.scss';

interface ProfileSectionProps {
  user: User;
  profile: Loadable<Profile | null>;
  onSaved(profile: Profile): void;
  onRetry(): void;
}

/** The profile is a database row, so the database's own message is the clearest. */
function describeProfileError(error: unknown): AuthProblem {
  return { message: error instanceof Error ? error.message : String(error) };
}

function metadataText(user: User, key: string): string {
  const value = user.user_metadata?.[key];
  return typeof value === 'string' ? value : '';
}

/** Name, username and email; name and username can be changed (the username stays unique). */
export function ProfileSection({ user, profile, onSaved, onRetry }: ProfileSectionProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const { busy, problem, setProblem, problemRef, submit } = useAuthSubmit(describeProfileError);
  const [saved, setSaved] = useState(false);

  if (profile.kind === 'loading') return <p role="status">Loading your profile…</p>;
  if (profile.kind === 'failed') {
    return (
      <Alert tone="error">
        Your profile could not be loaded: {profile.message}{' '}
        <Button variant="ghost" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  const shownName = profile.value?.name ?? metadataText(user, 'name');
  const shownUsername = profile.value?.username ?? '';

  function startEditing() {
    setName(shownName);
    setUsername(shownUsername);
    setProblem(null);
    setSaved(false);
    setEditing(true);
  }

  function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = username.trim();
    if (wanted && !USERNAME_PATTERN.test(wanted)) {
      setProblem({ message: `Usernames are ${USERNAME_RULE}.`, field: 'username' });
      return;
    }
    void submit(async () => {
      const client = getSupabase();
      const { data, error } = await client
        .from('profiles')
        .upsert({ id: user.id, name: name.trim() || null, username: wanted || null })
        .select('id, name, username')
        .single();
      // The unique constraint is the last word on usernames, whatever was checked before.
      if (error) return error.code === '23505' ? { message: USERNAME_TAKEN, field: 'username' } : { message: error.message };
      // The header shows the name from the session's user metadata: keep it in step.
      await client.auth.updateUser({ data: { name: name.trim(), username: wanted } });
      onSaved(data);
      setEditing(false);
      setSaved(true);
    });
  }

  if (editing) {
    return (
      <form onSubmit={handleSave} noValidate aria-label="Edit profile">
        {problem ? (
          <div ref={problemRef} tabIndex={-1}>
            <Alert tone="error">{problem.message}</Alert>
          </div>
        ) : null}
        <TextField
          id="profile-name"
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          id="profile-username"
          label="Username"
          name="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          hint={USERNAME_RULE}
          error={problem?.field === 'username' ? problem.message : undefined}
        />
        <div className={styles.row}>
          <Button type="submit" busy={busy}>
            Save profile
          </Button>
          <Button variant="secondary" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <>
      {saved ? <Alert tone="success">Your profile is saved.</Alert> : null}
      <dl className={styles.facts}>
        <dt>Name</dt>
        <dd>{shownName || '—'}</dd>
        <dt>Username</dt>
        <dd>{shownUsername || 'None yet'}</dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
      </dl>
      <Button variant="secondary" onClick={startEditing}>
        Edit profile
      </Button>
    </>
  );
}
