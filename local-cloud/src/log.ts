import type { Logger } from './context.ts';

/** One JSON object per line on stdout; `silent` keeps test output readable. */
export function createLogger(opts: { silent?: boolean } = {}): Logger {
  const write = (level: string, msg: string, fields?: Record<string, unknown>) => {
    if (opts.silent) return;
    process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + '\n');
  };
  return {
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  };
}
