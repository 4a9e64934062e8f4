import { createListingPage } from '@/components/listing/listing-page';

/** Every product; `category_slug` and `search` narrow it. */
const { generateMetadata, ListingPage } = createListingPage({
  pathname: '/fragrances',
  titleKey: 'fragrancesTitle',
  descriptionKey: 'fragrancesDescription',
});

export { generateMetadata };
export default ListingPage;
