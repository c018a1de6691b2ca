import { describe, expect, it } from 'vitest';
import { imageKindOf, isPngOrJpeg } from './imageBytes';

describe('imageKindOf', () => {
  it('recognises PNG and JPEG by their signatures', () => {
    expect(imageKindOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(imageKindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
  });

  it('refuses text, truncated signatures and other images', () => {
    expect(imageKindOf(new TextEncoder().encode('not an image at all'))).toBeNull();
    expect(imageKindOf(new Uint8Array([0x89, 0x50, 0x4e]))).toBeNull();
    expect(imageKindOf(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(imageKindOf(new Uint8Array([]))).toBeNull();
  });
});

describe('isPngOrJpeg', () => {
  it('reads the file content, not its name', async () => {
    const text = new File(['hello'], 'foto.png', { type: 'image/png' });
    expect(await isPngOrJpeg(text)).toBe(false);
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 1, 2])], 'foto.txt', { type: 'text/plain' });
    expect(await isPngOrJpeg(jpeg)).toBe(true);
  });
});
