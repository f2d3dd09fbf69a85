// The publish panel comes in a chunk of its own, loaded when an owner reaches it (the editor's foot, a
// portfolio's Publish…); one loader, so every place shares what it loaded.
import { LaterPart } from '../editing/LaterPart';
import type { PublishPanelProps } from './PublishPanel';
import styles from './LaterPublishPanel.module.scss';

const loadPublishPanel = () => import(/* webpackChunkName: "publish-panel" */ './PublishPanel');

export function LaterPublishPanel(props: PublishPanelProps) {
  return (
    <LaterPart
      name="publish-panel"
      load={loadPublishPanel}
      props={props}
      loading={
        <p role="status" className={styles.loading}>
          Loading…
        </p>
      }
    />
  );
}
