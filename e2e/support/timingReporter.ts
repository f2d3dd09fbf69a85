// Where a run's time goes, printed at its end when PWTIMING=1 (playwright.config.ts): the time from the
// start to the first test (the global setup's stack, the workers' start), each file's beforeAll and
// afterAll hooks (which no test's own time includes: a build, a stack, a browser), and the tests
// above 5 s. Wall seconds of the worker that ran them, on a machine that may be shared.
import path from 'node:path';
import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

const file = (test: TestCase) => path.basename(test.location.file);

export default class TimingReporter implements Reporter {
  private readonly started = Date.now();
  private firstTest: number | undefined;
  private readonly hooks = new Map<string, { beforeAll: number; afterAll: number; tests: number }>();
  private readonly slow: [string, number][] = [];

  private of(test: TestCase) {
    const key = file(test);
    if (!this.hooks.has(key)) this.hooks.set(key, { beforeAll: 0, afterAll: 0, tests: 0 });
    return this.hooks.get(key)!;
  }

  onTestBegin(): void {
    this.firstTest ??= Date.now();
  }

  onStepEnd(test: TestCase, _result: TestResult, step: TestStep): void {
    if (step.category !== 'hook') return;
    if (/^beforeAll/.test(step.title)) this.of(test).beforeAll += step.duration;
    else if (/^afterAll/.test(step.title)) this.of(test).afterAll += step.duration;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.of(test).tests += result.duration;
    if (result.duration > 5000) this.slow.push([`${file(test)}:${test.location.line} ${test.title}`, result.duration]);
  }

  onEnd(): void {
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    console.log(`\ntiming: ${seconds((this.firstTest ?? Date.now()) - this.started)} s from the start to the first test`);
    const rows = [...this.hooks].sort(([, a], [, b]) => b.beforeAll + b.afterAll - (a.beforeAll + a.afterAll));
    console.log('timing: per file, s (beforeAll + afterAll, then its tests):');
    for (const [name, { beforeAll, afterAll, tests }] of rows)
      console.log(`  ${name.padEnd(28)} ${seconds(beforeAll).padStart(6)} + ${seconds(afterAll).padStart(5)}  tests ${seconds(tests)}`);
    console.log('timing: tests above 5 s:');
    for (const [title, ms] of this.slow.sort((a, b) => b[1] - a[1])) console.log(`  ${seconds(ms).padStart(6)}  ${title}`);
  }
}
