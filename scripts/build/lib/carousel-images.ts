/**
 * The About page carousel's pictures: each slide's illustration
 * (carousel-art.ts) rendered with Inter by resvg, then encoded by sharp as AVIF
 * and WebP at the widths the page's srcset names (app/lib/carousel.ts).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { companyPage } from "../../../app/content/pages.server.ts";
import { CAROUSEL_IMAGE, carouselImagePath } from "../../../app/lib/carousel.ts";
import { renderPng, withInterFonts } from "./brand-images.ts";
import { carouselArtSvg } from "./carousel-art.ts";

export async function writeCarouselImages(clientDir: string): Promise<{ files: number; bytes: number }> {
  return withInterFonts(async (font) => {
    let files = 0;
    let bytes = 0;
    for (const slide of companyPage.carousel.slides) {
      const png = renderPng(carouselArtSvg(slide.id), CAROUSEL_IMAGE.width, font);
      for (const width of CAROUSEL_IMAGE.widths) {
        const resized = sharp(png).resize({ width });
        const encoded = {
          avif: await resized.clone().avif({ quality: 60, effort: 2 }).toBuffer(),
          webp: await resized.clone().webp({ quality: 82, effort: 5 }).toBuffer(),
        };
        for (const format of CAROUSEL_IMAGE.formats) {
          const target = join(clientDir, carouselImagePath(slide.id, width, format));
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, encoded[format]);
          files += 1;
          bytes += encoded[format].length;
        }
      }
    }
    return { files, bytes };
  });
}
