import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

/** A JPEG whose EXIF holds a GPS position and says "rotate 90°" (orientation 6). */
export function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return canvas(width, height)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

/** True if an EXIF block carries a GPS IFD pointer (tag 0x8825, little- or big-endian). */
export const hasGpsTag = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

export const png = (width = 300, height = 200) => canvas(width, height).png().toBuffer();
export const gif = (width = 120, height = 80) => canvas(width, height).gif().toBuffer();
export const webp = (width = 120, height = 80) => canvas(width, height).webp().toBuffer();
export const bigJpeg = () => canvas(4000, 3000).jpeg({ quality: 50 }).toBuffer();

export const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

/** Every file under a directory, relative paths (empty if it does not exist). */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(dir, join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}
