/**
 * The shop's own artwork: product shots, offer shots and home-slider banners, composed as SVG (bottles.ts) and
 * rasterised to WebP with sharp. No text is baked in, so the storefront can caption them in either language.
 *
 * Paths are relative to the media root and depend only on slugs, so the seed can store them without rendering.
 * Rendering is deterministic; a manifest of content hashes in the media root lets a restart skip files that are
 * already up to date.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { SvgDefs, containerSize, darken, drawContainer, giftBox, lighten, luminance, mix, num, sparkle } from './bottles';
import { OFFERS, PRODUCTS, SLIDERS, productBySlug, type Palette, type SeedOffer, type SeedProduct, type SeedSlide } from './catalogue';
import { productDesign, type Design } from './design';
import { hashString, randomTools, seededRandom } from './random';

export type ProductImagePaths = { image: string; imageDesktop: string; imageMobile: string; gallery: string[] };
export type OfferImagePaths = { image: string; imageDesktop: string; imageMobile: string };
export type SliderImagePaths = { imageDesktop: string; imageMobile: string };

/** Pixel sizes (square) of the product and offer images. */
export const IMAGE_SIZES = { image: 600, imageDesktop: 1200, imageMobile: 480, gallery: 1200 } as const;
/** Pixel sizes of the slider banners. */
export const SLIDER_SIZES = { desktop: { width: 1600, height: 600 }, mobile: { width: 800, height: 800 } } as const;

const WEBP_QUALITY = 75;
/** libwebp effort 2 of 6: half the encoding time of the default for the same size on these flat gradients. */
const WEBP_EFFORT = 2;
const MANIFEST = '.artwork-manifest.json';

export function productImagePaths(product: Pick<SeedProduct, 'slug' | 'artworkSlug'>): ProductImagePaths {
  const slug = product.artworkSlug ?? product.slug;
  return {
    image: `products/${slug}-${IMAGE_SIZES.image}.webp`,
    imageDesktop: `products/${slug}-${IMAGE_SIZES.imageDesktop}.webp`,
    imageMobile: `products/${slug}-${IMAGE_SIZES.imageMobile}.webp`,
    gallery: [`products/${slug}-gallery-1.webp`, `products/${slug}-gallery-2.webp`],
  };
}

export function offerImagePaths(offer: Pick<SeedOffer, 'slug'>): OfferImagePaths {
  return {
    image: `offers/${offer.slug}-${IMAGE_SIZES.image}.webp`,
    imageDesktop: `offers/${offer.slug}-${IMAGE_SIZES.imageDesktop}.webp`,
    imageMobile: `offers/${offer.slug}-${IMAGE_SIZES.imageMobile}.webp`,
  };
}

/** `position` is the slide's place on the home page (0 first); it leads the file name so files sort like the slides. */
export function sliderImagePaths(slide: Pick<SeedSlide, 'slug'>, position: number): SliderImagePaths {
  const prefix = `sliders/${String(position + 1).padStart(2, '0')}-${slide.slug}`;
  const { desktop, mobile } = SLIDER_SIZES;
  return {
    imageDesktop: `${prefix}-${desktop.width}x${desktop.height}.webp`,
    imageMobile: `${prefix}-${mobile.width}x${mobile.height}.webp`,
  };
}

// --- Composition ------------------------------------------------------------------------------------------------

type Output = { file: string; width: number; height: number };
/** One SVG drawing rasterised once, at the size of its first output, and saved at every output size. */
export type Scene = { svg: string; outputs: readonly Output[] };
/** What a scene needs of a product: its container's design, its backdrop colours and its sizes. */
export type Drawable = { slug: string; design: Design; palette: Palette; sizesMl: readonly number[] };

export function drawable(product: SeedProduct): Drawable {
  return { slug: product.artworkSlug ?? product.slug, design: productDesign(product), palette: product.palette, sizesMl: product.sizesMl };
}

const SQUARE = 1000;

function svgDocument(viewWidth: number, viewHeight: number, output: Output, defs: SvgDefs, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${output.width}" height="${output.height}" viewBox="0 0 ${viewWidth} ${viewHeight}">` +
    `${defs}${body}</svg>`
  );
}

