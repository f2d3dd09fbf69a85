import { dateFormatter } from './dates';

describe('dateFormatter', () => {
  afterEach(() => jest.restoreAllMocks());

  it('builds no Intl.DateTimeFormat until a date is shown, then one for every date after', () => {
    const construct = jest.spyOn(Intl, 'DateTimeFormat');
    const format = dateFormatter('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(construct).not.toHaveBeenCalled();
    expect(format('2026-11-26T10:00:00Z')).toBe('26 Nov 2026');
    expect(format(new Date(Date.UTC(2027, 0, 2)))).toBe('2 Jan 2027');
    expect(construct).toHaveBeenCalledTimes(1);
  });
});
