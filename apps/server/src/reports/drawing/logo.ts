import { COLOR } from './style';

type Doc = PDFKit.PDFDocument;

/** The logo (apps/web/public/logo.svg) drawn as vectors, `size` points square: a teal rounded square with four bars. */
export function drawLogo(doc: Doc, x: number, y: number, size: number): void {
  const s = size / 32;
  doc.save();
  doc.roundedRect(x, y, 32 * s, 32 * s, 6 * s).fill(COLOR.brand);
  doc.fillColor('#ffffff');
  for (const [bx, by, bw, bh] of [
    [6, 16, 4, 10],
    [12, 10, 4, 16],
    [18, 13, 4, 13],
    [24, 6, 2, 20],
  ] as const) {
    doc.rect(x + bx * s, y + by * s, bw * s, bh * s).fill();
  }
  doc.restore();
}
