import { createListingPage } from '@/components/listing/listing-page';

/** New products (`is_new=true`). */
const { generateMetadata, ListingPage } = createListingPage({
  pathname: '/new',
  titleKey: 'newTitle',
  descriptionKey: 'newDescription',
  fixed: { is_new: true },
});

export { generateMetadata };
export default ListingPage;
