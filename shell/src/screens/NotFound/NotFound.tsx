import { Link, useLocation, useRouteError } from 'react-router-dom';
import { PrerenderHandOff } from '../../startup/prerendered';
import styles from './NotFound.module.scss';

/** The fallback for an unknown route or a route that failed (spec: 'Unexpected Application Error!'). */
export function NotFound() {
  const location = useLocation();
  const error = useRouteError() as Error | undefined;
  return (
    <section className={styles.screen} aria-labelledby="fallback-title">
      <PrerenderHandOff />
      <h1 id="fallback-title">Unexpected Application Error!</h1>
      <p>{error?.message ? error.message : `There is no page at ${location.pathname}.`}</p>
      <Link to="/home" className={styles.home}>
        Go to the home page
      </Link>
    </section>
  );
}
