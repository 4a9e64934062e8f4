/**
 * A large, realistic-looking catalogue for benchmarks (e.g. 10,000 products): variations on the seed products with
 * new bilingual names, descriptions, prices, stock and note pyramids. Each one shows its model's artwork (same
 * image paths), so no new images are needed. Deterministic: the same count gives the same products, and a shorter
 * run is a prefix of a longer one.
 */
import {
  FAMILIES,
  NOTES,
  NOTE_SLUGS_BY_LAYER,
  OCCASIONS,
  priceBand,
  type NoteLayer,
  type NoteSlug,
  type PRODUCTS,
  type SeedProduct,
} from './catalogue';
import { randomTools, seededRandom } from './random';

type Words = { en: string; ar: string };

/** The name's head noun; in Arabic it leads an idafa ("ليالي العنبر"). */
const HEADS: readonly Words[] = [
  { en: 'Nights', ar: 'ليالي' },
  { en: 'Secret', ar: 'سر' },
  { en: 'Dream', ar: 'حلم' },
  { en: 'Whisper', ar: 'همس' },
  { en: 'Mirage', ar: 'سراب' },
  { en: 'Garden', ar: 'حديقة' },
  { en: 'Veil', ar: 'وشاح' },
  { en: 'Crown', ar: 'تاج' },
  { en: 'Breeze', ar: 'نسيم' },
  { en: 'Oasis', ar: 'واحة' },
  { en: 'Palace', ar: 'قصر' },
  { en: 'Journey', ar: 'رحلة' },
  { en: 'Legend', ar: 'أسطورة' },
  { en: 'Pearl', ar: 'لؤلؤة' },
  { en: 'Dawn', ar: 'فجر' },
  { en: 'Spirit', ar: 'روح' },
  { en: 'Treasure', ar: 'كنز' },
  { en: 'Poem', ar: 'قصيدة' },
  { en: 'Touch', ar: 'لمسة' },
  { en: 'Story', ar: 'حكاية' },
];

/** What the name is about; in Arabic the definite second term of the idafa. */
const THEMES: readonly Words[] = [
  { en: 'Amber', ar: 'العنبر' },
  { en: 'Oud', ar: 'العود' },
  { en: 'Desert', ar: 'الصحراء' },
  { en: 'Cairo', ar: 'القاهرة' },
  { en: 'Nile', ar: 'النيل' },
  { en: 'Jasmine', ar: 'الياسمين' },
  { en: 'Rose', ar: 'الورد' },
  { en: 'Musk', ar: 'المسك' },
  { en: 'Saffron', ar: 'الزعفران' },
  { en: 'Sandalwood', ar: 'الصندل' },
  { en: 'Moon', ar: 'القمر' },
  { en: 'Sea', ar: 'البحر' },
  { en: 'Orchard', ar: 'البستان' },
  { en: 'Sultan', ar: 'السلطان' },
  { en: 'Andalusia', ar: 'الأندلس' },
  { en: 'Sinai', ar: 'سيناء' },
  { en: 'Luxor', ar: 'الأقصر' },
  { en: 'Citrus', ar: 'الحمضيات' },
  { en: 'Vanilla', ar: 'الفانيليا' },
  { en: 'Velvet', ar: 'المخمل' },
];

/** Flankers, written in Arabic script the way Egyptian shops write them. */
const EDITIONS: readonly Words[] = [
  { en: 'Intense', ar: 'إنتنس' },
  { en: 'Noir', ar: 'نوار' },
  { en: 'Elixir', ar: 'إليكسير' },
  { en: 'Absolu', ar: 'أبسولو' },
  { en: 'Royal', ar: 'رويال' },
  { en: 'Extreme', ar: 'إكستريم' },
  { en: 'Privé', ar: 'بريفيه' },
  { en: 'Fresh', ar: 'فريش' },
];

const CLOSINGS: readonly Words[] = [
  { en: 'Made for long days and warm evenings.', ar: 'صُمم للأيام الطويلة والأمسيات الدافئة.' },
  { en: 'A versatile signature you will reach for again and again.', ar: 'توقيع متعدد الاستخدامات ستعود إليه مرة بعد مرة.' },
  { en: 'Blended in small batches in our Cairo atelier.', ar: 'يُمزج بكميات صغيرة في مشغلنا بالقاهرة.' },
  { en: 'Light enough for the office, memorable enough for the evening.', ar: 'خفيف بما يناسب العمل، ومميز بما يليق بالسهرة.' },
  { en: 'A generous trail that lasts well into the night.', ar: 'أثر سخي يدوم حتى وقت متأخر من الليل.' },
];

