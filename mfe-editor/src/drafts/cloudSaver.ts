// Sends a portfolio to the account shortly after typing pauses, one save at a time, each against the
// version the last save returned. Knows nothing of React: the editor tells it that something changed
// and how to read what is on screen; it says where the save stands.
import { sameSaved } from '../portfolios/accountCopies';
import { PortfolioRequestError, type PortfolioRow, type SavedPortfolio } from '../portfolios/portfolioApi';

/** Typing pauses this long before a save goes out. */
export const CLOUD_SAVE_DELAY_MS = 1000;
/** While offline (or the server failed), a save is tried again this often, and at once when the browser is back online. */
export const CLOUD_RETRY_MS = 5000;

export type SaveState =
  | { kind: 'saved' }
  /** Changes wait for the pause, or a save is on its way. */
  | { kind: 'saving' }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string }
  /** The account holds a newer version: the visitor chooses what happens (nothing is sent meanwhile). */
  | { kind: 'conflict' };

export interface SendOptions {
  /** The page is going away: the request must outlive it (fetch keepalive). */
  keepalive: boolean;
}

export interface CloudSaverOptions {
  /** The version the account holds for the values on screen. */
  version: number;
  /** What the account holds for that version (a save of the same is skipped). */
  savedData: SavedPortfolio | null;
  readData: () => SavedPortfolio;
  send: (data: SavedPortfolio, expectedVersion: number, options: SendOptions) => Promise<PortfolioRow>;
  /** After each accepted save; `data` is what was sent. */
  onSaved?: (row: PortfolioRow, data: SavedPortfolio) => void;
  delayMs?: number;
  retryMs?: number;
}

export class CloudSaver {
  private state: SaveState = { kind: 'saved' };
  private readonly listeners = new Set<(state: SaveState) => void>();
  private readonly newerListeners = new Set<() => void>();
  /** The newest version another tab or device is known to have saved (Realtime told). */
  private newestElsewhere = 0;
  private version: number;
  private savedData: SavedPortfolio | null;
  private dirty = false;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly delayMs: number;
  private readonly retryMs: number;

  constructor(private readonly options: CloudSaverOptions) {
    this.version = options.version;
    this.savedData = options.savedData;
    this.delayMs = options.delayMs ?? CLOUD_SAVE_DELAY_MS;
    this.retryMs = options.retryMs ?? CLOUD_RETRY_MS;
  }

  getState(): SaveState {
    return this.state;
  }

  getVersion(): number {
    return this.version;
  }

  /** Whether `data` (as on screen, files only on this device included) differs from what the account holds for the version. */
  differsFromSaved(data: SavedPortfolio): boolean {
    return !sameSaved(data, this.savedData);
  }

  /** What is on screen now, as it would be saved. */
  currentData(): SavedPortfolio {
    return this.options.readData();
  }

