import type { PageLinkChoice } from '@folioforge/templates';
import { ADDRESS_CHOICE } from './pageLinks';
import styles from './FieldInput.module.scss';

export interface PageChooserProps {
  id: string;
  /** The accessible name (e.g. 'Project 1 URL leads to'). */
  name: string;
  /** The link now: a `page:<id>` link, or anything else for "an address". */
  value: string;
  choices: readonly PageLinkChoice[];
  /** What the address option says (e.g. 'An address'). */
  addressLabel: string;
  /** The id of a message beside the chooser (a removed page). */
  describedBy?: string;
  /** The link names a page the site no longer has. */
  removed?: boolean;
  /** A page's `page:<id>` link, or ADDRESS_CHOICE. */
  onChoose: (href: string) => void;
  /** For the editor's focus requests (undo puts the focus back here). */
  field?: string;
}

/**
 * "Leads to": an address, or one of the site's pages by its current title. A native select, so a
 * keyboard and a screen reader use it as any other. A link to a removed page shows as such, chosen,
 * until another choice is made.
 */
export function PageChooser({ id, name, value, choices, addressLabel, describedBy, removed = false, onChoose, field }: PageChooserProps) {
  const chosen = choices.some((choice) => choice.href === value.trim()) || removed ? value.trim() : ADDRESS_CHOICE;
  return (
    <select
      id={id}
      className={`${styles.input} ${styles.chooser}`}
      aria-label={name}
      aria-invalid={removed ? true : undefined}
      aria-describedby={describedBy}
      data-field={field}
      value={chosen}
      onChange={(event) => onChoose(event.target.value)}
    >
      <option value={ADDRESS_CHOICE}>{addressLabel}</option>
      <optgroup label="A page of this site">
        {choices.map((choice) => (
          <option key={choice.href} value={choice.href}>
            {choice.title}
          </option>
        ))}
      </optgroup>
      {removed ? <option value={chosen}>A removed page</option> : null}
    </select>
  );
}
