import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MediaUpload, StaffProduct, StaffProductSave, StaffRole, Taxonomy } from '@attar/contract';
import { catalogueLists, catalogueSizes, oudRoyal } from '../test/catalogue';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, EN, errorOf, findToast, itIsNotShownTo, LANGUAGES, thingsById, writesOf } from '../test/screen-kit';

const PATH = '/api/staff/products/';
/** A product as the API saves a request: sizes with their millilitres, the version one more. */
function saved(before: StaffProduct, body: StaffProductSave, id = before.id): StaffProduct {
  const { sizes: sent, version: _version, ...fields } = body;
  return {
    ...before,
    ...fields,
    id,
    sizes: sent.map((size, index) => ({
      id: size.id ?? 90 + index,
      size: size.size,
      ml: catalogueSizes.find((each) => each.id === size.size)!.ml,
      sku: size.sku,
      price: size.price,
      stock: size.stock ?? before.sizes.find((each) => each.id === size.id)?.stock ?? 0,
      is_default: size.is_default,
    })),
    version: before.version + 1,
  };
}

const upload: MediaUpload = {
  id: 1,
  purpose: 'product',
  src: 'products/oud-royal-side.webp',
  url: 'https://media.attar.test/products/oud-royal-side.webp',
  width: 1200,
  height: 1200,
  bytes: 84_000,
};

/**
 * The API as the screen sees it: the lists, product 7 (and the one created, 9), a picture uploaded, and the calls it
 * received; a write is answered by `refuseNext` first when it holds answers.
 */
function fakeApi(role: StaffRole) {
  const products = thingsById(PATH, [oudRoyal], (product, body, action): StaffProduct => {
    if (product === null) return saved({ ...oudRoyal, version: 0, sizes: [] }, { ...(body as StaffProductSave), version: 0 }, 9);
    const version = product.version + 1;
    if (action === 'publication') {
      const { state, publish_at = null } = body as { state: StaffProduct['state']; publish_at?: string };
      return { ...product, state, publish_at, version };
    }
    if (action === 'images') {
      const { images } = body as { images: { src: string; alt_en: string; alt_ar: string }[] };
      return { ...product, images: images.map((image) => ({ ...image, url: `https://media.attar.test/${image.src}` })), version };
    }
    return saved(product, body as StaffProductSave);
  });
  const calls = standInApi(role, (call) => {
    const list = /^\/api\/staff\/catalogue\/(\w+)\/$/.exec(call.url.pathname)?.[1];
    if (list) return json(200, list === 'sizes' ? catalogueSizes : catalogueLists[list as Taxonomy]);
    if (call.method === 'POST' && call.url.pathname === '/api/staff/media/') return json(201, upload);
    return products.answer(call);
  });
  return { calls, writes: () => writesOf(calls), refuseNext: products.refuseNext };
}

isolateScreenTests();

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The save button at the form's end, once the editor has loaded. */
const saveButton = async (name: string) => screen.findByRole('button', { name });

