import { afterEach, describe, expect, it, vi } from 'vitest';

import { isStoredPicture, PICTURE_MAX_BYTES, pictureProblem } from './pictures';

const picture = (type = 'image/png', bytes = 4) => new File([new Uint8Array(bytes)], 'a.png', { type });

const measuring = (width: number, height: number) => {
  const close = vi.fn();
  vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.resolve({ width, height, close })));
  return close;
};

describe('pictureProblem', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['image/jpeg', 'image/png', 'image/webp'])('takes a %s of at least 800 × 600 pixels', async (type) => {
    const close = measuring(800, 600);
    await expect(pictureProblem(picture(type))).resolves.toBeNull();
    expect(close).toHaveBeenCalled();
  });

  it.each(['image/gif', 'text/plain', ''])('refuses the type %j without reading it', async (type) => {
    measuring(1200, 900);
    await expect(pictureProblem(picture(type))).resolves.toBe('type');
    expect(globalThis.createImageBitmap).not.toHaveBeenCalled();
  });

  it('refuses more than 8 MB', async () => {
    measuring(1200, 900);
    await expect(pictureProblem(picture('image/jpeg', PICTURE_MAX_BYTES + 1))).resolves.toBe('bytes');
    await expect(pictureProblem(picture('image/jpeg', PICTURE_MAX_BYTES))).resolves.toBeNull();
  });

  it.each([
    [799, 600, 'small'],
    [800, 599, 'small'],
    [600, 800, 'small'],
    [8001, 900, 'large'],
    [1200, 8001, 'large'],
    [8000, 8000, null],
  ])('measures %i × %i as %s', async (width, height, problem) => {
    measuring(width, height);
    await expect(pictureProblem(picture())).resolves.toBe(problem);
  });

  it('leaves the size to the server where the browser cannot tell it', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    await expect(pictureProblem(picture())).resolves.toBeNull();
    vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.reject(new DOMException('No.', 'InvalidStateError'))));
    await expect(pictureProblem(picture())).resolves.toBeNull();
  });
});

it('tells uploaded pictures from the shop’s own', () => {
  expect(isStoredPicture('/pictures/TR_ZEN/7-page.jpg')).toBe(true);
  expect(isStoredPicture('/media/products/zen.jpg')).toBe(false);
});
