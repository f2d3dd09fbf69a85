import { memo } from 'react';
import { Button } from '@folioforge/shared';
import { KNOWN_NETWORKS } from '@folioforge/templates';
import { useEditor, useEditorList, useEditorState } from '../editorHooks';
import { addSocial, cannotAddSocial, moveSocial, removeSocial, socialPath } from '../portfolioEdits';
import { EditedField } from './EditedField';
import { FieldsForm } from './FieldsForm';
import { RowTools } from './RowTools';
import { SortableEntry, SortableList } from './SortableList';
import styles from './PortfolioForm.module.scss';

const NETWORKS_LIST_ID = 'ff-known-networks';

/** The social links: any network, each a name and an address, in the order the page shows them. */
export function SocialLinksEditor() {
  const editor = useEditor();
  const ids = useEditorList((state) => state.portfolio.socials.map((link) => link.id));
  const full = useEditorState((state) => cannotAddSocial(state.portfolio));
  const nameOf = (id: string) => {
    const index = ids.indexOf(id);
    const network = editor.portfolio.socials[index]?.network.trim();
    return network ? `${network} link` : `Social link ${index + 1}`;
  };
  const add = () => {
    const { portfolio, id } = addSocial(editor.portfolio);
    editor.change(portfolio, { label: 'Added a social link', focus: socialPath(id, 'network'), undoFocus: 'add-social' });
  };
  return (
    <FieldsForm>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Social links</legend>
        <datalist id={NETWORKS_LIST_ID}>
          {KNOWN_NETWORKS.map((network) => (
            <option key={network} value={network} />
          ))}
        </datalist>
        <SortableList
          ids={ids}
          nameOf={nameOf}
          className={styles.socials}
          onMove={(id, to) =>
            editor.change(moveSocial(editor.portfolio, id, to), {
              label: `Moved ${nameOf(id)} to position ${to + 1} of ${ids.length}`,
              focus: `social-handle:${id}`,
            })
          }
        >
          {ids.map((id, index) => (
            <SocialRow key={id} id={id} index={index} count={ids.length} />
          ))}
        </SortableList>
        <Button
          variant="secondary"
          onClick={add}
          disabled={Boolean(full)}
          data-focus="add-social"
          aria-describedby={full ? 'ff-socials-full' : undefined}
        >
          Add a social link
        </Button>
        {full ? (
          <p id="ff-socials-full" className={styles.hint}>
            {full}
          </p>
        ) : null}
      </fieldset>
    </FieldsForm>
  );
}

const SocialRow = memo(function SocialRow({ id, index, count }: { id: string; index: number; count: number }) {
  const editor = useEditor();
  const network = useEditorState((state) => state.portfolio.socials.find((link) => link.id === id)?.network.trim() ?? '');
  const name = network || `Social link ${index + 1}`;
  const move = (to: number) =>
    editor.change(moveSocial(editor.portfolio, id, to), {
      label: `Moved ${name} link to position ${to + 1} of ${count}`,
      focus: `social-handle:${id}`,
    });
  const remove = () =>
    editor.change(removeSocial(editor.portfolio, id), {
      label: `Removed the ${name} link`,
      focus: 'add-social',
      undoFocus: socialPath(id, 'url'),
    });
  return (
    <SortableEntry id={id} className={styles.socialRow}>
      <RowTools
        name={`the ${name} link`}
        groupLabel={`${name} link`}
        handleKey={`social-handle:${id}`}
        index={index}
        count={count}
        onMove={move}
        onRemove={remove}
      />
      <div className={styles.socialFields} data-place={socialPath(id, 'url')}>
        <NetworkField id={id} index={index} />
        <EditedField
          path={socialPath(id, 'url')}
          spec={{ kind: 'url' }}
          label={network || 'Address'}
          accessibleLabel={network ? undefined : `Social link ${index + 1} address`}
        />
      </div>
    </SortableEntry>
  );
});

/** The network's name, with the known ones suggested. */
function NetworkField({ id, index }: { id: string; index: number }) {
  return (
    <EditedField
      path={socialPath(id, 'network')}
      spec={{ kind: 'text', maxLength: 80 }}
      label="Network"
      accessibleLabel={`Social link ${index + 1} network`}
      list={NETWORKS_LIST_ID}
    />
  );
}
