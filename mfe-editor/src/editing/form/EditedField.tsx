import { memo, useContext, useState } from 'react';
import { isFileKind, isSampleField, maxLengthOf, type FieldSpec } from '@folioforge/templates';
import { FilePicker } from '../fields/FilePicker';
import { RichTextField } from '../fields/RichTextField';
import { LinkField } from '../fields/LinkField';
import { isTextKind, TextInput } from '../fields/TextInput';
import { FileActionsContext, useEditor, useEditorState } from '../editorHooks';
import { readField, type FieldPath } from '../portfolioEdits';

export interface EditedFieldProps {
  path: FieldPath;
  spec: Pick<FieldSpec, 'kind' | 'maxLength'>;
  label: string;
  /** The accessible name where the visible label repeats. */
  accessibleLabel?: string;
  autoComplete?: string;
  /** The id of a datalist of suggestions (one-line fields). */
  list?: string;
}

/**
 * One field of the portfolio, starting from its value in the editor. Its input keeps its own text, so
 * a key press re-renders nothing on the form's side; when undo, redo or a reset set its value from
 * outside, it is drawn again (keyed by the field's revision).
 */
export const EditedField = memo(function EditedField(props: EditedFieldProps) {
  const revision = useEditorState((state) => state.revisions[props.path] ?? 0);
  return <FieldBody key={revision} {...props} />;
});

function FieldBody({ path, spec, label, accessibleLabel, autoComplete, list }: EditedFieldProps) {
  const editor = useEditor();
  const [initialValue] = useState(() => readField(editor.portfolio, path));
  // Sample text is shown as a placeholder to replace: the page shows it until the owner writes their own.
  const [sample] = useState(() => (isSampleField(editor.portfolio, path) && initialValue.trim() ? initialValue : undefined));
  const stillSample = useEditorState((state) => sample !== undefined && isSampleField(state.portfolio, path));
  if (isFileKind(spec.kind)) return <FileField path={path} kind={spec.kind} label={label} accessibleLabel={accessibleLabel} />;
  if (spec.kind === 'longText')
    return (
      <RichTextField
        path={path}
        label={label}
        accessibleLabel={accessibleLabel}
        initialValue={initialValue}
        sample={sample}
        stillSample={stillSample}
        onChange={editor.setField}
      />
    );
  if (!isTextKind(spec.kind)) return null;
  const common = {
    path,
    kind: spec.kind,
    label,
    accessibleLabel,
    initialValue,
    sample,
    stillSample,
    maxLength: maxLengthOf(spec),
    autoComplete,
    list,
    onChange: editor.setField,
  };
  if (spec.kind === 'url') return <LinkInput {...common} />;
  return <TextInput {...common} />;
}

/** A link follows its value, to say when it will show as text and which page it leads to. */
function LinkInput(props: Omit<Parameters<typeof TextInput>[0], 'value' | 'kind'>) {
  const value = useEditorState((state) => readField(state.portfolio, props.path));
  return <LinkField {...props} value={value} />;
}

function FileField({
  path,
  kind,
  label,
  accessibleLabel,
}: {
  path: FieldPath;
  kind: 'image' | 'pdf';
  label: string;
  accessibleLabel?: string;
}) {
  const value = useEditorState((state) => readField(state.portfolio, path));
  const fileName = useEditorState((state) => state.fileNames[value]);
  const upload = useEditorState((state) => state.uploads[path]);
  const files = useContext(FileActionsContext);
  return (
    <FilePicker
      path={path}
      kind={kind}
      label={label}
      accessibleLabel={accessibleLabel}
      value={value}
      fileName={fileName}
      upload={upload}
      onChoose={files.choose}
      onRemove={files.remove}
    />
  );
}
