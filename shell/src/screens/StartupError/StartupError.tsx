/** Shown when the deployment's /app-config.json is missing or broken: say so, offer a reload. */
export function StartupError({ message }: { message: string }) {
  return (
    <div role="alert" style={{ maxWidth: 640, margin: '80px auto', fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>FolioForge could not start</h1>
      <p>{message}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
