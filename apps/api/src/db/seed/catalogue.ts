/**
 * The shop's seed catalogue: reference lists, products, offers, home slides, site settings and promotions, in English and
 * Arabic. Pure data plus small helpers; `run.ts` inserts it and `artwork.ts` draws its images.
 * Reference lists are `as const`, so every slug a product names is checked by the compiler.
 */
import type * as t from '../schema';

type Named = { readonly slug: string; readonly nameEn: string; readonly nameAr: string };

export const CATEGORIES = [
  { slug: 'eau-de-parfum', nameEn: 'Eau de Parfum', nameAr: 'أو دو بارفان', position: 1 },
  { slug: 'eau-de-toilette', nameEn: 'Eau de Toilette', nameAr: 'أو دو تواليت', position: 2 },
  { slug: 'energy-boosting-fragrances', nameEn: 'Energy Boosting Fragrances', nameAr: 'عطور منعشة للطاقة', position: 3 },
  { slug: 'deodorants', nameEn: 'Deodorants', nameAr: 'مزيلات العرق', position: 4 },
] as const satisfies readonly (typeof t.categories.$inferInsert)[];

export const FAMILIES = [
  { slug: 'woody', nameEn: 'Woody', nameAr: 'خشبي' },
  { slug: 'floral', nameEn: 'Floral', nameAr: 'زهري' },
  { slug: 'oriental', nameEn: 'Oriental Amber', nameAr: 'شرقي عنبري' },
  { slug: 'fresh-citrus', nameEn: 'Fresh Citrus', nameAr: 'حمضي منعش' },
  { slug: 'aromatic-fougere', nameEn: 'Aromatic Fougère', nameAr: 'عطري فوجير' },
  { slug: 'gourmand', nameEn: 'Gourmand', nameAr: 'جورماند' },
  { slug: 'chypre', nameEn: 'Chypre', nameAr: 'شيبر' },
  { slug: 'aquatic', nameEn: 'Aquatic', nameAr: 'مائي' },
  { slug: 'musky', nameEn: 'Musky', nameAr: 'مسكي' },
  { slug: 'fruity', nameEn: 'Fruity', nameAr: 'فاكهي' },
] as const satisfies readonly Named[];

export const OCCASIONS = [
  { slug: 'daily', nameEn: 'Everyday', nameAr: 'يومي' },
  { slug: 'office', nameEn: 'Office', nameAr: 'العمل' },
  { slug: 'evening', nameEn: 'Evening', nameAr: 'السهرة' },
  { slug: 'wedding', nameEn: 'Weddings', nameAr: 'الأفراح' },
  { slug: 'ramadan-eid', nameEn: 'Ramadan & Eid', nameAr: 'رمضان والعيد' },
  { slug: 'summer', nameEn: 'Summer', nameAr: 'الصيف' },
  { slug: 'sport', nameEn: 'Sport', nameAr: 'الرياضة' },
] as const satisfies readonly Named[];

export const SIZE_ML = [10, 30, 50, 75, 100, 150, 200] as const;

// Notes grouped by where they usually sit in a pyramid (products may still use them elsewhere).
const TOP_NOTES = [
  { slug: 'bergamot', nameEn: 'Bergamot', nameAr: 'برغموت' },
  { slug: 'lemon', nameEn: 'Lemon', nameAr: 'ليمون' },
  { slug: 'lime', nameEn: 'Lime', nameAr: 'ليمون أخضر' },
  { slug: 'mandarin', nameEn: 'Mandarin', nameAr: 'يوسفي' },
  { slug: 'grapefruit', nameEn: 'Grapefruit', nameAr: 'جريب فروت' },
  { slug: 'bitter-orange', nameEn: 'Bitter Orange', nameAr: 'برتقال مر' },
  { slug: 'pink-pepper', nameEn: 'Pink Pepper', nameAr: 'فلفل وردي' },
  { slug: 'black-pepper', nameEn: 'Black Pepper', nameAr: 'فلفل أسود' },
  { slug: 'cardamom', nameEn: 'Cardamom', nameAr: 'هيل' },
  { slug: 'saffron', nameEn: 'Saffron', nameAr: 'زعفران' },
  { slug: 'ginger', nameEn: 'Ginger', nameAr: 'زنجبيل' },
  { slug: 'mint', nameEn: 'Mint', nameAr: 'نعناع' },
  { slug: 'green-apple', nameEn: 'Green Apple', nameAr: 'تفاح أخضر' },
  { slug: 'pear', nameEn: 'Pear', nameAr: 'كمثرى' },
  { slug: 'blackcurrant', nameEn: 'Blackcurrant', nameAr: 'كشمش أسود' },
  { slug: 'raspberry', nameEn: 'Raspberry', nameAr: 'توت العليق' },
  { slug: 'peach', nameEn: 'Peach', nameAr: 'خوخ' },
  { slug: 'pineapple', nameEn: 'Pineapple', nameAr: 'أناناس' },
  { slug: 'sea-salt', nameEn: 'Sea Salt', nameAr: 'ملح البحر' },
  { slug: 'marine-accord', nameEn: 'Marine Accord', nameAr: 'نفحات بحرية' },
  { slug: 'aldehydes', nameEn: 'Aldehydes', nameAr: 'ألدهيدات' },
  { slug: 'basil', nameEn: 'Basil', nameAr: 'ريحان' },
  { slug: 'rosemary', nameEn: 'Rosemary', nameAr: 'إكليل الجبل' },
  { slug: 'cinnamon', nameEn: 'Cinnamon', nameAr: 'قرفة' },
  { slug: 'nutmeg', nameEn: 'Nutmeg', nameAr: 'جوزة الطيب' },
] as const satisfies readonly Named[];

const HEART_NOTES = [
  { slug: 'rose-taifi', nameEn: 'Taif Rose', nameAr: 'ورد طائفي' },
  { slug: 'damask-rose', nameEn: 'Damask Rose', nameAr: 'ورد دمشقي' },
  { slug: 'jasmine', nameEn: 'Jasmine', nameAr: 'ياسمين' },
  { slug: 'tuberose', nameEn: 'Tuberose', nameAr: 'مسك الروم' },
  { slug: 'orange-blossom', nameEn: 'Orange Blossom', nameAr: 'زهر البرتقال' },
  { slug: 'neroli', nameEn: 'Neroli', nameAr: 'نيرولي' },
  { slug: 'iris', nameEn: 'Iris', nameAr: 'سوسن' },
  { slug: 'violet', nameEn: 'Violet', nameAr: 'بنفسج' },
  { slug: 'lily-of-the-valley', nameEn: 'Lily of the Valley', nameAr: 'زنبق الوادي' },
  { slug: 'peony', nameEn: 'Peony', nameAr: 'فاوانيا' },
  { slug: 'magnolia', nameEn: 'Magnolia', nameAr: 'ماغنوليا' },
  { slug: 'ylang-ylang', nameEn: 'Ylang-Ylang', nameAr: 'إيلانغ إيلانغ' },
  { slug: 'lotus', nameEn: 'Lotus', nameAr: 'لوتس' },
  { slug: 'geranium', nameEn: 'Geranium', nameAr: 'إبرة الراعي' },
  { slug: 'lavender', nameEn: 'Lavender', nameAr: 'خزامى' },
  { slug: 'clove', nameEn: 'Clove', nameAr: 'قرنفل' },
  { slug: 'fig', nameEn: 'Fig', nameAr: 'تين' },
  { slug: 'green-tea', nameEn: 'Green Tea', nameAr: 'شاي أخضر' },
  { slug: 'honey', nameEn: 'Honey', nameAr: 'عسل' },
  { slug: 'coconut', nameEn: 'Coconut', nameAr: 'جوز الهند' },
  { slug: 'almond', nameEn: 'Almond', nameAr: 'لوز' },
  { slug: 'caramel', nameEn: 'Caramel', nameAr: 'كراميل' },
  { slug: 'praline', nameEn: 'Praline', nameAr: 'برالين' },
  { slug: 'coffee', nameEn: 'Coffee', nameAr: 'قهوة' },
] as const satisfies readonly Named[];

const BASE_NOTES = [
  { slug: 'oud', nameEn: 'Oud', nameAr: 'عود' },
  { slug: 'amber', nameEn: 'Amber', nameAr: 'عنبر' },
  { slug: 'musk', nameEn: 'Musk', nameAr: 'مسك' },
  { slug: 'white-musk', nameEn: 'White Musk', nameAr: 'مسك أبيض' },
  { slug: 'vanilla', nameEn: 'Vanilla', nameAr: 'فانيليا' },
  { slug: 'sandalwood', nameEn: 'Sandalwood', nameAr: 'صندل' },
  { slug: 'cedarwood', nameEn: 'Cedarwood', nameAr: 'خشب الأرز' },
  { slug: 'vetiver', nameEn: 'Vetiver', nameAr: 'نجيل الهند' },
  { slug: 'patchouli', nameEn: 'Patchouli', nameAr: 'باتشولي' },
  { slug: 'leather', nameEn: 'Leather', nameAr: 'جلد' },
  { slug: 'incense', nameEn: 'Incense', nameAr: 'بخور' },
  { slug: 'frankincense', nameEn: 'Frankincense', nameAr: 'لبان' },
  { slug: 'myrrh', nameEn: 'Myrrh', nameAr: 'مُرّ' },
  { slug: 'tonka', nameEn: 'Tonka Bean', nameAr: 'حبوب التونكا' },
  { slug: 'benzoin', nameEn: 'Benzoin', nameAr: 'لبان جاوي' },
  { slug: 'labdanum', nameEn: 'Labdanum', nameAr: 'لادن' },
  { slug: 'oakmoss', nameEn: 'Oakmoss', nameAr: 'طحلب البلوط' },
  { slug: 'tobacco', nameEn: 'Tobacco', nameAr: 'تبغ' },
  { slug: 'ambergris', nameEn: 'Ambergris', nameAr: 'عنبر رمادي' },
  { slug: 'cashmere-wood', nameEn: 'Cashmere Wood', nameAr: 'خشب الكشمير' },
  { slug: 'guaiac-wood', nameEn: 'Guaiac Wood', nameAr: 'خشب الجاياك' },
  { slug: 'papyrus', nameEn: 'Papyrus', nameAr: 'بردي' },
  { slug: 'suede', nameEn: 'Suede', nameAr: 'شامواه' },
] as const satisfies readonly Named[];

export const NOTES = [...TOP_NOTES, ...HEART_NOTES, ...BASE_NOTES] as const;

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];
export type FamilySlug = (typeof FAMILIES)[number]['slug'];
export type OccasionSlug = (typeof OCCASIONS)[number]['slug'];
export type NoteSlug = (typeof NOTES)[number]['slug'];
export type SizeMl = (typeof SIZE_ML)[number];
export type NoteLayer = 'top' | 'heart' | 'base';

