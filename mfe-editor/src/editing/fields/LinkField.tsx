import { memo, useCallback, useId, useState } from 'react';
import { PageChooser } from './PageChooser';
import { ADDRESS_CHOICE, linkTargetOf, REMOVED_PAGE_MESSAGE, usePageLinkChoices } from './pageLinks';
import { TextInput, type TextInputProps } from './TextInput';
import styles from './FieldInput.module.scss';

export interface LinkFieldProps extends Omit<TextInputProps, 'kind' | 'value'> {
  /** The link now, as the editor holds it. */
  value: string;
}

/**
 * A link of a section's item (a button, a project's link): an address typed as before, or, where the
 * site's pages are known, one of them chosen by title (stored as `page:<id>`, so renaming the page or
 * changing its address keeps the link right). A link to a removed page is said beside the field.
 */
export const LinkField = memo(function LinkField(props: LinkFieldProps) {
  const choices = usePageLinkChoices();
  const { path, label, accessibleLabel, initialValue, sample, value, onChange } = props;
  const target = linkTargetOf(value, choices);
  // The address typed last: choosing a page and then "an address" again brings it back.
  const [lastAddress, setLastAddress] = useState(() => (target.kind === 'address' ? initialValue : ''));
  // The address field's text when it opens again after a page was chosen (it keeps its own text).
  const [reopenedWith, setReopenedWith] = useState<string | null>(null);
  const chooserId = useId();
  const problemId = `${chooserId}-problem`;
  const onAddress = useCallback(
    (fieldPath: string, typed: string) => {
      setLastAddress(typed);
      onChange(fieldPath, typed);
    },
    [onChange],
  );
  if (!choices) return <TextInput {...props} kind="url" />;
  const choose = (href: string) => {
    if (href === ADDRESS_CHOICE) {
      setReopenedWith(lastAddress);
      onChange(path, lastAddress);
    } else onChange(path, href);
  };
  return (
    <div className={styles.field}>
      {target.kind === 'address' ? (
        <TextInput
          {...props}
          kind="url"
          initialValue={reopenedWith ?? initialValue}
          sample={reopenedWith === null ? sample : undefined}
          value={value}
          onChange={onAddress}
        />
      ) : (
        <p className={styles.label}>{label}</p>
      )}
      <label htmlFor={chooserId} className={styles.chooserLabel}>
        Leads to
      </label>
      <PageChooser
        id={chooserId}
        name={`${accessibleLabel ?? label} leads to`}
        value={value}
        choices={choices}
        addressLabel="An address"
        removed={target.kind === 'removedPage'}
        describedBy={target.kind === 'removedPage' ? problemId : undefined}
        onChoose={choose}
        field={target.kind === 'address' ? undefined : path}
      />
      {target.kind === 'removedPage' ? (
        <p id={problemId} className={styles.error}>
          {REMOVED_PAGE_MESSAGE}
        </p>
      ) : null}
    </div>
  );
});
