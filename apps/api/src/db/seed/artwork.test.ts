import { describe, expect, it } from 'vitest';
import { heightForSize, offerPieces, offerScene, productScenes } from './artwork';
import { OFFERS, PRODUCTS, type SeedProduct } from './catalogue';
import { FAMILY_PALETTES, productDesign } from './design';

const heroSvg = (product: SeedProduct) => productScenes(product)[0]!.svg;
const output = { file: 'offer.webp', width: 600, height: 600 };
const offer = (slug: string) => OFFERS.find((o) => o.slug === slug)!;

describe('product artwork', () => {
  it('draws two products of the same kind and family differently', () => {
    const [first, second] = PRODUCTS.filter((p) => p.bottle === 'flacon' && p.familySlug === 'woody');
    expect(second).toBeDefined();
    expect(heroSvg(first!)).not.toBe(heroSvg(second!));
  });

  it('gives every seed product a picture of its own, the same one at every run', () => {
    const pictures = PRODUCTS.map(heroSvg);
    expect(new Set(pictures).size).toBe(PRODUCTS.length);
    expect(PRODUCTS.map(heroSvg)).toEqual(pictures);
  });

  it('uses several silhouettes and cap styles, the atomiser for pocket sprays and the kind’s container for deodorants', () => {
    const designs = PRODUCTS.map((p) => ({ product: p, design: productDesign(p) }));
    const perfumes = designs.filter(({ product }) => product.bottle === 'flacon' || product.bottle === 'round');
    expect(new Set(perfumes.map(({ design }) => design.silhouette)).size).toBe(5);
    expect(new Set(perfumes.map(({ design }) => ('cap' in design ? design.cap : undefined))).size).toBeGreaterThanOrEqual(4);
    for (const { product, design } of designs) {
      if (product.bottle === 'bullet') expect(design.silhouette).toBe('atomiser');
      if (product.type === 'deodorant') expect(['spray-can', 'stick', 'roll-on']).toContain(design.silhouette);
    }
  });

  it('colours the juice, the glass and the cap from the fragrance family', () => {
    for (const product of PRODUCTS) {
      const { finish } = productDesign(product);
      const family = FAMILY_PALETTES[product.familySlug];
      expect(family.juices).toContain(finish.body);
      expect(family.caps).toContain(finish.cap);
      expect(finish.glass).toBe(family.glass);
    }
  });

  it('draws sizes to scale: a bottle ten times smaller is the cube root of ten times shorter', () => {
    expect(heightForSize(600, 100, 100)).toBe(600);
    expect(heightForSize(600, 10, 100)).toBeCloseTo(600 / Math.cbrt(10), 6);
    expect(heightForSize(600, 50, 100)).toBeLessThan(heightForSize(600, 75, 100));
  });
});

describe('offer artwork', () => {
  it.each(OFFERS.map((o) => [o.slug, o] as const))('%s shows as many pieces as it holds', (_, o) => {
    const pieces = o.items.reduce((sum, item) => sum + item.quantity, 0);
    expect(offerPieces(o, PRODUCTS)).toHaveLength(pieces);
    expect(offerScene(o, PRODUCTS, output).match(/data-piece="/g)).toHaveLength(pieces);
  });

  it('draws the five pieces of the pocket set and both deodorants of a pair', () => {
    expect(offerScene(offer('pocket-discovery-set'), PRODUCTS, output).match(/data-piece="/g)).toHaveLength(5);
    const everyday = offerScene(offer('fresh-everyday-set'), PRODUCTS, output);
    expect(everyday.match(/data-piece="citrus-shield-spray"/g)).toHaveLength(2);
  });
});
