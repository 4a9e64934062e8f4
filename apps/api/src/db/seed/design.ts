/**
 * What each seed product's container looks like: its silhouette, cap style and colours, chosen from its slug (so the
 * same seed always draws the same picture) within what its kind and fragrance family allow.
 */
import type { FamilySlug, SeedProduct } from './catalogue';
import { hashString, randomTools, seededRandom } from './random';

/** Glass perfume silhouettes, which take a cap of their own. */
export type GlassSilhouette = 'rectangular' | 'round' | 'faceted' | 'tall' | 'flacon';
/** Containers whose cap belongs to the shape: the pocket atomiser, the body mist and the deodorants. */
export type FixedSilhouette = 'atomiser' | 'sport' | 'stick' | 'spray-can' | 'roll-on';
export type CapStyle = 'tower' | 'gem' | 'sphere' | 'ribbed' | 'disc';

/** The colours of one container: its glass tint, what it holds (or its packaging), its cap and trims. */
export type Finish = { glass: string; body: string; cap: string; accent: string };

export type Design = { silhouette: GlassSilhouette; cap: CapStyle; finish: Finish } | { silhouette: FixedSilhouette; finish: Finish };

type FamilyPalette = { juices: readonly string[]; glass: string; caps: readonly string[] };

/** A fragrance family reads from its colours: juice shades, the glass tint and the cap metals it is dressed in. */
export const FAMILY_PALETTES: Record<FamilySlug, FamilyPalette> = {
  woody: { juices: ['#8a4b1c', '#a0622a', '#6e3a17'], glass: '#d9c3a5', caps: ['#c9a24a', '#2b2220', '#7a5230'] },
  floral: { juices: ['#e8a1b0', '#d77a94', '#f2c4cf'], glass: '#f7e6ea', caps: ['#e2c17a', '#f4d7c9', '#c9a0a8'] },
  oriental: { juices: ['#b3461b', '#c9851e', '#8e2346'], glass: '#e8cfa0', caps: ['#d4a93e', '#1d1d22', '#8c5a2b'] },
  'fresh-citrus': { juices: ['#f1d98a', '#f7a531', '#e9d46a'], glass: '#eef6e0', caps: ['#f7f3ea', '#2f5d74', '#c8ccd2'] },
  'aromatic-fougere': { juices: ['#6f9a62', '#8aa870', '#4f7a5a'], glass: '#dfe9dc', caps: ['#c8b27a', '#1f2a22', '#b0b8b2'] },
  gourmand: { juices: ['#c98b4f', '#e4b56f', '#9a5a2e'], glass: '#f3e2cb', caps: ['#7a4a23', '#f1e2c2', '#caa46a'] },
  chypre: { juices: ['#8b8f6a', '#5a6b45', '#a3865a'], glass: '#e2e0cf', caps: ['#d8b56a', '#2b2b2b', '#c2c2b4'] },
  aquatic: { juices: ['#2d8fc4', '#5fb4d9', '#1f6fa0'], glass: '#dff0f7', caps: ['#e8eef2', '#0b3d5c', '#9aa7b3'] },
  musky: { juices: ['#e9e1ee', '#d9c9d6', '#f4f1e8'], glass: '#f6f3f7', caps: ['#c7c3cc', '#8d7fa3', '#f2efe9'] },
  fruity: { juices: ['#ff5c93', '#f9a58a', '#c2375e'], glass: '#fde8ee', caps: ['#ffffff', '#7a1fd1', '#e2c17a'] },
};

/** The caps that sit well on each glass silhouette (a slim column takes no wide cap). */
const PERFUME_SHAPES: Readonly<Record<GlassSilhouette, readonly CapStyle[]>> = {
  rectangular: ['tower', 'gem', 'sphere', 'disc'],
  round: ['ribbed', 'sphere', 'disc'],
  faceted: ['gem', 'tower', 'sphere'],
  tall: ['ribbed', 'tower', 'sphere'],
  flacon: ['sphere', 'gem', 'ribbed', 'disc'],
};

type Designable = Pick<SeedProduct, 'slug' | 'bottle' | 'familySlug' | 'palette'>;

export function productDesign(product: Designable): Design {
  const dice = randomTools(seededRandom(hashString(`design/${product.slug}`)));
  const family = FAMILY_PALETTES[product.familySlug];
  const finish: Finish = {
    glass: family.glass,
    body: dice.pick(family.juices),
    cap: dice.pick(family.caps),
    accent: product.palette.accent,
  };
  switch (product.bottle) {
    // Eau de parfum and eau de toilette: any glass silhouette.
    case 'flacon':
    case 'round': {
      const silhouette = dice.pick(Object.keys(PERFUME_SHAPES) as GlassSilhouette[]);
      return { silhouette, cap: dice.pick(PERFUME_SHAPES[silhouette]), finish };
    }
    case 'bullet':
      return { silhouette: 'atomiser', finish };
    default:
      // Deodorants and body mists keep the container of their kind.
      return { silhouette: product.bottle, finish };
  }
}