/** The notes each pyramid layer usually draws from (the synthetic catalogue uses them). */
export const NOTE_SLUGS_BY_LAYER: Record<NoteLayer, readonly NoteSlug[]> = {
  top: TOP_NOTES.map((n) => n.slug),
  heart: HEART_NOTES.map((n) => n.slug),
  base: BASE_NOTES.map((n) => n.slug),
};

/** Colours of a product's artwork. */
export type Palette = {
  /** Backdrop gradient, top-left to bottom-right. */
  from: string;
  to: string;
  /** The juice, or the packaging of an opaque deodorant. */
  body: string;
  cap: string;
  /** Emblem, trims and sparkles. */
  accent: string;
};

/** The container drawn for a product (artwork.ts). */
export type BottleShape = 'flacon' | 'round' | 'sport' | 'stick' | 'spray-can' | 'roll-on' | 'bullet';

export type ProductType = (typeof t.products.$inferInsert)['type'];
export type Gender = (typeof t.products.$inferInsert)['gender'];

export type SeedProduct = {
  slug: string;
  type: ProductType;
  categorySlug: CategorySlug;
  familySlug: FamilySlug;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  concentrationEn: string;
  concentrationAr: string;
  gender: Gender;
  pricePiastres: number;
  stock: number;
  isNew: boolean;
  sizesMl: readonly SizeMl[];
  occasionSlugs: readonly OccasionSlug[];
  notes: Readonly<Record<NoteLayer, readonly NoteSlug[]>>;
  bottle: BottleShape;
  palette: Palette;
  /** Whose artwork this product shows; its own slug when absent (synthetic products reuse a seed product's). */
  artworkSlug?: string;
};

/** What a product's kind fixes: type, category, concentration and container. */
const KINDS = {
  edp: {
    type: 'perfume',
    categorySlug: 'eau-de-parfum',
    concentrationEn: 'Eau de Parfum',
    concentrationAr: 'أو دو بارفان',
    bottle: 'flacon',
  },
  edt: {
    type: 'perfume',
    categorySlug: 'eau-de-toilette',
    concentrationEn: 'Eau de Toilette',
    concentrationAr: 'أو دو تواليت',
    bottle: 'round',
  },
  energy: {
    type: 'perfume',
    categorySlug: 'energy-boosting-fragrances',
    concentrationEn: 'Energy Body Mist',
    concentrationAr: 'رذاذ منعش للجسم',
    bottle: 'sport',
  },
  deodorantSpray: {
    type: 'deodorant',
    categorySlug: 'deodorants',
    concentrationEn: 'Deodorant Spray',
    concentrationAr: 'بخاخ مزيل للعرق',
    bottle: 'spray-can',
  },
  deodorantStick: {
    type: 'deodorant',
    categorySlug: 'deodorants',
    concentrationEn: 'Deodorant Stick',
    concentrationAr: 'مزيل عرق ستيك',
    bottle: 'stick',
  },
  rollOn: {
    type: 'deodorant',
    categorySlug: 'deodorants',
    concentrationEn: 'Roll-on Deodorant',
    concentrationAr: 'مزيل عرق رول أون',
    bottle: 'roll-on',
  },
  edpBullet: {
    type: 'bullet',
    categorySlug: 'eau-de-parfum',
    concentrationEn: 'Eau de Parfum',
    concentrationAr: 'أو دو بارفان',
    bottle: 'bullet',
  },
  edtBullet: {
    type: 'bullet',
    categorySlug: 'eau-de-toilette',
    concentrationEn: 'Eau de Toilette',
    concentrationAr: 'أو دو تواليت',
    bottle: 'bullet',
  },
} as const satisfies Record<string, Pick<SeedProduct, 'type' | 'categorySlug' | 'concentrationEn' | 'concentrationAr' | 'bottle'>>;

type ProductFields = Omit<SeedProduct, keyof (typeof KINDS)['edp']>;

const product = (kind: keyof typeof KINDS, fields: ProductFields): SeedProduct => ({ ...KINDS[kind], ...fields });

// Palettes and pyramids shared by a perfume and its deodorant or pocket version.
const OUD_NIGHTS = {
  palette: { from: '#140c08', to: '#4a2a16', body: '#7a3d12', cap: '#c9a24a', accent: '#e9c77b' },
  notes: { top: ['saffron', 'cardamom'], heart: ['rose-taifi', 'clove'], base: ['oud', 'amber', 'sandalwood'] },
} as const;
const NIGHT_PRINCESS = {
  palette: { from: '#120a24', to: '#3b1850', body: '#6d2a7e', cap: '#1d1d22', accent: '#d6b36a' },
  notes: { top: ['pink-pepper', 'blackcurrant'], heart: ['tuberose', 'jasmine'], base: ['vanilla', 'patchouli', 'musk'] },
} as const;
const JASMINE_BLOSSOM = {
  palette: { from: '#f6efe2', to: '#e3cfa6', body: '#f1d98a', cap: '#f7f3ea', accent: '#b8903e' },
  notes: {
    top: ['bergamot', 'mandarin'],
    heart: ['jasmine', 'orange-blossom', 'ylang-ylang'],
    base: ['white-musk', 'sandalwood'],
  },
} as const;
const BERGAMOT_BREEZE = {
  palette: { from: '#e9f4f7', to: '#9fcbd8', body: '#e9d46a', cap: '#2f5d74', accent: '#f4b63f' },
  notes: { top: ['bergamot', 'lemon'], heart: ['neroli', 'lavender'], base: ['cedarwood', 'white-musk'] },
} as const;
const ALEXANDRIA_BLUE = {
  palette: { from: '#0a2540', to: '#1f6fa0', body: '#2d8fc4', cap: '#e8eef2', accent: '#8fd3f0' },
  notes: { top: ['sea-salt', 'grapefruit'], heart: ['rosemary', 'geranium'], base: ['ambergris', 'cedarwood'] },
} as const;
const NEROLI_SUN = {
  palette: { from: '#fff3d6', to: '#f3b14a', body: '#f7a531', cap: '#ffffff', accent: '#d9771c' },
  notes: { top: ['bitter-orange', 'mandarin'], heart: ['neroli', 'orange-blossom'], base: ['musk', 'vetiver'] },
} as const;

