import { decode } from 'fast-png';

/** Decodes a PNG and measures how much its pixels vary: a blank picture has a variance near zero. */
export function pngStats(png: Uint8Array): { width: number; height: number; variance: number } {
  const image = decode(png);
  const channels = image.channels;
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let i = 0; i < image.data.length; i += channels) {
    // Luminance of the colour channels; alpha is left out.
    const grey = ((image.data[i] ?? 0) + (image.data[i + 1] ?? 0) + (image.data[i + 2] ?? 0)) / 3;
    sum += grey;
    squares += grey * grey;
    count += 1;
  }
  const mean = sum / count;
  return { width: image.width, height: image.height, variance: squares / count - mean * mean };
}
