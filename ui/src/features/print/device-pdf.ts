import type { PrintableDocument } from '@erp/contracts';
import { documentDefinition, FONTS } from '@erp/contracts/print-layout';
import devanagariBold from '@fontsource/noto-sans/files/noto-sans-devanagari-700-normal.woff?url';
import devanagari from '@fontsource/noto-sans/files/noto-sans-devanagari-400-normal.woff?url';
import latinExtBold from '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff?url';
import latinExt from '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff?url';
import latinBold from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff?url';
import latin from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?url';

/**
 * A printed document's PDF made on the phone (issue 47 item 3): the server's own layout
 * (contracts' print-layout, the same pdfmake definition `GET …/{id}/pdf` draws), set in the same
 * Noto Sans files, which the service worker keeps with the app, so it works with no network.
 * This module and pdfmake are loaded only when a PDF is asked for (never in the first screen's
 * code). The layout uses no italics: those faces are the upright ones.
 */
const FILES: Record<string, string> = {
  [FONTS.Latin.normal]: latin,
  [FONTS.Latin.bold]: latinBold,
  [FONTS.LatinExt.normal]: latinExt,
  [FONTS.LatinExt.bold]: latinExtBold,
  [FONTS.Devanagari.normal]: devanagari,
  [FONTS.Devanagari.bold]: devanagariBold,
};
const upright = (face: { normal: string; bold: string }) => ({ normal: face.normal, bold: face.bold, italics: face.normal, bolditalics: face.bold });

const base64 = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

let ready: Promise<typeof import('pdfmake')> | null = null;

/** pdfmake with the fonts in its file store, loaded once; nothing else is fetched while a PDF is made. */
const pdfmake = () => {
  ready ??= (async () => {
    const [module, files] = await Promise.all([
      import('pdfmake'),
      Promise.all(
        Object.entries(FILES).map(async ([name, url]) => {
          const response = await fetch(url);
          if (!response.ok) throw new Error(`The font ${name} could not be loaded`);
          return [name, base64(new Uint8Array(await response.arrayBuffer()))] as const;
        }),
      ),
    ]);
    const make = (module as { default?: typeof import('pdfmake') }).default ?? module;
    make.addVirtualFileSystem(Object.fromEntries(files));
    make.setFonts({ Latin: upright(FONTS.Latin), LatinExt: upright(FONTS.LatinExt), Devanagari: upright(FONTS.Devanagari) });
    make.setUrlAccessPolicy(() => false);
    return make;
  })().catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
};

/** The PDF of a printable document, made here. */
export async function devicePdf(doc: PrintableDocument): Promise<Blob> {
  const make = await pdfmake();
  return make.createPdf(documentDefinition(doc)).getBlob();
}
