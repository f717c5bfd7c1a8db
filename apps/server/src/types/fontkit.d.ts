// The part of fontkit (pdfkit's font engine, no type definitions of its own) that the server uses directly.
declare module 'fontkit' {
  interface FontkitFont {
    /** Every Unicode code point the font's character map covers. */
    readonly characterSet: number[];
  }
  export function create(buffer: Buffer): FontkitFont;
}
