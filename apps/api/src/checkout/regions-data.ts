/**
 * Egypt's 27 governorates with their main cities, the delivery fee (piastres) to each and how many working days delivery
 * takes there (decision 0037; migration 0032 gives governorates seeded before it the same).
 */
type City = readonly [en: string, ar: string];
type Days = { min: number; max: number };
type Region = { slug: string; nameEn: string; nameAr: string; feePiastres: number; days: Days; cities: readonly City[] };

const GREATER_CAIRO = 5000;
const DELTA_AND_CANAL = 6500;
const UPPER_EGYPT = 8000;
const REMOTE = 10000;

const CAPITAL: Days = { min: 1, max: 2 };
const NEAR_CAPITAL: Days = { min: 2, max: 3 };
const DELTA_AND_CANAL_DAYS: Days = { min: 2, max: 4 };
const UPPER_EGYPT_DAYS: Days = { min: 3, max: 5 };
const FAR_SOUTH: Days = { min: 4, max: 6 };
const REMOTE_DAYS: Days = { min: 5, max: 7 };

export const REGIONS: readonly Region[] = [
  {
    slug: 'cairo',
    nameEn: 'Cairo',
    nameAr: 'القاهرة',
    feePiastres: GREATER_CAIRO,
    days: CAPITAL,
    cities: [
      ['Heliopolis', 'مصر الجديدة'],
      ['Nasr City', 'مدينة نصر'],
      ['Maadi', 'المعادي'],
      ['Zamalek', 'الزمالك'],
      ['Downtown', 'وسط البلد'],
      ['New Cairo', 'القاهرة الجديدة'],
      ['Shubra', 'شبرا'],
      ['Helwan', 'حلوان'],
    ],
  },
  {
    slug: 'giza',
    nameEn: 'Giza',
    nameAr: 'الجيزة',
    feePiastres: GREATER_CAIRO,
    days: CAPITAL,
    cities: [
      ['Dokki', 'الدقي'],
      ['Mohandessin', 'المهندسين'],
      ['Haram', 'الهرم'],
      ['6th of October', 'السادس من أكتوبر'],
      ['Sheikh Zayed', 'الشيخ زايد'],
      ['Imbaba', 'إمبابة'],
    ],
  },
  {
    slug: 'alexandria',
    nameEn: 'Alexandria',
    nameAr: 'الإسكندرية',
    feePiastres: 6000,
    days: NEAR_CAPITAL,
    cities: [
      ['Smouha', 'سموحة'],
      ['Sidi Gaber', 'سيدي جابر'],
      ['Miami', 'ميامي'],
      ['Montaza', 'المنتزه'],
      ['Agami', 'العجمي'],
      ['Borg El Arab', 'برج العرب'],
    ],
  },
  {
    slug: 'qalyubia',
    nameEn: 'Qalyubia',
    nameAr: 'القليوبية',
    feePiastres: GREATER_CAIRO,
    days: NEAR_CAPITAL,
    cities: [
      ['Banha', 'بنها'],
      ['Shubra El Kheima', 'شبرا الخيمة'],
      ['Qalyub', 'قليوب'],
      ['Obour', 'العبور'],
    ],
  },
  {
    slug: 'port-said',
    nameEn: 'Port Said',
    nameAr: 'بورسعيد',
    feePiastres: DELTA_AND_CANAL,
    days: DELTA_AND_CANAL_DAYS,
    cities: [
      ['Port Said', 'بورسعيد'],
      ['Port Fouad', 'بورفؤاد'],
    ],
  },
  {
    slug: 'suez',
    nameEn: 'Suez',
    nameAr: 'السويس',
    feePiastres: DELTA_AND_CANAL,
    days: DELTA_AND_CANAL_DAYS,
    cities: [
      ['Suez', 'السويس'],
      ['Ain Sokhna', 'العين السخنة'],
    ],
  },
  {
    slug: 'ismailia',
    nameEn: 'Ismailia',
    nameAr: 'الإسماعيلية',
    feePiastres: DELTA_AND_CANAL,
    days: DELTA_AND_CANAL_DAYS,
    cities: [
      ['Ismailia', 'الإسماعيلية'],
      ['Fayed', 'فايد'],
      ['Qantara', 'القنطرة'],
    ],
  },
  {
    slug: 'damietta',
    nameEn: 'Damietta',
    nameAr: 'دمياط',
    feePiastres: DELTA_AND_CANAL,
    days: DELTA_AND_CANAL_DAYS,
    cities: [
      ['Damietta', 'دمياط'],
      ['New Damietta', 'دمياط الجديدة'],
      ['Ras El Bar', 'رأس البر'],
    ],
  },
  {
    slug: 'dakahlia',
    nameEn: 'Dakahlia',
    nameAr: 'الدقهلية',
    feePiastres: DELTA_AND_CANAL,
    days: DELTA_AND_CANAL_DAYS,
    cities: [
      ['Mansoura', 'المنصورة'],
      ['Talkha', 'طلخا'],
      ['Mit Ghamr', 'ميت غمر'],
    ],
  },
  {
    slug: 'sharqia',
    nameEn: 'Sharqia',
    nameAr: 'الشرقية',
    feePiastres: DELTA_AND_CANAL,
    days: DELTA_AND_CANAL_DAYS,
    cities: [
      ['Zagazig', 'الزقازيق'],
      ['10th of Ramadan', 'العاشر من رمضان'],
      ['Belbeis', 'بلبيس'],
    ],
  },
  {
    slug: 'gharbia',
    nameEn: 'Gharbia',
    nameAr: 'الغربية',
    feePiastres: DELTA_AND_CANAL,
    days: DELTA_AND_CANAL_DAYS,
    cities: [
      ['Tanta', 'طنطا'],
      ['El Mahalla El Kubra', 'المحلة الكبرى'],
      ['Kafr El Zayat', 'كفر الزيات'],
    ],
  },
  {
    slug: 'monufia',
    nameEn: 'Monufia',
    nameAr: 'المنوفية',
    feePiastres: DELTA_AND_CANAL,
    days: DELTA_AND_CANAL_DAYS,
    cities: [
      ['Shebin El Kom', 'شبين الكوم'],
      ['Menouf', 'منوف'],
      ['Sadat City', 'مدينة السادات'],
    ],
  },
  {
    slug: 'kafr-el-sheikh',
    nameEn: 'Kafr El Sheikh',
    nameAr: 'كفر الشيخ',
    feePiastres: DELTA_AND_CANAL,
    days: DELTA_AND_CANAL_DAYS,
    cities: [
      ['Kafr El Sheikh', 'كفر الشيخ'],
      ['Desouk', 'دسوق'],
      ['Baltim', 'بلطيم'],
    ],
  },
  {
    slug: 'beheira',
    nameEn: 'Beheira',
    nameAr: 'البحيرة',
    feePiastres: DELTA_AND_CANAL,
    days: DELTA_AND_CANAL_DAYS,
    cities: [
      ['Damanhour', 'دمنهور'],
      ['Kafr El Dawwar', 'كفر الدوار'],
      ['Rashid', 'رشيد'],
    ],
  },
  {
    slug: 'faiyum',
    nameEn: 'Faiyum',
    nameAr: 'الفيوم',
    feePiastres: UPPER_EGYPT,
    days: UPPER_EGYPT_DAYS,
    cities: [
      ['Faiyum', 'الفيوم'],
      ['Sinnuris', 'سنورس'],
    ],
  },
  {
    slug: 'beni-suef',
    nameEn: 'Beni Suef',
    nameAr: 'بني سويف',
    feePiastres: UPPER_EGYPT,
    days: UPPER_EGYPT_DAYS,
    cities: [
      ['Beni Suef', 'بني سويف'],
      ['New Beni Suef', 'بني سويف الجديدة'],
    ],
  },
  {
    slug: 'minya',
    nameEn: 'Minya',
    nameAr: 'المنيا',
    feePiastres: UPPER_EGYPT,
    days: UPPER_EGYPT_DAYS,
    cities: [
      ['Minya', 'المنيا'],
      ['Mallawi', 'ملوي'],
      ['Samalut', 'سمالوط'],
    ],
  },
  {
    slug: 'asyut',
    nameEn: 'Asyut',
    nameAr: 'أسيوط',
    feePiastres: UPPER_EGYPT,
    days: UPPER_EGYPT_DAYS,
    cities: [
      ['Asyut', 'أسيوط'],
      ['Dayrout', 'ديروط'],
    ],
  },
  {
    slug: 'sohag',
    nameEn: 'Sohag',
    nameAr: 'سوهاج',
    feePiastres: UPPER_EGYPT,
    days: UPPER_EGYPT_DAYS,
    cities: [
      ['Sohag', 'سوهاج'],
      ['Akhmim', 'أخميم'],
      ['Girga', 'جرجا'],
    ],
  },
  {
    slug: 'qena',
    nameEn: 'Qena',
    nameAr: 'قنا',
    feePiastres: UPPER_EGYPT,
    days: FAR_SOUTH,
    cities: [
      ['Qena', 'قنا'],
      ['Nag Hammadi', 'نجع حمادي'],
    ],
  },
  {
    slug: 'luxor',
    nameEn: 'Luxor',
    nameAr: 'الأقصر',
    feePiastres: UPPER_EGYPT,
    days: FAR_SOUTH,
    cities: [
      ['Luxor', 'الأقصر'],
      ['Esna', 'إسنا'],
    ],
  },
  {
    slug: 'aswan',
    nameEn: 'Aswan',
    nameAr: 'أسوان',
    feePiastres: UPPER_EGYPT,
    days: FAR_SOUTH,
    cities: [
      ['Aswan', 'أسوان'],
      ['Kom Ombo', 'كوم أمبو'],
      ['Edfu', 'إدفو'],
    ],
  },
  {
    slug: 'red-sea',
    nameEn: 'Red Sea',
    nameAr: 'البحر الأحمر',
    feePiastres: REMOTE,
    days: REMOTE_DAYS,
    cities: [
      ['Hurghada', 'الغردقة'],
      ['Safaga', 'سفاجا'],
      ['Marsa Alam', 'مرسى علم'],
      ['El Gouna', 'الجونة'],
    ],
  },
  {
    slug: 'new-valley',
    nameEn: 'New Valley',
    nameAr: 'الوادي الجديد',
    feePiastres: REMOTE,
    days: REMOTE_DAYS,
    cities: [
      ['Kharga', 'الخارجة'],
      ['Dakhla', 'الداخلة'],
    ],
  },
  {
    slug: 'matrouh',
    nameEn: 'Matrouh',
    nameAr: 'مطروح',
    feePiastres: REMOTE,
    days: REMOTE_DAYS,
    cities: [
      ['Marsa Matrouh', 'مرسى مطروح'],
      ['El Alamein', 'العلمين'],
      ['Siwa', 'سيوة'],
    ],
  },
  {
    slug: 'north-sinai',
    nameEn: 'North Sinai',
    nameAr: 'شمال سيناء',
    feePiastres: REMOTE,
    days: REMOTE_DAYS,
    cities: [
      ['Arish', 'العريش'],
      ['Bir al-Abd', 'بئر العبد'],
    ],
  },
  {
    slug: 'south-sinai',
    nameEn: 'South Sinai',
    nameAr: 'جنوب سيناء',
    feePiastres: REMOTE,
    days: REMOTE_DAYS,
    cities: [
      ['Sharm El Sheikh', 'شرم الشيخ'],
      ['Dahab', 'دهب'],
      ['El Tor', 'الطور'],
    ],
  },
];