/** A container standing with its base centre at (x, baseY), `height` units tall. */
function placeBottle(defs: SvgDefs, item: Drawable, x: number, baseY: number, height: number, rotate = 0): string {
  const scale = height / containerSize(item.design).height;
  return (
    `<g transform="translate(${num(x)} ${num(baseY)}) rotate(${num(rotate)}) scale(${Math.round(scale * 10000) / 10000})">` +
    `${drawContainer(defs, item.design)}</g>`
  );
}

const bottleWidth = (item: Drawable, height: number) => {
  const size = containerSize(item.design);
  return (size.width * height) / size.height;
};

function contactShadow(defs: SvgDefs, x: number, y: number, rx: number, opacity = 0.5): string {
  const paint = defs.radial([
    [0, '#000000', opacity],
    [0.6, '#000000', opacity * 0.45],
    [1, '#000000', 0],
  ]);
  return `<ellipse cx="${num(x)}" cy="${num(y)}" rx="${num(rx)}" ry="${num(Math.max(14, rx * 0.11))}" fill="${paint}"/>`;
}

function backdrop(defs: SvgDefs, width: number, height: number, from: string, to: string, glow: { x: number; y: number; r: number }) {
  const strength = luminance(from) > 0.7 ? 0.55 : 0.3;
  const light = defs.radial([
    [0, '#ffffff', strength],
    [0.55, '#ffffff', strength * 0.35],
    [1, '#ffffff', 0],
  ]);
  return (
    `<rect width="${width}" height="${height}" fill="${defs.linear(
      [
        [0, from],
        [1, to],
      ],
      [0, 0, 1, 1],
    )}"/>` + `<ellipse cx="${num(glow.x)}" cy="${num(glow.y)}" rx="${num(glow.r)}" ry="${num(glow.r * 0.92)}" fill="${light}"/>`
  );
}

/** A pointed arch outline (a nod to mashrabiya windows) standing on `bottom`. */
function arch(cx: number, bottom: number, halfWidth: number, top: number, palette: Palette, opacity: number): string {
  const spring = top + halfWidth * 0.9;
  const d = (w: number, lift: number) =>
    `M${num(cx - w)} ${num(bottom)}V${num(spring)}Q${num(cx - w)} ${num(top + lift + w * 0.25)} ${num(cx)} ${num(top + lift)}` +
    `Q${num(cx + w)} ${num(top + lift + w * 0.25)} ${num(cx + w)} ${num(spring)}V${num(bottom)}`;
  return (
    `<path d="${d(halfWidth, 0)}" fill="#ffffff" fill-opacity="${num(opacity * 0.3)}" stroke="${palette.accent}" stroke-opacity="${num(opacity)}" stroke-width="3"/>` +
    `<path d="${d(halfWidth - 16, 18)}" fill="none" stroke="${palette.accent}" stroke-opacity="${num(opacity * 0.6)}" stroke-width="1.5"/>`
  );
}

/** A tabletop from `y` down, a shade darker than the backdrop. */
function floor(defs: SvgDefs, width: number, height: number, y: number, palette: Palette): string {
  const paint = defs.linear([
    [0, darken(palette.to, 0.15)],
    [1, darken(palette.to, 0.42)],
  ]);
  return (
    `<rect x="0" y="${num(y)}" width="${width}" height="${num(height - y)}" fill="${paint}"/>` +
    `<rect x="0" y="${num(y)}" width="${width}" height="2" fill="${lighten(palette.to, 0.4)}" opacity="0.5"/>`
  );
}

/** The bottle mirrored in a glossy tabletop, fading out. */
function reflection(defs: SvgDefs, item: Drawable, x: number, floorY: number, height: number, canvasHeight: number): string {
  const fade = defs.linear([
    [0, '#ffffff', 0.32],
    [0.45, '#ffffff', 0],
  ]);
  const mask = defs.mask(
    0,
    floorY,
    SQUARE,
    canvasHeight - floorY,
    `<rect x="0" y="${num(floorY)}" width="${SQUARE}" height="${num(canvasHeight - floorY)}" fill="${fade}"/>`,
  );
  return `<g mask="${mask}"><g transform="translate(0 ${num(2 * floorY)}) scale(1 -1)">${placeBottle(defs, item, x, floorY, height)}</g></g>`;
}

