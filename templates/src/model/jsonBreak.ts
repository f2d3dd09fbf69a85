// Where a text stops being JSON, for a message a person can act on. JSON.parse says it in words of
// its own, which differ between browsers (Safari gives no place at all): this reads the text as RFC
// 8259 does and stops at the first character no JSON can have there.

/** Where a text breaks as JSON: its line (from 1), the character there, or that the text ended. */
export interface JsonBreak {
  line: number;
  /** The character where it breaks; undefined when the text ends before its JSON does. */
  found: string | undefined;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/** The offset of the first character that cannot be there; -1 when the text is JSON. */
function breakOffset(text: string): number {
  let at = 0;
  const stop = (): never => {
    throw new BrokenAt(at);
  };
  const skipSpace = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at += 1;
  };
  const expect = (char: string) => (text[at] === char ? (at += 1) : stop());
  const matchAt = (pattern: RegExp) => {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) stop();
    at += match![0].length;
  };
  const string = () => {
    expect('"');
    for (;;) {
      const char = text[at];
      if (char === undefined || char < ' ') stop();
      at += 1;
      if (char === '"') return;
      if (char !== '\\') continue;
      if (text[at] === 'u') {
        at += 1;
        matchAt(HEX4);
      } else if (text[at] !== undefined && '"\\/bfnrt'.includes(text[at]!)) at += 1;
      else stop();
    }
  };
  const list = (close: string, entry: () => void) => {
    at += 1;
    skipSpace();
    if (text[at] === close) {
      at += 1;
      return;
    }
    for (;;) {
      entry();
      skipSpace();
      if (text[at] === close) {
        at += 1;
        return;
      }
      expect(',');
    }
  };
  const value = (): void => {
    skipSpace();
    const char = text[at];
    if (char === '{')
      list('}', () => {
        skipSpace();
        string();
        skipSpace();
        expect(':');
        value();
      });
    else if (char === '[') list(']', value);
    else if (char === '"') string();
    else if (char === 't' || char === 'f' || char === 'n') {
      const word = char === 't' ? 'true' : char === 'f' ? 'false' : 'null';
      if (!text.startsWith(word, at)) stop();
      at += word.length;
    } else matchAt(NUMBER);
  };
  try {
    value();
    skipSpace();
    if (at < text.length) stop();
    return -1;
  } catch (error) {
    if (error instanceof BrokenAt) return error.offset;
    throw error;
  }
}

class BrokenAt {
  constructor(readonly offset: number) {}
}

/** Where the text breaks as JSON; undefined when it is JSON, or nested too deep to follow. */
export function findJsonBreak(text: string): JsonBreak | undefined {
  let offset: number;
  try {
    offset = breakOffset(text);
  } catch {
    // Thousands of brackets deep: the reader runs out of stack. JSON.parse's refusal stands alone.
    return undefined;
  }
  if (offset < 0) return undefined;
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line += 1;
  return { line, found: offset < text.length ? String.fromCodePoint(text.codePointAt(offset)!) : undefined };
}
