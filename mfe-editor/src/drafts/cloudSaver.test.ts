import { CloudSaver, CLOUD_RETRY_MS, CLOUD_SAVE_DELAY_MS, type SaveState } from './cloudSaver';
import { PortfolioRequestError, type PortfolioRow } from '../portfolios/portfolioApi';
import { getTemplate } from '@folioforge/templates';
import type { SavedPortfolio } from '../portfolios/portfolioApi';

const sample = getTemplate(1)!.sample;
/** What the editor shows, told apart by the name (and the about text) in it. */
const v = (name: string, about = ''): SavedPortfolio => ({
  templateId: '1',
  data: { ...sample, profile: { ...sample.profile, name, about } },
});

const row = (version: number, saved: SavedPortfolio): PortfolioRow => ({
  id: 'p1',
  ownerId: 'u1',
  templateId: '1',
  title: 'Mine',
  data: saved.data,
  published: false,
  slug: null,
  look: {},
  version,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

interface Harness {
  saver: CloudSaver;
  states: SaveState['kind'][];
  sent: { data: SavedPortfolio; expected: number; keepalive: boolean }[];
  current: { values: SavedPortfolio };
  answer: (result: 'ok' | PortfolioRequestError) => Promise<void>;
}

function harness(): Harness {
  const current = { values: v('Ada') };
  const sent: Harness['sent'] = [];
  const pending: { resolve: (row: PortfolioRow) => void; reject: (error: unknown) => void; data: SavedPortfolio; expected: number }[] = [];
  const saver = new CloudSaver({
    version: 1,
    savedData: v('Ada'),
    readData: () => ({ ...current.values }),
    send: (data, expected, { keepalive }) => {
      sent.push({ data, expected, keepalive });
      return new Promise((resolve, reject) => pending.push({ resolve, reject, data, expected }));
    },
  });
  const states: SaveState['kind'][] = [];
  saver.subscribe((state) => states.push(state.kind));
  return {
    saver,
    states,
    sent,
    current,
    async answer(result) {
      const next = pending.shift();
      if (!next) throw new Error('no save in flight');
      if (result === 'ok') next.resolve(row(next.expected + 1, next.data));
      else next.reject(result);
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('typing saves once, a second after the last key, against the version held', async () => {
  const h = harness();
  for (const name of ['A', 'Ad', 'Ada L']) {
    h.current.values = v(name);
    h.saver.markChanged();
    jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS - 100);
  }
  expect(h.sent).toHaveLength(0);
  expect(h.saver.getState().kind).toBe('saving');
  jest.advanceTimersByTime(100);
  expect(h.sent).toEqual([{ data: v('Ada L'), expected: 1, keepalive: false }]);
  await h.answer('ok');
  expect(h.saver.getState().kind).toBe('saved');
  expect(h.saver.getVersion()).toBe(2);
});

test('data equal to what the account holds is not sent again', () => {
  const h = harness();
  h.saver.markChanged();
  jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS);
  expect(h.sent).toHaveLength(0);
  expect(h.saver.getState().kind).toBe('saved');
});

test('edits made while a save is out go next, from the version that save returned', async () => {
  const h = harness();
  h.current.values = v('one');
  h.saver.markChanged();
  jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS);
  h.current.values = v('two');
  h.saver.markChanged();
  jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS);
  expect(h.sent).toHaveLength(1);
  await h.answer('ok');
  expect(h.sent[1]).toEqual({ data: v('two'), expected: 2, keepalive: false });
});

test('a flush on page hide sends at once, with keepalive', () => {
  const h = harness();
  h.current.values = v('closing');
  h.saver.markChanged();
  h.saver.flush({ keepalive: true });
  expect(h.sent).toEqual([{ data: v('closing'), expected: 1, keepalive: true }]);
});

test('offline: says so, keeps the change and sends it again later', async () => {
  const h = harness();
  h.current.values = v('offline edit');
  h.saver.markChanged();
  jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS);
  await h.answer(new PortfolioRequestError('offline', 'No connection'));
  expect(h.saver.getState().kind).toBe('offline');
  jest.advanceTimersByTime(CLOUD_RETRY_MS);
  expect(h.sent).toHaveLength(2);
  expect(h.sent[1]?.data).toEqual(v('offline edit'));
  await h.answer('ok');
  expect(h.saver.getState().kind).toBe('saved');
});