type Area = { x: number; y: number; width: number; height: number };

/** Sparkles scattered over the given areas in turn (kept off the bottles). */
function sparkles(seed: number, count: number, areas: readonly Area[], color: string) {
  const dice = randomTools(seededRandom(seed));
  return Array.from({ length: count }, (_, i) => {
    const area = areas[i % areas.length];
    if (!area) throw new Error('Sparkles need an area to fall in.');
    const x = area.x + dice.random() * area.width;
    const y = area.y + dice.random() * area.height;
    return sparkle(x, y, dice.int(8, 22), color, 0.45 + dice.random() * 0.45);
  }).join('');
}

/** Left and right of a centred subject `halfWidth` wide. */
const besides = (cx: number, halfWidth: number, y: number, height: number, margin = 150): Area[] => [
  { x: cx - halfWidth - margin, y, width: margin - 30, height },
  { x: cx + halfWidth + 30, y, width: margin - 30, height },
];

function bokeh(seed: number, count: number, width: number, height: number, palette: Palette) {
  const dice = randomTools(seededRandom(seed));
  return Array.from({ length: count }, () => {
    const color = dice.chance(0.5) ? '#ffffff' : palette.accent;
    return `<circle cx="${num(dice.random() * width)}" cy="${num(dice.random() * height * 0.8)}" r="${num(dice.int(18, 90))}" fill="${color}" opacity="${num(0.05 + dice.random() * 0.13)}"/>`;
  }).join('');
}

/** Where a product's box stands beside its bottle: a little behind, to the bottle's end side. */
function boxBeside(item: Drawable, bottleX: number, height: number) {
  const width = Math.max(190, Math.min(300, bottleWidth(item, height) * 0.95));
  return { x: bottleX + bottleWidth(item, height) * 0.3, width, height: height * 0.68 };
}

/** Card and detail shot: the bottle with its box beside it, on a glossy tabletop. */
function productHero(item: Drawable, output: Output): string {
  const defs = new SvgDefs();
  const { palette } = item;
  const floorY = 850;
  const height = 620;
  const bottleX = 400;
  const halfWidth = bottleWidth(item, height) / 2;
  const box = boxBeside(item, bottleX, height);
  const boxBottom = floorY - 34;
  const body =
    backdrop(defs, SQUARE, SQUARE, palette.from, palette.to, { x: 460, y: 430, r: 540 }) +
    floor(defs, SQUARE, SQUARE, floorY, palette) +
    contactShadow(defs, box.x + box.width * 0.6, boxBottom + 2, box.width * 0.8, 0.4) +
    giftBox(defs, palette, box.x, boxBottom, box.width, box.height, { bow: false }) +
    reflection(defs, item, bottleX, floorY, height, SQUARE) +
    contactShadow(defs, bottleX, floorY + 2, halfWidth * 1.25) +
    placeBottle(defs, item, bottleX, floorY, height) +
    sparkles(hashString(item.slug), 5, [{ x: 80, y: 90, width: 840, height: 110 }], lighten(palette.accent, 0.3));
  return svgDocument(SQUARE, SQUARE, output, defs, body);
}

/** Gallery: a tilted close-up in a spotlight. */
function productCloseUp(item: Drawable, output: Output): string {
  const defs = new SvgDefs();
  const { palette } = item;
  const body =
    backdrop(defs, SQUARE, SQUARE, palette.to, palette.from, { x: 380, y: 320, r: 560 }) +
    bokeh(hashString(`${item.slug}/close-up`), 9, SQUARE, SQUARE, palette) +
    placeBottle(defs, item, 540, 1190, 1120, -8);
  return svgDocument(SQUARE, SQUARE, output, defs, body);
}

/**
 * A bottle's height for a size, to scale with the largest: a smaller bottle of the same shape holds the cube of its
 * height, so the height goes with the cube root of the volume.
 */
export function heightForSize(tallest: number, ml: number, largestMl: number): number {
  return tallest * Math.cbrt(ml / largestMl);
}

