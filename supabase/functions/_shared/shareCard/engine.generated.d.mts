// Types of engine.generated.mjs, the bundle scripts/lib/shareCardEngine.mjs builds from satori,
// @resvg/resvg-wasm and @fontsource/inter (only what shareCard.ts uses of them).

/** An element as satori reads it: React's shape, without React. */
export interface CardNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: CardNode | string | (CardNode | string)[] };
}

export interface CardFont {
  name: string;
  weight: 400 | 700;
  style: 'normal';
  data: Uint8Array;
}

export declare function satori(element: CardNode, options: { width: number; height: number; fonts: CardFont[] }): Promise<string>;

export declare function initWasm(module: BufferSource | WebAssembly.Module): Promise<void>;

export declare class Resvg {
  constructor(svg: string, options?: { fitTo?: { mode: 'width'; value: number } | { mode: 'original' }; background?: string });
  render(): { asPng(): Uint8Array; readonly width: number; readonly height: number; free(): void };
  free(): void;
}

/** resvg's wasm, as bytes. */
export declare const RESVG_WASM: Uint8Array;

/** Inter, latin and latin-ext, 400 and 700 (WOFF). */
export declare const FONTS: CardFont[];
