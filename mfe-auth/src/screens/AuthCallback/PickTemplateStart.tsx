import { Link, useNavigate } from 'react-router-dom';
import { Button, designNavigationState } from '@folioforge/shared';
import { TEMPLATES } from '@folioforge/templates';
import styles from './PickTemplateStart.module.scss';

/**
 * Where a confirmed sign-up lands, signed in: a short start that asks for one choice, the template to
 * begin with, and opens the editor with it, as the collection's Use Template does.
 */
export function PickTemplateStart() {
  const navigate = useNavigate();

  return (
    <div className={styles.start}>
      <h2 className={styles.question}>Pick a template to start</h2>
      <ul className={styles.choices}>
        {TEMPLATES.map((template) => (
          <li key={template.id} className={styles.choice}>
            <span className={styles.text}>
              <span className={styles.name}>{template.name}</span>
              <span className={styles.description}>{template.description}</span>
            </span>
            <Button
              variant="secondary"
              aria-label={`Start with ${template.name}`}
              onClick={() => navigate('/design', { state: designNavigationState(template.id) })}
            >
              Start
            </Button>
          </li>
        ))}
        <li className={styles.choice}>
          <span className={styles.text}>
            <span className={styles.name}>Portfolio generator</span>
            <span className={styles.description}>One page from your details and resume. Free to publish.</span>
          </span>
          <Button variant="secondary" aria-label="Start with the portfolio generator" onClick={() => navigate('/portfo')}>
            Start
          </Button>
        </li>
      </ul>
      <p className={styles.more}>
        Not sure yet? <Link to="/templates">Compare the templates with pictures</Link>, or go to <Link to="/account">your account</Link>.
      </p>
    </div>
  );
}