/** Gallery: every size of the product side by side, smallest first, drawn to scale, before its box. */
function productSizes(item: Drawable, output: Output): string {
  const defs = new SvgDefs();
  const { palette } = item;
  const floorY = 800;
  const sizes = [...item.sizesMl].sort((x, y) => x - y);
  const largest = Math.max(...sizes);
  const gap = 40;
  const tallest = 560;
  const bottleSizes = sizes.map((ml) => {
    const height = heightForSize(tallest, ml, largest);
    return { height, width: bottleWidth(item, height) };
  });
  const total = bottleSizes.reduce((sum, { width }) => sum + width, 0) + gap * (sizes.length - 1);
  // One scale for the whole row keeps the sizes in proportion when it has to shrink to fit.
  const fit = Math.min(1, 760 / total);
  let left = 500 - (total * fit) / 2;
  const bottles = bottleSizes.map(({ height, width }) => {
    const x = left + (width * fit) / 2;
    left += (width + gap) * fit;
    return contactShadow(defs, x, floorY + 40, width * fit * 0.6, 0.45) + placeBottle(defs, item, x, floorY + 40, height * fit);
  });
  const boxWidth = Math.max(260, Math.min(380, total * fit * 0.7));
  const body =
    backdrop(defs, SQUARE, SQUARE, mix(palette.from, palette.to, 0.35), palette.to, { x: 600, y: 380, r: 540 }) +
    floor(defs, SQUARE, SQUARE, floorY, palette) +
    contactShadow(defs, 560 + boxWidth * 0.3, floorY - 38, boxWidth * 0.75, 0.4) +
    giftBox(defs, palette, 560 - boxWidth * 0.3, floorY - 40, boxWidth, tallest * 0.7, { bow: false }) +
    bottles.join('') +
    sparkles(hashString(`${item.slug}/sizes`), 4, [{ x: 90, y: 60, width: 820, height: 110 }], lighten(palette.accent, 0.3));
  return svgDocument(SQUARE, SQUARE, output, defs, body);
}

type Placement = { item: Drawable; x: number; height: number; level: number };

/**
 * A row of bottles centred on `cx`: the first item in the middle, the next ones alternating outwards, each ring
 * `step` times smaller; shrunk as a whole to fit `maxWidth`. Returned back to front, ready to draw.
 */
function row(items: readonly Drawable[], cx: number, maxWidth: number, tallest: number, step = 0.84, gap = 22): Placement[] {
  const middle = (items.length - 1) / 2;
  const slots = items.map((_, i) => i).sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle) || a - b);
  const level = (slot: number) => Math.floor(Math.abs(slot - middle));
  // bySlot[slot] = the item standing there.
  const bySlot = slots.map((_, slot) => {
    const item = items[slots.indexOf(slot)];
    // Every slot is some item's: `slots` orders the items' own positions.
    if (!item) throw new Error('A row has a slot without a bottle.');
    return item;
  });
  const standing = bySlot.map((item, slot) => {
    const height = tallest * step ** level(slot);
    return { item, height, width: bottleWidth(item, height), ring: level(slot) };
  });
  const total = standing.reduce((sum, { width }) => sum + width, 0) + gap * (items.length - 1);
  const fit = Math.min(1, maxWidth / total);
  let left = cx - (total * fit) / 2;
  const placed = standing.map(({ item, height, width, ring }) => {
    const x = left + (width * fit) / 2;
    left += (width + gap) * fit;
    return { item, x, height: height * fit, level: ring };
  });
  return placed.sort((a, b) => b.level - a.level);
}

function drawRow(defs: SvgDefs, placements: readonly Placement[], baseY: number): string {
  return placements
    .map(
      ({ item, x, height }) =>
        `<g data-piece="${item.slug}">` +
        contactShadow(defs, x, baseY, bottleWidth(item, height) * 0.6, 0.45) +
        placeBottle(defs, item, x, baseY, height) +
        '</g>',
    )
    .join('');
}

/** Every piece an offer holds (an item bought twice is two pieces), as drawables. */
export function offerPieces(offer: SeedOffer, products: readonly SeedProduct[]): Drawable[] {
  return offer.items.flatMap((item) => {
    const piece = drawable(productBySlug(item.productSlug, products));
    return Array.from({ length: item.quantity }, () => piece);
  });
}

