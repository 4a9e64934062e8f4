import { createListingPage } from '@/components/listing/listing-page';

/** Pocket size, the products of type `bullet`. */
const { generateMetadata, ListingPage } = createListingPage({
  pathname: '/bullet',
  titleKey: 'bulletTitle',
  descriptionKey: 'bulletDescription',
  fixed: { type: 'bullet' },
});

export { generateMetadata };
export default ListingPage;
