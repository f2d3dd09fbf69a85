import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '../startup/nextTask';

/**
 * Loads a remote's screen in three tasks, with input and painting between them: its entry runs (as
 * its script arrives), then its container joins the page's share scope, then the screen's modules
 * run once their files are in (for the editor, the template package and its own code). Each of the
 * last two ran in the task of the script before it: ~17 and ~18 ms of a desktop's main thread on the
 * editor's start-up, its longest.
 */
export default function remoteTasksPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'folioforge-remote-tasks',
    async beforeInitContainer(options) {
      await nextTask();
      return options;
    },
    async beforeExecuteFactory() {
      await nextTask();
    },
  };
}
