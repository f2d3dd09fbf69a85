import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { resolveDesignOpening } from './designOpening';
import { TemplateEditor } from './TemplateEditor';

/**
 * /design: the chosen template's form beside its live preview. The template comes from
 * `location.state.selectedTemplate`, else from the last draft, else template 1's sample.
 */
export default function Design() {
  const location = useLocation();
  const navigate = useNavigate();
  const [opening] = useState(() => resolveDesignOpening(location.state));

  useEffect(() => {
    if (opening.source !== 'navigation') return;
    // The browser keeps navigation state across reloads: drop the selection once it has been used,
    // or a reload would put the template's first values back over the visitor's edits.
    const rest = { ...(location.state as Record<string, unknown>) };
    delete rest.selectedTemplate;
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: Object.keys(rest).length ? rest : null },
    );
    // Only at opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <TemplateEditor key={opening.templateId} opening={opening} />;
}