test('a refused save says why and waits for Retry', async () => {
  const h = harness();
  h.current.values = v('x');
  h.saver.markChanged();
  jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS);
  await h.answer(new PortfolioRequestError('refused', 'value too long'));
  expect(h.saver.getState()).toEqual({ kind: 'failed', message: 'value too long' });
  jest.advanceTimersByTime(CLOUD_RETRY_MS * 3);
  expect(h.sent).toHaveLength(1);
  h.saver.retry();
  expect(h.sent).toHaveLength(2);
});

test('a stale version stops saving until the visitor chooses; resetTo starts again from the chosen version', async () => {
  const h = harness();
  h.current.values = v('stale tab');
  h.saver.markChanged();
  jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS);
  await h.answer(new PortfolioRequestError('conflict', 'A newer version'));
  expect(h.saver.getState().kind).toBe('conflict');
  h.current.values = v('more typing');
  h.saver.markChanged();
  jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS * 5);
  expect(h.sent).toHaveLength(1);

  h.saver.resetTo(7, v('newer'));
  h.current.values = v('after choosing');
  h.saver.markChanged();
  jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS);
  expect(h.sent[1]).toEqual({ data: v('after choosing'), expected: 7, keepalive: false });
  expect(h.states).toContain('conflict');
});

test('saving now, before publishing: sends at once what is on screen and settles when the account holds it', async () => {
  const h = harness();
  // Samples on screen the row never held, or a key press still waiting for its pause: both go now.
  h.current.values = v('Ada', 'Sample text');
  const settled = jest.fn();
  const saving = h.saver.saveNow().then(settled);
  expect(h.sent).toEqual([{ data: v('Ada', 'Sample text'), expected: 1, keepalive: false }]);
  await Promise.resolve();
  expect(settled).not.toHaveBeenCalled();
  await h.answer('ok');
  await saving;
  expect(settled).toHaveBeenCalled();
  // Nothing new on screen: settles at once, nothing sent.
  await h.saver.saveNow();
  expect(h.sent).toHaveLength(1);
});

test('saving now is refused with a reason on a conflict or while offline', async () => {
  const h = harness();
  h.current.values = v('Grace');
  const conflict = h.saver.saveNow();
  await h.answer(new PortfolioRequestError('conflict', 'newer'));
  await expect(conflict).rejects.toThrow('A newer version of this portfolio was saved elsewhere');

  const offline = harness();
  offline.current.values = v('Grace');
  const waiting = offline.saver.saveNow();
  await offline.answer(new PortfolioRequestError('offline', 'no network'));
  await expect(waiting).rejects.toThrow(/You are offline/);
});

describe('another tab or device saved (Realtime told)', () => {
  test('with nothing unsaved here, the newer version is offered to load at once; an older or equal one is not', () => {
    const h = harness();
    const newer = jest.fn();
    h.saver.onNewerSaved(newer);
    h.saver.noteSavedElsewhere(1);
    expect(newer).not.toHaveBeenCalled();
    h.saver.noteSavedElsewhere(2);
    expect(newer).toHaveBeenCalledTimes(1);
    expect(h.saver.getState().kind).toBe('saved');
    expect(h.sent).toHaveLength(0);
  });

  test('with unsaved changes, the visitor is asked before a save is tried, and nothing is sent', () => {
    const h = harness();
    const newer = jest.fn();
    h.saver.onNewerSaved(newer);
    h.current.values = v('typed here');
    h.saver.markChanged();
    h.saver.noteSavedElsewhere(2);
    expect(h.saver.getState().kind).toBe('conflict');
    jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS * 3);
    expect(h.sent).toHaveLength(0);
    expect(newer).not.toHaveBeenCalled();
  });

  test("this tab's own save told back while it is on its way is not a newer version", async () => {
    const h = harness();
    const newer = jest.fn();
    h.saver.onNewerSaved(newer);
    h.current.values = v('mine');
    h.saver.markChanged();
    jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS);
    h.saver.noteSavedElsewhere(2);
    await h.answer('ok');
    expect(h.saver.getVersion()).toBe(2);
    expect(h.saver.getState().kind).toBe('saved');
    expect(newer).not.toHaveBeenCalled();
  });

  test('typing after a newer version was told of, before it loaded, asks rather than saves', () => {
    const h = harness();
    h.saver.noteSavedElsewhere(2);
    h.current.values = v('typed before the newer one came');
    h.saver.markChanged();
    jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS);
    expect(h.sent).toHaveLength(0);
    expect(h.saver.getState().kind).toBe('conflict');
  });
});
