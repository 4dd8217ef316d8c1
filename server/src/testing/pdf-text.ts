import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** A PDF's text, as poppler's pdftotext reads it (the lines of the page, in reading order, runs of spaces as one). */
export const pdfText = async (pdf: Buffer) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'erp-pdf-'));
  try {
    await writeFile(path.join(dir, 'doc.pdf'), pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', path.join(dir, 'doc.pdf'), '-']);
    return stdout.replace(/[ \t]+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
