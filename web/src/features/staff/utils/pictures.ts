/**
 * An offer's picture as the back office uploads it, checked in the page the
 * way the shop checks it (a JPEG, PNG or WebP of at most 8 MB, at least
 * 800 × 600 and at most 8000 × 8000 pixels) so a refused file is not sent.
 * The server checks again and decides whatever the page cannot tell.
 */

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The `accept` attribute of the file input. */
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');

export const PICTURE_MAX_BYTES = 8 * 1024 * 1024;
export const PICTURE_MIN_SIZE = { width: 800, height: 600 };
export const PICTURE_MAX_SIDE = 8000;

export type PictureProblem = 'type' | 'bytes' | 'small' | 'large';

type Size = { width: number; height: number };

/** The picture's pixels, or null where the browser cannot tell (no `createImageBitmap`, or it cannot decode the file). */
async function measure(file: Blob): Promise<Size | null> {
  if (typeof globalThis.createImageBitmap !== 'function') return null;
  try {
    const bitmap = await globalThis.createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** What is wrong with a picture before it is sent, if anything. */
export async function pictureProblem(file: File): Promise<PictureProblem | null> {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PICTURE_MAX_BYTES) return 'bytes';
  const size = await measure(file);
  if (!size) return null;
  if (size.width < PICTURE_MIN_SIZE.width || size.height < PICTURE_MIN_SIZE.height) return 'small';
  if (size.width > PICTURE_MAX_SIDE || size.height > PICTURE_MAX_SIDE) return 'large';
  return null;
}

/** Pictures in the catalog's store (uploads and the demo's) can be removed; a demo picture not yet moved there (under /media/) cannot. */
export const isStoredPicture = (path: string) => path.startsWith('/pictures/');