const EAU_DE_PARFUM: SeedProduct[] = [
  product('edp', {
    slug: 'oud-nights',
    familySlug: 'woody',
    nameEn: 'Oud Nights',
    nameAr: 'ليالي العود',
    descriptionEn:
      'A slow-burning evening of smoky oud wrapped in saffron threads and Taif rose petals. Warm amber and creamy sandalwood carry it on the skin long after midnight.',
    descriptionAr:
      'سهرة هادئة يتوهج فيها العود المدخّن بين خيوط الزعفران وبتلات الورد الطائفي. ويحمله العنبر الدافئ والصندل الكريمي على البشرة حتى ما بعد منتصف الليل.',
    gender: 'men',
    pricePiastres: 345000,
    stock: 24,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['evening', 'wedding', 'ramadan-eid'],
    ...OUD_NIGHTS,
  }),
  product('edp', {
    slug: 'night-princess',
    familySlug: 'oriental',
    nameEn: 'Night Princess',
    nameAr: 'أميرة الليل',
    descriptionEn:
      'Dark berries and pink pepper open onto a velvet bouquet of tuberose and jasmine. A trail of vanilla and patchouli makes every entrance after sunset unforgettable.',
    descriptionAr:
      'يتفتح بتوت الكشمش الداكن والفلفل الوردي على باقة مخملية من مسك الروم والياسمين. وتترك الفانيليا والباتشولي أثرًا يجعل كل حضور لكِ بعد الغروب لا يُنسى.',
    gender: 'women',
    pricePiastres: 285000,
    stock: 18,
    isNew: true,
    sizesMl: [30, 50, 100],
    occasionSlugs: ['evening', 'wedding'],
    ...NIGHT_PRINCESS,
  }),
  product('edp', {
    slug: 'jasmine-blossom',
    familySlug: 'floral',
    nameEn: 'Jasmine Blossom',
    nameAr: 'زهرة الياسمين',
    descriptionEn:
      'Freshly picked jasmine, sunny mandarin and a breath of orange blossom, like a garden in the early evening. Soft white musk keeps it clean and luminous all day.',
    descriptionAr:
      'ياسمين مقطوف للتو مع يوسفي مشمس ونفحة من زهر البرتقال، كأنك في حديقة عند أول المساء. ويبقيه المسك الأبيض الناعم نقيًا ومشرقًا طوال اليوم.',
    gender: 'women',
    pricePiastres: 195000,
    stock: 33,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['daily', 'office', 'wedding'],
    ...JASMINE_BLOSSOM,
  }),
  product('edp', {
    slug: 'layla',
    familySlug: 'floral',
    nameEn: 'Layla',
    nameAr: 'ليلى',
    descriptionEn:
      'A romantic rose named after the heroine of the most famous love story in Arabic poetry. Juicy raspberry and peony lift the Damask rose, while cashmere wood gives it a soft, intimate finish.',
    descriptionAr:
      'وردة رومانسية تحمل اسم بطلة أشهر قصص العشق في الشعر العربي. يرفع التوت والفاوانيا عبير الورد الدمشقي، ويمنحه خشب الكشمير ختامًا ناعمًا وحميمًا.',
    gender: 'women',
    pricePiastres: 229950,
    stock: 2,
    isNew: true,
    sizesMl: [50, 100],
    occasionSlugs: ['evening', 'daily'],
    notes: { top: ['raspberry', 'pink-pepper'], heart: ['damask-rose', 'peony'], base: ['musk', 'cashmere-wood'] },
    palette: { from: '#f9e4e6', to: '#d98d9b', body: '#e8a1b0', cap: '#f4d7c9', accent: '#a4455c' },
  }),
  product('edp', {
    slug: 'saffron-crown',
    familySlug: 'oriental',
    nameEn: 'Saffron Crown',
    nameAr: 'تاج الزعفران',
    descriptionEn:
      'Precious saffron glows over Taif rose and a drop of wild honey, crowned by supple leather and amber. A rich, regal signature for the grandest occasions.',
    descriptionAr:
      'يتلألأ الزعفران النفيس فوق الورد الطائفي وقطرة من العسل البري، ويتوّجه الجلد الناعم والعنبر. توقيع فاخر ومهيب لأكبر المناسبات.',
    gender: 'unisex',
    pricePiastres: 420000,
    stock: 9,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['evening', 'wedding', 'ramadan-eid'],
    notes: { top: ['saffron', 'cinnamon'], heart: ['rose-taifi', 'honey'], base: ['leather', 'amber', 'oud'] },
    palette: { from: '#2a0d0a', to: '#7a1f14', body: '#b3461b', cap: '#d4a93e', accent: '#f2cf6b' },
  }),
  product('edp', {
    slug: 'cairo-velvet',
    familySlug: 'oriental',
    nameEn: 'Cairo Velvet',
    nameAr: 'مخمل القاهرة',
    descriptionEn:
      'The cardamom warmth of an old Cairo coffee house meets powdery iris and smooth tonka, as soft as velvet against the skin. An elegant companion from a busy day in the city to a late dinner.',
    descriptionAr:
      'دفء الهيل كما في مقاهي القاهرة القديمة يلتقي بالسوسن البودري والتونكا الناعمة، رقيق كالمخمل على البشرة. رفيق أنيق من يوم مزدحم في المدينة حتى عشاء متأخر.',
    gender: 'unisex',
    pricePiastres: 265000,
    stock: 27,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['evening', 'office'],
    notes: { top: ['cardamom', 'bergamot'], heart: ['iris', 'coffee'], base: ['tonka', 'vanilla', 'cashmere-wood'] },
    palette: { from: '#1b1020', to: '#4d2a45', body: '#8c4f6e', cap: '#2b2b2b', accent: '#d9a7b8' },
  }),
  product('edp', {
    slug: 'taif-rose-elixir',
    familySlug: 'floral',
    nameEn: 'Taif Rose Elixir',
    nameAr: 'إكسير الورد الطائفي',
    descriptionEn:
      'An intense distillation of rose from the mountains of Taif, layered with Damask rose and a sparkle of pink pepper. A whisper of oud and musk gives it depth and staying power.',
    descriptionAr:
      'خلاصة مركزة من ورد جبال الطائف تتعانق مع الورد الدمشقي ولمعة من الفلفل الوردي. ويمنحها همس العود والمسك عمقًا وثباتًا يدوم.',
    gender: 'women',
    pricePiastres: 390000,
    stock: 0,
    isNew: false,
    sizesMl: [50],
    occasionSlugs: ['wedding', 'ramadan-eid', 'evening'],
    notes: { top: ['bergamot', 'pink-pepper'], heart: ['rose-taifi', 'damask-rose'], base: ['oud', 'musk'] },
    palette: { from: '#3a0d1a', to: '#8e2346', body: '#c2375e', cap: '#e2c17a', accent: '#f5d9a8' },
  }),
  product('edp', {
    slug: 'amber-majlis',
    familySlug: 'oriental',
    nameEn: 'Amber Majlis',
    nameAr: 'مجلس العنبر',
    descriptionEn:
      'The welcoming warmth of a family majlis: cardamom coffee, glowing frankincense and golden resins. Amber and benzoin wrap everything in a sweet, embracing haze.',
    descriptionAr:
      'دفء المجلس العائلي وكرم الضيافة: قهوة بالهيل ولبان يتصاعد دخانه وراتنجات ذهبية. ويغلّف العنبر واللبان الجاوي المزيج بضباب حلو يحتضنك.',
    gender: 'unisex',
    pricePiastres: 295000,
    stock: 14,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['ramadan-eid', 'evening'],
    notes: { top: ['cardamom', 'cinnamon'], heart: ['frankincense', 'labdanum'], base: ['amber', 'benzoin', 'sandalwood'] },
    palette: { from: '#2b1606', to: '#8a5314', body: '#c9851e', cap: '#5a3412', accent: '#f0c36a' },
  }),
  product('edp', {
    slug: 'silk-musk',
    familySlug: 'musky',
    nameEn: 'Silk Musk',
    nameAr: 'مسك الحرير',
    descriptionEn:
      'Clean skin, fresh linen and a veil of white musk, as light and smooth as silk. Sheer enough for the office, tender enough to wear every single day.',
    descriptionAr:
      'بشرة نظيفة وكتان منعش وغلالة من المسك الأبيض، خفيفة وناعمة كالحرير. رقيق بما يكفي للعمل، وحنون بما يكفي لترتديه كل يوم.',
    gender: 'women',
    pricePiastres: 165000,
    stock: 41,
    isNew: false,
    sizesMl: [30, 50, 100],
    occasionSlugs: ['daily', 'office'],
    notes: { top: ['aldehydes', 'pear'], heart: ['lily-of-the-valley'], base: ['white-musk', 'musk', 'cashmere-wood'] },
    palette: { from: '#f3f1f4', to: '#cfc8d8', body: '#e9e1ee', cap: '#c7c3cc', accent: '#8d7fa3' },
  }),
  product('edp', {
    slug: 'nile-papyrus',
    familySlug: 'woody',
    nameEn: 'Nile Papyrus',
    nameAr: 'بردي النيل',
    descriptionEn:
      'Green papyrus reeds, ripe fig and cool vetiver recall a sunset felucca ride on the Nile. Cedarwood gives this serene, earthy scent a long and graceful trail.',
    descriptionAr:
      'أعواد البردي الخضراء والتين الناضج ونجيل الهند المنعش تستحضر نزهة بالفلوكة على النيل وقت الغروب. ويمنح خشب الأرز هذا العطر الهادئ أثرًا طويلًا أنيقًا.',
    gender: 'unisex',
    pricePiastres: 240000,
    stock: 0,
    isNew: true,
    sizesMl: [50, 100],
    occasionSlugs: ['daily', 'summer', 'office'],
    notes: { top: ['bergamot', 'lime'], heart: ['fig', 'green-tea'], base: ['papyrus', 'vetiver', 'cedarwood'] },
    palette: { from: '#0f2620', to: '#2f5e4a', body: '#6f9a62', cap: '#c8b27a', accent: '#e0d3a0' },
  }),
  product('edp', {
    slug: 'sultan-leather',
    familySlug: 'chypre',
    nameEn: 'Sultan Leather',
    nameAr: 'جلد السلطان',
    descriptionEn:
      'Polished leather, dark tobacco leaves and a crack of black pepper, tailored for confident evenings. Oakmoss lends it the classic backbone of a true chypre.',
    descriptionAr:
      'جلد مصقول وأوراق تبغ داكنة ولمسة من الفلفل الأسود، مصمم لأمسيات مليئة بالثقة. ويمنحه طحلب البلوط الطابع الكلاسيكي الأصيل لعطور الشيبر.',
    gender: 'men',
    pricePiastres: 320000,
    stock: 12,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['evening', 'office'],
    notes: { top: ['black-pepper', 'bergamot'], heart: ['geranium', 'clove'], base: ['leather', 'tobacco', 'oakmoss'] },
    palette: { from: '#0e0b0a', to: '#3a2a22', body: '#5a3826', cap: '#1a1a1a', accent: '#b88a5a' },
  }),
  product('edp', {
    slug: 'midnight-iris',
    familySlug: 'floral',
    nameEn: 'Midnight Iris',
    nameAr: 'سوسن منتصف الليل',
    descriptionEn:
      'Cool, powdery iris and violet leaves glow softly against a backdrop of supple suede. A quiet, refined fragrance for those who would rather be remembered than merely noticed.',
    descriptionAr:
      'سوسن بودري بارد وأوراق بنفسج تتوهج بنعومة على خلفية من جلد الشامواه الناعم. عطر هادئ وراقٍ لمن يفضّل أن يبقى في الذاكرة لا أن يُلاحَظ فحسب.',
    gender: 'unisex',
    pricePiastres: 305000,
    stock: 7,
    isNew: true,
    sizesMl: [50, 100],
    occasionSlugs: ['evening', 'office'],
    notes: { top: ['pink-pepper'], heart: ['iris', 'violet'], base: ['suede', 'musk'] },
    palette: { from: '#0d1030', to: '#3d3f7a', body: '#6a6fb5', cap: '#c9c9d6', accent: '#b9a6e0' },
  }),
  product('edp', {
    slug: 'incense-road',
    familySlug: 'woody',
    nameEn: 'Incense Road',
    nameAr: 'درب البخور',
    descriptionEn:
      'Follow the ancient caravan route where frankincense and myrrh were traded for gold. Smoky incense and dry cedar draw a mystical, contemplative trail.',
    descriptionAr:
      'سِر على خطى القوافل القديمة حيث كان اللبان والمُرّ يُقايَضان بالذهب. ويرسم البخور المدخّن وخشب الأرز الجاف أثرًا روحانيًا يدعو إلى التأمل.',
    gender: 'unisex',
    pricePiastres: 275000,
    stock: 3,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['ramadan-eid', 'evening'],
    notes: { top: ['pink-pepper', 'cardamom'], heart: ['frankincense', 'myrrh'], base: ['incense', 'cedarwood', 'labdanum'] },
    palette: { from: '#17120e', to: '#4b3b30', body: '#7e6650', cap: '#b5a18a', accent: '#d9c4a0' },
  }),
  product('edp', {
    slug: 'creme-brulee-musk',
    familySlug: 'gourmand',
    nameEn: 'Crème Brûlée Musk',
    nameAr: 'مسك كريم بروليه',
    descriptionEn:
      'Caramelised sugar cracks over a creamy vanilla custard, softened by a cloud of skin musk. Delicious without being heavy, it is a little indulgence you can wear.',
    descriptionAr:
      'سكر مكرمل يتكسّر فوق كاسترد الفانيليا الكريمي، وتلطّفه سحابة من المسك الدافئ. شهيّ من دون أن يكون ثقيلًا، إنه متعة صغيرة ترتديها على بشرتك.',
    gender: 'women',
    pricePiastres: 185050,
    stock: 22,
    isNew: true,
    sizesMl: [30, 50, 100],
    occasionSlugs: ['daily', 'evening'],
    notes: { top: ['pear'], heart: ['caramel', 'praline'], base: ['vanilla', 'tonka', 'musk'] },
    palette: { from: '#f7ead6', to: '#d9a86a', body: '#e4b56f', cap: '#7a4a23', accent: '#a8662e' },
  }),
  product('edp', {
    slug: 'sandalwood-veil',
    familySlug: 'woody',
    nameEn: 'Sandalwood Veil',
    nameAr: 'وشاح الصندل',
    descriptionEn:
      'Creamy sandalwood draped over violet and a pinch of nutmeg. A soft, milky woody scent that feels like a warm shawl on a cool evening.',
    descriptionAr: 'صندل كريمي يتهادى فوق البنفسج ورشّة من جوزة الطيب. عطر خشبي ناعم كالحليب، يشبه وشاحًا دافئًا في أمسية باردة.',
    gender: 'unisex',
    pricePiastres: 219950,
    stock: 16,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['daily', 'office', 'evening'],
    notes: { top: ['mandarin', 'nutmeg'], heart: ['violet'], base: ['sandalwood', 'cashmere-wood', 'musk'] },
    palette: { from: '#2a1b12', to: '#a4784e', body: '#d2a679', cap: '#5b3b22', accent: '#f1d3a8' },
  }),
];

