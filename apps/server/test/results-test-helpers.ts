import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { insertAssessment } from './assessment-factories';
import type { TestServer } from './test-server';

// Shared by the results and report integration tests.

const run = promisify(execFile);

/** A test answered and submitted through the patient API, so its scores are frozen exactly as in production. */
export async function createSubmittedAssessment(
  server: TestServer,
  options: { clinicianId: string; responses: string },
): Promise<number> {
  const { row, code } = await insertAssessment(server, { clinicianId: options.clinicianId, consented: true });
  const patient = server.client();
  const answers = [...options.responses].map((c, i) => ({ item: i + 1, value: Number(c) }));
  const saved = await patient.post(`/api/patient/${code}/answers`, { answers });
  if (saved.status !== 200) {
    throw new Error(`saving answers failed: ${saved.status} ${await saved.text()}`);
  }
  const submitted = await patient.post(`/api/patient/${code}/submit`);
  if (submitted.status !== 200) {
    throw new Error(`submit failed: ${submitted.status} ${await submitted.text()}`);
  }
  return row.id;
}

/** Runs `work` with the PDF written to a file in a new temp folder (removed after), for poppler's tools. */
async function withPdfFile<T>(pdf: Uint8Array, work: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'pid5-report-'));
  try {
    const file = join(dir, 'report.pdf');
    await writeFile(file, pdf);
    return await work(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const PDFTOTEXT_BUFFER = 10 * 1024 * 1024;

/** The text of a PDF by poppler's pdftotext (installed in CI): pages separated by form feeds. */
export function pdfToText(pdf: Uint8Array, options: { layout?: boolean } = {}): Promise<string> {
  return withPdfFile(pdf, async (file) => {
    const args = ['-enc', 'UTF-8', ...(options.layout ? ['-layout'] : []), file, '-'];
    return (await run('pdftotext', args, { maxBuffer: PDFTOTEXT_BUFFER })).stdout;
  });
}

/** The words on a PDF page with where they start (pdftotext -bbox), in the order poppler reads them. */
export function pdfWords(pdf: Uint8Array, page = 1): Promise<{ text: string; x: number; y: number }[]> {
  return withPdfFile(pdf, async (file) => {
    const args = ['-enc', 'UTF-8', '-bbox', '-f', String(page), '-l', String(page), file, '-'];
    const { stdout } = await run('pdftotext', args, { maxBuffer: PDFTOTEXT_BUFFER });
    return [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((match) => ({
      x: Number(match[1]),
      y: Number(match[2]),
      text: match[3] ?? '',
    }));
  });
}

/** Draws every page of a PDF with poppler's pdftoppm: how many pages it drew and what poppler complained about. */
export function rasterisePdf(pdf: Uint8Array): Promise<{ pages: number; complaints: string }> {
  return withPdfFile(pdf, async (file, dir) => {
    const { stderr } = await run('pdftoppm', ['-r', '20', '-png', file, join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((name) => name.endsWith('.png')).length;
    return { pages, complaints: stderr };
  });
}

/** Every page of a PDF drawn by poppler's pdftoppm at `dpi`, as PNG bytes in page order: to compare two PDFs' pixels. */
export function pdfPageImages(pdf: Uint8Array, dpi = 60): Promise<Buffer[]> {
  return withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', String(dpi), '-png', file, join(dir, 'page')]);
    const pageNumber = (name: string) => Number(/-(\d+)\.png$/.exec(name)?.[1]);
    const names = (await readdir(dir)).filter((name) => name.endsWith('.png'));
    names.sort((a, b) => pageNumber(a) - pageNumber(b));
    return Promise.all(names.map((name) => readFile(join(dir, name))));
  });
}

/** Pages of pdftotext output (the trailing form feed leaves an empty last element, dropped here). */
export function splitPages(text: string): string[] {
  const pages = text.split('\f');
  return pages.at(-1)?.trim() === '' ? pages.slice(0, -1) : pages;
}

/** Every string in a JSON value (an API answer), to read it as text. */
export function strings(value: unknown): string[] {
  if (typeof value === 'string') {
    return [value];
  }
  if (Array.isArray(value)) {
    return value.flatMap(strings);
  }
  if (value !== null && typeof value === 'object') {
    return Object.values(value).flatMap(strings);
  }
  return [];
}

/** A text with every run of white space (a PDF's line breaks) as one space. */
export const flat = (text: string): string => text.replace(/\s+/g, ' ');
