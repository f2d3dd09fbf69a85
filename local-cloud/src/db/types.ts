/** Internal to the db layer: runs a multi-statement script (bootstrap, migrations). */
export interface ScriptRunner {
  execScript(sql: string): Promise<void>;
}