const EAU_DE_TOILETTE: SeedProduct[] = [
  product('edt', {
    slug: 'bergamot-breeze',
    familySlug: 'fresh-citrus',
    nameEn: 'Bergamot Breeze',
    nameAr: 'نسيم البرغموت',
    descriptionEn:
      'Sparkling bergamot and lemon zest lifted by neroli and a hint of lavender. A crisp, easy freshness for hot Cairo mornings and long office days.',
    descriptionAr: 'برغموت متألق وقشر ليمون تنعشهما لمسة من النيرولي والخزامى. انتعاش نقي وسهل لصباحات القاهرة الحارة وأيام العمل الطويلة.',
    gender: 'men',
    pricePiastres: 115000,
    stock: 45,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['daily', 'office', 'summer'],
    ...BERGAMOT_BREEZE,
  }),
  product('edt', {
    slug: 'alexandria-blue',
    familySlug: 'aquatic',
    nameEn: 'Alexandria Blue',
    nameAr: 'أزرق الإسكندرية',
    descriptionEn:
      'A salty Mediterranean breeze off the Corniche, sharpened with grapefruit and wild rosemary. Mineral ambergris and cedar keep it fresh from the beach to the evening stroll.',
    descriptionAr:
      'نسمة متوسطية مالحة تهب من الكورنيش، تزيدها حيوية لمسات الجريب فروت وإكليل الجبل. ويحافظ العنبر الرمادي وخشب الأرز على انتعاشه من الشاطئ حتى نزهة المساء.',
    gender: 'men',
    pricePiastres: 135000,
    stock: 38,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['summer', 'daily', 'sport'],
    ...ALEXANDRIA_BLUE,
  }),
  product('edt', {
    slug: 'zamalek-garden',
    familySlug: 'floral',
    nameEn: 'Zamalek Garden',
    nameAr: 'حديقة الزمالك',
    descriptionEn:
      'A stroll beneath the flowering trees of Zamalek: crisp pear, green tea and magnolia in full bloom. Airy and cheerful, with a clean musky finish.',
    descriptionAr:
      'نزهة تحت الأشجار المزهرة في الزمالك: كمثرى مقرمشة وشاي أخضر وماغنوليا في أوج تفتحها. عطر خفيف ومبهج بلمسة ختام مسكية نقية.',
    gender: 'women',
    pricePiastres: 145000,
    stock: 26,
    isNew: true,
    sizesMl: [50, 100],
    occasionSlugs: ['daily', 'office'],
    notes: { top: ['pear', 'bergamot'], heart: ['peony', 'magnolia', 'green-tea'], base: ['white-musk'] },
    palette: { from: '#eef6e8', to: '#b9d9a8', body: '#f3c6d0', cap: '#ffffff', accent: '#6e9b5a' },
  }),
  product('edt', {
    slug: 'neroli-sun',
    familySlug: 'fresh-citrus',
    nameEn: 'Neroli Sun',
    nameAr: 'شمس النيرولي',
    descriptionEn:
      'Bitter orange and mandarin burst like a Mediterranean noon, then melt into luminous neroli. A radiant citrus that smells like a summer holiday in a bottle.',
    descriptionAr: 'برتقال مر ويوسفي ينفجران كظهيرة متوسطية مشمسة ثم يذوبان في نيرولي مشرق. عطر حمضي متوهج كأنه عطلة صيفية في زجاجة.',
    gender: 'unisex',
    pricePiastres: 125000,
    stock: 19,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['summer', 'daily'],
    ...NEROLI_SUN,
  }),
  product('edt', {
    slug: 'fig-shade',
    familySlug: 'woody',
    nameEn: 'Fig Shade',
    nameAr: 'ظل التين',
    descriptionEn:
      'Green fig leaves, milky fig flesh and a sprig of basil: the cool shade of a garden at noon. Dry cedar gives this gentle green scent its quiet strength.',
    descriptionAr:
      'أوراق تين خضراء ولبّ التين الحليبي وغصن من الريحان: ظل الحديقة البارد في وقت الظهيرة. ويمنح خشب الأرز الجاف هذا العطر الأخضر الرقيق قوته الهادئة.',
    gender: 'unisex',
    pricePiastres: 155000,
    stock: 11,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['summer', 'daily'],
    notes: { top: ['basil', 'bergamot'], heart: ['fig'], base: ['cedarwood', 'vetiver'] },
    palette: { from: '#e7efdf', to: '#7f9c6b', body: '#8aa870', cap: '#4c3b2a', accent: '#3f5d34' },
  }),
  product('edt', {
    slug: 'lavender-fields',
    familySlug: 'aromatic-fougere',
    nameEn: 'Lavender Fields',
    nameAr: 'حقول الخزامى',
    descriptionEn:
      'Sun-warmed lavender, cool mint and geranium in the classic barbershop tradition. Tonka bean and oakmoss round it into a smooth, reassuring fougère.',
    descriptionAr:
      'خزامى دافئة تحت الشمس ونعناع بارد وإبرة الراعي على طريقة الحلاقين الكلاسيكية. وتضفي حبوب التونكا وطحلب البلوط استدارة ناعمة على هذا الفوجير المطمئن.',
    gender: 'men',
    pricePiastres: 110000,
    stock: 31,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['daily', 'office'],
    notes: { top: ['mint', 'bergamot'], heart: ['lavender', 'geranium'], base: ['tonka', 'oakmoss'] },
    palette: { from: '#e8e4f4', to: '#8c7bc0', body: '#9d8ad0', cap: '#2d2a3e', accent: '#5c4a99' },
  }),
  product('edt', {
    slug: 'peach-sorbet',
    familySlug: 'fruity',
    nameEn: 'Peach Sorbet',
    nameAr: 'سوربيه الخوخ',
    descriptionEn:
      'Juicy white peach and mandarin whipped into a frosty sorbet, topped with orange blossom. Playful, sweet and light enough for the hottest days.',
    descriptionAr: 'خوخ أبيض عصيري ويوسفي مخفوقان كسوربيه مثلج تعلوه زهرة البرتقال. عطر مرح وحلو وخفيف يناسب أشد الأيام حرارة.',
    gender: 'women',
    pricePiastres: 95000,
    stock: 52,
    isNew: false,
    sizesMl: [30, 50, 100],
    occasionSlugs: ['daily', 'summer'],
    notes: { top: ['peach', 'mandarin'], heart: ['orange-blossom'], base: ['vanilla', 'musk'] },
    palette: { from: '#fff0e6', to: '#f7b59b', body: '#f9a58a', cap: '#fff7ef', accent: '#e06d4f' },
  }),
  product('edt', {
    slug: 'mint-tea',
    familySlug: 'aromatic-fougere',
    nameEn: 'Mint Tea',
    nameAr: 'شاي بالنعناع',
    descriptionEn:
      'The most Egyptian of pleasures: a glass of green tea steeped with fresh mint and a twist of lemon. Bright, cooling and endlessly comforting.',
    descriptionAr:
      'أحلى عادات المصريين في زجاجة: كوب من الشاي الأخضر بأوراق النعناع الطازجة وشريحة ليمون. عطر مشرق ومنعش يبعث على الراحة دائمًا.',
    gender: 'unisex',
    pricePiastres: 105000,
    stock: 29,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['daily', 'office', 'summer'],
    notes: { top: ['mint', 'lemon'], heart: ['green-tea', 'cardamom'], base: ['cedarwood', 'musk'] },
    palette: { from: '#e6f3e8', to: '#6fae85', body: '#86c79b', cap: '#f2f2ea', accent: '#2f7a4b' },
  }),
  product('edt', {
    slug: 'sea-glass',
    familySlug: 'aquatic',
    nameEn: 'Sea Glass',
    nameAr: 'زجاج البحر',
    descriptionEn:
      'Frosted sea glass polished by the waves, with salty air, lime and a cool marine accord. Smooth woods and ambergris linger like sunshine on warm skin.',
    descriptionAr:
      'زجاج بحري صقلته الأمواج، مع هواء مالح وليمون أخضر ونفحات بحرية باردة. وتبقى الأخشاب الناعمة والعنبر الرمادي كأثر الشمس على البشرة الدافئة.',
    gender: 'unisex',
    pricePiastres: 129950,
    stock: 1,
    isNew: true,
    sizesMl: [50, 100],
    occasionSlugs: ['summer', 'sport', 'daily'],
    notes: { top: ['sea-salt', 'lime'], heart: ['marine-accord', 'lotus'], base: ['ambergris', 'guaiac-wood'] },
    palette: { from: '#e3f5f3', to: '#74c2c0', body: '#8fd6cf', cap: '#d9e6e5', accent: '#2c8c8a' },
  }),
  product('edt', {
    slug: 'violet-morning',
    familySlug: 'floral',
    nameEn: 'Violet Morning',
    nameAr: 'صباح البنفسج',
    descriptionEn:
      'Dew-covered violets and a tart hint of blackcurrant, soft as the first light of morning. Powdery iris and musk make it a gentle everyday signature.',
    descriptionAr:
      'بنفسج يغطيه الندى ولمسة لاذعة من الكشمش الأسود، ناعم كأول ضوء في الصباح. ويجعل منه السوسن البودري والمسك توقيعًا يوميًا رقيقًا.',
    gender: 'women',
    pricePiastres: 118000,
    stock: 0,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['daily', 'office'],
    notes: { top: ['blackcurrant', 'bergamot'], heart: ['violet', 'iris'], base: ['musk', 'cashmere-wood'] },
    palette: { from: '#f1ecf7', to: '#b49ad6', body: '#9c7cc8', cap: '#e9e3f0', accent: '#5b3b8c' },
  }),
  product('edt', {
    slug: 'cedar-avenue',
    familySlug: 'woody',
    nameEn: 'Cedar Avenue',
    nameAr: 'جادة الأرز',
    descriptionEn:
      'Grapefruit and black pepper snap over a sturdy frame of cedarwood and vetiver. Sharp, modern and polished: the scent of a well-cut suit.',
    descriptionAr: 'جريب فروت وفلفل أسود ينطلقان فوق بنية متينة من خشب الأرز ونجيل الهند. عطر حاد وعصري ومصقول، له حضور بدلة مفصّلة بإتقان.',
    gender: 'men',
    pricePiastres: 169000,
    stock: 15,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['office', 'daily'],
    notes: { top: ['grapefruit', 'black-pepper'], heart: ['nutmeg', 'lavender'], base: ['cedarwood', 'vetiver', 'guaiac-wood'] },
    palette: { from: '#1a1f1c', to: '#52614f', body: '#8b8f6a', cap: '#c2c2b4', accent: '#d8b56a' },
  }),
  product('edt', {
    slug: 'lotus-pond',
    familySlug: 'floral',
    nameEn: 'Lotus Pond',
    nameAr: 'بركة اللوتس',
    descriptionEn:
      'Blue lotus, the sacred flower of ancient Egypt, floats on still water with a breath of mandarin. Watery, serene and softly floral, with a clean musky finish.',
    descriptionAr:
      'اللوتس الأزرق، زهرة مصر القديمة المقدسة، يطفو على ماء ساكن مع نفحة من اليوسفي. عطر مائي هادئ بلمسة زهرية ناعمة وختام مسكي نقي.',
    gender: 'women',
    pricePiastres: 139000,
    stock: 21,
    isNew: false,
    sizesMl: [50, 100],
    occasionSlugs: ['summer', 'daily'],
    notes: { top: ['mandarin', 'marine-accord'], heart: ['lotus', 'lily-of-the-valley'], base: ['white-musk', 'sandalwood'] },
    palette: { from: '#e6f0fb', to: '#7fa7d9', body: '#9cc0ea', cap: '#f6e7c8', accent: '#3d6fb0' },
  }),
];

