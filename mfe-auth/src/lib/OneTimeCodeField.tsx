import { TextField } from '@folioforge/shared';

interface OneTimeCodeFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  /** The code was refused: the field is marked, the alert above it says why. */
  invalid?: boolean;
}

/** A six-digit code (authenticator app or email): a number pad on phones, filled from SMS/mail where browsers offer it. */
export function OneTimeCodeField({ id, label, value, onChange, hint, invalid }: OneTimeCodeFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      name="one-time-code"
      autoComplete="one-time-code"
      inputMode="numeric"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={hint}
      error={invalid ? 'Check the code.' : undefined}
    />
  );
}