const KIND_WORDS: Record<SeedProduct['type'], Words> = {
  perfume: { en: 'fragrance', ar: 'عطر' },
  deodorant: { en: 'deodorant', ar: 'مزيل عرق' },
  bullet: { en: 'pocket spray', ar: 'بخاخ جيب' },
};

/** Fixed, so a benchmark catalogue is the same on every machine. */
const SEED = 0x5eed_a77a;

const noteNames = new Map<NoteSlug, Words>(NOTES.map((n) => [n.slug, { en: n.nameEn.toLowerCase(), ar: n.nameAr }]));
const familyNames = new Map<string, Words>(FAMILIES.map((f) => [f.slug, { en: f.nameEn.toLowerCase(), ar: f.nameAr }]));

function listEn(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
const listAr = (words: readonly string[]) => words.join(' و');

function describe(product: Pick<SeedProduct, 'type' | 'familySlug' | 'notes'>, closing: Words): Words {
  const kind = KIND_WORDS[product.type];
  const family = familyNames.get(product.familySlug)!;
  const names = (layer: NoteLayer) => product.notes[layer].map((slug) => noteNames.get(slug)!);
  const [top, heart, base] = (['top', 'heart', 'base'] as const).map(names) as [Words[], Words[], Words[]];
  return {
    en:
      `A ${family.en} ${kind.en} that opens with ${listEn(top.map((w) => w.en))}, reveals a heart of ` +
      `${listEn(heart.map((w) => w.en))} and settles on ${listEn(base.map((w) => w.en))}. ${closing.en}`,
    ar:
      `${kind.ar} ${family.ar} يفتتح بلمسات من ${listAr(top.map((w) => w.ar))}، ثم يكشف عن قلب من ` +
      `${listAr(heart.map((w) => w.ar))} ويستقر على قاعدة من ${listAr(base.map((w) => w.ar))}. ${closing.ar}`,
  };
}

/** Names follow the model's kind: deodorants say what they are, pocket sprays say so too. */
function nameFor(model: SeedProduct, head: Words, theme: Words, edition: Words | undefined): Words {
  const en = `${theme.en} ${head.en}${edition ? ` ${edition.en}` : ''}`;
  const ar = `${head.ar} ${theme.ar}${edition ? ` ${edition.ar}` : ''}`;
  if (model.type === 'deodorant') return { en: `${en} ${model.concentrationEn}`, ar: `${model.concentrationAr} ${ar}` };
  if (model.type === 'bullet') return { en: `${en} Pocket Spray`, ar: `${ar} بحجم الجيب` };
  return { en, ar };
}

/** A price near the model's, kept inside its band, in whole pounds or half pounds. */
function priceNear(model: SeedProduct, factor: number, halfPound: boolean): number {
  const [low, high] = priceBand(model);
  const pounds = Math.round((model.pricePiastres * factor) / 100);
  const piastres = pounds * 100 + (halfPound ? 50 : 0);
  return Math.min(high, Math.max(low, piastres));
}

export function syntheticProducts(count: number, base: typeof PRODUCTS): SeedProduct[] {
  if (!base.length) throw new Error('The synthetic catalogue needs at least one model product');
  const dice = randomTools(seededRandom(SEED));
  return Array.from({ length: count }, (_, index) => {
    const model = base[index % base.length]!;
    const n = index + 1;
    const notes = {
      top: dice.sample(NOTE_SLUGS_BY_LAYER.top, dice.int(1, 2)),
      heart: dice.sample(NOTE_SLUGS_BY_LAYER.heart, dice.int(1, 2)),
      base: dice.sample(NOTE_SLUGS_BY_LAYER.base, dice.int(1, 3)),
    };
    const name = nameFor(model, dice.pick(HEADS), dice.pick(THEMES), dice.chance(0.3) ? dice.pick(EDITIONS) : undefined);
    const description = describe({ ...model, notes }, dice.pick(CLOSINGS));
    const roll = dice.random();
    const stock = roll < 0.08 ? 0 : roll < 0.15 ? dice.int(1, 3) : dice.int(4, 80);
    const occasions = dice.chance(0.5)
      ? model.occasionSlugs
      : dice.sample(
          OCCASIONS.map((o) => o.slug),
          dice.int(1, 3),
        );
    return {
      ...model,
      slug: `${model.slug}-${n}`,
      nameEn: name.en,
      nameAr: name.ar,
      descriptionEn: description.en,
      descriptionAr: description.ar,
      pricePiastres: priceNear(model, 0.8 + dice.random() * 0.45, dice.chance(0.25)),
      stock,
      isNew: dice.chance(0.06),
      occasionSlugs: occasions,
      notes,
      artworkSlug: model.artworkSlug ?? model.slug,
    };
  });
}
