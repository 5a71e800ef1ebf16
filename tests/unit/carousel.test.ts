import { describe, expect, it } from "vitest";
import { companyPage } from "../../app/content/pages.server.ts";

const carouselSlides = companyPage.carousel.slides;
import { CAROUSEL_IMAGE, CAROUSEL_IMAGE_COUNT, CAROUSEL_INTERVAL_MS, carouselSrcSet, initialRotation, isAdvancing, wrapIndex } from "../../app/lib/carousel.ts";

describe("the About carousel's rules", () => {
  it("has FIG-7's five images and 3000 ms interval", () => {
    expect(carouselSlides).toHaveLength(CAROUSEL_IMAGE_COUNT);
    expect(CAROUSEL_IMAGE_COUNT).toBe(5);
    expect(CAROUSEL_INTERVAL_MS).toBe(3000);
    expect(new Set(carouselSlides.map((slide) => slide.id)).size).toBe(5);
    for (const slide of carouselSlides) expect(slide.alt.length, slide.id).toBeGreaterThan(30);
  });

  it("wraps around at both ends", () => {
    expect(wrapIndex(4, 1, 5)).toBe(0);
    expect(wrapIndex(0, -1, 5)).toBe(4);
    expect(wrapIndex(2, 1, 5)).toBe(3);
    expect(wrapIndex(0, -6, 5)).toBe(4);
  });

  it("advances only while rotating and not hovered, and starts stopped under reduced motion", () => {
    expect(isAdvancing({ rotating: true, hovered: false })).toBe(true);
    expect(isAdvancing({ rotating: true, hovered: true })).toBe(false);
    expect(isAdvancing({ rotating: false, hovered: false })).toBe(false);
    expect(initialRotation(false)).toBe(true);
    expect(initialRotation(true)).toBe(false);
  });

  it("offers each picture at two widths in AVIF and WebP", () => {
    expect(carouselSrcSet("vault", "avif")).toBe("/images/about/vault-800.avif 800w, /images/about/vault-1600.avif 1600w");
    expect(CAROUSEL_IMAGE.width / CAROUSEL_IMAGE.height).toBeCloseTo(16 / 9);
  });
});