/** Offer shot: every piece of the bundle in a row before a gift box with a bow. */
export function offerScene(offer: SeedOffer, products: readonly SeedProduct[], output: Output): string {
  const defs = new SvgDefs();
  const pieces = offerPieces(offer, products);
  const [first] = pieces;
  if (!first) throw new Error(`Offer ${offer.slug} has no pieces to draw.`);
  const { palette } = first;
  const floorY = 700;
  const boxWidth = 440;
  const body =
    backdrop(defs, SQUARE, SQUARE, palette.from, palette.to, { x: 500, y: 380, r: 560 }) +
    floor(defs, SQUARE, SQUARE, floorY, palette) +
    contactShadow(defs, 540, floorY + 2, 300, 0.4) +
    giftBox(defs, palette, 500 - boxWidth * 0.6, floorY, boxWidth, 380, { bow: true }) +
    drawRow(defs, row(pieces, 500, 880, 400, pieces.length > 4 ? 0.9 : 0.84), 910) +
    sparkles(hashString(`offer/${offer.slug}`), 6, besides(500, 290, 100, 220, 200), lighten(palette.accent, 0.3));
  return svgDocument(SQUARE, SQUARE, output, defs, body);
}

type StageLayout = { width: number; height: number; stageY: number; stageRadius: number; tallest: number };

const STAGES = {
  desktop: { width: 1600, height: 600, stageY: 505, stageRadius: 380, tallest: 410 },
  mobile: { width: 800, height: 800, stageY: 700, stageRadius: 330, tallest: 400 },
} as const satisfies Record<string, StageLayout>;

/**
 * Slider banner: the slide's bottles on a round dais in the middle, under a row of arches. The sides stay calm so
 * the storefront can set the caption at the start edge in either reading direction.
 */
function sliderScene(slide: SeedSlide, products: readonly SeedProduct[], layout: StageLayout, output: Output): string {
  const defs = new SvgDefs();
  const { palette } = slide;
  const { width, height, stageY, stageRadius, tallest } = layout;
  const cx = width / 2;
  const bottles = slide.productSlugs.map((slug) => drawable(productBySlug(slug, products)));
  const archCount = Math.round(width / 200);
  const archWidth = width / archCount;
  const arches = Array.from({ length: archCount }, (_, i) =>
    arch(archWidth * (i + 0.5), height, archWidth * 0.36, height * 0.14, palette, 0.14),
  ).join('');
  const rim = stageRadius * 0.11;
  const dais =
    `<path d="M${num(cx - stageRadius)} ${num(stageY)}V${num(stageY + 46)}A${num(stageRadius)} ${num(rim)} 0 0 0 ${num(cx + stageRadius)} ${num(stageY + 46)}V${num(stageY)}Z" fill="${defs.linear(
      [
        [0, darken(palette.to, 0.35)],
        [0.3, lighten(palette.to, 0.12)],
        [1, darken(palette.to, 0.45)],
      ],
      [0, 0, 1, 0],
    )}"/>` +
    `<ellipse cx="${num(cx)}" cy="${num(stageY)}" rx="${num(stageRadius)}" ry="${num(rim)}" fill="${lighten(palette.to, 0.18)}"/>` +
    `<ellipse cx="${num(cx)}" cy="${num(stageY)}" rx="${num(stageRadius - 10)}" ry="${num(rim - 4)}" fill="none" stroke="${palette.accent}" stroke-opacity="0.6" stroke-width="2"/>`;
  const placements = row(bottles, cx, stageRadius * 1.8, tallest);
  const rowWidth = Math.max(...placements.map((p) => p.x)) - Math.min(...placements.map((p) => p.x)) + tallest * 0.4;
  const boxWidth = Math.min(stageRadius * 1.5, rowWidth);
  const box = slide.withGiftBox
    ? giftBox(defs, palette, cx - boxWidth * 0.6, stageY - rim * 0.4, boxWidth, tallest * 0.7, { bow: true })
    : '';
  // Sparkles beside the dais where there is room, otherwise above the bottles.
  const sideRoom = cx - stageRadius;
  const sparkleAreas =
    sideRoom >= 200
      ? besides(cx, stageRadius, height * 0.08, height * 0.4, Math.min(260, sideRoom))
      : [{ x: cx - stageRadius, y: height * 0.05, width: stageRadius * 2, height: stageY - tallest - height * 0.1 }];
  const body =
    backdrop(defs, width, height, palette.from, palette.to, { x: cx, y: stageY - height * 0.3, r: Math.max(width, height) * 0.42 }) +
    arches +
    dais +
    box +
    drawRow(defs, placements, stageY + 4) +
    sparkles(hashString(`slide/${slide.slug}/${width}`), 8, sparkleAreas, lighten(palette.accent, 0.3));
  return svgDocument(width, height, output, defs, body);
}