const ENERGY_BOOSTING: SeedProduct[] = [
  product('energy', {
    slug: 'citrus-rush',
    familySlug: 'fresh-citrus',
    nameEn: 'Citrus Rush',
    nameAr: 'اندفاعة الحمضيات',
    descriptionEn:
      'A jolt of lemon, grapefruit and fiery ginger that wakes you up faster than your morning coffee. Spray generously before the gym or whenever the afternoon slump hits.',
    descriptionAr:
      'دفعة من الليمون والجريب فروت والزنجبيل الحار توقظك أسرع من قهوة الصباح. رشّه بسخاء قبل التمرين أو كلما شعرت بخمول منتصف النهار.',
    gender: 'unisex',
    pricePiastres: 55000,
    stock: 44,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['sport', 'summer', 'daily'],
    notes: { top: ['lemon', 'grapefruit'], heart: ['ginger'], base: ['white-musk'] },
    palette: { from: '#fff8cc', to: '#ffc928', body: '#ffd93b', cap: '#1e1e1e', accent: '#ff7a1a' },
  }),
  product('energy', {
    slug: 'morning-sprint',
    familySlug: 'aromatic-fougere',
    nameEn: 'Morning Sprint',
    nameAr: 'انطلاقة الصباح',
    descriptionEn:
      'Cool mint, zesty lime and rosemary for that first-kilometre feeling. Vetiver keeps it clean and grounded all the way to the finish line.',
    descriptionAr: 'نعناع بارد وليمون أخضر منعش وإكليل الجبل لإحساس الكيلومتر الأول. ويبقيه نجيل الهند نظيفًا وثابتًا حتى خط النهاية.',
    gender: 'men',
    pricePiastres: 62000,
    stock: 37,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['sport', 'daily'],
    notes: { top: ['mint', 'lime'], heart: ['rosemary'], base: ['vetiver'] },
    palette: { from: '#dff7ef', to: '#1fb58f', body: '#21c29a', cap: '#0f2a2a', accent: '#c8f560' },
  }),
  product('energy', {
    slug: 'berry-spark',
    familySlug: 'fruity',
    nameEn: 'Berry Spark',
    nameAr: 'شرارة التوت',
    descriptionEn:
      'A fizzy burst of raspberry and blackcurrant around a juicy peach heart. Bright, bubbly and impossible to wear in a bad mood.',
    descriptionAr: 'فورة منعشة من التوت والكشمش الأسود حول قلب من الخوخ العصيري. عطر مشرق ومبهج لا يليق به المزاج السيئ.',
    gender: 'women',
    pricePiastres: 49000,
    stock: 58,
    isNew: true,
    sizesMl: [150, 200],
    occasionSlugs: ['daily', 'sport', 'summer'],
    notes: { top: ['raspberry', 'blackcurrant'], heart: ['peach'], base: ['musk'] },
    palette: { from: '#ffe3ef', to: '#ff4f8b', body: '#ff5c93', cap: '#ffffff', accent: '#7a1fd1' },
  }),
  product('energy', {
    slug: 'ginger-boost',
    familySlug: 'fresh-citrus',
    nameEn: 'Ginger Boost',
    nameAr: 'دفعة الزنجبيل',
    descriptionEn:
      'Fresh-cut ginger root and lemon peel over a calm green-tea heart. An instant lift that keeps your head clear through meetings and workouts alike.',
    descriptionAr:
      'جذر زنجبيل طازج وقشر ليمون فوق قلب هادئ من الشاي الأخضر. انتعاش فوري يبقي ذهنك صافيًا في الاجتماعات والتمارين على حد سواء.',
    gender: 'unisex',
    pricePiastres: 68000,
    stock: 0,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['sport', 'office'],
    notes: { top: ['ginger', 'lemon'], heart: ['green-tea'], base: ['cedarwood'] },
    palette: { from: '#fff4e0', to: '#f2a541', body: '#f0b45a', cap: '#3a2a1a', accent: '#d9531e' },
  }),
  product('energy', {
    slug: 'mint-wave',
    familySlug: 'aromatic-fougere',
    nameEn: 'Mint Wave',
    nameAr: 'موجة النعناع',
    descriptionEn:
      'An icy wave of peppermint crashing over salty sea air. Pure cooling refreshment for summer afternoons and after-training showers.',
    descriptionAr: 'موجة جليدية من النعناع تتكسر فوق هواء البحر المالح. انتعاش بارد خالص لعصاري الصيف وما بعد التمرين.',
    gender: 'men',
    pricePiastres: 52000,
    stock: 49,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['sport', 'summer'],
    notes: { top: ['mint', 'sea-salt'], heart: ['marine-accord'], base: ['ambergris'] },
    palette: { from: '#e0fbff', to: '#34c6e0', body: '#3fd0e6', cap: '#0b3d5c', accent: '#b8fff5' },
  }),
  product('energy', {
    slug: 'pineapple-splash',
    familySlug: 'fruity',
    nameEn: 'Pineapple Splash',
    nameAr: 'رشّة الأناناس',
    descriptionEn:
      'Ripe pineapple and mandarin splashed with creamy coconut water. A holiday mood in a single spray, light enough to reapply all day.',
    descriptionAr: 'أناناس ناضج ويوسفي مع رشّة من ماء جوز الهند الكريمي. مزاج الإجازة في رشّة واحدة، وخفيف بما يكفي لتجديده طوال اليوم.',
    gender: 'women',
    pricePiastres: 47550,
    stock: 33,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['summer', 'daily'],
    notes: { top: ['pineapple', 'mandarin'], heart: ['coconut'], base: ['musk'] },
    palette: { from: '#fffbe0', to: '#ffd23f', body: '#ffc83d', cap: '#2e9b5f', accent: '#ff8c42' },
  }),
  product('energy', {
    slug: 'green-apple-zest',
    familySlug: 'fruity',
    nameEn: 'Green Apple Zest',
    nameAr: 'انتعاش التفاح الأخضر',
    descriptionEn: 'Crunchy green apple and lemon with a surprising twist of basil. Clean, crisp and energising from the very first spray.',
    descriptionAr: 'تفاح أخضر مقرمش وليمون مع لمسة مفاجئة من الريحان. عطر نظيف ومنعش يبث النشاط من أول رشّة.',
    gender: 'unisex',
    pricePiastres: 56000,
    stock: 3,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['daily', 'sport'],
    notes: { top: ['green-apple', 'lemon'], heart: ['basil'], base: ['white-musk'] },
    palette: { from: '#f0fbe0', to: '#8ed14f', body: '#9ad85a', cap: '#ffffff', accent: '#3e8e1f' },
  }),
  product('energy', {
    slug: 'pink-grapefruit-fizz',
    familySlug: 'fresh-citrus',
    nameEn: 'Pink Grapefruit Fizz',
    nameAr: 'فوران الجريب فروت الوردي',
    descriptionEn:
      'Sparkling pink grapefruit with a pinch of pink pepper, fizzing like a cold soda on a hot day. A cheerful, zesty pick-me-up for your bag.',
    descriptionAr: 'جريب فروت وردي متلألئ مع رشّة من الفلفل الوردي، يفور كمشروب بارد في يوم حار. جرعة مرح وانتعاش تحملها في حقيبتك.',
    gender: 'women',
    pricePiastres: 59000,
    stock: 27,
    isNew: true,
    sizesMl: [150, 200],
    occasionSlugs: ['summer', 'sport'],
    notes: { top: ['grapefruit', 'pink-pepper'], heart: ['peony'], base: ['musk'] },
    palette: { from: '#ffe9e4', to: '#ff7f6e', body: '#ff8a7a', cap: '#fff4f0', accent: '#e0314b' },
  }),
  product('energy', {
    slug: 'coconut-water',
    familySlug: 'gourmand',
    nameEn: 'Coconut Water',
    nameAr: 'ماء جوز الهند',
    descriptionEn:
      'Fresh coconut water, a squeeze of lime and a floating lotus flower. Cool, creamy and hydrating, like a beach day on the Red Sea.',
    descriptionAr: 'ماء جوز هند طازج وعصرة ليمون أخضر وزهرة لوتس طافية. عطر بارد وكريمي منعش، كيوم على شاطئ البحر الأحمر.',
    gender: 'women',
    pricePiastres: 64000,
    stock: 18,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['summer', 'daily'],
    notes: { top: ['lime'], heart: ['coconut', 'lotus'], base: ['white-musk'] },
    palette: { from: '#f6fbff', to: '#bfe3ea', body: '#f4f1e8', cap: '#6b4b2e', accent: '#39a6b5' },
  }),
  product('energy', {
    slug: 'peak-energy',
    familySlug: 'aromatic-fougere',
    nameEn: 'Peak Energy',
    nameAr: 'قمة النشاط',
    descriptionEn:
      'Black pepper and bergamot charge up a crisp lavender heart over dry vetiver. Made for the final rep, the long run and everything after.',
    descriptionAr:
      'فلفل أسود وبرغموت يشحنان قلبًا منعشًا من الخزامى فوق قاعدة جافة من نجيل الهند. صُمم للتكرار الأخير في التمرين وللجري الطويل وكل ما يأتي بعدهما.',
    gender: 'men',
    pricePiastres: 89000,
    stock: 24,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['sport', 'daily'],
    notes: { top: ['black-pepper', 'bergamot'], heart: ['lavender'], base: ['vetiver'] },
    palette: { from: '#e8ecf2', to: '#3a4a6b', body: '#2f3f63', cap: '#ff5a1f', accent: '#ffb020' },
  }),
  product('energy', {
    slug: 'sunny-mandarin',
    familySlug: 'fresh-citrus',
    nameEn: 'Sunny Mandarin',
    nameAr: 'يوسفي مشمس',
    descriptionEn:
      'Juicy mandarin segments and a hint of neroli, bright as a sunny winter morning. A cheerful, uncomplicated mist for the whole family.',
    descriptionAr: 'فصوص يوسفي عصيرية ولمسة من النيرولي، مشرقة كصباح شتوي مشمس. رذاذ مبهج وبسيط يناسب كل أفراد العائلة.',
    gender: 'unisex',
    pricePiastres: 45000,
    stock: 40,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['daily', 'summer'],
    notes: { top: ['mandarin'], heart: ['neroli'], base: ['white-musk'] },
    palette: { from: '#fff4e0', to: '#ff9f1c', body: '#ffa62b', cap: '#ffffff', accent: '#e36414' },
  }),
];

