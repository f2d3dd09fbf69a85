// Module types for what webpack loads besides TypeScript.
declare module '*.module.scss' {
  const classes: { readonly [className: string]: string };
  export default classes;
}
declare module '*.scss';
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.jpg?inline' {
  /** A data: URL of the picture. */
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.pdf' {
  const url: string;
  export default url;
}
declare module '*.woff2' {
  /** The font's URL (the apps), or a data: URL (the publish function's renderer bundle). */
  const url: string;
  export default url;
}
declare module '*.woff' {
  /** The font's URL (the apps), or a data: URL (the publish function's renderer bundle). */
  const url: string;
  export default url;
}