  subscribe(listener: (state: SaveState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether the screen holds anything the account does not have yet (a save on its way included). */
  hasUnsavedChanges(): boolean {
    return this.inFlight || this.differsFromSaved(this.options.readData());
  }

  /**
   * Another tab or device saved `version` of this portfolio. Newer than the one on screen: with
   * nothing unsaved here the `onNewerSaved` listeners load it; with unsaved changes the visitor is
   * asked at once (conflict), before a save of them is refused. A save of this tab's own on its way
   * is answered first: its version may be that one.
   */
  noteSavedElsewhere(version: number): void {
    this.newestElsewhere = Math.max(this.newestElsewhere, version);
    this.settleElsewhere();
  }

  /** Hears that a newer version can be loaded in place of what is on screen (nothing unsaved here). */
  onNewerSaved(listener: () => void): () => void {
    this.newerListeners.add(listener);
    return () => this.newerListeners.delete(listener);
  }

  /** Something changed: a save goes out once typing has paused. Cheap: called on every key. */
  markChanged(): void {
    if (this.disposed) return;
    this.dirty = true;
    if (this.state.kind === 'conflict') return;
    if (this.state.kind === 'saved') this.setState({ kind: 'saving' });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  /** Sends now what is pending (page hidden or closing, a retry, the browser back online). */
  flush(options: SendOptions = { keepalive: false }): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.disposed || !this.dirty || this.inFlight || this.state.kind === 'conflict') return;
    // A newer version exists: saving over it would be refused, so the visitor is asked first.
    if (this.newestElsewhere > this.version) return this.settleElsewhere();
    clearTimeout(this.retryTimer);
    const data = this.options.readData();
    this.dirty = false;
    if (sameSaved(data, this.savedData)) {
      this.setState({ kind: 'saved' });
      return;
    }
    this.inFlight = true;
    if (this.state.kind !== 'offline') this.setState({ kind: 'saving' });
    this.options.send(data, this.version, options).then(
      (row) => {
        this.inFlight = false;
        this.version = row.version;
        this.savedData = data;
        this.options.onSaved?.(row, data);
        if (this.disposed) return;
        // Typed while this save was out: its own pause timer sends it, or (already fired) this does.
        if (!this.dirty) this.setState({ kind: 'saved' });
        if (this.newestElsewhere > this.version) this.settleElsewhere();
        else if (this.dirty && this.timer === undefined) this.flush();
      },
      (error: unknown) => {
        this.inFlight = false;
        // Nothing is lost: the data is still on screen and on this device; it goes again later.
        this.dirty = true;
        if (this.disposed) return;
        const failure = error instanceof PortfolioRequestError ? error : new PortfolioRequestError('offline', String(error));
        if (failure.kind === 'conflict') {
          clearTimeout(this.timer);
          this.setState({ kind: 'conflict' });
        } else if (failure.kind === 'offline') {
          this.setState({ kind: 'offline' });
          this.scheduleRetry();
        } else {
          this.setState({ kind: 'failed', message: failure.message });
        }
      },
    );
  }

  /**
   * Sends what is on screen now and settles once the account holds it (publishing renders the saved
   * row, so it waits for this); refused with a message on a conflict, a failure or while offline.
   */
  saveNow(): Promise<void> {
    if (!sameSaved(this.options.readData(), this.savedData)) this.dirty = true;
    this.flush();
    return new Promise((resolve, reject) => {
      const settle = (state: SaveState) => {
        if (state.kind === 'saved' && !this.inFlight && !this.dirty) resolve();
        else if (state.kind === 'conflict')
          reject(new Error('A newer version of this portfolio was saved elsewhere. Choose which to keep first.'));
        else if (state.kind === 'failed') reject(new Error(`Your changes could not be saved: ${state.message}`));
        else if (state.kind === 'offline')
          reject(new Error('You are offline, so your latest changes are not saved yet. Try again when you are back online.'));
        else return;
        stop();
      };
      const stop = this.subscribe(settle);
      settle(this.state);
    });
  }

  /** The visitor's Retry, or the browser coming back online. */
  retry(): void {
    if (this.state.kind === 'conflict') return;
    this.dirty = true;
    this.flush();
  }

  /**
   * The values on screen are now the account's `version` (a newer version loaded, a new portfolio made),
   * or were made from it (`data` null: what the account holds for it is not known here).
   */
  resetTo(version: number, data: SavedPortfolio | null): void {
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    this.timer = undefined;
    this.version = version;
    this.savedData = data;
    this.dirty = false;
    this.setState({ kind: 'saved' });
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    this.listeners.clear();
    this.newerListeners.clear();
  }

  private settleElsewhere(): void {
    if (this.disposed || this.inFlight || this.state.kind === 'conflict' || this.newestElsewhere <= this.version) return;
    if (this.differsFromSaved(this.options.readData())) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.dirty = true;
      this.setState({ kind: 'conflict' });
    } else {
      // Nothing here to send: this tab is as saved, only behind.
      clearTimeout(this.timer);
      this.timer = undefined;
      this.dirty = false;
      this.setState({ kind: 'saved' });
      for (const listener of this.newerListeners) listener();
    }
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.flush(), this.retryMs);
  }

  private setState(next: SaveState): void {
    if (next.kind === this.state.kind && (next.kind !== 'failed' || this.state.kind !== 'failed' || next.message === this.state.message))
      return;
    this.state = next;
    for (const listener of this.listeners) listener(next);
  }
}