/** The hero (card, desktop and mobile renditions), the close-up and the sizes of a product. */
export function productScenes(product: SeedProduct): Scene[] {
  const paths = productImagePaths(product);
  const item = drawable(product);
  const square = (file: string, size: number): Output => ({ file, width: size, height: size });
  const desktop = square(paths.imageDesktop, IMAGE_SIZES.imageDesktop);
  const hero = [desktop, square(paths.image, IMAGE_SIZES.image), square(paths.imageMobile, IMAGE_SIZES.imageMobile)];
  const [closeUp, sizes] = paths.gallery.map((file) => square(file, IMAGE_SIZES.gallery)) as [Output, Output];
  return [
    { svg: productHero(item, desktop), outputs: hero },
    { svg: productCloseUp(item, closeUp), outputs: [closeUp] },
    { svg: productSizes(item, sizes), outputs: [sizes] },
  ];
}

/** What a product shows until its own pictures are uploaded in the back office: a plain flacon in the shop's gold. */
const PLACEHOLDER: Drawable = {
  slug: 'placeholder',
  design: { silhouette: 'rectangular', cap: 'tower', finish: { glass: '#efe3c8', body: '#9c7636', cap: '#d4af6a', accent: '#e9cb8c' } },
  palette: { from: '#16130f', to: '#3d3329', body: '#9c7636', cap: '#d4af6a', accent: '#e9cb8c' },
  sizesMl: [100],
};
export const PLACEHOLDER_IMAGES = {
  image: `products/placeholder-${IMAGE_SIZES.image}.webp`,
  imageDesktop: `products/placeholder-${IMAGE_SIZES.imageDesktop}.webp`,
  imageMobile: `products/placeholder-${IMAGE_SIZES.imageMobile}.webp`,
} as const;

function placeholderScene(): Scene {
  const desktop = { file: PLACEHOLDER_IMAGES.imageDesktop, width: IMAGE_SIZES.imageDesktop, height: IMAGE_SIZES.imageDesktop };
  const outputs = [
    desktop,
    { file: PLACEHOLDER_IMAGES.image, width: IMAGE_SIZES.image, height: IMAGE_SIZES.image },
    { file: PLACEHOLDER_IMAGES.imageMobile, width: IMAGE_SIZES.imageMobile, height: IMAGE_SIZES.imageMobile },
  ];
  return { svg: productHero(PLACEHOLDER, desktop), outputs };
}

function offerScenes(offer: SeedOffer, products: readonly SeedProduct[]): Scene[] {
  const paths = offerImagePaths(offer);
  const desktop = { file: paths.imageDesktop, width: IMAGE_SIZES.imageDesktop, height: IMAGE_SIZES.imageDesktop };
  const outputs = [
    desktop,
    { file: paths.image, width: IMAGE_SIZES.image, height: IMAGE_SIZES.image },
    { file: paths.imageMobile, width: IMAGE_SIZES.imageMobile, height: IMAGE_SIZES.imageMobile },
  ];
  return [{ svg: offerScene(offer, products, desktop), outputs }];
}

function sliderScenes(slide: SeedSlide, position: number, products: readonly SeedProduct[]): Scene[] {
  const paths = sliderImagePaths(slide, position);
  const desktop = { file: paths.imageDesktop, ...SLIDER_SIZES.desktop };
  const mobile = { file: paths.imageMobile, ...SLIDER_SIZES.mobile };
  return [
    { svg: sliderScene(slide, products, STAGES.desktop, desktop), outputs: [desktop] },
    { svg: sliderScene(slide, products, STAGES.mobile, mobile), outputs: [mobile] },
  ];
}