const DEODORANTS: SeedProduct[] = [
  product('deodorantSpray', {
    slug: 'oud-nights-deodorant',
    familySlug: 'woody',
    nameEn: 'Oud Nights Deodorant',
    nameAr: 'مزيل عرق ليالي العود',
    descriptionEn:
      'The smoky oud and saffron of our Oud Nights in a 48-hour deodorant spray. Quick-drying and free of white marks, so your signature starts the moment you dress.',
    descriptionAr:
      'العود المدخّن والزعفران من عطر ليالي العود في بخاخ مزيل للعرق يدوم ٤٨ ساعة. يجف سريعًا ولا يترك بقعًا بيضاء، ليبدأ حضورك من لحظة ارتداء ملابسك.',
    gender: 'men',
    pricePiastres: 32000,
    stock: 36,
    isNew: false,
    sizesMl: [150],
    occasionSlugs: ['evening', 'daily'],
    ...OUD_NIGHTS,
  }),
  product('deodorantStick', {
    slug: 'white-musk-stick',
    familySlug: 'musky',
    nameEn: 'White Musk Stick',
    nameAr: 'مزيل عرق المسك الأبيض',
    descriptionEn:
      'A gentle, alcohol-free stick with the timeless scent of white musk. It glides on smoothly and keeps you fresh and confident from morning to night.',
    descriptionAr: 'ستيك لطيف خالٍ من الكحول بعبير المسك الأبيض الخالد. ينساب بنعومة ويمنحك انتعاشًا وثقة من الصباح حتى المساء.',
    gender: 'unisex',
    pricePiastres: 18500,
    stock: 57,
    isNew: false,
    sizesMl: [75],
    occasionSlugs: ['daily', 'office'],
    notes: { top: ['aldehydes'], heart: ['lily-of-the-valley'], base: ['white-musk'] },
    palette: { from: '#f4f4f8', to: '#c9cbe0', body: '#ffffff', cap: '#b8bdd6', accent: '#7a80a8' },
  }),
  product('rollOn', {
    slug: 'fresh-cotton-roll-on',
    familySlug: 'musky',
    nameEn: 'Fresh Cotton Roll-on',
    nameAr: 'رول أون القطن المنعش',
    descriptionEn:
      'The comforting scent of sun-dried cotton sheets in a quick-drying roll-on. Mild on sensitive skin and kind to your clothes.',
    descriptionAr: 'رائحة الملاءات القطنية المجففة تحت الشمس في رول أون سريع الجفاف. لطيف على البشرة الحساسة ورفيق بملابسك.',
    gender: 'women',
    pricePiastres: 16500,
    stock: 46,
    isNew: false,
    sizesMl: [50],
    occasionSlugs: ['daily', 'office', 'sport'],
    notes: { top: ['aldehydes', 'pear'], heart: ['peony'], base: ['white-musk'] },
    palette: { from: '#f2f8fc', to: '#bcd9ec', body: '#e8f3fa', cap: '#7fb2d6', accent: '#3f7fb0' },
  }),
  product('deodorantSpray', {
    slug: 'alexandria-blue-deodorant',
    familySlug: 'aquatic',
    nameEn: 'Alexandria Blue Deodorant',
    nameAr: 'مزيل عرق أزرق الإسكندرية',
    descriptionEn:
      'The salty sea breeze of Alexandria Blue in a powerful anti-perspirant spray. It stays fresh through humid summer days and heavy training sessions.',
    descriptionAr:
      'نسمة البحر المالحة من عطر أزرق الإسكندرية في بخاخ قوي مضاد للتعرق. يبقى منعشًا طوال أيام الصيف الرطبة وجلسات التمرين الشاقة.',
    gender: 'men',
    pricePiastres: 29000,
    stock: 0,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['sport', 'summer', 'daily'],
    ...ALEXANDRIA_BLUE,
  }),
  product('deodorantStick', {
    slug: 'jasmine-blossom-deodorant-stick',
    familySlug: 'floral',
    nameEn: 'Jasmine Blossom Deodorant Stick',
    nameAr: 'مزيل عرق زهرة الياسمين',
    descriptionEn:
      'Our much-loved Jasmine Blossom in a creamy, invisible deodorant stick. Softly floral, it layers beautifully with the eau de parfum.',
    descriptionAr: 'عطرنا المحبوب زهرة الياسمين في ستيك كريمي مزيل للعرق لا يترك أثرًا. وبلمسته الزهرية الرقيقة يتناغم بجمال مع ماء العطر.',
    gender: 'women',
    pricePiastres: 24000,
    stock: 28,
    isNew: false,
    sizesMl: [75],
    occasionSlugs: ['daily', 'office'],
    ...JASMINE_BLOSSOM,
  }),
  product('deodorantSpray', {
    slug: 'sport-ice-deodorant',
    familySlug: 'aromatic-fougere',
    nameEn: 'Sport Ice Deodorant',
    nameAr: 'مزيل عرق سبورت آيس',
    descriptionEn:
      'An icy blast of mint and lemon with 72-hour sweat protection for serious athletes. The cooling effect kicks in the moment you spray.',
    descriptionAr: 'دفقة جليدية من النعناع والليمون مع حماية من التعرق تدوم ٧٢ ساعة للرياضيين الجادين. ويبدأ مفعول البرودة من لحظة الرش.',
    gender: 'men',
    pricePiastres: 21000,
    stock: 2,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['sport', 'summer'],
    notes: { top: ['mint', 'lemon'], heart: ['lavender'], base: ['cedarwood'] },
    palette: { from: '#e7f6ff', to: '#4fa3e0', body: '#1f5fa8', cap: '#c9d6e3', accent: '#9fe3ff' },
  }),
  product('deodorantStick', {
    slug: 'golden-amber-stick',
    familySlug: 'oriental',
    nameEn: 'Golden Amber Stick',
    nameAr: 'ستيك العنبر الذهبي',
    descriptionEn:
      'Warm golden amber and a hint of cardamom in a long-lasting deodorant stick. A cosy, comforting scent that feels like a hug.',
    descriptionAr: 'عنبر ذهبي دافئ ولمسة من الهيل في ستيك مزيل للعرق يدوم طويلًا. عبير دافئ ومريح كأنه عناق.',
    gender: 'unisex',
    pricePiastres: 26000,
    stock: 19,
    isNew: false,
    sizesMl: [75],
    occasionSlugs: ['evening', 'ramadan-eid'],
    notes: { top: ['cardamom'], heart: ['benzoin'], base: ['amber', 'vanilla'] },
    palette: { from: '#fff1dc', to: '#d99a3e', body: '#b8741f', cap: '#f3e2c4', accent: '#7a4410' },
  }),
  product('rollOn', {
    slug: 'rose-powder-roll-on',
    familySlug: 'floral',
    nameEn: 'Rose Powder Roll-on',
    nameAr: 'رول أون بودرة الورد',
    descriptionEn:
      'Powdery Damask rose and violet in a soft roll-on that dries in seconds. Feminine, discreet and gentle enough for everyday use.',
    descriptionAr: 'ورد دمشقي بودري وبنفسج في رول أون ناعم يجف خلال ثوانٍ. أنثوي وهادئ ولطيف بما يكفي للاستخدام اليومي.',
    gender: 'women',
    pricePiastres: 17550,
    stock: 39,
    isNew: false,
    sizesMl: [50],
    occasionSlugs: ['daily', 'office'],
    notes: { top: ['pink-pepper'], heart: ['damask-rose', 'violet'], base: ['white-musk'] },
    palette: { from: '#fdeef1', to: '#eab2c0', body: '#f6cdd6', cap: '#d98a9e', accent: '#a8475f' },
  }),
  product('deodorantSpray', {
    slug: 'cedar-vetiver-spray',
    familySlug: 'woody',
    nameEn: 'Cedar Vetiver Spray',
    nameAr: 'بخاخ الأرز ونجيل الهند',
    descriptionEn:
      'Dry cedar and earthy vetiver with a crisp grapefruit top, in a deodorant that smells like a real fragrance. Long-lasting protection with a refined woody trail.',
    descriptionAr:
      'خشب أرز جاف ونجيل هند ترابي مع افتتاحية منعشة من الجريب فروت، في مزيل عرق يفوح كعطر حقيقي. حماية تدوم طويلًا مع أثر خشبي راقٍ.',
    gender: 'men',
    pricePiastres: 35000,
    stock: 23,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['office', 'daily'],
    notes: { top: ['grapefruit'], heart: ['black-pepper'], base: ['cedarwood', 'vetiver'] },
    palette: { from: '#eeeae2', to: '#7d7461', body: '#3f4a3c', cap: '#c9c1ad', accent: '#b08d57' },
  }),
  product('deodorantStick', {
    slug: 'lavender-care-stick',
    familySlug: 'aromatic-fougere',
    nameEn: 'Lavender Care Stick',
    nameAr: 'ستيك الخزامى المهدئ',
    descriptionEn:
      'Calming lavender and soft musk in an aluminium-free stick enriched with aloe. A soothing choice for sensitive skin and sleepy mornings.',
    descriptionAr: 'خزامى مهدئة ومسك ناعم في ستيك خالٍ من الألومنيوم ومعزز بالصبار. خيار مريح للبشرة الحساسة وللصباحات الناعسة.',
    gender: 'unisex',
    pricePiastres: 19950,
    stock: 0,
    isNew: false,
    sizesMl: [75],
    occasionSlugs: ['daily'],
    notes: { top: ['bergamot'], heart: ['lavender'], base: ['white-musk'] },
    palette: { from: '#f1eefa', to: '#a99ad8', body: '#ffffff', cap: '#8f7fc9', accent: '#5d4b9e' },
  }),
  product('deodorantSpray', {
    slug: 'citrus-shield-spray',
    familySlug: 'fresh-citrus',
    nameEn: 'Citrus Shield Spray',
    nameAr: 'بخاخ درع الحمضيات',
    descriptionEn:
      'Lemon, bergamot and neroli team up with 48-hour odour protection. Light, zesty and made for everyone on the family bathroom shelf.',
    descriptionAr:
      'الليمون والبرغموت والنيرولي يجتمعون مع حماية من الروائح تدوم ٤٨ ساعة. بخاخ خفيف ومنعش يناسب الجميع على رف الحمام العائلي.',
    gender: 'unisex',
    pricePiastres: 23000,
    stock: 34,
    isNew: false,
    sizesMl: [150, 200],
    occasionSlugs: ['sport', 'summer', 'daily'],
    notes: { top: ['lemon', 'bergamot'], heart: ['neroli'], base: ['white-musk'] },
    palette: { from: '#fffbe6', to: '#f5d547', body: '#fbe36a', cap: '#1d6f42', accent: '#f08c00' },
  }),
];