describe('a product’s editor', () => {
  it.each(LANGUAGES)('shows the saved product and saves a changed price on the version loaded ($locale)', async (language) => {
    const { locale, words, say } = language;
    const api = fakeApi('manager');
    openScreen(locale, '/admin/catalogue/products/7');
    const name = locale === 'ar' ? 'عود ملكي' : 'Oud Royal';
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
    expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    expect(field(words.slug).value).toBe('oud-royal');
    expect(field(words.nameAr).getAttribute('dir')).toBe('rtl');
    expect((screen.getByLabelText(words.category) as HTMLSelectElement).value).toBe('1');
    expect(within(screen.getByRole('list', { name: words.layer_top })).getByText(locale === 'ar' ? 'ورد' : 'Rose')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: words.layer_base })).getByText(locale === 'ar' ? 'عود' : 'Oud')).toBeTruthy();
    const sizesPanel = screen.getByRole('region', { name: words.sectionSizes });
    expect(within(sizesPanel).getByText(words.stockNote)).toBeTruthy();
    expect((within(sizesPanel).getByLabelText(say('defaultOfRow', { row: 2 })) as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByRole('region', { name: words.publication })).getByText(words.pubState_draft)).toBeTruthy();

    const price = field(say('priceOfRow', { row: 2 }));
    expect(price.value).toBe('1250');
    await userEvent.clear(price);
    await userEvent.type(price, '1300');
    await userEvent.click(await saveButton(words.save));
    expect(await findToast(say('productSaved', { name }))).toBeTruthy();
    const [put] = api.writes();
    expect(put).toMatchObject({ method: 'PUT', path: `${PATH}7/`, headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }) });
    // Every other field goes back as it was loaded.
    const {
      id: _id,
      state: _state,
      publish_at: _at,
      image_mobile: _image,
      images: _images,
      created_at: _created,
      updated_at: _updated,
      ...loaded
    } = oudRoyal;
    expect(put!.body).toEqual({
      ...loaded,
      sizes: [
        { id: 71, size: 1, sku: 'AT-OUD-30', price: 650, is_default: false },
        { id: 72, size: 3, sku: 'AT-OUD-100', price: 1300, is_default: true },
      ],
      version: 3,
    });
  });

  it('puts the API’s field errors under their fields, and loads someone else’s save made first', async () => {
    const { words, say } = EN;
    const api = fakeApi('owner');
    openScreen('en', '/admin/catalogue/products/7');
    const save = await saveButton(words.save);
    api.refuseNext(
      json(400, { 'sizes.1.sku': ['The SKU AT-OUD-100 belongs to another product.'] }),
      json(409, {
        detail: 'Someone saved this product first.',
        code: 'product_changed',
        product: { ...oudRoyal, name_en: 'Oud Royal Intense', version: 4 },
      }),
    );
    await userEvent.type(field(words.nameEn), ' Noir');
    await userEvent.click(save);
    const sku = field(say('skuOfRow', { row: 2 }));
    await waitFor(() => expect(errorOf(sku)).toBe('The SKU AT-OUD-100 belongs to another product.'));
    expect(screen.queryByText(words.productChangedNotice)).toBeNull();

    await userEvent.click(save);
    expect(await screen.findByText(words.productChangedNotice)).toBeTruthy();
    expect(field(words.nameEn).value).toBe('Oud Royal Intense');
    await userEvent.click(save);
    expect(await findToast(say('productSaved', { name: 'Oud Royal Intense' }))).toBeTruthy();
    expect(api.writes().map((call) => (call.body as StaffProductSave).version)).toEqual([3, 3, 4]);
    expect(api.writes().map((call) => (call.body as StaffProductSave).name_en)).toEqual([
      'Oud Royal Noir',
      'Oud Royal Noir',
      'Oud Royal Intense',
    ]);
  });

  it('checks a new product before sending, then creates it as a draft and opens its page (ar)', async () => {
    const { words, say } = AR;
    const api = fakeApi('manager');
    openScreen('ar', '/admin/catalogue/products/new');
    expect(await screen.findByRole('heading', { level: 1, name: words.newProduct })).toBeTruthy();
    const create = await saveButton(words.createDraft);
    await userEvent.click(create);
    await waitFor(() => expect(errorOf(field(words.nameEn))).toBe(words.errorRequired));
    expect(errorOf(screen.getByLabelText(words.category))).toBe(words.errorChoose);
    expect(errorOf(screen.getByLabelText(say('sizeOfRow', { row: 1 })))).toBe(words.errorChoose);
    expect(errorOf(field(say('priceOfRow', { row: 1 })))).toBe(words.errorPrice);
    expect(api.writes()).toEqual([]);

    await userEvent.type(field(words.nameEn), 'Amber Night');
    await userEvent.type(field(words.nameAr), 'ليلة العنبر');
    expect(field(words.slug).value).toBe('amber-night');
    await userEvent.selectOptions(screen.getByLabelText(words.category), 'نسائي');
    await userEvent.selectOptions(screen.getByLabelText(say('sizeOfRow', { row: 1 })), say('sizeMl', { ml: 50 }));
    await userEvent.type(field(say('skuOfRow', { row: 1 })), 'AT-AMB-50');
    await userEvent.type(field(say('priceOfRow', { row: 1 })), '٤٨٠٫٥');
    await userEvent.type(field(say('stockOfRow', { row: 1 })), '10');
    await userEvent.click(create);
    expect(await findToast(say('productCreated', { name: 'ليلة العنبر' }))).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'ليلة العنبر' })).toBeTruthy();
    expect(api.writes()).toHaveLength(1);
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      path: PATH,
      body: {
        slug: 'amber-night',
        type: 'perfume',
        category: 2,
        family: null,
        name_en: 'Amber Night',
        name_ar: 'ليلة العنبر',
        gender: 'unisex',
        is_new: true,
        low_stock_threshold: 5,
        sizes: [{ stock: 10, size: 2, sku: 'AT-AMB-50', price: 480.5, is_default: true }],
      },
    });
    expect(screen.getByRole('button', { name: words.save })).toBeTruthy();
  });

  it('publishes only what is saved, and shows a refused schedule under its field', async () => {
    const { words, say } = EN;
    const api = fakeApi('manager');
    openScreen('en', '/admin/catalogue/products/7');
    const publication = await screen.findByRole('region', { name: words.publication });
    const publish = within(publication).getByRole('button', { name: words.publishNow });
    await userEvent.type(field(words.nameEn), '!');
    expect(within(publication).getByText(words.saveBeforePublishing)).toBeTruthy();
    expect((publish as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(field(words.nameEn), '{Backspace}');
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));

    api.refuseNext(json(400, { publish_at: ['Choose a time in the future.'] }));
    const publishAt = within(publication).getByLabelText(words.publishAt);
    await userEvent.type(publishAt, '2030-01-05T09:30');
    await userEvent.click(within(publication).getByRole('button', { name: words.schedule }));
    await waitFor(() => expect(errorOf(publishAt)).toBe('Choose a time in the future.'));
    expect(within(publication).getByText(words.pubState_draft)).toBeTruthy();

    await userEvent.click(publish);
    expect(await findToast(say('pubDone_published', { name: 'Oud Royal', date: '' }))).toBeTruthy();
    expect(await within(publication).findByText(words.pubState_published)).toBeTruthy();
    expect(within(publication).getByRole('button', { name: words.backToDraft })).toBeTruthy();
    expect(api.writes().map(({ path, body }) => ({ path, body }))).toEqual([
      { path: `${PATH}7/publication/`, body: { state: 'scheduled', publish_at: '2030-01-05T09:30:00+02:00', version: 3 } },
      { path: `${PATH}7/publication/`, body: { state: 'published', version: 3 } },
    ]);
  });

  it('uploads a picture, describes it, and saves the pictures on the version loaded', async () => {
    const { words } = EN;
    const api = fakeApi('owner');
    openScreen('en', '/admin/catalogue/products/7');
    const pictures = await screen.findByRole('region', { name: words.sectionPictures });
    expect(within(pictures).getByText(words.noPicturesYet)).toBeTruthy();
    const file = new File(['picture'], 'oud-side.png', { type: 'image/png' });
    await userEvent.upload(within(pictures).getByLabelText(words.choosePictures), file);
    expect(await within(pictures).findByText(words.mainPicture)).toBeTruthy();
    await userEvent.type(within(pictures).getByLabelText(words.pictureAltEn), 'The bottle from the side');
    await userEvent.click(within(pictures).getByRole('button', { name: words.savePictures }));
    expect(await findToast(words.picturesSaved)).toBeTruthy();
    const [upload, save] = api.writes();
    expect(upload).toMatchObject({ method: 'POST', path: '/api/staff/media/?purpose=product', body: file });
    expect(save).toMatchObject({
      method: 'PUT',
      path: `${PATH}7/images/`,
      body: { version: 3, images: [{ src: 'products/oud-royal-side.webp', alt_en: 'The bottle from the side', alt_ar: '' }] },
    });
  });

  itIsNotShownTo(['support', 'fulfilment'], '/admin/catalogue/products/7', (role) => fakeApi(role).calls, [PATH, '/api/staff/catalogue/']);
});