// --- Rendering --------------------------------------------------------------------------------------------------

const sceneHash = (scene: Scene) =>
  createHash('sha256')
    .update(`${WEBP_QUALITY}/${WEBP_EFFORT}\n${JSON.stringify(scene.outputs)}\n${scene.svg}`)
    .digest('hex');

async function exists(file: string) {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

async function readManifest(outDir: string): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(path.join(outDir, MANIFEST), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

async function writeAtomically(target: string, write: (temporary: string) => Promise<unknown>) {
  const temporary = `${target}.${process.pid}.tmp`;
  await write(temporary);
  await rename(temporary, target);
}

async function rasterise(scene: Scene, outDir: string) {
  const { data, info } = await sharp(Buffer.from(scene.svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const output of scene.outputs) {
    const target = path.join(outDir, output.file);
    await mkdir(path.dirname(target), { recursive: true });
    let image = sharp(data, { raw });
    if (output.width !== info.width || output.height !== info.height) image = image.resize(output.width, output.height);
    await writeAtomically(target, (temporary) => image.webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toFile(temporary));
  }
}

async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

export type RenderReport = { rendered: number; skipped: number; milliseconds: number };
type RenderOptions = { concurrency?: number };

/** Renders the scenes whose files are missing or were drawn from a different SVG; records what it wrote. */
async function renderScenes(scenes: readonly Scene[], outDir: string, options: RenderOptions = {}): Promise<RenderReport> {
  const started = performance.now();
  await mkdir(outDir, { recursive: true });
  const manifest = await readManifest(outDir);
  const stale: { scene: Scene; hash: string }[] = [];
  for (const scene of scenes) {
    const hash = sceneHash(scene);
    const fresh = await Promise.all(scene.outputs.map(async (o) => manifest[o.file] === hash && (await exists(path.join(outDir, o.file)))));
    if (!fresh.every(Boolean)) stale.push({ scene, hash });
  }
  await runLimited(stale, options.concurrency ?? availableParallelism(), async ({ scene, hash }) => {
    await rasterise(scene, outDir);
    for (const output of scene.outputs) manifest[output.file] = hash;
  });
  if (stale.length) {
    // Merge with what another process may have recorded meanwhile.
    const latest = { ...(await readManifest(outDir)), ...manifest };
    const file = path.join(outDir, MANIFEST);
    await writeAtomically(file, (temporary) => writeFile(temporary, `${JSON.stringify(latest, null, 1)}\n`));
  }
  return { rendered: stale.length, skipped: scenes.length - stale.length, milliseconds: Math.round(performance.now() - started) };
}

/** Card (600), desktop (1200), mobile (480) and two gallery views (1200) of a product. */
export async function renderProductImages(product: SeedProduct, outDir: string): Promise<ProductImagePaths> {
  await renderScenes(productScenes(product), outDir);
  return productImagePaths(product);
}

export async function renderOfferImages(
  offer: SeedOffer,
  outDir: string,
  products: readonly SeedProduct[] = PRODUCTS,
): Promise<OfferImagePaths> {
  await renderScenes(offerScenes(offer, products), outDir);
  return offerImagePaths(offer);
}

export async function renderSliderImages(
  slide: SeedSlide,
  position: number,
  outDir: string,
  products: readonly SeedProduct[] = PRODUCTS,
): Promise<SliderImagePaths> {
  await renderScenes(sliderScenes(slide, position, products), outDir);
  return sliderImagePaths(slide, position);
}

/** Every image of the seed catalogue (products, offers, slides), skipping the ones already up to date. */
export async function renderCatalogueArtwork(mediaDir: string, options: RenderOptions = {}): Promise<RenderReport> {
  const scenes = [
    ...PRODUCTS.flatMap((product) => productScenes(product)),
    ...OFFERS.flatMap((offer) => offerScenes(offer, PRODUCTS)),
    ...SLIDERS.flatMap((slide, position) => sliderScenes(slide, position, PRODUCTS)),
    placeholderScene(),
  ];
  return renderScenes(scenes, mediaDir, options);
}