/** 10 ml travel sprays: listed by type on /bullet, filed under the category of their concentration. */
const BULLETS: SeedProduct[] = [
  product('edpBullet', {
    slug: 'oud-nights-pocket-spray',
    familySlug: 'woody',
    nameEn: 'Oud Nights Pocket Spray',
    nameAr: 'ليالي العود بحجم الجيب',
    descriptionEn:
      'Our signature Oud Nights in a slim 10 ml spray that slips into any pocket or clutch. Renew your aura of saffron and oud wherever the night takes you.',
    descriptionAr: 'عطرنا المميز ليالي العود في بخاخ نحيف سعة ١٠ مل يناسب أي جيب أو حقيبة يد. جدّد هالة الزعفران والعود أينما أخذتك السهرة.',
    gender: 'men',
    pricePiastres: 59000,
    stock: 25,
    isNew: false,
    sizesMl: [10],
    occasionSlugs: ['evening', 'wedding'],
    ...OUD_NIGHTS,
  }),
  product('edpBullet', {
    slug: 'night-princess-pocket-spray',
    familySlug: 'oriental',
    nameEn: 'Night Princess Pocket Spray',
    nameAr: 'أميرة الليل بحجم الجيب',
    descriptionEn:
      'The velvety tuberose and vanilla of Night Princess, ready for touch-ups on the go. A 10 ml jewel that fits in the smallest evening bag.',
    descriptionAr:
      'مسك الروم والفانيليا المخمليان من عطر أميرة الليل، جاهزان للتجديد أينما كنتِ. جوهرة سعة ١٠ مل تتسع لها أصغر حقائب السهرة.',
    gender: 'women',
    pricePiastres: 55000,
    stock: 14,
    isNew: true,
    sizesMl: [10],
    occasionSlugs: ['evening', 'wedding'],
    ...NIGHT_PRINCESS,
  }),
  product('edpBullet', {
    slug: 'jasmine-blossom-pocket-spray',
    familySlug: 'floral',
    nameEn: 'Jasmine Blossom Pocket Spray',
    nameAr: 'زهرة الياسمين بحجم الجيب',
    descriptionEn:
      'Fresh jasmine and white musk in a featherweight 10 ml spray. Perfect for the office drawer, the gym bag or a weekend away.',
    descriptionAr: 'ياسمين منعش ومسك أبيض في بخاخ خفيف سعة ١٠ مل. مثالي لدرج المكتب أو حقيبة الرياضة أو عطلة نهاية الأسبوع.',
    gender: 'women',
    pricePiastres: 39000,
    stock: 0,
    isNew: false,
    sizesMl: [10],
    occasionSlugs: ['daily', 'office'],
    ...JASMINE_BLOSSOM,
  }),
  product('edpBullet', {
    slug: 'tahara-musk',
    familySlug: 'musky',
    nameEn: 'Tahara Musk',
    nameAr: 'مسك الطهارة',
    descriptionEn:
      'The beloved clean white musk of Egyptian homes, sweet, soft and comforting, in a 10 ml spray. Wear it alone or layer it under any other fragrance.',
    descriptionAr: 'المسك الأبيض النقي المحبوب في البيوت المصرية، حلو وناعم ومريح، في بخاخ سعة ١٠ مل. استخدمه وحده أو تحت أي عطر آخر.',
    gender: 'unisex',
    pricePiastres: 25000,
    stock: 60,
    isNew: false,
    sizesMl: [10],
    occasionSlugs: ['daily', 'ramadan-eid'],
    notes: { top: ['pear'], heart: ['lily-of-the-valley'], base: ['white-musk', 'musk'] },
    palette: { from: '#f7f1e6', to: '#d9c9ad', body: '#f1e2c2', cap: '#d8c7a6', accent: '#a88b55' },
  }),
  product('edpBullet', {
    slug: 'saffron-drop',
    familySlug: 'oriental',
    nameEn: 'Saffron Drop',
    nameAr: 'قطرة الزعفران',
    descriptionEn: 'A concentrated drop of saffron, rose and amber in a gold-toned 10 ml bullet. Small in size, grand in presence.',
    descriptionAr: 'قطرة مركزة من الزعفران والورد والعنبر في بخاخ ذهبي سعة ١٠ مل. صغير في حجمه، كبير في حضوره.',
    gender: 'unisex',
    pricePiastres: 65000,
    stock: 8,
    isNew: true,
    sizesMl: [10],
    occasionSlugs: ['evening', 'wedding'],
    notes: { top: ['saffron'], heart: ['rose-taifi'], base: ['amber', 'leather'] },
    palette: { from: '#2a1204', to: '#a0521a', body: '#e0902a', cap: '#e3bf5a', accent: '#ffe0a0' },
  }),
  product('edpBullet', {
    slug: 'vanilla-cloud',
    familySlug: 'gourmand',
    nameEn: 'Vanilla Cloud',
    nameAr: 'سحابة الفانيليا',
    descriptionEn:
      'Soft, airy vanilla whipped with toasted almond and a trace of musk, like a warm cloud around you. A 10 ml comfort scent to carry everywhere.',
    descriptionAr:
      'فانيليا ناعمة خفيفة مخفوقة مع اللوز المحمص ولمسة من المسك، كأنها سحابة دافئة تحيط بك. عطر مريح سعة ١٠ مل يرافقك أينما ذهبت.',
    gender: 'women',
    pricePiastres: 32550,
    stock: 30,
    isNew: false,
    sizesMl: [10],
    occasionSlugs: ['daily', 'evening'],
    notes: { top: ['pear'], heart: ['almond'], base: ['vanilla', 'tonka', 'musk'] },
    palette: { from: '#fdf6ea', to: '#ecd3a8', body: '#f3dcae', cap: '#caa46a', accent: '#8a5a2b' },
  }),
  product('edpBullet', {
    slug: 'desert-rose',
    familySlug: 'floral',
    nameEn: 'Desert Rose',
    nameAr: 'وردة الصحراء',
    descriptionEn:
      'A dry, sun-warmed rose blooming against golden sand and sandalwood. A poetic 10 ml pocket spray for dreamers and travellers.',
    descriptionAr: 'وردة جافة دافئة بالشمس تتفتح على رمال ذهبية وخشب الصندل. بخاخ جيب شاعري سعة ١٠ مل للحالمين والمسافرين.',
    gender: 'women',
    pricePiastres: 48000,
    stock: 1,
    isNew: false,
    sizesMl: [10],
    occasionSlugs: ['daily', 'evening'],
    notes: { top: ['pink-pepper'], heart: ['damask-rose', 'geranium'], base: ['sandalwood', 'ambergris'] },
    palette: { from: '#f8e6d8', to: '#c98b6b', body: '#d9826f', cap: '#e9cfa0', accent: '#8c3b2e' },
  }),
  product('edtBullet', {
    slug: 'bergamot-breeze-pocket-spray',
    familySlug: 'fresh-citrus',
    nameEn: 'Bergamot Breeze Pocket Spray',
    nameAr: 'نسيم البرغموت بحجم الجيب',
    descriptionEn:
      'Our crisp Bergamot Breeze in a 10 ml travel spray. Freshen up after the commute, before a meeting or at the end of a long day.',
    descriptionAr: 'عطر نسيم البرغموت المنعش في بخاخ سفر سعة ١٠ مل. انتعش بعد المواصلات أو قبل اجتماع مهم أو في نهاية يوم طويل.',
    gender: 'men',
    pricePiastres: 29000,
    stock: 42,
    isNew: false,
    sizesMl: [10],
    occasionSlugs: ['daily', 'office'],
    ...BERGAMOT_BREEZE,
  }),
  product('edtBullet', {
    slug: 'alexandria-blue-pocket-spray',
    familySlug: 'aquatic',
    nameEn: 'Alexandria Blue Pocket Spray',
    nameAr: 'أزرق الإسكندرية بحجم الجيب',
    descriptionEn:
      'Salty Mediterranean air in a slim 10 ml spray, made for beach bags and road trips to the North Coast. Tough enough to travel, light enough to reapply.',
    descriptionAr:
      'هواء البحر المتوسط المالح في بخاخ نحيف سعة ١٠ مل، لحقائب الشاطئ والرحلات إلى الساحل الشمالي. متين يتحمل السفر وخفيف يسمح بتجديده في أي وقت.',
    gender: 'men',
    pricePiastres: 31000,
    stock: 13,
    isNew: false,
    sizesMl: [10],
    occasionSlugs: ['summer', 'sport'],
    ...ALEXANDRIA_BLUE,
  }),
  product('edtBullet', {
    slug: 'neroli-sun-pocket-spray',
    familySlug: 'fresh-citrus',
    nameEn: 'Neroli Sun Pocket Spray',
    nameAr: 'شمس النيرولي بحجم الجيب',
    descriptionEn: 'Sunny bitter orange and neroli in a pocket-size 10 ml spray. A bright burst of holiday whenever you need one.',
    descriptionAr: 'برتقال مر ونيرولي مشمسان في بخاخ بحجم الجيب سعة ١٠ مل. دفقة مشرقة من أجواء الإجازة كلما احتجت إليها.',
    gender: 'unisex',
    pricePiastres: 27500,
    stock: 20,
    isNew: true,
    sizesMl: [10],
    occasionSlugs: ['summer', 'daily'],
    ...NEROLI_SUN,
  }),
];

export const PRODUCTS: readonly SeedProduct[] = [...EAU_DE_PARFUM, ...EAU_DE_TOILETTE, ...ENERGY_BOOSTING, ...DEODORANTS, ...BULLETS];

/** Believable Egyptian shelf prices, in piastres: pocket sprays by type, everything else by category. */
export const PRICE_BANDS_PIASTRES = {
  'eau-de-parfum': [120000, 480000],
  'eau-de-toilette': [80000, 250000],
  'energy-boosting-fragrances': [45000, 90000],
  deodorants: [15000, 45000],
  bullet: [25000, 65000],
} as const satisfies Record<CategorySlug | 'bullet', readonly [number, number]>;

export function priceBand(product: Pick<SeedProduct, 'type' | 'categorySlug'>): readonly [number, number] {
  return PRICE_BANDS_PIASTRES[product.type === 'bullet' ? 'bullet' : product.categorySlug];
}

export type OfferItem = { productSlug: string; quantity: number };

export type SeedOffer = {
  slug: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  /** The bundle's own price, below the sum of its items. */
  pricePiastres: number;
  stock: number;
  items: readonly OfferItem[];
};

