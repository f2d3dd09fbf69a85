// A field for money or a count: the owner types "450" or "1,250.50" (inputmode=decimal brings the
// number pad up on a phone), the portfolio holds the amount in minor units. Text that is no amount
// keeps the last good value and says beside the field what to write. Undo and redo set the value
// from outside: the field then shows what the portfolio holds.
import { useId, useState, type ChangeEvent } from 'react';
import { amountText, PRODUCT_LIMITS, readPrice, type ShopCurrency } from '@folioforge/templates';
import type { FieldPath } from '../portfolioEdits';
import fieldStyles from '../fields/FieldInput.module.scss';

type Reading = { ok: true; value: number | null } | { ok: false; message: string };

const readAmount = (text: string, currency: ShopCurrency): Reading => {
  if (text.trim() === '') return { ok: true, value: null };
  const reading = readPrice(text, currency);
  return reading.ok ? { ok: true, value: reading.amount } : reading;
};

const readCount = (text: string): Reading => {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: 'Write a whole number, like 12, or leave it empty' };
  const count = Number(trimmed);
  return count > PRODUCT_LIMITS.maxStock
    ? { ok: false, message: `At most ${PRODUCT_LIMITS.maxStock.toLocaleString('en')}` }
    : { ok: true, value: count };
};

export interface AmountFieldProps {
  path: FieldPath;
  label: string;
  /** The accessible name where the visible label repeats ("Product 2 price"). */
  accessibleLabel?: string;
  /** What the field is for, and what empty means. */
  hint: string;
  value: number | null;
  /** Money in this currency; none: a count (stock). */
  currency?: ShopCurrency;
  /** What is wrong with the value as it stands beside others (a "was" price below the price). */
  problem?: string | null;
  /** What an empty field means when it is not "none" (a shipping fee: 0). */
  emptyIs?: number;
  onChange: (value: number | null) => void;
}

export function AmountField({ path, label, accessibleLabel, hint, value, currency, problem, emptyIs, onChange }: AmountFieldProps) {
  const id = useId();
  const shown = (amount: number | null) => (amount === null ? '' : currency ? amountText(amount, currency) : String(amount));
  const [text, setText] = useState(() => shown(value));
  const read = (typed: string): Reading => {
    const reading = currency ? readAmount(typed, currency) : readCount(typed);
    return reading.ok && reading.value === null && emptyIs !== undefined ? { ok: true, value: emptyIs } : reading;
  };
  // Set from outside (undo, redo): show what the portfolio holds. Only when the value changes, and
  // to something the text does not say: the field may draw once before its owner passes what it typed.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    const now = read(text);
    if (!now.ok || now.value !== value) setText(shown(value));
  }
  const reading = read(text);
  const message = reading.ok ? (problem ?? null) : reading.message;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={id}
        name={path}
        className={fieldStyles.input}
        type="text"
        inputMode={currency ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={text}
        aria-label={accessibleLabel}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error ${id}-hint` : `${id}-hint`}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const typed = event.target.value;
          setText(typed);
          const next = read(typed);
          if (next.ok && next.value !== value) onChange(next.value);
        }}
      />
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {hint}
      </p>
      {message ? (
        <p id={`${id}-error`} role="alert" className={fieldStyles.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** A one-line text of a sale (an option's name), kept in step with undo and redo the same way. */
export function SaleText({
  path,
  label,
  accessibleLabel,
  hint,
  value,
  maxLength,
  onChange,
}: {
  path: FieldPath;
  label: string;
  accessibleLabel?: string;
  hint?: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={id}
        name={path}
        className={fieldStyles.input}
        type="text"
        autoComplete="off"
        value={value}
        maxLength={maxLength}
        aria-label={accessibleLabel}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
