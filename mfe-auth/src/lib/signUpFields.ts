import { emailProblem, textProblem } from '@folioforge/shared';
import { PASSWORD_MIN_LENGTH } from './authErrors';
import { USERNAME_PATTERN, USERNAME_RULE } from './forms';

export interface SignUpValues {
  name: string;
  username: string;
  password: string;
  email: string;
}

/** What is wrong with each field of Register, by the same rules the auth server and the database apply. */
export function signUpProblems(values: SignUpValues) {
  const username = values.username.trim();
  return {
    name: textProblem(values.name, { label: 'your name', max: 100, required: false }),
    username: username && !USERNAME_PATTERN.test(username) ? `Usernames are ${USERNAME_RULE}.` : undefined,
    password: passwordProblem(values.password),
    email: emailProblem(values.email),
  };
}

/** A new password: present and as long as the auth server's minimum ([auth] minimum_password_length). */
function passwordProblem(password: string): string | undefined {
  if (!password) return 'Enter a password.';
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  return undefined;
}
