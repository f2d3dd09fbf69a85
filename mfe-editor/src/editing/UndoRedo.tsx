import { memo, useEffect, type RefObject } from 'react';
import { useEditor, useEditorState } from './editorHooks';
import styles from './UndoRedo.module.scss';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl+Y redo, while focus is on the editor screen (`root`)
 * or nowhere in particular. In a field too: the form's history replaces the field's own, so undo
 * crosses fields. Inputs elsewhere on the page (a checkout dialog) keep their own undo.
 */
export function useUndoShortcuts(root: RefObject<HTMLElement>, undo: () => void, redo: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const target = event.target instanceof Node ? event.target : null;
      if (target && target !== document.body && !root.current?.contains(target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (key === 'y' && event.ctrlKey && !event.shiftKey) {
        event.preventDefault();
        redo();
      }
    };
    // Capture: before a rich text field or an input acts on the key itself.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [redo, root, undo]);
}

/** The Undo and Redo buttons above the form. */
export const UndoRedoButtons = memo(function UndoRedoButtons() {
  const { undo, redo } = useEditor();
  const canUndo = useEditorState((state) => state.canUndo);
  const canRedo = useEditorState((state) => state.canRedo);
  const mod = isMac() ? 'Meta' : 'Control';
  return (
    <div className={styles.buttons} role="group" aria-label="Edit history" data-editor-toolbar="">
      <button type="button" className={styles.button} onClick={undo} disabled={!canUndo} aria-keyshortcuts={`${mod}+Z`}>
        <span aria-hidden="true">↶</span> Undo
      </button>
      <button type="button" className={styles.button} onClick={redo} disabled={!canRedo} aria-keyshortcuts={`${mod}+Shift+Z Control+Y`}>
        <span aria-hidden="true">↷</span> Redo
      </button>
    </div>
  );
});