export const OFFERS: readonly SeedOffer[] = [
  {
    slug: 'oud-lovers-set',
    nameEn: 'Oud Lovers Set',
    nameAr: 'مجموعة عشّاق العود',
    descriptionEn:
      'Oud Nights three ways: the eau de parfum, its matching deodorant and a pocket spray for touch-ups. Everything an oud lover needs, from the morning shower to the last dance.',
    descriptionAr:
      'ليالي العود بثلاث طرق: ماء العطر ومزيل العرق المطابق له وبخاخ بحجم الجيب للتجديد. كل ما يحتاجه عاشق العود من حمّام الصباح حتى آخر رقصة.',
    pricePiastres: 369900,
    stock: 10,
    items: [
      { productSlug: 'oud-nights', quantity: 1 },
      { productSlug: 'oud-nights-deodorant', quantity: 1 },
      { productSlug: 'oud-nights-pocket-spray', quantity: 1 },
    ],
  },
  {
    slug: 'his-and-hers-evening',
    nameEn: 'His & Hers Evening Duo',
    nameAr: 'ثنائي السهرة له ولها',
    descriptionEn:
      'Night Princess for her and Sultan Leather for him, two evening signatures made to be worn side by side. A thoughtful gift for an anniversary or a wedding.',
    descriptionAr: 'أميرة الليل لها وجلد السلطان له، توقيعان للسهرة صُمما ليتألقا معًا. هدية مميزة لذكرى الزواج أو ليلة الفرح.',
    pricePiastres: 499950,
    stock: 6,
    items: [
      { productSlug: 'night-princess', quantity: 1 },
      { productSlug: 'sultan-leather', quantity: 1 },
    ],
  },
  {
    slug: 'summer-energy-trio',
    nameEn: 'Summer Energy Trio',
    nameAr: 'ثلاثي طاقة الصيف',
    descriptionEn:
      'Three of our liveliest body mists: Citrus Rush, Mint Wave and Pineapple Splash. Keep one in your bag, one at the gym and one by the beach towel.',
    descriptionAr:
      'ثلاثة من أكثر بخاخات الجسم حيوية: اندفاعة الحمضيات وموجة النعناع ورشّة الأناناس. واحد في حقيبتك وواحد في النادي وواحد بجوار منشفة الشاطئ.',
    pricePiastres: 125000,
    stock: 25,
    items: [
      { productSlug: 'citrus-rush', quantity: 1 },
      { productSlug: 'mint-wave', quantity: 1 },
      { productSlug: 'pineapple-splash', quantity: 1 },
    ],
  },
  {
    slug: 'pocket-discovery-set',
    nameEn: 'Pocket Discovery Set',
    nameAr: 'مجموعة الاكتشاف بحجم الجيب',
    descriptionEn:
      'Five 10 ml pocket sprays to explore the house, from smoky oud to soft vanilla. The easiest way to find your next signature scent.',
    descriptionAr:
      'خمسة بخاخات بحجم الجيب سعة ١٠ مل لتكتشف عطور الدار، من العود المدخّن إلى الفانيليا الناعمة. أسهل طريقة لتجد عطرك المميز القادم.',
    pricePiastres: 159900,
    stock: 15,
    items: [
      { productSlug: 'oud-nights-pocket-spray', quantity: 1 },
      { productSlug: 'night-princess-pocket-spray', quantity: 1 },
      { productSlug: 'tahara-musk', quantity: 1 },
      { productSlug: 'bergamot-breeze-pocket-spray', quantity: 1 },
      { productSlug: 'vanilla-cloud', quantity: 1 },
    ],
  },
  {
    slug: 'fresh-everyday-set',
    nameEn: 'Fresh Everyday Set',
    nameAr: 'مجموعة الانتعاش اليومي',
    descriptionEn: 'Bergamot Breeze eau de toilette with two Citrus Shield deodorant sprays. A crisp, citrus routine for hot days at work.',
    descriptionAr: 'ماء تواليت نسيم البرغموت مع عبوتين من بخاخ درع الحمضيات المزيل للعرق. روتين حمضي منعش لأيام العمل الحارة.',
    pricePiastres: 135000,
    stock: 20,
    items: [
      { productSlug: 'bergamot-breeze', quantity: 1 },
      { productSlug: 'citrus-shield-spray', quantity: 2 },
    ],
  },
  {
    slug: 'eid-gift-box',
    nameEn: 'Eid Gift Box',
    nameAr: 'صندوق هدايا العيد',
    descriptionEn:
      'Amber Majlis and Saffron Crown with two Tahara Musk pocket sprays, in a festive keepsake box. Generous, warm and ready to give on the morning of Eid.',
    descriptionAr:
      'مجلس العنبر وتاج الزعفران مع عبوتين من مسك الطهارة بحجم الجيب، في علبة احتفالية تحتفظ بها. هدية كريمة ودافئة جاهزة لصباح العيد.',
    pricePiastres: 629900,
    stock: 0,
    items: [
      { productSlug: 'amber-majlis', quantity: 1 },
      { productSlug: 'saffron-crown', quantity: 1 },
      { productSlug: 'tahara-musk', quantity: 2 },
    ],
  },
];

/** Looks a product up by slug and fails loudly on a slug the catalogue does not have. */
export function productBySlug(slug: string, products: readonly SeedProduct[] = PRODUCTS): SeedProduct {
  const found = products.find((p) => p.slug === slug);
  if (!found) throw new Error(`Unknown product slug: ${slug}`);
  return found;
}

/** What the offer's items cost bought one by one: the offer's original price. */
export function offerOriginalPricePiastres(offer: SeedOffer, products: readonly SeedProduct[] = PRODUCTS): number {
  return offer.items.reduce((sum, item) => sum + productBySlug(item.productSlug, products).pricePiastres * item.quantity, 0);
}

export type SeedSlide = {
  /** Names the slide's artwork files. */
  slug: string;
  titleEn: string;
  titleAr: string;
  subtitleEn: string;
  subtitleAr: string;
  /** A storefront path. */
  link: string;
  palette: Palette;
  /** The bottles drawn on the slide, centre first. */
  productSlugs: readonly string[];
  /** Draws a gift box with a bow behind the bottles. */
  withGiftBox?: boolean;
};

export const SLIDERS: readonly SeedSlide[] = [
  {
    slug: 'art-of-oud',
    titleEn: 'The Art of Oud',
    titleAr: 'فنّ العود',
    subtitleEn: 'Deep, glowing eaux de parfum for long evenings',
    subtitleAr: 'عطور أو دو بارفان دافئة وعميقة لأمسيات طويلة',
    link: '/fragrances?category_slug=eau-de-parfum',
    palette: { from: '#120a06', to: '#5a3414', body: '#7a3d12', cap: '#c9a24a', accent: '#e9c77b' },
    productSlugs: ['oud-nights', 'saffron-crown', 'amber-majlis'],
  },
  {
    slug: 'new-arrivals',
    titleEn: 'New Arrivals',
    titleAr: 'وصل حديثًا',
    subtitleEn: 'Fresh creations from the Attar atelier',
    subtitleAr: 'إبداعات جديدة من مشغل عطّار',
    link: '/new',
    palette: { from: '#1a1030', to: '#6b3d7a', body: '#6d2a7e', cap: '#d6b36a', accent: '#f0d9a8' },
    productSlugs: ['night-princess', 'midnight-iris', 'creme-brulee-musk'],
  },
  {
    slug: 'pocket-size',
    titleEn: 'Pocket Size, Full Presence',
    titleAr: 'بحجم الجيب… بحضور كامل',
    subtitleEn: '10 ml travel sprays of your favourite scents',
    subtitleAr: 'بخاخات سفر سعة ١٠ مل من عطورك المفضلة',
    link: '/bullet',
    palette: { from: '#f6ecdf', to: '#d7b48a', body: '#e0902a', cap: '#e3bf5a', accent: '#8a5a2b' },
    productSlugs: ['saffron-drop', 'tahara-musk', 'desert-rose', 'neroli-sun-pocket-spray'],
  },
  {
    slug: 'gift-sets',
    titleEn: 'Gift Sets & Offers',
    titleAr: 'عروض ومجموعات هدايا',
    subtitleEn: 'Curated bundles at special prices',
    subtitleAr: 'مجموعات مختارة بأسعار خاصة',
    link: '/offers',
    palette: { from: '#2a0d14', to: '#8e2346', body: '#c2375e', cap: '#e2c17a', accent: '#f5d9a8' },
    productSlugs: ['jasmine-blossom', 'oud-nights', 'bergamot-breeze'],
    withGiftBox: true,
  },
];

const STORE_ADDRESS_EN = '12 Baghdad Street, Korba, Heliopolis, Cairo, Egypt';

export const SITE_CONFIG = {
  freeShippingAfterPiastres: 150000,
  storeNameEn: 'Attar',
  storeNameAr: 'عطّار',
  storeAddressEn: STORE_ADDRESS_EN,
  storeAddressAr: '١٢ شارع بغداد، الكوربة، مصر الجديدة، القاهرة، مصر',
  storeMapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(STORE_ADDRESS_EN)}`,
  phone: '+201001234567',
  email: 'care@attar.example',
  messengerUrl: 'https://m.me/attar.eg',
  facebookUrl: 'https://www.facebook.com/attar.eg',
  instagramUrl: 'https://www.instagram.com/attar.eg',
  tiktokUrl: 'https://www.tiktok.com/@attar.eg',
  whatsappUrl: 'https://wa.me/201001234567',
  // Loyalty: a point is worth 0.10 LE at checkout, and every 10 LE paid earns one.
  pointValuePiastres: 10,
  piastresPerPoint: 1000,
} as const satisfies Omit<typeof t.siteConfig.$inferInsert, 'id'>;

/** The popup code first; then an expired seasonal code and an active one (dates are fixed, so tests can rely on them). */
export const PROMOTIONS = [
  {
    code: 'WELCOME10',
    percentDiscount: 10,
    startsAt: new Date('2024-01-01T00:00:00Z'),
    endsAt: null,
    isActive: true,
    isPopup: true,
    firstOrderOnly: true,
    maxUses: null,
    perCustomerLimit: 1,
  },
  {
    code: 'RAMADAN25',
    percentDiscount: 15,
    startsAt: new Date('2025-02-28T22:00:00Z'),
    endsAt: new Date('2025-03-30T22:00:00Z'),
    isActive: true,
    isPopup: false,
    firstOrderOnly: false,
    maxUses: 1000,
    perCustomerLimit: 1,
  },
  {
    code: 'ATTAR15',
    percentDiscount: 15,
    startsAt: new Date('2024-06-01T00:00:00Z'),
    endsAt: null,
    isActive: true,
    isPopup: false,
    firstOrderOnly: false,
    maxUses: 500,
    perCustomerLimit: 2,
  },
] as const satisfies readonly (typeof t.promotions.$inferInsert)[];

/**
 * Receipts from the Korba store whose points shoppers can claim online (1 point per 10 LE), with the claim code printed
 * on each (the database keeps only its hash).
 */
export const OFFLINE_ORDERS = [
  { orderNumber: 'ST20001', claimCode: 'K7QMA-4XPTR', totalPiastres: 245000, points: 245 },
  { orderNumber: 'ST20002', claimCode: 'H3NWZ-8CVDE', totalPiastres: 89950, points: 89 },
  { orderNumber: 'ST20003', claimCode: 'R9PXB-2MKSU', totalPiastres: 412500, points: 412 },
  { orderNumber: 'ST20004', claimCode: 'T5GJY-6QHNA', totalPiastres: 119900, points: 119 },
  { orderNumber: 'ST20005', claimCode: 'W2FLC-7ZRMX', totalPiastres: 67550, points: 67 },
] as const satisfies readonly (Omit<typeof t.offlineOrders.$inferInsert, 'claimCodeHash'> & { claimCode: string })[];
