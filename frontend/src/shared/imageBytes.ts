/**
 * What an image file really is, by its first bytes (the server checks the same way): a file
 * named `.png` that holds text is not an image, whatever its name or the browser's guess says.
 */
export type ImageKind = 'png' | 'jpeg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** The kind of image `head` (the file's first bytes) starts, or null. */
export function imageKindOf(head: Uint8Array): ImageKind | null {
  const starts = (sig: number[]) => head.length >= sig.length && sig.every((b, i) => head[i] === b);
  if (starts(PNG_SIGNATURE)) return 'png';
  if (starts(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/** Reads the first bytes of `file` and tells whether it is a PNG or JPEG image. */
export async function isPngOrJpeg(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  return imageKindOf(head) !== null;
}
